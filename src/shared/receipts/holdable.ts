// What a reader found, made to fit what the API answers (receiptFieldsSchema): an e-invoice may hold
// more than a receipt's fields can (a utility's yearly invoice of 80 lines, a 300-character issuer, a
// total of 10^20), and a row that breaks the schema would break every read of the receipt list. What
// cannot be held is cut, grouped or left out, each with a warning the landlord sees.

import {
  type ReceiptFields,
  type ReceiptLine,
  type ReceiptWarning,
  receiptFieldsSchema,
  receiptLineSchema,
  servicePeriodSchema,
} from '../schemas/receipt';

export const MAX_LINES = 30;
const MAX_CENTS = 100_000_000_00;

const warning = (code: string, message: string): ReceiptWarning => ({ code, message });
const fitsCents = (n: number | null) => n === null || (Number.isSafeInteger(n) && Math.abs(n) <= MAX_CENTS);
const isoDay = (day: string | null) =>
  day === null || servicePeriodSchema.safeParse({ start: day, end: day }).success;

function cut(value: string | null, max: number, field: string, warnings: ReceiptWarning[]): string | null {
  const text = value?.trim() ?? null;
  if (text === null || text.length <= max) return text;
  warnings.push(warning('field-cut', `${field} war länger als ${max} Zeichen und ist gekürzt.`));
  return text.slice(0, max).trim();
}

/** More lines than a receipt holds: one line per cost type, amounts and labour added up. */
function grouped(lines: ReceiptLine[]): ReceiptLine[] {
  const byType = new Map<string, ReceiptLine>();
  for (const line of lines) {
    const key = line.category ?? '';
    const seen = byType.get(key);
    byType.set(
      key,
      seen
        ? {
            ...seen,
            amountCents: seen.amountCents + line.amountCents,
            labourCents:
              seen.labourCents === null && line.labourCents === null
                ? null
                : (seen.labourCents ?? 0) + (line.labourCents ?? 0),
          }
        : { ...line, name: line.category ?? 'Nicht umlagefähig' },
    );
  }
  return [...byType.values()];
}

export function holdable(
  fields: ReceiptFields,
  found: readonly ReceiptWarning[] = [],
): {
  fields: ReceiptFields;
  warnings: ReceiptWarning[];
} {
  const warnings = [...found];
  let lines = fields.lines.map((line) => ({
    ...line,
    name: cut(line.name, 200, 'Eine Positionsbezeichnung', warnings) || line.category || 'Position',
  }));
  if (lines.some((l) => !fitsCents(l.amountCents) || !fitsCents(l.labourCents))) {
    warnings.push(
      warning('lines-unreadable', 'Die Beträge der Positionen sind zu groß; bitte prüfen Sie den Beleg.'),
    );
    lines = [];
  }
  if (lines.length > MAX_LINES) {
    warnings.push(
      warning(
        'lines-grouped',
        `Der Beleg hat ${lines.length} Positionen; sie sind nach Kostenart zusammengefasst.`,
      ),
    );
    lines = grouped(lines);
  }
  lines = lines.filter((l) => receiptLineSchema.safeParse(l).success);
  let totalCents = fields.totalCents;
  if (!fitsCents(totalCents)) {
    warnings.push(warning('total-unreadable', 'Der Gesamtbetrag ist zu groß; bitte prüfen Sie den Beleg.'));
    totalCents = null;
  }
  let invoiceDate = fields.invoiceDate;
  if (!isoDay(invoiceDate)) {
    warnings.push(warning('date-unreadable', 'Das Rechnungsdatum ist ungültig und wurde nicht übernommen.'));
    invoiceDate = null;
  }
  let servicePeriod = fields.servicePeriod;
  if (servicePeriod && !servicePeriodSchema.safeParse(servicePeriod).success) {
    warnings.push(
      warning('period-unreadable', 'Der Leistungszeitraum ist ungültig und wurde nicht übernommen.'),
    );
    servicePeriod = null;
  }
  const iban = fields.iban && fields.iban.trim().length > 34 ? null : fields.iban;
  const result: ReceiptFields = {
    issuer: cut(fields.issuer, 200, 'Der Aussteller', warnings),
    invoiceNumber: cut(fields.invoiceNumber, 100, 'Die Rechnungsnummer', warnings),
    invoiceDate,
    servicePeriod,
    totalCents,
    iban,
    lines,
    ...(fields.loanStatement ? { loanStatement: fields.loanStatement } : {}),
  };
  // the guarantee: whatever slipped through above, the answer's schema holds
  const checked = receiptFieldsSchema.safeParse(result);
  return checked.success
    ? { fields: checked.data, warnings }
    : {
        fields: { ...result, lines: [], iban: null },
        warnings: [
          ...warnings,
          warning('fields-unreadable', 'Der Beleg konnte nicht vollständig gelesen werden.'),
        ],
      };
}
