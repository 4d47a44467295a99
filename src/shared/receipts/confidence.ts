// How sure the reader is of each field of a receipt, and whether the whole receipt is "sicher
// erkannt" (docs/domain/receipts.md, ADR 0025). Sure must mean right: a field is sure only when it was
// found where a receipt says it (under its label) or confirmed by a second figure (net + VAT = gross,
// the positions add up to the total, the IBAN's check digits), no warning touches it and it is
// plausible; what OCR reads must also have been read clearly, and its amounts need a second figure.

import {
  CONFIDENCE_FIELDS,
  type ConfidenceField,
  type FieldConfidence,
  type ReceiptFields,
  type ReceiptWarning,
  type RecognitionMethod,
} from '../schemas/receipt';

/** How a reader found a field: under its label, confirmed by a second figure, or guessed. */
export type Basis = 'labelled' | 'checked' | 'guessed';
export type Bases = Partial<Record<ConfidenceField, Basis>>;

/** The fields a warning casts doubt on. */
const DOUBTED: Record<string, readonly ConfidenceField[]> = {
  // a receipt of one cost type books its total: a doubtful total makes its line doubtful
  'no-total': ['totalCents', 'lines'],
  'guessed-total': ['totalCents', 'lines'],
  'total-unreadable': ['totalCents'],
  'vat-mismatch': ['totalCents'],
  'instalments-mismatch': ['totalCents'],
  'lines-mismatch': ['totalCents', 'lines'],
  'guessed-category': ['lines'],
  'ambiguous-category': ['lines'],
  'not-allocatable': ['lines'],
  'lines-grouped': ['lines'],
  'lines-unreadable': ['lines'],
  'labour-unreadable': ['lines'],
  'foreign-currency': ['totalCents', 'lines'],
  'date-unreadable': ['invoiceDate'],
  'implausible-date': ['invoiceDate'],
  'period-unreadable': ['servicePeriod'],
  'implausible-period': ['servicePeriod'],
  'field-cut': CONFIDENCE_FIELDS,
  'fields-unreadable': CONFIDENCE_FIELDS,
};

/** Warnings that leave the fields as read but need the landlord's decision (the same receipt twice). */
const DECIDE = new Set(['duplicate']);

/** Earliest year a receipt of ours is dated; the latest is the year after the upload. */
const FIRST_YEAR = 2000;
const MAX_PERIOD_DAYS = 731;

const year = (day: string) => Number(day.slice(0, 4));
const days = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;

/** Warnings for a date outside 2000 … the year after `today`, or a period longer than two years. */
export function implausibleDates(fields: ReceiptFields, today: string): ReceiptWarning[] {
  const last = year(today) + 1;
  const out = (day: string) => year(day) < FIRST_YEAR || year(day) > last;
  const warnings: ReceiptWarning[] = [];
  if (fields.invoiceDate && out(fields.invoiceDate)) {
    warnings.push({
      code: 'implausible-date',
      message: `Das Rechnungsdatum ${german(fields.invoiceDate)} liegt nicht zwischen ${FIRST_YEAR} und ${last}. Bitte prüfen.`,
    });
  }
  const p = fields.servicePeriod;
  if (p && (out(p.start) || out(p.end) || days(p.start, p.end) > MAX_PERIOD_DAYS)) {
    warnings.push({
      code: 'implausible-period',
      message: `Der Leistungszeitraum ${german(p.start)} – ${german(p.end)} ist ungewöhnlich. Bitte prüfen.`,
    });
  }
  return warnings;
}

const german = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

function present(fields: ReceiptFields, field: ConfidenceField): boolean {
  const value = fields[field];
  return Array.isArray(value) ? value.length > 0 : value !== null;
}

/**
 * What a method's reading of a field needs to be sure. OCR's labelled values were read clearly word by
 * word (extract.ts); its amounts still need a second figure, as a misread digit looks like a number.
 */
function sureByMethod(method: RecognitionMethod, field: ConfidenceField, basis: Basis | undefined): boolean {
  if (method === 'e-invoice') return true;
  if (basis === 'checked') return true;
  if (basis !== 'labelled') return false;
  return method === 'text' || (field !== 'totalCents' && field !== 'lines');
}

/**
 * Each field's confidence (fields the reader did not find have none) and whether the receipt is
 * sure: every found field sure, the issuer, total, cost types and a date or period among them, and no
 * warning that asks the landlord to decide.
 */
export function judgeReceipt(
  method: RecognitionMethod,
  fields: ReceiptFields,
  warnings: readonly ReceiptWarning[],
  bases: Bases,
): { confidence: FieldConfidence; sure: boolean } {
  const doubted = new Set(warnings.flatMap((w) => DOUBTED[w.code] ?? []));
  const confidence: FieldConfidence = {};
  for (const field of CONFIDENCE_FIELDS) {
    if (!present(fields, field)) continue;
    // one line carrying the whole total: its amount is the confirmed total, its type named on the bill
    const oneLineOfCheckedTotal =
      field === 'lines' &&
      fields.lines.length === 1 &&
      bases.lines === 'labelled' &&
      bases.totalCents === 'checked' &&
      fields.lines[0]?.amountCents === fields.totalCents;
    const sure = !doubted.has(field) && (oneLineOfCheckedTotal || sureByMethod(method, field, bases[field]));
    confidence[field] = sure ? 'sure' : 'unsure';
  }
  const found = (['issuer', 'totalCents', 'lines'] as const).every((f) => present(fields, f));
  const dated = present(fields, 'servicePeriod') || present(fields, 'invoiceDate');
  const allSure = Object.values(confidence).every((c) => c === 'sure');
  const undecided = warnings.some((w) => DECIDE.has(w.code));
  const allocatable = fields.lines.every((l) => l.category !== null);
  return { confidence, sure: found && dated && allSure && !undecided && allocatable };
}
