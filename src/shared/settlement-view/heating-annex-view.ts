// The heating annex of a tenant's letter (docs/domain/house.md): everything the tenant needs to
// recompute his heating and hot-water shares from the letter alone – the costs of operation, the
// hot-water heat and its formula, and per pot the consumption and area parts with their totals, the
// price per unit and his own units and area. Where a metering company computed the shares, the
// annex names it and refers to its statement.

import { divideRoundHalfUp } from '../arithmetic/rounding';
import { oneYearPeriodEnd } from '../dates';
import {
  formatCents,
  formatDateDe,
  formatDays,
  formatNumberDe,
  formatPercentHundredths,
  formatQuantity,
} from '../money';
import type { CostResult, HeatingCut, SettlementResult, ShareRow, TenancyResult } from '../settlement/types';
import { FUEL_LABELS, FUEL_UNITS, HEATING_CUT_LABELS } from '../vocabulary';
import type { LetterSource } from './letter-view';

export interface AnnexLine {
  label: string;
  value: string;
  /** A sum or the tenant's result: printed bold. */
  strong?: boolean;
}

export interface AnnexSection {
  heading: string;
  lines: AnnexLine[];
  notes: string[];
}

export interface HeatingAnnexView {
  title: string;
  intro: string;
  sections: AnnexSection[];
}

type Heating = NonNullable<LetterSource['entries']['heating']>;

const POT_ONLY = { heating: 'nur Heizung', 'hot-water': 'nur Warmwasser' } as const;
type Computed = NonNullable<Heating['computed']>;

const kwh = (milli: number) => `${formatNumberDe(milli / 1000, 0)} kWh`;
/** Cents per unit with four decimals: "0,0583 €". */
const unitPrice = (cents: number, unitsMilli: number) =>
  `${formatNumberDe((cents * 1000) / unitsMilli / 100, 4)} €`;

export function heatingAnnexView(
  source: LetterSource,
  result: SettlementResult,
  tenancyId: string,
): HeatingAnnexView | undefined {
  const heating = source.entries.heating;
  const outcome = result.tenancies.find((t) => t.tenancyId === tenancyId);
  if (!heating || !outcome) return undefined;
  const rowOf = (key: CostResult['key']) => {
    const cost = result.costs.find((c) => c.key === key);
    const row = cost ? outcome.rows.find((r) => r.costIndex === cost.index) : undefined;
    return cost && row ? { cost, row } : undefined;
  };
  if (heating.mode === 'service') {
    const service = heating.service;
    const own = service?.byTenancy[tenancyId];
    const dated = service?.statementDate ? ` (Abrechnung vom ${formatDateDe(service.statementDate)})` : '';
    // a cut is taken off the statement's amount: the row's share is what remains
    const afterCuts = (key: HeatingCut['key'], name: string): AnnexLine[] => {
      const cuts = cutsOf(outcome, key);
      const row = rowOf(key)?.row;
      if (cuts.length === 0 || !row) return [];
      return [
        ...cutLines(cuts),
        { label: `Ihr Anteil an den ${name}`, value: formatCents(row.shareCents), strong: true },
      ];
    };
    return {
      title: 'Anlage: Heiz- und Warmwasserkosten',
      intro: `Ihre Heiz- und Warmwasserkosten hat ${service?.provider || 'der Messdienst'} nach der Heizkostenverordnung ermittelt${dated}. Seine Abrechnung liegt dieser Abrechnung bei${service?.documentId ? ' und ist auf Ihrer Seite zur Abrechnung abrufbar' : ''}.`,
      sections: [
        {
          heading: 'Aus der Abrechnung des Messdienstes',
          lines: [
            { label: 'Heizkosten des Hauses', value: formatCents(service?.totalCents ?? 0) },
            ...(own
              ? [
                  { label: 'Ihre Heizkosten', value: formatCents(own.heatingCents) },
                  ...afterCuts('heating', 'Heizkosten'),
                  { label: 'Ihre Warmwasserkosten', value: formatCents(own.hotWaterCents) },
                  ...afterCuts('hot-water', 'Warmwasserkosten'),
                ]
              : []),
          ],
          notes: [],
        },
        ...co2Section(result, outcome),
      ],
    };
  }
  const computed = heating.computed;
  const fuel = result.heating?.fuel;
  if (!computed || !fuel) return undefined;
  const heat = rowOf('heating');
  const water = rowOf('hot-water');
  const unit = source.units.find((u) => u.id === outcome.unitId);
  // parking spaces are not heated (as in the engine)
  const buildingArea = source.units.reduce((s, u) => s + (u.kind === 'parking' ? 0 : u.area), 0);
  const sections: AnnexSection[] = [costsOfOperation(computed, fuel, result.heating?.operatingCents ?? 0)];
  if (water) sections.push(hotWaterShare(computed, result, water.cost, heat?.cost, buildingArea, source));
  if (heat) {
    sections.push(
      potSection(
        'Heizkosten',
        heat,
        computed.heatingConsumptionPercent,
        computed.heat.fromMeters ? 'kWh' : 'Einheiten',
        cutsOf(outcome, 'heating'),
        {
          buildingArea,
          unitArea: unit?.area ?? 0,
          periodDays: result.periodDays,
          derived: derivedReading(computed.heat, outcome, 'Gradtagszahlen'),
        },
      ),
    );
  }
  if (water && computed.hotWater) {
    sections.push(
      potSection(
        'Warmwasserkosten',
        water,
        computed.hotWater.consumptionPercent,
        'm³',
        cutsOf(outcome, 'hot-water'),
        {
          buildingArea,
          unitArea: unit?.area ?? 0,
          periodDays: result.periodDays,
          derived: derivedReading(computed.hotWater, outcome, 'Tagen'),
        },
      ),
    );
  }
  sections.push(...co2Section(result, outcome));
  return {
    title: 'Anlage: Heiz- und Warmwasserkosten (HeizkostenV)',
    intro:
      'So sind Ihre Heiz- und Warmwasserkosten berechnet: aus den Kosten des Betriebs der Heizung, dem Anteil für Warmwasser und der Verteilung nach Verbrauch und Wohnfläche.',
    sections,
  };
}

