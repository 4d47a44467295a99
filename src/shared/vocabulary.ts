// The words a settlement is written in: the keys, fuels, CO2 cases and §35a categories that the
// engines compute with and the schemas accept. Nothing here imports anything.

/** The keys a landlord chooses for a cost. */
export const SETTLEMENT_KEYS = ['area', 'units', 'mea', 'persons', 'consumption', 'direct'] as const;
export type SettlementKey = (typeof SETTLEMENT_KEYS)[number];
/** The rows heating adds after the costs: heating, hot water and the landlord's CO2 share. */
export const HEATING_KEYS = ['heating', 'hot-water', 'co2-relief'] as const;
export type HeatingKey = (typeof HEATING_KEYS)[number];
/** Every key a result row can have. */
export const RESULT_KEYS = [...SETTLEMENT_KEYS, ...HEATING_KEYS] as const;
export type ResultKey = (typeof RESULT_KEYS)[number];
/** How a statement names each key. */
export const KEY_LABELS: Record<ResultKey, string> = {
  area: 'Wohnfläche',
  units: 'Wohneinheiten',
  mea: 'Miteigentumsanteile',
  persons: 'Personentage',
  consumption: 'Verbrauch',
  direct: 'Direkt',
  heating: 'HeizkostenV',
  'hot-water': 'HeizkostenV',
  'co2-relief': 'CO2KostAufG',
};
export type TenancyKind = 'tenant' | 'own-use';

/** What a unit is: a flat, a shop or office, a parking space or garage (docs/domain/house.md). */
export const UNIT_KINDS = ['dwelling', 'commercial', 'parking'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];
export const UNIT_KIND_LABELS: Record<UnitKind, string> = {
  dwelling: 'Wohnung',
  commercial: 'Gewerbe',
  parking: 'Stellplatz/Garage',
};

/** The meters of a house (docs/domain/house.md). */
export const METER_KINDS = ['cold-water', 'hot-water', 'heat', 'electricity', 'gas'] as const;
export type MeterKind = (typeof METER_KINDS)[number];
export const METER_KIND_LABELS: Record<MeterKind, { label: string; unit: string }> = {
  'cold-water': { label: 'Kaltwasser', unit: 'm³' },
  'hot-water': { label: 'Warmwasser', unit: 'm³' },
  heat: { label: 'Wärme', unit: 'kWh' },
  electricity: { label: 'Strom', unit: 'kWh' },
  gas: { label: 'Gas', unit: 'm³' },
};

/** The unit of a consumption typed in (the meters' kinds carry their own); absent: "Einheiten". */
export const CONSUMPTION_UNITS = ['m3', 'kWh', 'units'] as const;
export type ConsumptionUnit = (typeof CONSUMPTION_UNITS)[number];
export const CONSUMPTION_UNIT_LABELS: Record<ConsumptionUnit, string> = {
  m3: 'm³',
  kWh: 'kWh',
  units: 'Einheiten',
};

export const FUEL_KINDS = ['gas', 'oil', 'lpg', 'pellets', 'district', 'heatpump'] as const;
export type FuelKind = (typeof FUEL_KINDS)[number];
/** The unit a fuel is measured and delivered in; bought heat and power are metered in kWh. */
export const FUEL_UNITS: Record<FuelKind, string> = {
  gas: 'm³',
  oil: 'l',
  lpg: 'kg',
  pellets: 'kg',
  district: 'kWh',
  heatpump: 'kWh',
};
export const FUEL_LABELS: Record<FuelKind, string> = {
  gas: 'Erdgas',
  oil: 'Heizöl',
  lpg: 'Flüssiggas',
  pellets: 'Holzpellets',
  district: 'Fernwärme (Wärmelieferung)',
  heatpump: 'Wärmepumpe (Strom)',
};

export const CO2_RESTRICTIONS = ['none', 'building', 'supply', 'both'] as const;
export type Co2Restriction = (typeof CO2_RESTRICTIONS)[number];

