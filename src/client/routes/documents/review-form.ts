// The review dialog's form values (texts as typed) and the receipt fields they stand for.

import { COST_PRESETS, type CostPreset } from '../../../shared/catalog';
import { centsToInput, parseMoney } from '../../../shared/money';
import { type ReceiptFields, receiptFieldsSchema } from '../../../shared/schemas/receipt';

export interface ReviewLine {
  /** A cost preset, or '' for not allocatable. */
  category: string;
  name: string;
  amount: string;
  labour: string;
}

export interface ReviewValues {
  issuer: string;
  invoiceNumber: string;
  invoiceDate: string;
  periodStart: string;
  periodEnd: string;
  total: string;
  iban: string;
  lines: ReviewLine[];
}

const money = (cents: number | null) => (cents === null ? '' : centsToInput(cents));

export function toReviewValues(fields: ReceiptFields | null): ReviewValues {
  return {
    issuer: fields?.issuer ?? '',
    invoiceNumber: fields?.invoiceNumber ?? '',
    invoiceDate: fields?.invoiceDate ?? '',
    periodStart: fields?.servicePeriod?.start ?? '',
    periodEnd: fields?.servicePeriod?.end ?? '',
    total: money(fields?.totalCents ?? null),
    iban: fields?.iban ?? '',
    lines: (fields?.lines ?? []).map((l) => ({
      category: l.category ?? '',
      name: l.name,
      amount: money(l.amountCents),
      labour: money(l.labourCents),
    })),
  };
}

/** The form path of a field → the evidence key the server names it by. */
export function evidenceKey(path: string): string {
  if (path === 'periodStart' || path === 'periodEnd') return 'servicePeriod';
  if (path === 'total') return 'totalCents';
  const line = /^lines\.(\d+)\.(\w+)$/.exec(path);
  if (line) return line[2] === 'labour' ? `lines.${line[1]}.labourCents` : `lines.${line[1]}`;
  return path;
}

type Parsed = { ok: true; fields: ReceiptFields } | { ok: false; errors: Record<string, string> };

/** The values as receipt fields, or German messages by form path. */
export function fromReviewValues(values: ReviewValues): Parsed {
  const errors: Record<string, string> = {};
  const cents = (path: string, text: string): number | null => {
    if (text.trim() === '') return null;
    const parsed = parseMoney(text);
    if (parsed.ok) return parsed.cents;
    errors[path] = parsed.message;
    return null;
  };
  const blank = (text: string) => (text.trim() === '' ? null : text.trim());
  const start = blank(values.periodStart);
  const end = blank(values.periodEnd);
  if ((start === null) !== (end === null))
    errors.periodEnd = 'Bitte geben Sie Beginn und Ende des Leistungszeitraums an.';
  const lines = values.lines.map((l, i) => {
    const amount = cents(`lines.${i}.amount`, l.amount);
    if (amount === null && !errors[`lines.${i}.amount`])
      errors[`lines.${i}.amount`] = 'Bitte geben Sie den Betrag ein.';
    return {
      category: COST_PRESETS.includes(l.category as CostPreset) ? (l.category as CostPreset) : null,
      name: l.name.trim() || l.category || 'Nicht umlagefähig',
      amountCents: amount ?? 0,
      labourCents: cents(`lines.${i}.labour`, l.labour),
    };
  });
  const candidate = {
    issuer: blank(values.issuer),
    invoiceNumber: blank(values.invoiceNumber),
    invoiceDate: blank(values.invoiceDate),
    servicePeriod: start && end ? { start, end } : null,
    totalCents: cents('total', values.total),
    iban: blank(values.iban)?.replace(/\s/g, '').toUpperCase() ?? null,
    lines,
  };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const checked = receiptFieldsSchema.safeParse(candidate);
  if (checked.success) return { ok: true, fields: checked.data };
  for (const issue of checked.error.issues) {
    const [head, index, leaf] = issue.path.map(String);
    const path =
      head === 'servicePeriod'
        ? 'periodEnd'
        : head === 'totalCents'
          ? 'total'
          : head === 'lines'
            ? `lines.${index}.${leaf === 'labourCents' ? 'labour' : leaf === 'amountCents' ? 'amount' : leaf}`
            : (head ?? '');
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}