/** The CO2 working (§ 7(3) CO2KostAufG): the building's step and the tenant's part, or nothing. */
function co2Section(result: SettlementResult, outcome: TenancyResult): AnnexSection[] {
  const co2 = result.heating?.co2;
  const own = outcome.co2;
  if (!co2 || !own) return [];
  const step =
    co2.step === null ? 'Nichtwohngebäude: je zur Hälfte (§ 8)' : `Stufe ${co2.step} der Anlage (§ 5)`;
  return [
    {
      heading: 'CO2-Kosten (CO2KostAufG)',
      lines: [
        { label: 'CO2-Ausstoß des Gebäudes', value: `${formatQuantity(co2.kgMilli / 1000)} kg` },
        { label: 'Wohnfläche des Gebäudes', value: `${formatQuantity(co2.areaMilli / 1000)} m²` },
        {
          label: `je m² und Jahr (auf eine Nachkommastelle gerundet): ${step}`,
          value: `${formatNumberDe(co2.kgPerM2Tenths / 10, 1)} kg`,
        },
        { label: 'CO2-Kosten des Gebäudes', value: formatCents(co2.costCents) },
        { label: 'Anteil des Vermieters', value: `${formatQuantity(co2.landlordPermille / 10)} %` },
        {
          label: 'Ihr Teil der CO2-Kosten (nach Ihren Heiz- und Warmwasserkosten)',
          value: formatCents(own.costCents),
        },
        { label: 'davon trägt der Vermieter', value: formatCents(-own.reliefCents) },
        { label: 'Sie tragen', value: formatCents(own.tenantCents), strong: true },
      ],
      notes: [
        co2.alreadyDeducted
          ? 'Der Anteil des Vermieters ist in den Beträgen des Messdienstes schon abgezogen.'
          : 'Der Anteil des Vermieters steht als eigene Zeile „CO2-Kosten: Anteil des Vermieters“ in der Kostenaufstellung.',
      ],
    },
  ];
}