/** Why a tenant may cut his heating costs by law (the landlord bears the cut). */
export const HEATING_CUT_REASONS = [
  'not-by-consumption',
  'co2-not-disclosed',
  'not-remote-readable',
  'no-consumption-information',
] as const;
export type HeatingCutReason = (typeof HEATING_CUT_REASONS)[number];
export const HEATING_CUT_LABELS: Record<HeatingCutReason, string> = {
  'not-by-consumption': 'ohne Verbrauchserfassung verteilt (§ 12 Abs. 1 HeizkostenV)',
  'co2-not-disclosed': 'ohne CO2-Angaben (§ 7 Abs. 4 CO2KostAufG)',
  'not-remote-readable': 'Zähler nicht fernablesbar (§ 12 Abs. 1 HeizkostenV)',
  'no-consumption-information': 'ohne monatliche Verbrauchsinformation (§§ 6a, 12 Abs. 1 HeizkostenV)',
};

export const LABOUR_CATEGORIES = ['household', 'craftsman'] as const;
export type LabourCategory = (typeof LABOUR_CATEGORIES)[number];
export const LABOUR_CATEGORY_LABELS: Record<LabourCategory, string> = {
  household: 'Haushaltsnahe Dienstleistungen (§ 35a Abs. 2 EStG)',
  craftsman: 'Handwerkerleistungen (§ 35a Abs. 3 EStG)',
};

/** Over how many years Erhaltungsaufwand may be spread (§ 82b EStDV). */
export const SPREAD_YEARS = [2, 3, 4, 5] as const;

/** What the landlord says a receipt is for the tax year (docs/domain/tax-year.md); null: its cost types decide. */
export const TAX_KINDS = [
  'passed-on',
  'repairs',
  'administration',
  'financing',
  'sundry',
  'private',
] as const;
export type TaxKind = (typeof TAX_KINDS)[number];
export const TAX_KIND_LABELS: Record<TaxKind, string> = {
  'passed-on': 'Umgelegte Betriebskosten',
  repairs: 'Erhaltungsaufwand (Reparatur, Instandhaltung)',
  administration: 'Verwaltung, Kontoführung',
  financing: 'Geldbeschaffungskosten (Notar, Grundbuch, Schätzung für ein Darlehen)',
  sundry: 'Sonstige Kosten (z. B. Fahrten, Porto, Anwalt)',
  private: 'Privat – keine Werbungskosten',
};

/** What a line of the Anlage V holds, in Umlage's words, in the form's order. */
export const LINE_KEYS = [
  'livingArea',
  'ownUseArea',
  'rent',
  'operatingCosts',
  'refunds',
  'earlierYears',
  'incomeTotal',
  'depreciation',
  'interest',
  'financingCosts',
  'repairs',
  'repairsSpread0',
  'repairsSpread4',
  'repairsSpread3',
  'repairsSpread2',
  'repairsSpread1',
  'passedOnCosts',
  'otherCosts',
  'sundryCosts',
  'expensesTotal',
  'surplus',
] as const;
export type LineKey = (typeof LINE_KEYS)[number];
/** The lines of Erhaltungsaufwand spread over years (§ 82b EStDV), by how many years ago it was paid. */
export const SPREAD_LINE_KEYS = [
  'repairsSpread0',
  'repairsSpread1',
  'repairsSpread2',
  'repairsSpread3',
  'repairsSpread4',
] as const satisfies readonly LineKey[];

/** The charts of accounts a DATEV file can be booked in, and what it books (docs/domain/tax-year.md). */
export const CHARTS = ['SKR03', 'SKR04'] as const;
export type Chart = (typeof CHARTS)[number];

export const ACCOUNT_KEYS = [
  'bank',
  'rent',
  'operatingCosts',
  'deposits',
  'passedOnCosts',
  'repairs',
  'otherCosts',
  'sundryCosts',
] as const;
export type AccountKey = (typeof ACCOUNT_KEYS)[number];
