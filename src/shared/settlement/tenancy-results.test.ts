import { describe, expect, it } from 'vitest';
import { settlementInput, tenancy, unit } from '../../../tests/builders/building';
import { toDayNumber } from '../dates';
import { houseOf } from './parties';
import { tenancyResults } from './tenancy-results';

const house = houseOf(
  settlementInput({
    units: [unit('A', 60), unit('B', 40), unit('C', 30)],
    tenancies: [
      tenancy('mueller', 'A', '2019-05-01', null, { monthly: 10_000 }),
      tenancy('weber', 'B', '2025-07-01', null, { monthly: 12_000 }),
      tenancy('own', 'C', '2020-01-01', null, { kind: 'own-use', monthly: 5_000 }),
    ],
  }),
  { first: toDayNumber('2025-01-01'), last: toDayNumber('2025-12-31') },
);
const row = (shareCents: number) => ({ costIndex: 0, unitsMilli: null, days: null, shareCents });

describe('tenancyResults (prepayments)', () => {
  it('takes the agreed prepayments pro rata, what was paid where entered, and none for own use', () => {
    const results = tenancyResults(house, [[row(150_000)], [row(80_000)], [row(20_000)]], [], {
      mueller: 100_000,
    });
    expect(results.map((r) => [r.tenancyId, r.prepaymentCents, r.prepaymentEntered, r.balanceCents])).toEqual(
      [
        ['mueller', 100_000, true, 50_000],
        ['weber', 6 * 12_000, false, 8_000],
        ['own', 0, false, 20_000],
      ],
    );
    expect(results[1]).toMatchObject({
      days: 184,
      start: '2025-07-01',
      end: '2025-12-31',
      totalCents: 80_000,
    });
  });
});