function costsOfOperation(
  computed: Computed,
  fuel: NonNullable<NonNullable<SettlementResult['heating']>['fuel']>,
  operatingCents: number,
): AnnexSection {
  const unit = FUEL_UNITS[computed.fuel.kind];
  const quantity = (value: number) => `${formatQuantity(value)} ${unit}`;
  const lines: AnnexLine[] = [{ label: 'Brennstoff', value: FUEL_LABELS[computed.fuel.kind] }];
  const opening = computed.fuel.openingStock;
  if (opening) {
    lines.push({
      label: 'Anfangsbestand',
      value: `${quantity(opening.quantity)} · ${formatCents(opening.valueCents)}`,
    });
  }
  for (const d of computed.fuel.deliveries) {
    lines.push({
      label: `Lieferung ${formatDateDe(d.date)}`,
      value: `${quantity(d.quantity)} · ${formatNumberDe(d.kwh, 0)} kWh · ${formatCents(d.amountCents)}`,
    });
  }
  if (computed.fuel.closingStock) {
    lines.push({ label: 'Endbestand', value: quantity(computed.fuel.closingStock.quantity) });
  }
  lines.push({
    label: 'Verbraucht',
    value: `${quantity(fuel.quantityMilli / 1000)} · ${kwh(fuel.kwhMilli)} · ${formatCents(fuel.valueCents)}`,
    strong: true,
  });
  for (const o of computed.operatingCosts) {
    lines.push({
      label: `${o.name}${o.pot ? ` (${POT_ONLY[o.pot]})` : ''}`,
      value: formatCents(o.amountCents),
    });
  }
  lines.push({
    label: 'Kosten des Betriebs zusammen',
    value: formatCents(fuel.valueCents + operatingCents),
    strong: true,
  });
  return {
    heading: 'Kosten des Betriebs der Heizung (§ 7 Abs. 2 HeizkostenV)',
    lines,
    notes: [
      'Verbraucht ist Anfangsbestand + Lieferungen − Endbestand; der Endbestand gilt als zuletzt geliefert, der Verbrauch ist mit den Preisen der früheren Lieferungen bewertet.',
    ],
  };
}

function hotWaterShare(
  computed: Computed,
  result: SettlementResult,
  water: CostResult,
  heat: CostResult | undefined,
  buildingArea: number,
  source: LetterSource,
): AnnexSection {
  const hotWater = computed.hotWater;
  const q = result.heating?.hotWaterKwhMilli ?? 0;
  const fuelKwh = result.heating?.fuel?.kwhMilli ?? 0;
  const lines: AnnexLine[] = [];
  const notes: string[] = [];
  if (hotWater?.method === 'meter') {
    lines.push({ label: 'Wärmemenge laut Wärmezähler', value: kwh(q) });
  } else if (hotWater?.method === 'volume') {
    // read from the meters, the house's m³ are the pot's total
    const volume = hotWater.volumeM3 ?? hotWater.totalM3 ?? (water.totalUnitsMilli ?? 0) / 1000;
    lines.push({
      label: `Q = 2,5 × V × (tw − 10 °C) = 2,5 × ${formatQuantity(volume)} m³ × (${formatQuantity(hotWater.temperatureC ?? 0)} − 10)`,
      value: kwh(q),
    });
  } else if (hotWater?.method === 'area') {
    const area = hotWater.areaM2 ?? buildingArea;
    const periodDays = result.periodDays;
    const short = source.periodEnd < oneYearPeriodEnd(source.periodStart);
    lines.push({
      label: `Q = 32 kWh/m² × A = 32 × ${formatQuantity(area)} m²${short ? ` × ${periodDays}/365 Tage` : ''}`,
      value: kwh(q),
    });
  }
  if (computed.fuel.kind === 'gas' && computed.fuel.billedOnHs && hotWater?.method !== 'meter') {
    notes.push('Erdgas ist nach dem Brennwert (Hs) abgerechnet: die Wärmemenge ist mit 1,11 malgenommen.');
  }
  if (computed.fuel.kind === 'district' && hotWater?.method !== 'meter') {
    notes.push('Bei Fernwärme ist die Wärmemenge durch 1,15 geteilt (§ 9 Abs. 2 HeizkostenV).');
  }
  if (computed.fuel.kind === 'heatpump' && hotWater?.method !== 'meter') {
    notes.push('Bei einer Wärmepumpe ist die Wärmemenge mit 0,3 malgenommen (§ 9 Abs. 2 HeizkostenV).');
  }
  const share = fuelKwh > 0 ? Number(divideRoundHalfUp(BigInt(q) * 10_000n, BigInt(fuelKwh))) : 0;
  const potOnly = computed.operatingCosts.filter((o) => o.pot).reduce((sum, o) => sum + o.amountCents, 0);
  if (potOnly !== 0) {
    const all = (result.heating?.fuel?.valueCents ?? 0) + (result.heating?.operatingCents ?? 0);
    lines.push({ label: 'Gemeinsame Kosten von Heizung und Warmwasser', value: formatCents(all - potOnly) });
  }
  lines.push({
    label: `Anteil Warmwasser: ${kwh(q)} ÷ ${kwh(fuelKwh)}`,
    value: formatPercentHundredths(share),
  });
  // § 9(1) S. 3: the costs of one pot are not shared by the hot-water heat
  for (const pot of ['hot-water', 'heating'] as const) {
    const own = computed.operatingCosts.filter((o) => o.pot === pot);
    if (own.length === 0) continue;
    const label = `${pot === 'hot-water' ? 'darin' : 'bei der Heizung'} ${POT_ONLY[pot]}: ${own.map((o) => o.name).join(', ')}`;
    lines.push({ label, value: formatCents(own.reduce((sum, o) => sum + o.amountCents, 0)) });
  }
  lines.push({ label: 'Kosten Warmwasser', value: formatCents(water.amountCents), strong: true });
  if (heat)
    lines.push({ label: 'Kosten Heizung (der Rest)', value: formatCents(heat.amountCents), strong: true });
  return { heading: 'Anteil für Warmwasser (§ 9 HeizkostenV)', lines, notes };
}

