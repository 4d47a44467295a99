// What a receipt contributes to a settlement period (docs/domain/receipts.md, Leistungsprinzip): a service
// period that crosses the settlement period gives its days' share, the working shown
// ("Versicherungen 01.07.2025–30.06.2026: 184/365 von 2.105,30 €").

import { daysInclusive } from '../dates';
import { formatCents, formatDateDe } from '../money';
import type { ReceiptFields } from '../schemas/receipt';

export interface ReceiptShare {
  cents: number;
  /** null: the whole amount (no service period, or one inside the settlement period). */
  days: { inPeriod: number; of: number } | null;
  working: string;
}

/** `amountCents` of a receipt whose service period is `service`, for the settlement `period`. */
export function shareOf(
  name: string,
  amountCents: number,
  service: ReceiptFields['servicePeriod'],
  period: { start: string; end: string },
): ReceiptShare {
  const whole = `${name}: ${formatCents(amountCents)}`;
  if (!service) return { cents: amountCents, days: null, working: whole };
  const from = service.start > period.start ? service.start : period.start;
  const to = service.end < period.end ? service.end : period.end;
  const of = daysInclusive(service.start, service.end);
  const inPeriod = to < from ? 0 : daysInclusive(from, to);
  if (inPeriod === of) return { cents: amountCents, days: null, working: whole };
  const cents = Math.round((amountCents * inPeriod) / of);
  const span = `${formatDateDe(service.start)}–${formatDateDe(service.end)}`;
  return {
    cents,
    days: { inPeriod, of },
    working: `${name} ${span}: ${inPeriod}/${of} von ${formatCents(amountCents)} = ${formatCents(cents)}`,
  };
}

/** Whether a receipt's service period (or, without one, its date) touches the settlement period. */
export function touchesPeriod(fields: ReceiptFields, period: { start: string; end: string }): boolean {
  if (fields.servicePeriod)
    return fields.servicePeriod.start <= period.end && fields.servicePeriod.end >= period.start;
  return (
    fields.invoiceDate !== null && fields.invoiceDate >= period.start && fields.invoiceDate <= period.end
  );
}
