// A bank's yearly statement of a loan (Jahreskontoauszug, Zinsbescheinigung) as the tax year needs it:
// the interest paid in a year, and the repayment beside it, which is no Werbungskosten
// (docs/domain/tax-year.md, "Loans"). Read only where the text says both that it is about a loan and
// that it is a yearly statement, and names the interest with an amount: otherwise nothing.

import { amountsIn } from './german-text';

export interface LoanStatement {
  year: number;
  interestCents: number;
  /** Tilgung, where the statement names it. */
  repaymentCents: number | null;
}

const LOAN = /\b(darlehen\w*|\w*kredit\w*|baufinanzierung\w*|hypothek\w*|annuitätendarlehen)\b/i;
const YEARLY =
  /\b(jahreskontoauszug|jahresauszug|jahresübersicht|jahreszinsbescheinigung|zinsbescheinigung|kontoauszug\s+(?:zum|per)\s+31\.\s?12\.)/i;
/** A line that states the interest paid: "Gezahlte Zinsen 2025", "Sollzinsen", "Zinsen gesamt". */
const INTEREST =
  /^(?:im jahr \d{4}\s+)?(?:gezahlte|geleistete|bezahlte|belastete)?\s*(?:soll|darlehens)?zinsen\b/i;
const REPAYMENT = /^(?:gezahlte|geleistete)?\s*tilgung(?:sleistung)?\b/i;
/** The year the statement is for: named with a keyword, or the end of a period "01.01.2025 – 31.12.2025". */
const YEAR_NAMED =
  /\b(?:jahr|jahreskontoauszug|jahresauszug|zinsbescheinigung|jahresübersicht|kalenderjahr|zinsen)\s*:?\s*(20\d{2})\b/i;
const PERIOD_END = /\b31\.\s?12\.\s?(20\d{2})\b/;

const lastAmount = (text: string) => amountsIn(text).at(-1)?.value ?? null;

export function readLoanStatement(lines: ReadonlyArray<{ text: string }>): LoanStatement | null {
  const text = lines.map((l) => l.text).join('\n');
  if (!LOAN.test(text) || !YEARLY.test(text)) return null;
  const interestLine = lines.find((l) => INTEREST.test(l.text.trim()) && lastAmount(l.text) !== null);
  const interestCents = interestLine ? lastAmount(interestLine.text) : null;
  const year = Number(YEAR_NAMED.exec(text)?.[1] ?? PERIOD_END.exec(text)?.[1] ?? Number.NaN);
  if (interestCents === null || interestCents <= 0 || !Number.isInteger(year)) return null;
  const repaymentLine = lines.find((l) => REPAYMENT.test(l.text.trim()) && lastAmount(l.text) !== null);
  const repayment = repaymentLine ? lastAmount(repaymentLine.text) : null;
  return { year, interestCents, repaymentCents: repayment !== null && repayment > 0 ? repayment : null };
}
