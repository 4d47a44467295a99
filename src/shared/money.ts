// Money is integer cents. Input is parsed exactly from its decimal text (never via float
// arithmetic) and printed in de-DE format. Quantities (m², m³, persons) work the same way with up
// to three decimals.

import { isoDateInBerlin, parseIsoDate } from './dates';

/** Largest accepted amount: 1 billion euros. */
export const MAX_CENTS = 100_000_000_000;
/** Quantities are exact to thousandths; this is their scale. */
export const QUANTITY_SCALE = 1000;
const MAX_QUANTITY_MILLI = 1_000_000_000_000;

export const MONEY_MESSAGES = {
  empty: 'Bitte geben Sie einen Betrag ein.',
  invalid: 'Ungültiger Betrag. Bitte im Format 1.234,56 eingeben.',
  precision: 'Höchstens zwei Nachkommastellen erlaubt.',
  tooLarge: 'Der Betrag ist zu groß.',
} as const;

export const QUANTITY_MESSAGES = {
  empty: 'Bitte geben Sie eine Zahl ein.',
  invalid: 'Ungültige Zahl. Bitte im Format 1.234,5 eingeben.',
  precision: 'Höchstens drei Nachkommastellen erlaubt.',
  tooLarge: 'Die Zahl ist zu groß.',
} as const;

type Failure = 'empty' | 'invalid' | 'precision' | 'tooLarge';
type Scaled = { ok: true; scaled: number } | { ok: false; reason: Failure };

const GERMAN_GROUPED = /^([1-9]\d{0,2}(?:\.\d{3})+)(?:,(\d*))?$/;
const GERMAN = /^(\d*),(\d*)$/;
const PLAIN = /^(\d+)(?:\.(\d+))?$/;

/**
 * Reads a decimal as an integer scaled by 10^fractionDigits. Accepts German text ("1.234,56",
 * "1234,56"), plain text ("1234.56") and JSON numbers. A dot followed by exactly three digits in
 * groups ("1.234") is a German thousands separator, as a German user means it.
 */
function readScaled(input: string | number, fractionDigits: number, max: number): Scaled {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'invalid' };
    text = String(input);
    if (text.includes('e')) return { ok: false, reason: Math.abs(input) >= 1 ? 'tooLarge' : 'precision' };
  } else {
    text = input.replace(/[\s\u00a0\u202f]/g, '').replace(/^€|€$/g, '');
    if (text === '') return { ok: false, reason: 'empty' };
  }
  let negative = false;
  if (text.startsWith('-') || text.startsWith('−')) {
    negative = true;
    text = text.slice(1);
  }
  let intPart: string;
  let fracPart: string;
  // A JSON number's text is always plain: 1.234 is one euro and 23.4 cents, never 1234.
  const fromText = typeof input === 'string';
  const grouped = fromText ? GERMAN_GROUPED.exec(text) : null;
  const german = fromText && !grouped ? GERMAN.exec(text) : null;
  const plain = PLAIN.exec(text);
  if (grouped) {
    intPart = (grouped[1] ?? '').replaceAll('.', '');
    fracPart = grouped[2] ?? '';
  } else if (german && (german[1] !== '' || german[2] !== '')) {
    intPart = german[1] ?? '';
    fracPart = german[2] ?? '';
  } else if (plain) {
    intPart = plain[1] ?? '';
    fracPart = plain[2] ?? '';
  } else {
    return { ok: false, reason: 'invalid' };
  }
  fracPart = fracPart.replace(/0+$/, '');
  if (fracPart.length > fractionDigits) return { ok: false, reason: 'precision' };
  intPart = intPart.replace(/^0+/, '');
  if (intPart.length > 15) return { ok: false, reason: 'tooLarge' };
  const scaled = Number(intPart || '0') * 10 ** fractionDigits + Number(fracPart.padEnd(fractionDigits, '0'));
  if (scaled > max) return { ok: false, reason: 'tooLarge' };
  return { ok: true, scaled: negative && scaled !== 0 ? -scaled : scaled };
}

export type MoneyResult = { ok: true; cents: number } | { ok: false; message: string };

/** Parses euros ("1.234,56", "1234,56", "1234.56", 1234.56) into integer cents. */
export function parseMoney(input: string | number): MoneyResult {
  const r = readScaled(input, 2, MAX_CENTS);
  return r.ok ? { ok: true, cents: r.scaled } : { ok: false, message: MONEY_MESSAGES[r.reason] };
}

