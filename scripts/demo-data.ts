// The lived-in account of `npm run demo`: a landlord with an apartment building in Berlin and a
// flat in Leipzig, statements over three years in every status and a few receipts. Request bodies
// as the browser sends them (amounts in German notation).

export const DEMO_LOGIN = { email: 'demo@umlage.test', password: 'Demo-Passwort-2024' };
export const DEMO_NAME = 'Thomas Becker';

export const DEMO_PROPERTIES = {
  berlin: {
    name: 'Mehrfamilienhaus Lindenstraße',
    type: 'mehrfamilienhaus',
    street: 'Lindenstraße 12',
    postalCode: '10969',
    city: 'Berlin',
    yearBuilt: 1962,
    totalArea: '480,5',
    unitCount: 6,
    notes: 'Sechs Wohnungen, Zentralheizung (Gas), Hausmeisterdienst seit 2021.',
  },
  leipzig: {
    name: 'Eigentumswohnung Am Stadtpark',
    type: 'eigentumswohnung',
    street: 'Am Stadtpark 3',
    postalCode: '04109',
    city: 'Leipzig',
    yearBuilt: 2008,
    totalArea: '78',
    unitCount: 1,
    notes: 'Vermietet seit 2019.',
  },
} as const;

const landlord = { name: DEMO_NAME, street: 'Gneisenaustraße 41', city: '10961 Berlin' };
const bankDetails = {
  bank: 'Berliner Sparkasse',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  holder: DEMO_NAME,
};

interface Cost {
  name: string;
  amount: string;
  allocationKey: 'Pauschal' | 'Wohnfläche in m2' | 'Verbrauch in m3' | 'Personen';
  total?: string;
  tenant?: string;
}

function costs(list: Cost[]) {
  return list.map((c, i) => ({
    id: `demo-${i + 1}`,
    name: c.name,
    amount: c.amount,
    allocationKey: c.allocationKey,
    ...(c.allocationKey === 'Wohnfläche in m2' ? { totalArea: c.total, tenantArea: c.tenant } : {}),
    ...(c.allocationKey === 'Verbrauch in m3'
      ? { totalConsumption: c.total, tenantConsumption: c.tenant }
      : {}),
    ...(c.allocationKey === 'Personen' ? { totalPeople: c.total, tenantPeople: c.tenant } : {}),
  }));
}

/** The Berlin building's costs of one year; `rise` scales them (prices go up every year). */
function berlinCosts(rise: number, tenantArea: string, tenantWater: string, tenantPeople: string) {
  const euro = (value: number) =>
    (Math.round(value * rise * 100) / 100).toLocaleString('de-DE', { minimumFractionDigits: 2 });
  return costs([
    {
      name: 'Grundsteuer',
      amount: euro(1860),
      allocationKey: 'Wohnfläche in m2',
      total: '480,5',
      tenant: tenantArea,
    },
    {
      name: 'Wasserversorgung',
      amount: euro(2340.5),
      allocationKey: 'Verbrauch in m3',
      total: '612',
      tenant: tenantWater,
    },
    {
      name: 'Abwasser',
      amount: euro(1980.2),
      allocationKey: 'Verbrauch in m3',
      total: '612',
      tenant: tenantWater,
    },
    { name: 'Müllabfuhr', amount: euro(1122), allocationKey: 'Personen', total: '14', tenant: tenantPeople },
    {
      name: 'Gebäudereinigung',
      amount: euro(1440),
      allocationKey: 'Wohnfläche in m2',
      total: '480,5',
      tenant: tenantArea,
    },
    {
      name: 'Versicherungen',
      amount: euro(2104.37),
      allocationKey: 'Wohnfläche in m2',
      total: '480,5',
      tenant: tenantArea,
    },
    {
      name: 'Hauswart',
      amount: euro(1800),
      allocationKey: 'Wohnfläche in m2',
      total: '480,5',
      tenant: tenantArea,
    },
    { name: 'Schornsteinreinigung', amount: euro(86.4), allocationKey: 'Pauschal' },
  ]);
}