function potSection(
  name: string,
  { cost, row }: { cost: CostResult; row: ShareRow },
  consumptionPercent: number,
  unitName: string,
  cuts: HeatingCut[],
  house: { buildingArea: number; unitArea: number; periodDays: number; derived: string | null },
): AnnexSection {
  const byConsumption = cost.totalUnitsMilli !== null && cost.totalUnitsMilli > 0;
  const percent = byConsumption ? consumptionPercent : 0;
  // the parts as the engine weighs them: p % of the amount by units, the rest by area × days
  const consumptionCents = (cost.amountCents * percent) / 100;
  const areaCents = cost.amountCents - consumptionCents;
  const lines: AnnexLine[] = [{ label: name, value: formatCents(cost.amountCents), strong: true }];
  const notes: string[] = [];
  if (byConsumption && cost.totalUnitsMilli !== null) {
    const units = row.unitsMilli ?? 0;
    lines.push(
      { label: `davon ${percent} % nach Verbrauch`, value: formatCents(Math.round(consumptionCents)) },
      {
        label: `Verbrauch des Hauses: ${formatQuantity(cost.totalUnitsMilli / 1000)} ${unitName}; Preis je ${unitName === 'Einheiten' ? 'Einheit' : unitName}`,
        value: unitPrice(consumptionCents, cost.totalUnitsMilli),
      },
      {
        label: `Ihr Verbrauch: ${formatQuantity(units / 1000)} ${unitName}${house.derived ? ` (${house.derived})` : ''}`,
        value: formatCents(Math.round((consumptionCents * units) / cost.totalUnitsMilli)),
      },
    );
  } else {
    notes.push('Ohne verwertbare Verbrauchswerte ist alles nach Wohnfläche verteilt.');
  }
  const houseWeight = house.buildingArea * house.periodDays;
  const ownWeight = house.unitArea * (row.days ?? 0);
  lines.push(
    { label: `davon ${100 - percent} % nach Wohnfläche`, value: formatCents(Math.round(areaCents)) },
    {
      label: `Wohnfläche des Hauses: ${formatQuantity(house.buildingArea)} m² × ${formatDays(house.periodDays)}; Preis je m²`,
      value: `${formatNumberDe(house.buildingArea > 0 ? areaCents / house.buildingArea / 100 : 0, 4)} €`,
    },
    {
      label: `Ihre Wohnfläche: ${formatQuantity(house.unitArea)} m² × ${formatDays(row.days ?? 0)}`,
      value: formatCents(houseWeight > 0 ? Math.round((areaCents * ownWeight) / houseWeight) : 0),
    },
    ...cutLines(cuts),
    { label: `Ihr Anteil an den ${name}`, value: formatCents(row.shareCents), strong: true },
  );
  notes.push(
    'Ihr Anteil ist als Ganzes auf den Cent gerundet; die Teilbeträge darüber sind gerundet gezeigt.',
  );
  return { heading: `${name}: Verteilung (§§ 7, 8 HeizkostenV)`, lines, notes };
}

/** The tenant's cuts by law, each with its reason, as already taken off his share. */
function cutLines(cuts: HeatingCut[]): AnnexLine[] {
  return cuts.map((cut) => ({
    label: `Kürzung um ${cut.percent} %: ${HEATING_CUT_LABELS[cut.reason]}`,
    value: formatCents(-cut.cents),
  }));
}

function cutsOf(outcome: TenancyResult, key: HeatingCut['key']): HeatingCut[] {
  return (outcome.cuts ?? []).filter((c) => c.key === key);
}

/** How the tenant's reading was found where he had none of his own (§ 9b HeizkostenV), or null. */
function derivedReading(
  pot: { byTenancy: Record<string, unknown>; byUnit: Record<string, number> },
  outcome: TenancyResult,
  spread: 'Gradtagszahlen' | 'Tagen',
): string | null {
  if (pot.byTenancy[outcome.tenancyId] !== undefined || pot.byUnit[outcome.unitId] === undefined) return null;
  return `ermittelt nach ${spread} aus dem Zählerstand der Wohnung, § 9b HeizkostenV`;
}
