import { describe, expect, it } from 'vitest';
import { tenancyJson as tenancy, unitJson as unit } from '../../../../../tests/builders/building';
import { tenanciesOfPeriod } from '../../../../shared/settlement-view/draft';
import { computeFigures, inUnitOrder, landlordParts } from './figures';

const period = { periodStart: '2025-01-01', periodEnd: '2025-12-31' };
const units = [unit('u1', 'EG', 60), unit('u2', 'OG', 40)];
const tenancies = [
  tenancy('old', 'u1', 'Früher', '2019-01-01', '2024-12-31'),
  tenancy('a', 'u1', 'Anna', '2025-01-01', '2025-06-30'),
  tenancy('own', 'u2', 'Eigennutzung', '2010-01-01', null, 'own-use'),
];

describe('the figures computed in the browser', () => {
  it('leaves out tenancies without a day in the period, as the server does', () => {
    expect(tenanciesOfPeriod(tenancies, period).map((t) => t.id)).toEqual(['a', 'own']);
  });

  it('splits each cost over tenants, vacancy and own use, names every party and adds up to the cent', () => {
    const figures = computeFigures({
      period,
      entries: { costs: [{ name: 'Grundsteuer', amountCents: 100_001, key: 'area' }] },
      units,
      tenancies,
    });
    expect(figures.periodDays).toBe(365);
    expect(figures.units.map((u) => [u.label, u.segments.map((s) => [s.kind, s.name, s.days])])).toEqual([
      [
        'EG',
        [
          ['tenant', 'Anna', 181],
          ['vacancy', null, 184],
        ],
      ],
      ['OG', [['own-use', 'Eigennutzung', 365]]],
    ]);
    const [anna] = figures.statements;
    expect(figures.statements).toHaveLength(1);
    expect(anna).toMatchObject({ tenantName: 'Anna', unitLabel: 'EG', days: 181, prepaymentCents: 60_000 });
    // 60 m² × 181 of 100 m² × 365 days
    expect(anna?.totalCents).toBe(29_754);
    expect(figures.ownUse).toEqual([
      { tenancyId: 'own', unitLabel: 'OG', name: 'Eigennutzung', days: 365, totalCents: 40_000 },
    ]);
    const [landlord] = figures.landlord.rows;
    expect(landlord).toMatchObject({ vacancyCents: 30_247, ownUseCents: 40_000, unmeteredCents: 0 });
    expect(figures.checks).toEqual([
      {
        name: 'Grundsteuer',
        amountCents: 100_001,
        tenantsCents: 29_754,
        landlordCents: 70_247,
        differenceCents: 0,
      },
    ]);
    expect(figures.totalCostsCents).toBe(100_001);
  });

  it('lists tenancies as the house lists its units, then by start', () => {
    const list = [
      { id: 'w', unitId: 'u2', start: '2025-08-01' },
      { id: 'm', unitId: 'u1', start: '2018-04-01' },
      { id: 's', unitId: 'u2', start: '2020-02-01' },
    ];
    expect(inUnitOrder(list, ['u1', 'u2']).map((t) => t.id)).toEqual(['m', 's', 'w']);
  });
});

describe('the landlord’s part by reason', () => {
  it('adds up to the landlord’s sum, the CO2 relief and the tenants’ cuts included', () => {
    const figures = computeFigures({
      period,
      entries: {
        costs: [{ name: 'Grundsteuer', amountCents: 100_001, key: 'area' }],
        heating: {
          mode: 'service',
          building: { nonResidential: false, co2Restriction: 'none' },
          co2: { kg: 6_600, costCents: 43_197 },
          service: {
            provider: 'ista',
            totalCents: 200_000,
            byTenancy: { a: { heatingCents: 90_000, hotWaterCents: 10_000 } },
          },
        },
      },
      units,
      tenancies,
    });
    const parts = landlordParts(figures);
    expect(parts.co2).toBeGreaterThan(0);
    expect(Object.values(parts).reduce((s, v) => s + v, 0)).toBe(figures.landlord.totalCents);
  });
});
