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
