// The fields of a receipt from its lines of text (PDF text layer or OCR), with where each came from
// and what a landlord should check (docs/domain/receipts.md). The words that label a figure are rule tables;
// the total is the gross amount for the service: not the Nachzahlung after the Abschläge, not an
// instalment, not the net.

import type { Evidence, ReceiptFields, ReceiptLine, ReceiptWarning } from '../schemas/receipt';
import type { Bases } from './confidence';
import { type CostTypeMatch, costTypeOf } from './cost-types';
import { amountsIn, datesIn, type Found, fold, ibansIn } from './german-text';
import { readLoanStatement } from './loan-statement';

/** One line of text on a page; box as fractions of the page (x, y, width, height), top left origin. */
export interface TextLine {
  text: string;
  page: number;
  box: [number, number, number, number];
  /** OCR only: its words and how clearly each was read, 0–100 (a text layer is exact). */
  words?: Array<{ text: string; clarity: number }>;
}

export interface Extracted {
  fields: ReceiptFields;
  evidence: Record<string, Evidence>;
  warnings: ReceiptWarning[];
  /** How each field was found (confidence.ts decides from it how sure it is). */
  bases: Bases;
}

/** Labels of the gross total, strongest first. */
const TOTAL_LABELS = [
  /gesamtbetrag|rechnungsbetrag|rechnungssumme|bruttobetrag|gesamtsumme|summe brutto|brutto gesamt|endbetrag|gesamtpreis|betrag brutto|festgesetzte abgaben|summe der abgaben|abgaben gesamt/,
  /jahresbetrag|jahresbeitrag|jahresprämie|gesamtbeitrag|gesamtkosten|summe|beitrag/,
];
/** Lines whose amount is never the total: parts, balances, instalments. */
const NOT_TOTAL =
  /netto|zwischensumme|abschl[aä]g|vorauszahlung|nachzahlung|guthaben|\bbereits\b|geleistet|\brate|\braten\b|fällig|teilbetrag|zu zahlen|zahlbetrag|restbetrag|arbeitskosten|lohn|skonto|rabatt/;
const VAT = /mwst|mehrwertsteuer|umsatzsteuer|\bust\b/;
/** Figures of a notice that are no cost: the bases a tax or fee is worked out from. */
const NOT_POSITION =
  /messbetrag|hebesatz|einheitswert|grundsteuerwert|bemessungsgrundlage|veranlagungsfläche|je m²|pro m²/;
const INCLUDED = /inkl|incl|einschl|brutto/;
const NET = /netto|nettobetrag|zwischensumme/;
const INSTALMENTS = /abschl[aä]g|vorauszahlung|bereits gezahlt|bereits bezahlt|geleistete/;
const BALANCE = /nachzahlung|guthaben|restbetrag/;
const CREDIT = /guthaben/;
const LABOUR = /arbeitskosten|lohnkosten|lohnanteil|arbeitsleistung|anteil lohn|§\s?35a/;
const INVOICE_DATE = /rechnungsdatum|bescheiddatum|belegdatum|ausgestellt am|\bdatum\b/;
const DUE = /fällig|zahlbar|bis zum|abbuchung|lastschrift/;
/** A letter's own date line: "Musterstadt, 15.01.2026" and nothing else. */
const LETTER_DATE = /^[\p{Lu}][\p{L} .-]{1,40},\s*(?:den\s+)?\d{1,2}\.\s?\d{1,2}\.\s?\d{4}$/u;
const PERIOD =
  /leistungszeitraum|abrechnungszeitraum|zeitraum|versicherungsdauer|versicherungsperiode|verbrauchszeitraum|für die zeit|laufzeit|periode/;
const MAIN_DUE_DATE = /hauptfälligkeit|hauptfaelligkeit/;
const YEAR_PERIOD =
  /(?:kalenderjahr|veranlagungsjahr|erhebungsjahr|abrechnungsjahr|jahresabrechnung|für das jahr|jahr|grundsteuer|für)\s+(\d{4})\b/;
