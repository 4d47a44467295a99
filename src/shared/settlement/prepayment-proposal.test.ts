import { describe, expect, it } from 'vitest';
import { toDayNumber } from '../dates';
import {
  effectiveFrom,
  expectedReceipt,
  monthlyPrepaymentOn,
  proposedMonthlyCents,
} from './prepayment-proposal';

describe('§ 560 prepayment proposal', () => {
  it('divides a full year’s share by 12 and rounds to whole euros', () => {
    // 1.234,56 € ÷ 12 = 102,88 € → 103 €
    expect(proposedMonthlyCents({ shareCents: 123_456, days: 365, periodStart: '2025-01-01' })).toBe(10_300);
    // 1.230,00 € ÷ 12 = 102,50 € → 103 € (half-up), 1.229,99 € → 102 €
    expect(proposedMonthlyCents({ shareCents: 123_000, days: 365, periodStart: '2025-01-01' })).toBe(10_300);
    expect(proposedMonthlyCents({ shareCents: 122_999, days: 365, periodStart: '2025-01-01' })).toBe(10_200);
    // a leap year counts its 366 days as the full year
    expect(proposedMonthlyCents({ shareCents: 120_000, days: 366, periodStart: '2024-01-01' })).toBe(10_000);
  });

  it('scales a part year to twelve months by its days', () => {
    // 500,00 € for 181 days → 500 × 365 / 181 / 12 = 84,02 € → 84 €
    expect(proposedMonthlyCents({ shareCents: 50_000, days: 181, periodStart: '2025-01-01' })).toBe(8_400);
    // 153 days (Aug–Dec) of a 2024 period: 300 × 366 / 153 / 12 = 59,80 € → 60 €
    expect(proposedMonthlyCents({ shareCents: 30_000, days: 153, periodStart: '2024-01-01' })).toBe(6_000);
  });

  it('scales a part year’s heating by degree days, not by days', () => {
    // January–April 2025 (120 days) hold 530 ‰ of a year's degree days. 1.100,00 € of heating:
    // 1.100 ÷ 0,53 ÷ 12 = 172,96 € → 173 € a month; by days it was 1.100 × 365/120 ÷ 12 = 278,82 €.
    const period = { first: toDayNumber('2025-01-01'), last: toDayNumber('2025-04-30') };
    const base = { shareCents: 110_000, days: 120, periodStart: '2025-01-01' };
    expect(proposedMonthlyCents(base)).toBe(27_900);
    expect(proposedMonthlyCents({ ...base, heating: { cents: 110_000, ...period } })).toBe(17_300);
    // the rest of the share still by days: + 200,00 € × 365/120 ÷ 12 = 50,69 € → 223,65 € → 224 €
    expect(
      proposedMonthlyCents({ ...base, shareCents: 130_000, heating: { cents: 110_000, ...period } }),
    ).toBe(22_400);
    // a whole year's heating stays a whole year's
    const year = { first: toDayNumber('2025-01-01'), last: toDayNumber('2025-12-31') };
    expect(
      proposedMonthlyCents({
        shareCents: 120_000,
        days: 365,
        periodStart: '2025-01-01',
        heating: { cents: 60_000, ...year },
      }),
    ).toBe(10_000);
  });

  it('proposes 0 for a zero share or no days, never a surcharge', () => {
    expect(proposedMonthlyCents({ shareCents: 0, days: 365, periodStart: '2025-01-01' })).toBe(0);
    expect(proposedMonthlyCents({ shareCents: 10_000, days: 0, periodStart: '2025-01-01' })).toBe(0);
  });

  it('applies from the first of the month after receipt', () => {
    expect(effectiveFrom('2026-03-15')).toBe('2026-04-01');
    expect(effectiveFrom('2026-12-31')).toBe('2027-01-01');
    expect(effectiveFrom('2026-04-01')).toBe('2026-05-01');
    expect(expectedReceipt('2026-03-29')).toBe('2026-04-02');
  });

  it('reads the agreed monthly prepayment on a day through the changes', () => {
    const t = {
      monthlyPrepaymentCents: 14_000,
      changes: [{ from: '2025-10-01', monthlyPrepaymentCents: 16_000 }],
    };
    expect(monthlyPrepaymentOn(t, '2025-09-30')).toBe(14_000);
    expect(monthlyPrepaymentOn(t, '2025-10-01')).toBe(16_000);
  });
});
