import { describe, expect, it } from 'vitest';
import { twoFlatLetterSource } from '../../../tests/builders/building';
import { settlementInputSchema } from '../schemas/settlement';
import { calculateSettlement } from '../settlement/calculate';
import { type LetterSource, settlementLetterView } from './letter-view';
import { toEngineInput } from './records';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

/** Water by typed consumption: 320 of which Anna 95,5 and Ben 224,5, in the unit the landlord chose. */
function house(unit?: 'm3' | 'kWh'): LetterSource {
  const entries = settlementInputSchema.parse({
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    costs: [
      {
        name: 'Wasser',
        amountCents: 64_000,
        key: 'consumption',
        consumption: { totalUnits: 320, byTenancy: { [A]: 95.5, [B]: 224.5 }, ...(unit ? { unit } : {}) },
      },
    ],
  });
  return twoFlatLetterSource(entries, A, B);
}

const waterRow = (source: LetterSource) => {
  const letter = settlementLetterView(source, calculateSettlement(toEngineInput(source)), A, {
    today: '2026-04-01',
  });
  const row = letter.rows.find((r) => r.name === 'Wasser');
  return `${row?.totalUnits} / ${row?.tenantUnits}`;
};

describe('a consumption typed in', () => {
  it('prints its values with the unit the landlord chose', () => {
    expect(waterRow(house('m3'))).toBe('320 m³ / 95,5 m³');
    expect(waterRow(house('kWh'))).toBe('320 kWh / 95,5 kWh');
  });

  it('prints "Einheiten" where no unit was chosen', () => {
    expect(waterRow(house())).toBe('320 Einheiten / 95,5 Einheiten');
  });
});

describe('a Guthaben', () => {
  it('says how and by when the credit is paid back', () => {
    const source = house('m3');
    const letter = settlementLetterView(source, calculateSettlement(toEngineInput(source)), A, {
      today: '2026-04-01',
    });
    expect(letter.resultLabel).toBe('Guthaben');
    expect(letter.paymentRequest).toBeNull();
    expect(letter.resultText).toMatch(
      /^Es ergibt sich ein Guthaben in Höhe von [\d.,]+ €\. Wir überweisen es Ihnen bis zum \d\d\.\d\d\.2026 auf das Konto, von dem Ihre Mietzahlungen kommen/,
    );
  });
});