const INVOICE_NUMBER =
  /(?:rechnungs?-?\s?(?:nr|nummer)|rechnung nr|re\.?-?\s?nr|beleg-?\s?nr|bescheid-?\s?nr|kassenzeichen|versicherungsschein-?\s?(?:nr|nummer))[\s.:#]*([a-z0-9][a-z0-9\-/.]{2,30})/i;
const ISSUER_WORDS =
  /gmbh|\bag\b|\bkg\b|e\.\s?k\.|\bohg\b|\bgbr\b|stadtwerke|\bstadt\b|gemeinde|landkreis|versicherung|schornsteinfeger|meisterbetrieb|service|werke|& co|inh\.|dienst|energie/;
/** The legal forms written with dots: "GmbH & Co. KG", "e. K.", "e.Kfm.", "e.V.", "Inh.". */
const LEGAL_FORM_DOTS = /(?:&\s*)?\bCo\.\s*(?=KG\b|OHG\b)|\be\.\s?(?:K|Kfm|Kfr|V)\.|\bInh\./gu;
const OWN_ACCOUNT = /ihr(em)? konto|abgebucht|lastschrift|mandat|ihre iban/;

const MESSAGES = {
  guessedTotal: 'Kein beschrifteter Gesamtbetrag gefunden; der größte Betrag wurde genommen. Bitte prüfen.',
  noTotal: 'Kein Betrag gefunden. Bitte tragen Sie ihn ein.',
  guessedCategory: 'Die Kostenart wurde nicht erkannt. Bitte wählen Sie sie.',
  labourUnreadable:
    'Der Beleg nennt einen Lohnanteil (§ 35a EStG), sein Betrag ist nicht lesbar. Bitte tragen Sie ihn ein.',
  ambiguousCategory: (names: string[]) =>
    `Die Positionen nennen mehrere Kostenarten (${names.join(', ')}). Bitte prüfen Sie die Kostenart.`,
  notAllocatable:
    'Reparaturen, Instandhaltung und Verwaltung sind nicht umlagefähig (§ 1 Abs. 2 BetrKV); sie werden nicht übernommen.',
} as const;

const euro = (cents: number) =>
  `${(cents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;

/** The part of a line's box where a text stands, by its share of the characters. */
function evidenceOf(line: TextLine, at?: Found<unknown>): Evidence {
  if (!at || line.text.length === 0) return { page: line.page, box: line.box, text: line.text };
  const [x, y, w, h] = line.box;
  const from = at.index / line.text.length;
  const width = Math.min(1 - from, at.text.length / line.text.length);
  return { page: line.page, box: [x + w * from, y, w * width, h], text: at.text };
}

interface Labelled {
  line: TextLine;
  amount: Found<number>;
}

/** The last amount of each line whose words match `label` (and not `unless`). */
function labelledAmounts(lines: TextLine[], label: RegExp, unless?: RegExp): Labelled[] {
  return lines.flatMap((line) => {
    const words = fold(line.text);
    if (!label.test(words) || unless?.test(words)) return [];
    const amount = amountsIn(line.text).at(-1);
    return amount ? [{ line, amount }] : [];
  });
}

function isVatLine(words: string) {
  return VAT.test(words) && !INCLUDED.test(words);
}

function findTotal(lines: TextLine[]): { found: Labelled | null; guessed: boolean } {
  for (const label of TOTAL_LABELS) {
    const candidates = labelledAmounts(lines, label, NOT_TOTAL).filter(
      (c) => !isVatLine(fold(c.line.text)) && c.amount.value > 0,
    );
    // a subtotal stands above the total: the largest labelled one is the total
    const best = candidates.sort((a, b) => b.amount.value - a.amount.value)[0];
    if (best) return { found: best, guessed: false };
  }
  // no total under its label ("Zahlbetrag" may be only what is left to pay): the amount that is the
  // stated net plus the stated VAT is the gross
  const net = labelledAmounts(lines, NET)[0];
  const vat = vatAmount(lines, null);
  if (net && vat !== undefined) {
    const sum = net.amount.value + vat;
    const gross = lines
      .filter((line) => !VAT.test(fold(line.text)))
      .flatMap((line) => amountsIn(line.text).map((amount) => ({ line, amount })))
      .find((c) => c.amount.value === sum);
    if (gross) return { found: gross, guessed: false };
  }
  const any = lines.flatMap((line) => {
    const words = fold(line.text);
    if (NOT_TOTAL.test(words) || isVatLine(words)) return [];
    return amountsIn(line.text).map((amount) => ({ line, amount }));
  });
  const largest = any.sort((a, b) => b.amount.value - a.amount.value)[0] ?? null;
  return { found: largest, guessed: largest !== null };
}

function findPeriod(
  lines: TextLine[],
): { start: string; end: string; line: TextLine; labelled: boolean; texts: string[] } | null {
  const ranges = lines.flatMap((line) => {
    const dates = datesIn(line.text);
    const [first, second] = dates;
    if (!first || !second || second.value < first.value) return [];
    const between = fold(line.text.slice(first.index + first.text.length, second.index));
    const joined = /^(-|–|bis)$/.test(between.replace(/\s/g, '') === '' ? '-' : between);
    return joined || PERIOD.test(fold(line.text))
      ? [
          {
            start: first.value,
            end: second.value,
            line,
            labelled: PERIOD.test(fold(line.text)),
            texts: [first.text, second.text],
          },
        ]
      : [];
  });
  const best = ranges.find((r) => r.labelled) ?? ranges[0];
  if (best) return best;
  // an insurance year from its main due date: "Hauptfälligkeit 01.07.2025"
  for (const line of lines) {
    if (!MAIN_DUE_DATE.test(fold(line.text))) continue;
    const start = datesIn(line.text)[0];
    if (start) {
      return {
        start: start.value,
        end: dayBeforeNextYear(start.value),
        line,
        labelled: true,
        texts: [start.text],
      };
    }
  }
  for (const line of lines) {
    const year = YEAR_PERIOD.exec(fold(line.text))?.[1];
    if (year) return { start: `${year}-01-01`, end: `${year}-12-31`, line, labelled: true, texts: [year] };
  }
  return null;
}

function findInvoiceDate(lines: TextLine[], period: { line: TextLine } | null) {
  for (const line of lines) {
    const words = fold(line.text);
    if (!INVOICE_DATE.test(words) || DUE.test(words) || line === period?.line) continue;
    const date = datesIn(line.text)[0];
    if (date) return { date, line, labelled: true };
  }
  // a letter's date stands near its top ("Musterstadt, 15.01.2026")
  for (const line of lines.filter((l) => l.page === 1 && l.box[1] < 0.4)) {
    if (line === period?.line || DUE.test(fold(line.text))) continue;
    const date = datesIn(line.text)[0];
    if (date) return { date, line, labelled: LETTER_DATE.test(line.text.trim()) };
  }
  return null;
}

function findIssuer(lines: TextLine[]): { name: string; line: TextLine; labelled: boolean } | null {
  const top = lines.filter((l) => l.page === 1 && l.box[1] < 0.3 && /[a-zäöü]{3}/i.test(l.text));
  const named = top.find((l) => ISSUER_WORDS.test(fold(l.text)));
  const line = named ?? top[0];
  if (!line) return null;
  // a sender line above the address window: "Stadtwerke Musterstadt GmbH · Hauptstr. 1 · 12345 …"
  // (OCR reads the middle dot as one or two marks, ":-" too); specks a scan reads as punctuation
  // before it are dropped
  const raw = line.text.split(/\s[·•|–\-+:;]{1,2}\s|,\s/).map((part) => part.trim());
  const parts = raw.map((part) => part.replace(/^(?:\S{0,4}[^\p{L}\s]\S{0,4}\s+)+|^[^\p{L}]+/u, '').trim());
  const name = parts.find((part) => /\p{L}{3}/u.test(part)) ?? line.text.trim();
  const labelled = named !== undefined || (parts[0] === name && isSenderLine(raw));
  return { name: name.slice(0, 200), line, labelled };
}

/**
 * A sender line above the address window (DIN 5008) names the issuer first, then its street with
 * the house number and its postcode with the town: "Grün & Schön Gartenbau · Wiesenweg 3 · 12351 Ort".
 */
function isSenderLine(parts: string[]): boolean {
  const street = parts.findIndex((part) => /\p{L}{3}\S*\s+\d{1,4}\s?[a-z]?$/u.test(part));
  const town = parts.findIndex((part) => /^\d{5}\s+\p{L}{3}/u.test(part));
  return street > 0 && town > street;
}

/**
 * Positions of a notice that bundles several costs (Grundbesitzabgaben): one per cost type. A notice
 * may print each position's year and its instalment side by side: the column whose amounts add up to
 * the total is taken, else each position's largest amount (the year's).
 */
function findPositions(
  lines: TextLine[],
  total: Labelled | null,
): Array<{ line: ReceiptLine; at: TextLine }> {
  const rows = lines.flatMap((line) => {
    const words = fold(line.text);
    if (line === total?.line || NOT_TOTAL.test(words) || VAT.test(words) || LABOUR.test(words)) return [];
    if (NOT_POSITION.test(words) || TOTAL_LABELS.some((label) => label.test(words))) return [];
    const amounts = amountsIn(line.text);
    const first = amounts[0];
    const type = costTypeOf(line.text.slice(0, first?.index ?? line.text.length));
    if (!first || !type.matched || type.category === null) return [];
    return [{ category: type.category, amounts: amounts.map((a) => a.value), at: line }];
  });
  if (new Set(rows.map((r) => r.category)).size < 2) return [];
  const columns = [
    rows.map((r) => r.amounts.at(-1) ?? 0),
    rows.map((r) => r.amounts[0] ?? 0),
    rows.map((r) => Math.max(...r.amounts)),
  ];
  const sum = (column: number[]) => column.reduce((s, x) => s + x, 0);
  const chosen =
    columns.find((column) => total !== null && sum(column) === total.amount.value) ??
    (columns[2] as number[]);
  return rows.map((r, i) => ({
    line: { category: r.category, name: r.category, amountCents: chosen[i] ?? 0, labourCents: null },
    at: r.at,
  }));
}

/**
 * What a receipt of one cost type bills: the words of its priced positions decide, before its title
 * and issuer (a caretaker's bill that mentions the bins is still Hauswart). Positions naming several
 * cost types are ambiguous: the largest one's type, with a warning.
 */
function billedType(
  lines: TextLine[],
  upTo: number,
  issuer: string | null,
): CostTypeMatch & { labelled: boolean; others: string[] } {
  const priced = lines.slice(0, upTo).flatMap((line) => {
    const words = fold(line.text);
    const amount = amountsIn(line.text).at(-1);
    if (!amount || NOT_TOTAL.test(words) || isVatLine(words) || NET.test(words) || LABOUR.test(words))
      return [];
    if (TOTAL_LABELS.some((label) => label.test(words))) return [];
    const type = costTypeOf(line.text.slice(0, amount.index));
    return type.matched ? [{ type, cents: Math.abs(amount.value) }] : [];
  });
  const names = [...new Set(priced.map((p) => p.type.category ?? 'Nicht umlagefähig'))];
  const largest = [...priced].sort((a, b) => b.cents - a.cents)[0];
  if (largest)
    return { ...largest.type, labelled: names.length === 1, others: names.length > 1 ? names : [] };
  const head = [issuer ?? '', ...lines.slice(0, upTo + 1).map((l) => l.text)].join('\n');
  const type = costTypeOf(head);
  return { ...type, labelled: type.matched, others: [] };
}

/** OCR reads a word this clearly or better (tesseract's 0–100) before its value may count as sure. */
const CLEAR = 90;

/**
 * Whether the words of `value` on the line were read clearly; a text layer's are exact. Without a
 * value, the whole line.
 */
function clearly(line: TextLine, value?: string): boolean {
  if (!line.words) return true;
  const parts = value?.split(/\s+/).filter((p) => p.length > 1);
  const words = line.words.filter(
    (w) => !parts || parts.some((p) => w.text.includes(p) || (w.text.length > 1 && p.includes(w.text))),
  );
  return words.length > 0 && words.every((w) => w.clarity >= CLEAR);
}

/** The day before the same date a year later: the end of a yearly period starting on `day`. */
function dayBeforeNextYear(day: string): string {
  const next = new Date(`${Number(day.slice(0, 4)) + 1}${day.slice(4)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() - 1);
  return next.toISOString().slice(0, 10);
}

