// Worked examples derived by hand from docs/domain/statement.md (BGB §556a, BGH on vacancy and person-days).

import { describe, expect, it } from 'vitest';
import { cost, settlementInput, tenancy, unit } from '../../../tests/builders/building';
import { calculateSettlement } from './calculate';
import { agreedPrepaymentCents } from './prepayments';

// Two flats, 60 and 40 m². Flat B: Schmidt until 30.06. (181 days), empty July and August (62 days),
// Weber from 01.09. (122 days); Müller in flat A all year (365 days).
const house = settlementInput({
  units: [unit('A', 60), unit('B', 40)],
  tenancies: [
    tenancy('mueller', 'A', '2019-05-01', null, { persons: 2, monthly: 20_000 }),
    tenancy('schmidt', 'B', '2021-01-01', '2025-06-30', { persons: 1, monthly: 15_000 }),
    tenancy('weber', 'B', '2025-09-01', null, { persons: 3, monthly: 12_000 }),
  ],
});

const share = (result: ReturnType<typeof calculateSettlement>, id: string, costIndex = 0) =>
  result.tenancies.find((t) => t.tenancyId === id)?.rows[costIndex]?.shareCents;

describe('calculateSettlement', () => {
  it('splits by living area × days, the vacancy stays with the landlord', () => {
    const result = calculateSettlement({ ...house, costs: [cost('Grundsteuer', 100_000, 'area')] });
    // W = 100 m² × 365 = 36 500; exact: Müller 21 900/36 500 → 600,00; Schmidt 7 240 → 198,356;
    // vacancy 2 480 → 67,945; Weber 4 880 → 133,699. Floors leave 2 cents: Weber (.86), Schmidt (.62).
    expect(share(result, 'mueller')).toBe(60_000);
    expect(share(result, 'schmidt')).toBe(19_836);
    expect(share(result, 'weber')).toBe(13_370);
    expect(result.costs[0]?.landlord).toEqual({
      vacancyCents: 6_794,
      ownUseCents: 0,
      unmeteredCents: 0,
      shareCents: 6_794,
    });
    expect(result.costs[0]).toMatchObject({ totalUnitsMilli: 100_000, totalDays: 365, differenceCents: 0 });
    expect(result.tenancies.find((t) => t.tenancyId === 'schmidt')).toMatchObject({
      days: 181,
      start: '2025-01-01',
      end: '2025-06-30',
    });
    expect(result.tenancies[0]?.rows[0]).toMatchObject({ unitsMilli: 60_000, days: 365 });
  });

  it('counts a vacant unit-day as one person under person-days', () => {
    const result = calculateSettlement({ ...house, costs: [cost('Müllabfuhr', 50_000, 'persons')] });
    // person-days: Müller 2 × 365 = 730, Schmidt 181, vacancy 62, Weber 3 × 122 = 366; total 1 339
    expect(result.costs[0]?.totalUnitsMilli).toBe(1_339_000);
    expect(share(result, 'mueller')).toBe(27_259);
    expect(share(result, 'schmidt')).toBe(6_759);
    expect(share(result, 'weber')).toBe(13_667);
    expect(result.costs[0]?.landlord.vacancyCents).toBe(2_315);
  });

  it('charges own use to the landlord, not to the tenants', () => {
    const ownUse = tenancy('eigen', 'B', '2025-07-01', '2025-08-31', { kind: 'own-use', persons: 1 });
    const withOwnUse = calculateSettlement({
      ...house,
      tenancies: [...house.tenancies, ownUse],
      costs: [cost('Grundsteuer', 100_000, 'area')],
    });
    const vacant = calculateSettlement({ ...house, costs: [cost('Grundsteuer', 100_000, 'area')] });
    for (const id of ['mueller', 'schmidt', 'weber']) expect(share(withOwnUse, id)).toBe(share(vacant, id));
    expect(withOwnUse.costs[0]?.landlord).toMatchObject({
      vacancyCents: 0,
      ownUseCents: 6_794,
      shareCents: 6_794,
    });
    expect(withOwnUse.units[1]?.segments.map((s) => [s.kind, s.days])).toEqual([
      ['tenant', 181],
      ['own-use', 62],
      ['tenant', 122],
    ]);
  });

  it('splits by units × days and by Miteigentumsanteile', () => {
    const input = {
      ...house,
      units: [unit('A', 60, 600_000), unit('B', 40, 400_000)],
      costs: [cost('Hauswart', 73_000, 'units'), cost('Versicherung', 36_500, 'mea')],
    };
    const result = calculateSettlement(input);
    // units: W = 2 × 365; Müller 365/730 → 365,00 €; Schmidt 181/730 × 730 € = 181,00 €; Weber 122,00 €
    expect(share(result, 'mueller', 0)).toBe(36_500);
    expect(share(result, 'schmidt', 0)).toBe(18_100);
    expect(share(result, 'weber', 0)).toBe(12_200);
    expect(result.costs[0]?.landlord.vacancyCents).toBe(6_200);
    // mea 600/400: Müller 60 % of 365 € = 219,00 €; Schmidt 400 × 181 / (1000 × 365) × 365 € = 72,40 €
    expect(share(result, 'mueller', 1)).toBe(21_900);
    expect(share(result, 'schmidt', 1)).toBe(7_240);
    expect(share(result, 'weber', 1)).toBe(4_880);
  });

  it('splits consumption by readings; the unmetered rest is the landlord’s', () => {
    const result = calculateSettlement({
      ...house,
      costs: [
        cost('Wasser', 120_000, 'consumption', {
          consumption: {
            totalMilli: 240_000,
            byTenancyMilli: { mueller: 100_000, schmidt: 50_000, weber: 60_500 },
          },
        }),
      ],
    });
    // 5,00 € per m³: 500,00 / 250,00 / 302,50; the 29,5 m³ unmetered (147,50 €) stay with the landlord
    expect(share(result, 'mueller')).toBe(50_000);
    expect(share(result, 'schmidt')).toBe(25_000);
    expect(share(result, 'weber')).toBe(30_250);
    expect(result.costs[0]?.landlord).toMatchObject({ unmeteredCents: 14_750, shareCents: 14_750 });
    expect(result.warnings).toEqual([]);
  });

  it('puts a direct cost on one tenancy', () => {
    const result = calculateSettlement({
      ...house,
      costs: [cost('Schlüssel', 4_250, 'direct', { tenancyId: 'weber' })],
    });
    expect(share(result, 'weber')).toBe(4_250);
    expect(share(result, 'mueller')).toBe(0);
    expect(result.costs[0]?.landlord.shareCents).toBe(0);
  });

  it('computes the agreed prepayments pro rata by days of each month', () => {
    const result = calculateSettlement(house);
    const byId = Object.fromEntries(result.tenancies.map((t) => [t.tenancyId, t.prepaymentCents]));
    expect(byId).toEqual({ mueller: 240_000, schmidt: 90_000, weber: 48_000 });
    // moving in on 16 March: 16/31 of March + April–December
    const march = tenancy('x', 'A', '2025-03-16', null, { monthly: 10_000 });
    const result2 = calculateSettlement(settlementInput({ units: [unit('A', 50)], tenancies: [march] }));
    expect(result2.tenancies[0]?.prepaymentCents).toBe(5_161 + 90_000);
  });

  it('follows a change of prepayment and persons from a date on', () => {
    const t = tenancy('x', 'A', '2020-01-01', null, {
      persons: 2,
      monthly: 10_000,
      changes: [{ from: '2025-07-01', monthlyPrepaymentCents: 13_000, persons: 3 }],
    });
    const result = calculateSettlement(
      settlementInput({ units: [unit('A', 50)], tenancies: [t], costs: [cost('Müll', 10_000, 'persons')] }),
    );
    expect(result.tenancies[0]?.prepaymentCents).toBe(6 * 10_000 + 6 * 13_000);
    // 2 × 181 + 3 × 184 person-days
    expect(result.tenancies[0]?.rows[0]?.unitsMilli).toBe((362 + 552) * 1000);
  });

  it('rounds a half cent of prepayment up once, not per month', () => {
    // 1 cent a month for 15 of 30 days of June: 0,5 cent → 1 cent
    const t = tenancy('x', 'A', '2025-06-16', '2025-06-30', { monthly: 1 });
    expect(
      calculateSettlement(settlementInput({ units: [unit('A', 1)], tenancies: [t] })).tenancies[0]
        ?.prepaymentCents,
    ).toBe(1);
    expect(agreedPrepaymentCents([{ first: 0, last: 0, persons: 1, monthlyPrepaymentCents: 31 }])).toBe(1);
  });

  it('counts the real length of a leap year', () => {
    const result = calculateSettlement(
      settlementInput({
        periodStart: '2024-01-01',
        periodEnd: '2024-12-31',
        units: [unit('A', 10)],
        tenancies: [tenancy('x', 'A', '2024-07-01', null)],
        costs: [cost('Grundsteuer', 36_600, 'area')],
      }),
    );
    expect(result.periodDays).toBe(366);
    expect(result.tenancies[0]?.days).toBe(184);
    expect(share(result, 'x')).toBe(18_400);
  });

  it('reports the balance as total minus prepayments, or what was entered as paid', () => {
    const result = calculateSettlement({
      ...house,
      costs: [cost('Grundsteuer', 100_000, 'area')],
      prepaymentsPaidCents: { weber: 30_000 },
    });
    const weber = result.tenancies.find((t) => t.tenancyId === 'weber');
    expect(weber).toMatchObject({
      prepaymentCents: 30_000,
      prepaymentEntered: true,
      totalCents: 13_370,
      balanceCents: -16_630,
    });
  });

  it('flags overlapping tenancies, a key total of 0, missing and excessive readings', () => {
    const result = calculateSettlement(
      settlementInput({
        units: [unit('A', 50), unit('B', 0)],
        tenancies: [
          tenancy('a1', 'A', '2024-01-01', '2025-06-30'),
          tenancy('a2', 'A', '2025-06-30', null),
          tenancy('b1', 'B', '2025-01-01', null),
        ],
        costs: [
          cost('Wasser', 10_000, 'consumption', {
            consumption: { totalMilli: 1_000, byTenancyMilli: { a1: 2_000 } },
          }),
          cost('Versicherung', 5_000, 'mea'),
          cost('Schlüssel', 500, 'direct', { tenancyId: 'nobody' }),
        ],
      }),
    );
    const codes = result.warnings.map((w) => [w.code, w.severity, w.path]);
    expect(codes).toContainEqual(['tenancy-overlap', 'error', 'tenancies.a2']);
    expect(codes).toContainEqual(['consumption-exceeds-total', 'error', 'costs.0.consumption.totalUnits']);
    expect(codes).toContainEqual(['consumption-missing', 'warning', 'costs.0.consumption.byTenancy.b1']);
    expect(codes).toContainEqual(['mea-missing', 'error', 'costs.1.key']);
    expect(codes).toContainEqual(['key-total-zero', 'error', 'costs.1.key']);
    expect(codes).toContainEqual(['direct-tenancy-unknown', 'error', 'costs.2.tenancyId']);
    for (const c of result.costs) expect(c.differenceCents).toBe(0);
  });

  it('refuses a period over twelve months', () => {
    const result = calculateSettlement(
      settlementInput({ periodStart: '2025-01-01', periodEnd: '2026-01-01' }),
    );
    expect(result.warnings.map((w) => w.code)).toEqual(['period-invalid']);
  });
});
