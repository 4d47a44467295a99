// Figures as German receipts write them: amounts ("1.234,56 €", "EUR 1234,56", "-12,00"), dates
// ("15. März 2025", "15.03.2025", "15.03.25", "2025-03-15") and IBANs. Pure; read by extract.ts.

import { isIsoDate } from '../dates';
import { isValidIban } from '../iban';

export interface Found<T> {
  value: T;
  /** Where in the line the text stands, for the evidence box. */
  index: number;
  text: string;
}

// thousands with dots or thin spaces, two decimals after a comma; an optional sign and currency
const AMOUNT =
  /(?<![\d,.])(-\s?)?(?:(?:EUR|€)\s?)?(\d{1,3}(?:[.\u202f\u00a0]\d{3})+|\d+),(\d{2})(?![\d,])(?!\s?%)(-(?!\d))?/g;

/** Every amount in a line, in cents; "12,50-" and "-12,50" are negative. */
export function amountsIn(line: string): Found<number>[] {
  const found: Found<number>[] = [];
  for (const m of line.matchAll(AMOUNT)) {
    const euros = Number((m[2] ?? '').replace(/[.\u202f\u00a0]/g, ''));
    const cents = euros * 100 + Number(m[3]);
    if (!Number.isSafeInteger(cents)) continue;
    found.push({ value: m[1] || m[4] ? -cents : cents, index: m.index ?? 0, text: m[0].trim() });
  }
  return found;
}

const MONTHS: Record<string, number> = {
  januar: 1,
  jan: 1,
  jänner: 1,
  februar: 2,
  feb: 2,
  märz: 3,
  maerz: 3,
  mär: 3,
  mrz: 3,
  april: 4,
  apr: 4,
  mai: 5,
  juni: 6,
  jun: 6,
  juli: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  oktober: 10,
  okt: 10,
  november: 11,
  nov: 11,
  dezember: 12,
  dez: 12,
};

const NUMERIC_DATE = /(?<!\d)(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})(?!\d)/g;
const WORD_DATE = /(?<!\d)(\d{1,2})\.\s?([A-Za-zÄÖÜäöü]{3,9})\.?\s(\d{4})(?!\d)/g;
const ISO_DATE = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g;

function iso(year: number, month: number, day: number): string | null {
  const text = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isIsoDate(text) ? text : null;
}

/** A two-digit year is this century's. */
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** Every valid date in a line, in the order they stand. */
export function datesIn(line: string): Found<string>[] {
  const found: Found<string>[] = [];
  for (const m of line.matchAll(NUMERIC_DATE)) {
    const value = iso(fullYear(m[3] ?? ''), Number(m[2]), Number(m[1]));
    if (value) found.push({ value, index: m.index ?? 0, text: m[0] });
  }
  for (const m of line.matchAll(WORD_DATE)) {
    const month = MONTHS[(m[2] ?? '').toLocaleLowerCase('de-DE')];
    const value = month ? iso(Number(m[3]), month, Number(m[1])) : null;
    if (value) found.push({ value, index: m.index ?? 0, text: m[0] });
  }
  for (const m of line.matchAll(ISO_DATE)) {
    const value = iso(Number(m[1]), Number(m[2]), Number(m[3]));
    if (value) found.push({ value, index: m.index ?? 0, text: m[0] });
  }
  return found.sort((a, b) => a.index - b.index);
}

// OCR reads O for 0 and I or l for 1, and now and then a 0 as "O0": fixed only where the mod-97
// check then passes, so a wrong fix cannot slip through
const IBAN_CANDIDATE = /\b([A-Z]{2})\s?([0-9OIl]{2,3})((?:\s?[0-9A-Z]{4}){3,7}(?:\s?[0-9A-Z]{1,3})?)\b/g;
const LOOK_ALIKES: Record<string, string> = { O: '0', I: '1', l: '1' };

function fixedIban(raw: string): string | null {
  if (isValidIban(raw)) return raw;
  const body = raw.slice(2).replace(/O0|0O/g, '0');
  const fixed = raw.slice(0, 2) + body.replace(/[OIl]/g, (c) => LOOK_ALIKES[c] ?? c);
  return isValidIban(fixed) ? fixed : null;
}

/** The IBANs of a line that pass the mod-97 check, look-alikes fixed only where that makes it pass. */
export function ibansIn(line: string): Found<string>[] {
  const found: Found<string>[] = [];
  for (const m of line.matchAll(IBAN_CANDIDATE)) {
    const value = fixedIban(`${m[1]}${m[2]}${m[3]}`.replace(/\s/g, ''));
    if (value) found.push({ value, index: m.index ?? 0, text: m[0] });
  }
  return found;
}

/** Lower case, umlauts and ß kept, whitespace folded: how the rule tables compare words. */
export function fold(text: string): string {
  return text.toLocaleLowerCase('de-DE').replace(/\s+/g, ' ').trim();
}