export function extractFields(lines: TextLine[]): Extracted {
  const evidence: Record<string, Evidence> = {};
  const warnings: ReceiptWarning[] = [];
  const bases: Bases = {};

  const { found: total, guessed } = findTotal(lines);
  if (total) evidence.totalCents = evidenceOf(total.line, total.amount);
  if (!total) warnings.push({ code: 'no-total', message: MESSAGES.noTotal });
  else if (guessed) warnings.push({ code: 'guessed-total', message: MESSAGES.guessedTotal });
  const totalCents = total?.amount.value ?? null;
  if (total) bases.totalCents = guessed ? 'guessed' : 'labelled';

  const period = findPeriod(lines);
  if (period) evidence.servicePeriod = evidenceOf(period.line);
  if (period) {
    bases.servicePeriod =
      period.labelled && clearly(period.line, period.texts.join(' ')) ? 'labelled' : 'guessed';
  }
  const invoiceDate = findInvoiceDate(lines, period);
  if (invoiceDate) evidence.invoiceDate = evidenceOf(invoiceDate.line, invoiceDate.date);
  if (invoiceDate) {
    bases.invoiceDate =
      invoiceDate.labelled && clearly(invoiceDate.line, invoiceDate.date.text) ? 'labelled' : 'guessed';
  }
  const issuer = findIssuer(lines);
  if (issuer) {
    evidence.issuer = evidenceOf(issuer.line);
    // a name read by OCR with a stray mark in it ("Nordlift. Aufzugsservice") is not taken as sure;
    // the dots of a legal form ("& Co. KG", "e. K.") are no stray marks
    const plain =
      issuer.line.words === undefined ||
      /^[\p{L}\d][\p{L}\d &-]*$/u.test(issuer.name.replace(LEGAL_FORM_DOTS, ' ').trim());
    bases.issuer = issuer.labelled && plain && clearly(issuer.line, issuer.name) ? 'labelled' : 'guessed';
  }

  let invoiceNumber: string | null = null;
  for (const line of lines) {
    const m = INVOICE_NUMBER.exec(line.text);
    if (m?.[1]) {
      invoiceNumber = m[1].replace(/[.,;:]$/, '');
      // the number stands alone after its label (a column or a separator follows), not cut from a phrase
      const rest = line.text.slice(m.index + m[0].length).trim();
      // nothing but separators or a scan's specks after it
      const alone = !/[\p{L}\d]{2,}/u.test(rest) || /^(?:[·|,;]|vom\b|datum\b)/i.test(rest);
      bases.invoiceNumber = alone && clearly(line, invoiceNumber) ? 'labelled' : 'guessed';
      evidence.invoiceNumber = evidenceOf(line, {
        value: null,
        index: m.index + m[0].length - m[1].length,
        text: m[1],
      });
      break;
    }
  }

  const ibans = lines.flatMap((line) => ibansIn(line.text).map((iban) => ({ line, iban })));
  const payee = ibans.find((i) => !OWN_ACCOUNT.test(fold(i.line.text))) ?? null;
  if (payee) evidence.iban = evidenceOf(payee.line, payee.iban);
  // its check digits confirm it (ibansIn keeps only IBANs that pass mod 97)
  if (payee) bases.iban = 'checked';

  const labour = labelledAmounts(lines, LABOUR)[0] ?? null;
  const labourCents = labour ? Math.abs(labour.amount.value) : null;
  // a § 35a share named on the receipt whose amount could not be read ("535,501" for "535,50 €")
  if (!labour && lines.some((l) => LABOUR.test(fold(l.text)))) {
    warnings.push({ code: 'labour-unreadable', message: MESSAGES.labourUnreadable });
  }

  let receiptLines: ReceiptLine[];
  const positions = findPositions(lines, total);
  if (positions.length > 0) {
    receiptLines = positions.map((p) => p.line);
    positions.forEach((p, i) => {
      evidence[`lines.${i}`] = evidenceOf(p.at);
    });
    const sum = receiptLines.reduce((s, l) => s + l.amountCents, 0);
    // positions that add up to the labelled total confirm each other
    bases.lines = sum === totalCents ? 'checked' : 'guessed';
    if (totalCents !== null && sum !== totalCents) {
      warnings.push({
        code: 'lines-mismatch',
        message: `Die Positionen ergeben ${euro(sum)}, der Gesamtbetrag ist ${euro(totalCents)}.`,
      });
    }
  } else {
    // the words above the total say what was billed: its positions, else the title and the issuer
    const upTo = total ? lines.indexOf(total.line) : lines.length - 1;
    const type = billedType(lines, upTo, issuer?.name ?? null);
    if (!type.matched) warnings.push({ code: 'guessed-category', message: MESSAGES.guessedCategory });
    if (type.others.length > 0) {
      warnings.push({ code: 'ambiguous-category', message: MESSAGES.ambiguousCategory(type.others) });
    }
    if (type.matched && type.category === null) {
      warnings.push({ code: 'not-allocatable', message: MESSAGES.notAllocatable });
    }
    bases.lines = type.labelled ? 'labelled' : 'guessed';
    receiptLines =
      totalCents === null
        ? []
        : [
            {
              category: type.category,
              name: type.category ?? 'Nicht umlagefähig',
              amountCents: totalCents,
              labourCents,
            },
          ];
  }
  if (labour) evidence['lines.0.labourCents'] = evidenceOf(labour.line, labour.amount);

  if (checkArithmetic(lines, total, warnings) && bases.totalCents === 'labelled')
    bases.totalCents = 'checked';
  if (bases.lines === 'checked' && bases.totalCents === 'labelled') bases.totalCents = 'checked';

  // a loan's yearly statement: its interest is what the tax year takes from it
  const loanStatement = readLoanStatement(lines);
  return {
    fields: {
      issuer: issuer?.name ?? null,
      invoiceNumber,
      invoiceDate: invoiceDate?.date.value ?? null,
      servicePeriod: period ? { start: period.start, end: period.end } : null,
      totalCents,
      iban: payee?.iban.value ?? null,
      lines: receiptLines,
      ...(loanStatement ? { loanStatement } : {}),
    },
    evidence,
    warnings,
    bases,
  };
}

