import { describe, expect, it } from 'vitest';
import { twoFlatLetterSource } from '../../../tests/builders/building';
import { formatCents } from '../money';
import { settlementInputSchema } from '../schemas/settlement';
import { calculateSettlement } from '../settlement/calculate';
import { heatingAnnexView } from './heating-annex-view';
import { type LetterSource, settlementLetterView } from './letter-view';
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
  return twoFlatLetterSource(entries, A, B);
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

describe('the annex and letter of a metering company’s statement', () => {
  /** ista's statement of 12.03.2026: Anna 600,00 € heating and 150,00 € hot water; no CO2 data. */
  function serviced(cutWithoutData: boolean): LetterSource {
    const source = house();
    const entries = settlementInputSchema.parse({
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      heating: {
        mode: 'service',
        co2: { cutWithoutData },
        service: {
          provider: 'ista',
          statementDate: '2026-03-12',
          documentId: '00000000-0000-4000-8000-0000000000d1',
          totalCents: 120_000,
          byTenancy: {
            [A]: { heatingCents: 60_000, hotWaterCents: 15_000 },
            [B]: { heatingCents: 36_000, hotWaterCents: 9_000 },
          },
        },
      },
    });
    return { ...source, entries };
  }

  it('names the company and its statement’s date and says where the tenant finds it', () => {
    const source = serviced(false);
    const annex = heatingAnnexView(source, calculateSettlement(toEngineInput(source)), A);
    expect(annex?.intro).toBe(
      'Ihre Heiz- und Warmwasserkosten hat ista nach der Heizkostenverordnung ermittelt (Abrechnung vom 12.03.2026). Seine Abrechnung liegt dieser Abrechnung bei und ist auf Ihrer Seite zur Abrechnung abrufbar.',
    );
  });

  it('names the company and its statement in the letter’s heating rows', () => {
    const source = serviced(false);
    const letter = settlementLetterView(source, calculateSettlement(toEngineInput(source)), A, {
      today: '2026-04-01',
    });
    expect(
      letter.rows.filter((r) => r.name !== 'CO2-Kosten: Anteil des Vermieters').map((r) => r.keyLabel),
    ).toEqual(['HeizkostenV\nlaut ista vom 12.03.2026', 'HeizkostenV\nlaut ista vom 12.03.2026']);
  });

  it('takes the 3 % CO2 cut off the statement’s amounts, in the annex and in the letter', () => {
    const source = serviced(true);
    const result = calculateSettlement(toEngineInput(source));
    const lines = heatingAnnexView(source, result, A)?.sections.flatMap((s) =>
      s.lines.map((l) => `${l.label}: ${l.value}`),
    );
    expect(lines).toEqual([
      'Heizkosten des Hauses: 1.200,00 €',
      'Ihre Heizkosten: 600,00 €',
      'Kürzung um 3 %: ohne CO2-Angaben (§ 7 Abs. 4 CO2KostAufG): \u221218,00 €',
      'Ihr Anteil an den Heizkosten: 582,00 €',
      'Ihre Warmwasserkosten: 150,00 €',
      'Kürzung um 3 %: ohne CO2-Angaben (§ 7 Abs. 4 CO2KostAufG): \u22124,50 €',
      'Ihr Anteil an den Warmwasserkosten: 145,50 €',
    ]);
    const letter = settlementLetterView(source, result, A, { today: '2026-04-01' });
    expect(letter.settlement?.tableNote).toContain(
      'Gesetzliche Kürzungen, bereits abgezogen (trägt der Vermieter): Heizkosten 3 % ohne CO2-Angaben (§ 7 Abs. 4 CO2KostAufG): \u221218,00 €; Warmwasserkosten 3 % ohne CO2-Angaben (§ 7 Abs. 4 CO2KostAufG): \u22124,50 €.',
    );
  });
});

describe('the CO2 working in the annex', () => {
  it('shows the building’s kg per m², its step and the tenant’s part with the landlord’s relief', () => {
    const source = house();
    const heating = source.entries.heating;
    if (!heating) throw new Error('house without heating');
    const withCo2 = {
      ...source,
      entries: { ...source.entries, heating: { ...heating, co2: { kg: 6_600, costCents: 43_197 } } },
    };
    const result = calculateSettlement(toEngineInput(withCo2));
    const own = result.tenancies.find((t) => t.tenancyId === A)?.co2;
    const section = heatingAnnexView(withCo2, result, A)?.sections.find(
      (s) => s.heading === 'CO2-Kosten (CO2KostAufG)',
    );
    const lines = section?.lines.map((l) => `${l.label}: ${l.value}`);
    // 6.600 kg on 100 m²: 66,0 kg per m², step 10, the landlord bears 95 %
    expect(lines).toEqual([
      'CO2-Ausstoß des Gebäudes: 6.600 kg',
      'Wohnfläche des Gebäudes: 100 m²',
      'je m² und Jahr (auf eine Nachkommastelle gerundet): Stufe 10 der Anlage (§ 5): 66,0 kg',
      'CO2-Kosten des Gebäudes: 431,97 €',
      'Anteil des Vermieters: 95 %',
      `Ihr Teil der CO2-Kosten (nach Ihren Heiz- und Warmwasserkosten): ${formatCents(own?.costCents ?? -1)}`,
      `davon trägt der Vermieter: ${formatCents(-(own?.reliefCents ?? 1))}`,
      `Sie tragen: ${formatCents((own?.costCents ?? 0) - (own?.reliefCents ?? 0))}`,
    ]);
    // Anna's 60 % of the heating: 259,18 € of the CO2 cost
    expect(own?.costCents).toBe(25_918);
  });
});

describe('a cost of one pot in the annex', () => {
  it('names it with its pot and shows the shared costs the hot-water share applies to', () => {
    const entries = settlementInputSchema.parse({
      periodStart: '2025-01-01',
      periodEnd: '2025-12-31',
      heating: {
        mode: 'computed',
        computed: {
          fuel: {
            kind: 'oil',
            deliveries: [{ date: '2025-01-02', quantity: 1_000, kwh: 10_000, amountCents: 100_000 }],
          },
          operatingCosts: [{ name: 'Zählermiete', amountCents: 8_000, pot: 'hot-water' }],
          hotWater: { method: 'meter', kwh: 2_500, totalM3: 10, byTenancy: { [A]: 6, [B]: 4 } },
          heat: { totalUnits: 100, byTenancy: { [A]: 60, [B]: 40 } },
        },
      },
    });
    const source = twoFlatLetterSource(entries, A, B);
    const lines = heatingAnnexView(source, calculateSettlement(toEngineInput(source)), A)?.sections.flatMap(
      (s) => s.lines.map((l) => `${l.label}: ${l.value}`),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        'Zählermiete (nur Warmwasser): 80,00 €',
        'Gemeinsame Kosten von Heizung und Warmwasser: 1.000,00 €',
        'darin nur Warmwasser: Zählermiete: 80,00 €',
        'Kosten Warmwasser: 330,00 €',
        'Kosten Heizung (der Rest): 750,00 €',
      ]),
    );
  });
});
