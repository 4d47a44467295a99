// The regular payers of the bank files taken as tenancies in one table: a row per payer, the flat
// proposed where the payments' purpose names it; a row without a flat is no tenant and stays out.

import { formatCents, parseMoney, parseQuantity } from '../../../shared/money';
import type { RecurringPayerJson } from '../../../shared/schemas/bank';
import type { TenancyInputBody } from '../../../shared/schemas/house';

export interface PayerRow {
  payer: string;
  monthlyCents: number;
  unitId: string;
  name: string;
  prepayment: string;
  persons: string;
  /** ISO day, or '' when the tenant lived there before the bank files begin. */
  moveIn: string;
}

export type PayerColumn = 'unitId' | 'name' | 'prepayment' | 'persons' | 'moveIn';
export type PayerRowError = { row: number | null; column?: PayerColumn; message: string };
export type PayerTenancyBody = TenancyInputBody & { payer: string; unitId: string };

/**
 * A row per payer: the proposed flat, the payer's name, one person; paid from the bank files' first
 * month on, most likely living there before (no move-in), else moved in on the first payment's month.
 */
export function payerRows(payers: readonly RecurringPayerJson[], filesStart: string): PayerRow[] {
  return payers.map((p) => ({
    payer: p.payer,
    monthlyCents: p.monthlyCents,
    unitId: p.unitId ?? '',
    name: p.name,
    prepayment: '',
    persons: '1',
    moveIn: filesStart.slice(0, 7) >= p.firstMonth ? '' : `${p.firstMonth}-01`,
  }));
}

/** The Kaltmiete a row's prepayment leaves of the monthly payment, or null while it is no amount. */
export function rentOf(row: PayerRow): number | null {
  const prepayment = parseMoney(row.prepayment === '' ? '0' : row.prepayment);
  return prepayment.ok ? row.monthlyCents - prepayment.cents : null;
}

/** The rows with a flat as tenancies (each with its row's index), or every wrong cell named. */
export function readPayerRows(
  rows: readonly PayerRow[],
):
  | { ok: true; tenancies: Array<{ index: number; body: PayerTenancyBody }> }
  | { ok: false; errors: PayerRowError[] } {
  const errors: PayerRowError[] = [];
  const tenancies: Array<{ index: number; body: PayerTenancyBody }> = [];
  rows.forEach((row, index) => {
    if (row.unitId === '') return;
    const wrong = (column: PayerColumn, message: string) => errors.push({ row: index, column, message });
    const prepayment = parseMoney(row.prepayment === '' ? '0' : row.prepayment);
    const persons = parseQuantity(row.persons);
    const rent = rentOf(row);
    if (row.name.trim() === '') wrong('name', 'Bitte geben Sie den Namen des Mieters ein.');
    if (!prepayment.ok) wrong('prepayment', prepayment.message);
    else if (prepayment.cents < 0) wrong('prepayment', 'Die Vorauszahlung kann nicht negativ sein.');
    else if (rent !== null && rent < 0)
      wrong(
        'prepayment',
        `Die Vorauszahlung kann nicht höher sein als die Zahlung (${formatCents(row.monthlyCents)}).`,
      );
    if (!persons.ok || persons.value <= 0) wrong('persons', 'Bitte geben Sie die Zahl der Personen ein.');
    if (!prepayment.ok || rent === null || !persons.ok) return;
    tenancies.push({
      index,
      body: {
        payer: row.payer,
        unitId: row.unitId,
        kind: 'tenant',
        tenant: { name: row.name.trim(), street: '', city: '', email: null },
        start: row.moveIn === '' ? null : row.moveIn,
        end: null,
        persons: persons.value,
        monthlyPrepaymentCents: prepayment.cents,
        monthlyRentCents: rent,
        changes: [],
        flatRate: false,
      },
    });
  });
  if (errors.length > 0) return { ok: false, errors };
  if (tenancies.length === 0)
    return {
      ok: false,
      errors: [{ row: null, message: 'Bitte wählen Sie für mindestens einen Zahler die Wohnung.' }],
    };
  return { ok: true, tenancies };
}

/** The server's refusal of a sent row (`tenancies.2.start`) on the row and column it came from. */
export const COLUMN_OF_FIELD: Record<string, PayerColumn> = {
  unitId: 'unitId',
  payer: 'unitId',
  'tenant.name': 'name',
  monthlyPrepaymentCents: 'prepayment',
  monthlyRentCents: 'prepayment',
  persons: 'persons',
  start: 'moveIn',
};