/** The amount of the first tax line that states one ("USt. 19 % 251,56 €"), the total's line aside. */
function vatAmount(lines: TextLine[], totalLine: TextLine | null): number | undefined {
  return lines.flatMap((line) => {
    const words = fold(line.text);
    const amount = amountsIn(line.text).at(-1);
    return VAT.test(words) && !NET.test(words) && line !== totalLine && amount ? [amount.value] : [];
  })[0];
}

/** The one VAT rate the receipt's tax lines state ("zzgl. 19 % USt"), in percent; none or several: null. */
function statedRate(lines: TextLine[], totalLine: TextLine): number | null {
  const rates = new Set(
    lines.flatMap((line) => {
      const words = fold(line.text);
      if (line === totalLine || !VAT.test(words) || NET.test(words)) return [];
      return [...line.text.matchAll(/(?<![\d,])(\d{1,2}(?:,\d{1,2})?)\s?%/g)].map((m) =>
        Number((m[1] ?? '').replace(',', '.')),
      );
    }),
  );
  return rates.size === 1 ? ([...rates][0] ?? null) : null;
}

/** Net + VAT = gross, and Abschläge + Nachzahlung (− Guthaben) = Gesamtbetrag, where the receipt says them. */
function checkArithmetic(lines: TextLine[], total: Labelled | null, warnings: ReceiptWarning[]): boolean {
  if (!total) return false;
  let confirmed = false;
  const gross = total.amount.value;
  const net = labelledAmounts(lines, NET)[0];
  const vat = vatAmount(lines, total.line);
  if (net && vat !== undefined && net.amount.value + vat === gross) confirmed = true;
  else if (net && vat === undefined) {
    // a tax amount OCR could not read ("3210 ©"): the one rate the receipt states, applied to the
    // net, gives the gross (rounded to the cent, as the tax is)
    const rate = statedRate(lines, total.line);
    if (rate !== null && net.amount.value + Math.round((net.amount.value * rate) / 100) === gross)
      confirmed = true;
  } else if (net && vat !== undefined) {
    warnings.push({
      code: 'vat-mismatch',
      message: `Netto ${euro(net.amount.value)} und Umsatzsteuer ${euro(vat)} ergeben nicht den Bruttobetrag ${euro(gross)}.`,
    });
  }
  const paid = labelledAmounts(lines, INSTALMENTS, BALANCE)[0];
  const balance = labelledAmounts(lines, BALANCE)[0];
  if (paid && balance) {
    const rest = CREDIT.test(fold(balance.line.text))
      ? -Math.abs(balance.amount.value)
      : Math.abs(balance.amount.value);
    if (Math.abs(paid.amount.value) + rest === gross) confirmed = true;
    else {
      warnings.push({
        code: 'instalments-mismatch',
        message: `Abschläge ${euro(Math.abs(paid.amount.value))} und ${rest < 0 ? 'Guthaben' : 'Nachzahlung'} ${euro(Math.abs(rest))} ergeben nicht den Gesamtbetrag ${euro(gross)}.`,
      });
    }
  }
  return confirmed;
}