function berlinForm(
  year: number,
  tenant: { name: string; floor: string },
  units: [string, string, string],
  rise: number,
) {
  return {
    landlord,
    tenant: { name: tenant.name, street: 'Lindenstraße 12', city: '10969 Berlin' },
    billingPeriod: { start: `${year}-01-01`, end: `${year}-12-31` },
    propertyAddress: {
      street: 'Lindenstraße 12',
      postalCode: '10969',
      city: 'Berlin',
      type: 'mehrfamilienhaus',
      floor: tenant.floor,
      area: units[0],
      usage: 'Wohnung',
    },
    costs: berlinCosts(rise, ...units),
    bankDetails,
    prepayments: { monthly: year < 2024 ? '240,00' : '260,00', months: '12' },
    includeGreeting: true,
  };
}

const weber = { name: 'Familie Weber', floor: '2. OG links' };
const weberUnits: [string, string, string] = ['92,5', '118,4', '4'];

/** The statements in the order they are created; `final` ones are bought as a final PDF when possible. */
export function demoStatements(ids: { berlin: string; leipzig: string }) {
  return [
    {
      status: 'Beglichen',
      propertyId: ids.berlin,
      title: 'Betriebskosten 2022 – Familie Weber',
      formData: berlinForm(2022, weber, weberUnits, 0.92),
    },
    {
      status: 'Versendet',
      propertyId: ids.berlin,
      title: 'Betriebskosten 2023 – Familie Weber',
      formData: berlinForm(2023, weber, weberUnits, 0.97),
    },
    {
      status: 'Entwurf',
      final: true,
      propertyId: ids.berlin,
      title: 'Betriebskosten 2024 – Familie Weber',
      formData: berlinForm(2024, weber, weberUnits, 1),
    },
    {
      status: 'Erstellt',
      propertyId: ids.leipzig,
      title: 'Betriebskosten 2024 – Sabine Hoffmann',
      formData: {
        landlord,
        tenant: { name: 'Sabine Hoffmann', street: 'Am Stadtpark 3', city: '04109 Leipzig' },
        billingPeriod: { start: '2024-01-01', end: '2024-12-31' },
        propertyAddress: {
          street: 'Am Stadtpark 3',
          postalCode: '04109',
          city: 'Leipzig',
          type: 'eigentumswohnung',
          floor: '3. OG',
          area: '78',
          usage: 'Wohnung',
        },
        // the owners' association bills the flat's share; the tenant carries it in full
        costs: costs([
          { name: 'Grundsteuer', amount: '312,00', allocationKey: 'Pauschal' },
          { name: 'Wasserversorgung', amount: '398,64', allocationKey: 'Pauschal' },
          { name: 'Müllabfuhr', amount: '187,20', allocationKey: 'Pauschal' },
          { name: 'Aufzug', amount: '241,80', allocationKey: 'Pauschal' },
          { name: 'Versicherungen', amount: '164,15', allocationKey: 'Pauschal' },
        ]),
        bankDetails,
        prepayments: { monthly: '95,00', months: '12' },
      },
    },
    {
      status: 'Entwurf',
      propertyId: ids.berlin,
      title: 'Betriebskosten 2024 – Jonas Klein',
      // a draft half done: the costs so far, no prepayments yet
      formData: {
        landlord,
        tenant: { name: 'Jonas Klein', street: 'Lindenstraße 12', city: '10969 Berlin' },
        billingPeriod: { start: '2024-01-01', end: '2024-12-31' },
        costs: berlinCosts(1, '64', '', '1').slice(0, 3),
      },
    },
  ] as const;
}

export const DEMO_RECEIPTS = [
  {
    property: 'berlin',
    type: 'Rechnung',
    name: 'Grundsteuerbescheid 2024',
    docDate: '2024-02-15',
    kind: 'pdf',
    tags: 'Steuer, 2024',
  },
  {
    property: 'berlin',
    type: 'Rechnung',
    name: 'Wasserrechnung Berliner Wasserbetriebe 2024',
    docDate: '2025-01-20',
    kind: 'pdf',
    tags: 'Wasser, 2024',
  },
  {
    property: 'berlin',
    type: 'Vertrag',
    name: 'Hausmeistervertrag',
    docDate: '2021-03-01',
    kind: 'pdf',
    tags: 'Hauswart',
  },
  {
    property: 'berlin',
    type: 'Reparatur',
    name: 'Foto Wasserschaden Keller',
    docDate: '2024-09-03',
    kind: 'png',
    tags: 'Keller',
  },
  {
    property: 'leipzig',
    type: 'Protokoll',
    name: 'Protokoll Eigentümerversammlung 2024',
    docDate: '2024-05-22',
    kind: 'pdf',
    tags: 'WEG',
  },
] as const;

