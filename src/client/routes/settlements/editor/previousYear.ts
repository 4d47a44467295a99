// Year 2 of a house: the copied costs start empty, last year's amount beside each, and the change
// once a new amount is typed (clearing 12 prefilled "0,00" cost more time than typing).

import { formatCents, formatNumberDe, parseMoney } from '../../../../shared/money';

/** The hint under a cost's amount: last year's amount, and the change against it once typed. */
export function previousYearHint(previousCents: number, typed: string): string {
  const last = `Vorjahr: ${formatCents(previousCents)}`;
  const parsed = parseMoney(typed);
  if (typed.trim() === '' || !parsed.ok || previousCents === 0) return last;
  const percent = ((parsed.cents - previousCents) / Math.abs(previousCents)) * 100;
  const sign = percent > 0 ? '+' : percent < 0 ? '\u2212' : '±';
  return `${last} · ${sign}${formatNumberDe(Math.abs(percent), 1)} %`;
}
