import { describe, expect, it } from 'vitest';
import { tenancyJson, unitJson } from '../../../tests/builders/building';
import { settlementInputSchema } from '../schemas/settlement';
import { calculateSettlement } from '../settlement/calculate';
import { heatingAnnexView } from './heating-annex-view';
import type { LetterSource } from './letter-view';
import { toEngineInput } from './records';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

/** Two flats, 60 and 40 m², let all year; heating of 1.000,00 € without any reading. */
function house(): LetterSource {
  const entries = settlementInputSchema.parse({
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    heating: {
      mode: 'computed',
      computed: {
        fuel: {
          kind: 'oil',
          deliveries: [{ date: '2025-01-02', quantity: 100, kwh: 1_000, amountCents: 100_000 }],
        },
        heat: { totalUnits: 0 },
      },
    },
  });
  return {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    property: { name: 'Haus', street: 'Weg 1', postalCode: '10115', city: 'Berlin' },
    units: [unitJson('ua', 'Links', 60), unitJson('ub', 'Rechts', 40)],
    tenancies: [
      tenancyJson(A, 'ua', 'Anna', '2020-01-01', null),
      tenancyJson(B, 'ub', 'Ben', '2020-01-01', null),
    ],
    entries,
  };
}

describe('heatingAnnexView', () => {
  it('shows the costs of operation, the area split without readings and the § 12 cut as an amount', () => {
    const source = house();
    const result = calculateSettlement(toEngineInput(source));
    const annex = heatingAnnexView(source, result, A);
    const lines = annex?.sections.flatMap((s) => s.lines.map((l) => `${l.label}: ${l.value}`));
    expect(lines).toContain('Kosten des Betriebs zusammen: 1.000,00 €');
    expect(lines).toContain('davon 100 % nach Wohnfläche: 1.000,00 €');
    expect(lines).toContain('Ihre Wohnfläche: 60 m² × 365 Tage: 600,00 €');
    expect(lines).toContain(
      'Kürzung um 15 %: ohne Verbrauchserfassung verteilt (§ 12 Abs. 1 HeizkostenV): \u221290,00 €',
    );
    expect(lines).toContain('Ihr Anteil an den Heizkosten: 510,00 €');
  });
});
