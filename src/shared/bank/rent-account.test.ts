import { describe, expect, it } from 'vitest';
import { payment } from '../../../tests/builders/payments';
import { prepaymentsPaidIn, type RentAccountTenancy, rentAccount } from './rent-account';

// Warmmiete 780 €: Kaltmiete 600 €, prepayment 180 €.
const TENANCY: RentAccountTenancy = {
  start: null,
  end: null,
  monthlyPrepaymentCents: 18_000,
  monthlyRentCents: 60_000,
  changes: [],
};
const pay = payment;
const Q1 = { from: '2025-01', to: '2025-03' };
const paid = (a: ReturnType<typeof rentAccount>) =>
  a.months.map((m) => [m.month, m.paid.prepaymentCents, m.paid.rentCents, m.openCents]);

describe('the tenancy account (§ 366 BGB)', () => {
  it('settles each month paid on time, and shows which bank line paid it', () => {
    const account = rentAccount(
      TENANCY,
      [pay('a', '2025-01-02', 78_000), pay('b', '2025-02-03', 78_000)],
      Q1,
    );
    expect(paid(account)).toEqual([
      ['2025-01', 18_000, 60_000, 0],
      ['2025-02', 18_000, 60_000, 0],
      ['2025-03', 0, 0, 78_000],
    ]);
    expect(account.months[1]?.lines).toEqual([
      { transactionId: 'b', cents: 78_000, prepaymentCents: 18_000, rentCents: 60_000 },
    ]);
  });

  it('puts a short payment without purpose on the open prepayments first, older months first', () => {
    // nothing in January; 300 € in February: January's and February's prepayments, then January's rent
    const account = rentAccount(TENANCY, [pay('a', '2025-02-10', 30_000)], Q1);
    expect(paid(account)).toEqual([
      ['2025-01', 18_000, 0, 60_000],
      ['2025-02', 12_000, 0, 66_000],
      ['2025-03', 0, 0, 78_000],
    ]);
  });

  it('settles the months a payment names, and a payment of exactly a month’s due its own month', () => {
    const named = rentAccount(TENANCY, [pay('a', '2025-03-01', 78_000, ['2025-01'])], Q1);
    expect(paid(named)[0]).toEqual(['2025-01', 18_000, 60_000, 0]);
    expect(paid(named)[2]).toEqual(['2025-03', 0, 0, 78_000]);
    // January open, the March rent paid exactly in March: it pays March (tacit purpose)
    const tacit = rentAccount(TENANCY, [pay('a', '2025-03-01', 78_000)], Q1);
    expect(paid(tacit)[2]).toEqual(['2025-03', 18_000, 60_000, 0]);
    expect(paid(tacit)[0]).toEqual(['2025-01', 0, 0, 78_000]);
  });

  it('keeps a doubled payment for the next month, and an overpayment beyond the range as credit', () => {
    const doubled = rentAccount(
      TENANCY,
      [pay('a', '2025-01-02', 78_000), pay('b', '2025-01-03', 78_000)],
      Q1,
    );
    expect(paid(doubled)[1]).toEqual(['2025-02', 18_000, 60_000, 0]);
    const over = rentAccount(TENANCY, [pay('a', '2025-01-02', 300_000)], Q1);
    expect(over.creditCents).toBe(300_000 - 3 * 78_000);
    expect(prepaymentsPaidIn(over, { start: '2025-01-01', end: '2025-03-31' })).toBe(54_000);
  });

  it('asks a tenancy without a Kaltmiete only for the prepayment, pro rata in a month moved into', () => {
    const account = rentAccount(
      {
        ...TENANCY,
        start: '2025-01-17',
        monthlyRentCents: null,
        changes: [{ from: '2025-03-01', monthlyPrepaymentCents: 20_000 }],
      },
      [],
      Q1,
    );
    // 15 of 31 days of January
    expect(account.months.map((m) => [m.month, m.due.prepaymentCents, m.due.rentCents])).toEqual([
      ['2025-01', 8_710, 0],
      ['2025-02', 18_000, 0],
      ['2025-03', 20_000, 0],
    ]);
  });
});