/** The Berlin house's six flats (480,5 m² together) and who lived in them; the Hausabrechnung 2025. */
export const DEMO_UNITS = [
  { label: 'EG links', area: 92.5, floor: 'EG' },
  { label: 'EG rechts', area: 68, floor: 'EG' },
  { label: '1. OG links', area: 92.5, floor: '1. OG' },
  { label: '1. OG rechts', area: 68, floor: '1. OG' },
  { label: '2. OG links', area: 91.5, floor: '2. OG' },
  { label: '2. OG rechts', area: 68, floor: '2. OG', note: 'Wohnung der Familie Becker' },
] as const;

type DemoUnit = (typeof DEMO_UNITS)[number]['label'];

const party = (name: string) => ({ name, street: '', city: '' });

export const DEMO_TENANCIES: Array<{ unit: DemoUnit; key: string; body: Record<string, unknown> }> = [
  {
    unit: 'EG links',
    key: 'kaya',
    body: {
      tenant: party('Familie Kaya'),
      start: '2016-03-01',
      end: null,
      persons: 4,
      monthlyPrepaymentCents: 26_000,
    },
  },
  {
    unit: 'EG rechts',
    key: 'oeztuerk',
    body: {
      tenant: { name: 'Mehmet Öztürk', street: 'Wrangelstraße 80', city: '10997 Berlin' },
      start: '2018-08-01',
      end: '2025-05-31',
      persons: 1,
      monthlyPrepaymentCents: 17_000,
    },
  },
  {
    unit: 'EG rechts',
    key: 'lange',
    body: {
      tenant: party('Sabine Lange'),
      start: '2025-07-01',
      end: null,
      persons: 2,
      monthlyPrepaymentCents: 18_500,
    },
  },
  {
    unit: '1. OG links',
    key: 'brandt',
    body: {
      tenant: { ...party('Dr. Jana Brandt'), email: 'jana.brandt@example.test' },
      start: '2019-09-01',
      end: null,
      persons: 2,
      monthlyPrepaymentCents: 24_000,
      changes: [{ from: '2025-04-01', monthlyPrepaymentCents: 25_500 }],
    },
  },
  {
    unit: '1. OG rechts',
    key: 'wagner',
    body: {
      tenant: party('Lukas Wagner'),
      start: '2021-01-15',
      end: null,
      persons: 1,
      monthlyPrepaymentCents: 16_500,
    },
  },
  {
    unit: '2. OG links',
    key: 'schulz',
    body: {
      tenant: party('Familie Schulz-Meier'),
      start: '2023-10-01',
      end: null,
      persons: 3,
      monthlyPrepaymentCents: 24_500,
    },
  },
  {
    unit: '2. OG rechts',
    key: 'becker',
    body: {
      kind: 'own-use',
      tenant: party('Familie Becker'),
      start: '2020-01-01',
      end: null,
      persons: 2,
      monthlyPrepaymentCents: 0,
    },
  },
];

/** The 2025 settlement of the Berlin house, a draft: every key once. */
export function demoSettlement(tenancyIds: Record<string, string>) {
  const id = (key: string) => tenancyIds[key] ?? '';
  return {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    costs: [
      { name: 'Grundsteuer', amountCents: 184_560, key: 'area' },
      {
        name: 'Wasserversorgung und Entwässerung',
        amountCents: 312_000,
        key: 'consumption',
        consumption: {
          totalUnits: 612,
          byTenancy: {
            [id('kaya')]: 168.4,
            [id('oeztuerk')]: 31.2,
            [id('lange')]: 38.9,
            [id('brandt')]: 97.5,
            [id('wagner')]: 52.1,
            [id('schulz')]: 121.8,
            [id('becker')]: 88.6,
          },
        },
      },
      { name: 'Müllabfuhr', amountCents: 126_480, key: 'persons' },
      { name: 'Gebäudereinigung', amountCents: 198_000, key: 'units' },
      { name: 'Hauswart', amountCents: 240_000, key: 'area' },
      { name: 'Versicherungen', amountCents: 171_234, key: 'area' },
      { name: 'Allgemeinstrom', amountCents: 48_620, key: 'units' },
    ],
    letter: {
      landlord,
      bank: { holder: DEMO_NAME, iban: bankDetails.iban, bic: bankDetails.bic, bank: bankDetails.bank },
    },
  };
}