export type QuantityResult = { ok: true; value: number; milli: number } | { ok: false; message: string };

/**
 * Parses a quantity (area, consumption, persons) with up to three decimals. `value` is the number
 * as stored in form data; `milli` is the exact integer in thousandths used in calculations.
 */
export function parseQuantity(input: string | number): QuantityResult {
  const r = readScaled(input, 3, MAX_QUANTITY_MILLI);
  if (!r.ok) return { ok: false, message: QUANTITY_MESSAGES[r.reason] };
  return { ok: true, value: r.scaled / QUANTITY_SCALE, milli: r.scaled };
}

/** The exact thousandths of a stored quantity (its decimal text is exact for ≤ 3 decimals). */
export function quantityToMilli(value: number): bigint {
  const r = readScaled(value, 3, MAX_QUANTITY_MILLI);
  if (!r.ok) throw new Error(`Not a quantity with at most three decimals: ${value}`);
  return BigInt(r.scaled);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Formats a scaled integer: 123456 with 2 digits → "1.234,56"; trims zeros when asked. */
function formatScaled(scaled: number, fractionDigits: number, trimZeros: boolean): string {
  const negative = scaled < 0;
  const abs = String(Math.abs(scaled)).padStart(fractionDigits + 1, '0');
  const intDigits = abs.slice(0, abs.length - fractionDigits);
  let frac = abs.slice(abs.length - fractionDigits);
  if (trimZeros) frac = frac.replace(/0+$/, '');
  const body = groupThousands(intDigits) + (frac ? `,${frac}` : '');
  return negative && scaled !== 0 ? `-${body}` : body;
}

function requireCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new Error(`Cents must be an integer: ${cents}`);
}

/** 123456 → "1.234,56 €" (plain space before the sign); a negative amount with a minus sign, "−12,30 €". */
export function formatCents(cents: number): string {
  requireCents(cents);
  return `${formatScaled(cents, 2, false).replace('-', '\u2212')} €`;
}

/** 123456 → "1.234,56": a stored amount put back into a form input. */
export function centsToInput(cents: number): string {
  requireCents(cents);
  return formatScaled(cents, 2, false);
}

/** 75.5 → "75,5"; 1234 → "1.234". Also the form input text of a stored quantity. */
export function formatQuantity(value: number): string {
  return formatScaled(Number(quantityToMilli(value)), 3, true);
}

/** A number of days: "1 Tag", "182,5 Tage". */
export function formatDays(days: number): string {
  return `${formatQuantity(days)} ${days === 1 ? 'Tag' : 'Tage'}`;
}

/** A percentage given in hundredths of a percent: 1234 → "12,34 %". */
export function formatPercentHundredths(hundredths: number): string {
  return `${formatScaled(hundredths, 2, false)} %`;
}

/** Any number in de-DE with a fixed number of decimals (display only, not for money). */
export function formatNumberDe(value: number, decimals = 0): string {
  const scaled = Math.round(value * 10 ** decimals);
  return formatScaled(scaled, decimals, false);
}

/** '2025-12-31' → '31.12.2025'. Timestamps and Date objects are shown as their date in Germany. */
const MONTHS_DE = [
  'Jan.',
  'Feb.',
  'März',
  'Apr.',
  'Mai',
  'Juni',
  'Juli',
  'Aug.',
  'Sep.',
  'Okt.',
  'Nov.',
  'Dez.',
];

/** A month "2025-03" as "März 2025". */
export const formatMonthDe = (month: string) =>
  `${MONTHS_DE[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;

export function formatDateDe(value: string | Date): string {
  let p = typeof value === 'string' ? parseIsoDate(value) : null;
  if (!p) {
    const instant = new Date(value);
    if (Number.isNaN(instant.getTime())) return '';
    p = parseIsoDate(isoDateInBerlin(instant));
  }
  if (!p) return '';
  return `${String(p.day).padStart(2, '0')}.${String(p.month).padStart(2, '0')}.${p.year}`;
}

/** File sizes as the document list shows them: Bytes, KB, MB (base 1024). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  if (bytes < 1024 * 1024) return `${formatNumberDe(bytes / 1024, 1)} KB`;
  return `${formatNumberDe(bytes / (1024 * 1024), 1)} MB`;
}
