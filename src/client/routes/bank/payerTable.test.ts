import { describe, expect, it } from 'vitest';
import type { RecurringPayerJson } from '../../../shared/schemas/bank';
import { payerRows, readPayerRows, rentOf } from './payerTable';

const payer = (name: string, firstMonth: string, unitId: string | null = null): RecurringPayerJson => ({
  payer: `DE-${name}`,
  name,
  iban: '',
  monthlyCents: 78_000,
  firstMonth,
  lastMonth: '2025-12',
  months: 12,
  bookings: 12,
  paidFor: null,
  unitId,
});

describe('payerRows', () => {
  it('proposes the named flat, and a move-in only where the payments begin after the files do', () => {
    const rows = payerRows(
      [payer('Anna Berg', '2025-01', 'u1'), payer('Familie Weber', '2025-10')],
      '2025-01-01',
    );
    expect(rows.map((r) => [r.name, r.unitId, r.moveIn, r.persons])).toEqual([
      ['Anna Berg', 'u1', '', '1'],
      ['Familie Weber', '', '2025-10-01', '1'],
    ]);
  });
});

describe('readPayerRows', () => {
  const rows = payerRows([payer('Anna Berg', '2025-01', 'u1'), payer('Jobcenter', '2025-01')], '2025-01-01');

  it('takes the rows with a flat, the Kaltmiete what the prepayment leaves of the payment', () => {
    const berg = { ...rows[0], prepayment: '180', persons: '2' } as (typeof rows)[number];
    expect(rentOf(berg)).toBe(60_000);
    const read = readPayerRows([berg, rows[1] as (typeof rows)[number]]);
    expect(read).toEqual({
      ok: true,
      tenancies: [
        {
          index: 0,
          body: expect.objectContaining({
            payer: 'DE-Anna Berg',
            unitId: 'u1',
            start: null,
            persons: 2,
            monthlyPrepaymentCents: 18_000,
            monthlyRentCents: 60_000,
          }),
        },
      ],
    });
  });

  it('names every wrong cell with its row, and asks for one flat at least', () => {
    const wrong = rows.map((r) => ({ ...r, unitId: 'u1', name: '', prepayment: '900', persons: '0' }));
    const read = readPayerRows(wrong);
    expect(read.ok ? [] : read.errors.map((e) => [e.row, e.column])).toEqual([
      [0, 'name'],
      [0, 'prepayment'],
      [0, 'persons'],
      [1, 'name'],
      [1, 'prepayment'],
      [1, 'persons'],
    ]);
    const none = readPayerRows(rows.map((r) => ({ ...r, unitId: '' })));
    expect(none).toEqual({
      ok: false,
      errors: [{ row: null, message: 'Bitte wählen Sie für mindestens einen Zahler die Wohnung.' }],
    });
  });
});
