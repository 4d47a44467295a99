import { describe, expect, it } from 'vitest';
import { rentAccount } from '../bank/rent-account';
import { inflowYear, type TaxPayment, taxYearIncome } from './income';

describe('the year a payment counts in (§ 11 Abs. 1 EStG)', () => {
  it('is the year received, except January’s rent received in the last 10 days before', () => {
    expect(inflowYear('2025-12-22', '2026-01')).toBe(2026);
    expect(inflowYear('2025-12-31', '2026-01')).toBe(2026);
    expect(inflowYear('2025-12-21', '2026-01')).toBe(2025);
    // December's rent was due early December: paid in January it is January's year
    expect(inflowYear('2026-01-05', '2025-12')).toBe(2026);
    // paid weeks ahead, or late: the year received
    expect(inflowYear('2025-12-29', '2026-02')).toBe(2025);
    expect(inflowYear('2026-03-02', '2025-11')).toBe(2026);
    expect(inflowYear('2025-06-02', '2025-06')).toBe(2025);
    expect(inflowYear('2025-12-29', null)).toBe(2025);
  });
});

// Kaltmiete 600 €, prepayment 180 €: 780 € a month.
const TENANCY = {
  start: '2024-10-01',
  end: null,
  monthlyPrepaymentCents: 18_000,
  monthlyRentCents: 60_000,
  changes: [],
};
const pay = (
  id: string,
  bookingDate: string,
  amountCents: number,
  reverses: string | null = null,
): TaxPayment => ({
  id,
  bookingDate,
  amountCents,
  reverses,
});

describe('the income of a tax year from the bank files', () => {
  // 2024: October to November paid on time, December late (2025-01-07); 2025: every month on time,
  // March's payment returned by the bank and paid again, a Guthaben of 120 € paid out in June, 50 €
  // paid beyond everything due in July, January 2026 paid on 29 December 2025.
  const payments: TaxPayment[] = [
    pay('2024-10', '2024-10-02', 78_000),
    pay('2024-11', '2024-11-04', 78_000),
    pay('2024-12', '2025-01-07', 78_000),
    ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) =>
      pay(`2025-${m}`, `2025-${m}-0${m === '01' ? 8 : 2}`, 78_000),
    ),
    pay('returned', '2025-03-20', -78_000, '2025-03'),
    pay('2025-03-again', '2025-03-25', 78_000),
    pay('guthaben', '2025-06-30', -12_000),
    pay('extra', '2025-07-15', 5_000),
    pay('2026-01', '2025-12-29', 78_000),
  ];
  const account = rentAccount(TENANCY, payments, { from: '2024-10', to: '2026-01' });
  const income = (year: number) =>
    Object.fromEntries(
      taxYearIncome(year, [{ id: 't', name: 'Anna Müller', account, payments }]).map((f) => [f.key, f]),
    );

  it('counts each month’s rent and prepayment in the year received, January 2026 in 2026', () => {
    const y2025 = income(2025);
    // received in 2025: December 2024 (late), January to December 2025 (March once): 13 months; the
    // extra 50 € went ahead to January 2026's prepayment (§ 366), so its payment left 50 € beyond due
    expect(y2025.rent?.cents).toBe(13 * 60_000);
    expect(y2025.prepayments?.cents).toBe(13 * 18_000 + 5_000);
    expect(y2025.refunds?.cents).toBe(-12_000);
    expect(y2025.beyondDue).toMatchObject({ cents: 5_000, sure: false });
    const y2026 = income(2026);
    expect(y2026.prepayments?.cents).toBe(13_000);
    expect(y2026.rent?.cents).toBe(60_000);
    expect(y2026.rent?.sources).toEqual([
      {
        transactionId: '2026-01',
        bookingDate: '2025-12-29',
        tenancyId: 't',
        tenantName: 'Anna Müller',
        month: '2026-01',
        cents: 60_000,
        note: '10-Tage-Regel (§ 11 Abs. 1 S. 2 EStG): gehört zu 2026',
      },
    ]);
    expect(income(2024).rent?.cents).toBe(2 * 60_000);
  });

  it('names every bank line behind a figure, and a returned payment nowhere', () => {
    const y2025 = income(2025);
    const lines = y2025.rent?.sources.map((s) => s.transactionId) ?? [];
    expect(lines).toContain('2024-12');
    expect(lines).toContain('2025-03-again');
    expect(lines).not.toContain('2025-03');
    expect(lines).not.toContain('returned');
    for (const figure of Object.values(y2025))
      expect(figure.sources.reduce((s, x) => s + x.cents, 0)).toBe(figure.cents);
  });
});
