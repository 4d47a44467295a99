import { describe, expect, it } from 'vitest';
import { payment } from '../../../tests/builders/payments';
import { type RentAccountPayment, rentAccount } from '../bank/rent-account';
import { baseRateOn, baseRatesKnownUntil } from './base-rate';
import { lateRent } from './late-rent';

// 780 € a month (Kaltmiete 600 €, prepayment 180 €) from March 2025; March is due Wed 5 March.
const TENANCY = {
  start: '2025-03-01',
  end: null,
  monthlyPrepaymentCents: 18_000,
  monthlyRentCents: 60_000,
  changes: [],
};
const pay = payment;

function late(payments: RentAccountPayment[], asOf: string, to = asOf.slice(0, 7), points: 5 | 9 = 5) {
  const account = rentAccount(TENANCY, payments, { from: '2025-03', to });
  const dates = new Map(payments.map((p) => [p.id, p.bookingDate]));
  return lateRent(account, dates, { asOf, graceDays: 3, points, lands: [] });
}

describe('the Basiszinssatz as dated data', () => {
  it('answers the rate of a day and nothing after the last published half-year', () => {
    expect(baseRateOn('2025-06-30')).toBe(2.27);
    expect(baseRateOn('2025-07-01')).toBe(1.27);
    expect(baseRateOn('2022-12-31')).toBe(-0.88);
    expect(baseRatesKnownUntil()).toBe('2026-07-01');
    expect(baseRateOn('2026-07-01')).toBeNull();
  });
});

describe('late rent (§§ 556b, 286, 288 BGB)', () => {
  it('charges 5 points over the Basiszinssatz by the day from the day after the due day', () => {
    // March unpaid: 6 March to 4 April, 30 days at 7.27 %: 780 € × 7.27 % × 30 / 365 = 4.66 €
    const result = late([], '2025-04-04', '2025-03');
    expect(result.months).toEqual([
      { month: '2025-03', dueDate: '2025-03-05', dueCents: 78_000, openCents: 78_000, interestCents: 466 },
    ]);
    expect(result).toMatchObject({ openCents: 78_000, interestCents: 466, lateSince: '2025-03-05' });
    // a commercial tenant: 9 points, 11.27 %: 7.23 €
    expect(late([], '2025-04-04', '2025-03', 9).interestCents).toBe(723);
  });

  it('changes the rate on 1 July and counts part payments on the day they arrived', () => {
    // June due Wed 4 June, unpaid to 10 July: 26 days at 7.27 %, 10 days at 6.27 % = 5.38 €
    const june = late(
      [pay('m', '2025-03-05', 78_000), pay('a', '2025-04-03', 78_000), pay('y', '2025-05-06', 78_000)],
      '2025-07-10',
      '2025-06',
    );
    expect(june.months.map((m) => [m.month, m.openCents, m.interestCents])).toEqual([
      ['2025-06', 78_000, 538],
    ]);
    // March paid in two halves, on 20 March and 1 April: 14 days on 780 €, 12 days on 390 € = 3.11 €
    const halves = late(
      [pay('h1', '2025-03-20', 39_000, ['2025-03']), pay('h2', '2025-04-01', 39_000, ['2025-03'])],
      '2025-04-30',
      '2025-03',
    );
    expect(halves.months).toEqual([
      { month: '2025-03', dueDate: '2025-03-05', dueCents: 78_000, openCents: 0, interestCents: 311 },
    ]);
    expect(halves).toMatchObject({ openCents: 0, lateSince: null, noticeThreshold: false });
  });

  it('takes a payment booked within the grace days as on time, and a month within them as not yet late', () => {
    expect(late([pay('m', '2025-03-07', 78_000)], '2025-04-30', '2025-03').months).toEqual([]);
    expect(late([], '2025-03-08', '2025-03').months).toEqual([]);
    expect(late([], '2025-03-09', '2025-03').months).toHaveLength(1);
  });

  it('stops the interest where no Basiszinssatz is published yet, and says to which day', () => {
    const result = late([], '2026-09-30', '2026-03');
    expect(result.interestUntil).toBe('2026-06-30');
    const march2026 = result.months.find((m) => m.month === '2026-03');
    // 4 March (due) to 30 June 2026: 118 days at 6.27 % on 780 € = 15.81 €
    expect(march2026?.interestCents).toBe(1_581);
  });

  it('flags the threshold of a notice without warning: two months in a row, or two months’ rent in all', () => {
    expect(late([pay('m', '2025-03-05', 78_000)], '2025-05-20', '2025-05').noticeThreshold).toBe(true);
    // April and May each 100 € short: 200 € is not more than a month's rent
    const short = late(
      [pay('m', '2025-03-05', 78_000), pay('a', '2025-04-03', 68_000), pay('y', '2025-05-06', 68_000)],
      '2025-05-20',
      '2025-05',
    );
    expect(short.openCents).toBe(20_000);
    expect(short.noticeThreshold).toBe(false);
  });
});
