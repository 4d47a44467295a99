import { describe, expect, it } from 'vitest';
import { cost, form } from '../../../tests/builders/statement';
import { warningKey } from '../settlement/checks';
import { statementWarnings } from './checks';

const TODAY = '2025-06-01';
const area = { totalArea: 400, tenantArea: 80 };
const keys = (data: ReturnType<typeof form>, today = TODAY) => statementWarnings(data, today).map(warningKey);

describe('statementWarnings', () => {
  it('is silent on a clean statement', () => {
    const clean = form({
      costs: [
        cost('Grundsteuer', 48_000, 'Wohnfläche in m2', area),
        cost('Heizkosten', 90_000, 'Verbrauch in m3', { totalConsumption: 100, tenantConsumption: 20 }),
        cost('Sonstige Betriebskosten: Dachrinnenreinigung', 12_000, 'Pauschal'),
      ],
    });
    expect(statementWarnings(clean, TODAY)).toEqual([]);
  });

  it('runs the settlement’s cost checks at the cost’s name', () => {
    const data = form({
      costs: [
        cost('Reparatur Mülltonne', 5_000),
        cost('Heizkosten', 90_000, 'Wohnfläche in m2', area),
        cost('Kabelfernsehen', 12_000),
        cost('Sonstiges', 3_000),
      ],
    });
    expect(keys(data)).toEqual([
      'cost-not-allocatable@costs.0.name',
      'heating-not-by-consumption@costs.1.name',
      'cable-tv-fees@costs.2.name',
      'other-costs-unnamed@costs.3.name',
    ]);
    expect(statementWarnings(data, TODAY)[0]).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining('§ 1 Abs. 2 BetrKV'),
    });
  });

  it('leaves a flat heating amount alone: it is the tenant’s figure from the heating bill', () => {
    expect(keys(form({ costs: [cost('Heizkosten laut Abrechnung ista', 61_000, 'Pauschal')] }))).toEqual([]);
  });

  it('names the period field for a period over 12 months and a passed deadline, once each', () => {
    const long = form({ billingPeriod: { start: '2024-01-01', end: '2025-01-01' } });
    expect(keys(long)).toEqual(['period-over-12-months@billingPeriod.end']);
    expect(keys(form(), '2026-01-01')).toEqual(['deadline-passed@billingPeriod.end']);
    expect(keys(form(), '2025-12-31')).toEqual([]);
  });

  it('keeps what the computation warns of, with its field', () => {
    const data = form({ costs: [cost('Müllabfuhr', 24_000, 'Wohnfläche in m2', { totalArea: 400 })] });
    expect(keys(data)).toEqual(['units-missing@costs.0.tenantArea']);
  });
});
