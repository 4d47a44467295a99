import { describe, expect, it } from 'vitest';
import { type CheckedInput, type PreviousCosts, settlementChecks, warningKey } from './checks';

const TODAY = '2026-03-01';

const clean: CheckedInput = {
  periodStart: '2025-01-01',
  periodEnd: '2025-12-31',
  costs: [
    { name: 'Grundsteuer', amountCents: 98_765, key: 'area' },
    { name: 'Wasserversorgung', amountCents: 84_000, key: 'consumption' },
    { name: 'Heizkosten', amountCents: 300_000, key: 'consumption' },
    { name: 'Heizkosten Grundkosten', amountCents: 120_000, key: 'area' },
    { name: 'Sonstige Betriebskosten: Dachrinnenreinigung', amountCents: 15_000, key: 'area' },
    { name: 'Hauswart', amountCents: 60_000, key: 'units' },
  ],
};

const previous: PreviousCosts = {
  periodStart: '2024-01-01',
  periodEnd: '2024-12-31',
  costs: clean.costs.map((c) => ({ name: c.name, amountCents: c.amountCents })),
};

const withCost = (name: string, key = 'area', amountCents = 10_000): CheckedInput => ({
  ...clean,
  costs: [...clean.costs, { name, amountCents, key }],
});
const at = clean.costs.length;
const codes = (input: CheckedInput, options: Parameters<typeof settlementChecks>[1] = { today: TODAY }) =>
  settlementChecks(input, options).map(warningKey);

describe('settlementChecks', () => {
  it('is silent on a clean settlement, also against last year’s equal costs', () => {
    expect(settlementChecks(clean, { today: TODAY, previous })).toEqual([]);
  });

  it.each([
    'Verwaltungskosten',
    'Hausverwaltung',
    'Reparatur Mülltonne',
    'Instandhaltung Dach',
    'Kontoführungsgebühren',
    'Porto',
    'Instandhaltungsrücklage',
  ])('flags the non-allocatable cost „%s“', (name) => {
    const [check] = settlementChecks(withCost(name), { today: TODAY });
    expect(check).toMatchObject({
      code: 'cost-not-allocatable',
      severity: 'warning',
      path: `costs.${at}.name`,
    });
    expect(check?.message).toContain(`„${name}“`);
    expect(check?.message).toContain('§ 1 Abs. 2 BetrKV');
  });

  it('flags heating and hot water under a key that ignores consumption', () => {
    for (const key of ['area', 'units', 'mea', 'persons']) {
      expect(codes(withCost('Heizkosten', key))).toEqual([`heating-not-by-consumption@costs.${at}.name`]);
    }
    expect(codes(withCost('Warmwasser', 'persons'))).toEqual([`heating-not-by-consumption@costs.${at}.name`]);
    expect(codes(withCost('Fernwärme', 'units'))).toEqual([`heating-not-by-consumption@costs.${at}.name`]);
    expect(codes(withCost('Heizkosten', 'consumption'))).toEqual([]);
    expect(codes(withCost('Heizkosten', 'direct'))).toEqual([]);
  });

  it('flags cable TV fees in a period after 30.06.2024 only', () => {
    for (const name of ['Kabelfernsehen', 'Gemeinschaftsantenne', 'Breitbandanschluss']) {
      expect(codes(withCost(name))).toEqual([`cable-tv-fees@costs.${at}.name`]);
    }
    const early = { ...withCost('Kabelgebühren'), periodStart: '2023-07-01', periodEnd: '2024-06-30' };
    expect(codes(early, { today: '2025-01-15' })).toEqual([]);
    const straddling = { ...withCost('Kabelgebühren'), periodStart: '2023-07-01', periodEnd: '2024-07-01' };
    expect(codes(straddling, { today: '2025-01-15' })).toContain(`cable-tv-fees@costs.${at}.name`);
  });

  it('flags "sonstige" without a specific name', () => {
    for (const name of ['Sonstige', 'sonstiges', 'Sonstige Betriebskosten', 'Sonstige Kosten']) {
      expect(codes(withCost(name))).toEqual([`other-costs-unnamed@costs.${at}.name`]);
    }
  });

  it('flags a cost more than 25 % above or below the previous period, by name', () => {
    const changed = (amountCents: number) => ({
      ...clean,
      costs: clean.costs.map((c, i) => (i === 0 ? { ...c, amountCents } : c)),
    });
    const [up] = settlementChecks(changed(123_457), { today: TODAY, previous });
    expect(up).toMatchObject({ code: 'cost-changed', path: 'costs.0.name' });
    expect(up?.message).toBe(
      '„Grundsteuer“: 1.234,57 € statt 987,65 € im Zeitraum 01.01.2024 – 31.12.2024 (+25 %). Bitte prüfen Sie den Beleg; der Mieter kann eine Erläuterung verlangen.',
    );
    expect(codes(changed(74_073), { today: TODAY, previous })).toEqual(['cost-changed@costs.0.name']);
    // exactly ±25 % is within the limit
    expect(codes(changed(123_456), { today: TODAY, previous })).toEqual([]);
    expect(codes(changed(74_074), { today: TODAY, previous })).toEqual([]);
    // without a previous settlement nothing compares; a new cost has nothing to compare with
    expect(codes(changed(500_000), { today: TODAY })).toEqual([]);
    expect(codes(withCost('Aufzug'), { today: TODAY, previous })).toEqual([]);
  });

  it('compares costs of one name as their sum, once', () => {
    const split = {
      ...clean,
      costs: [...clean.costs, { name: ' grundsteuer ', amountCents: 98_765, key: 'area' }],
    };
    expect(codes(split, { today: TODAY, previous })).toEqual(['cost-changed@costs.0.name']);
  });

  it('flags a period over 12 months', () => {
    const long = { ...clean, periodStart: '2025-01-01', periodEnd: '2026-01-01' };
    expect(codes(long, { today: TODAY })).toEqual(['period-over-12-months@periodEnd']);
  });

  it('flags the deadline once it has passed, not on its last day', () => {
    expect(codes(clean, { today: '2026-12-31' })).toEqual([]);
    const [late] = settlementChecks(clean, { today: '2027-01-01' });
    expect(late).toMatchObject({ code: 'deadline-passed', path: 'periodEnd' });
    expect(late?.message).toContain('am 31.12.2026 abgelaufen');
  });

  it('flags the same receipt on a second cost position, once per later position', () => {
    const withReceipts = (...ids: string[][]): CheckedInput => ({
      ...clean,
      costs: clean.costs.map((c, i) => ({ ...c, documentIds: ids[i] ?? [] })),
    });
    // different receipts on every cost: silent
    expect(codes(withReceipts(['a'], ['b'], ['c', 'd']))).toEqual([]);
    const twice = withReceipts(['a'], ['b'], ['c', 'a'], [], ['a', 'b']);
    expect(codes(twice)).toEqual(['receipt-twice@costs.2.documents', 'receipt-twice@costs.4.documents']);
    const [first] = settlementChecks(twice, { today: TODAY });
    expect(first?.message).toContain('„Heizkosten“: Derselbe Beleg ist auch „Grundsteuer“ zugeordnet');
  });

  it('takes a receipt whose lines name both costs as meant for both (a notice of several costs)', () => {
    const notice = (covered: string[][]): CheckedInput => ({
      ...clean,
      costs: clean.costs.map((c, i) => ({
        ...c,
        documentIds: i < 3 ? ['notice'] : [],
        coveredDocumentIds: covered[i] ?? [],
      })),
    });
    expect(codes(notice([['notice'], ['notice'], ['notice']]))).toEqual([]);
    // the third position is not among the notice's lines: that one is doubled
    expect(codes(notice([['notice'], ['notice'], []]))).toEqual(['receipt-twice@costs.2.documents']);
  });

  it('leaves an unfinished period to the engine', () => {
    expect(codes({ ...clean, periodEnd: '' })).toEqual([]);
  });
});

describe('a mixed house', () => {
  const units = [
    { label: 'Laden EG', kind: 'commercial' as const },
    { label: 'OG 1', kind: 'dwelling' as const },
  ];
  it('asks about a Vorwegabzug and VAT once, at the first cost shared by every unit', () => {
    const checks = settlementChecks({ ...clean, units }, { today: TODAY }).filter(
      (c) => c.code === 'commercial-shared',
    );
    expect(checks).toEqual([
      expect.objectContaining({ path: 'costs.0.key', message: expect.stringContaining('„Laden EG“') }),
    ]);
    expect(checks[0]?.message).toContain('Vorwegabzug');
    expect(checks[0]?.message).toContain('Umsatzsteuer');
  });

  it('asks nothing of a house of flats, or when every cost names its units', () => {
    const flats = units.map((u) => ({ ...u, kind: 'dwelling' as const }));
    expect(settlementChecks({ ...clean, units: flats }, { today: TODAY }).map((c) => c.code)).not.toContain(
      'commercial-shared',
    );
    const grouped = { ...clean, units, costs: clean.costs.map((c) => ({ ...c, costGroupId: 'g' })) };
    expect(settlementChecks(grouped, { today: TODAY }).map((c) => c.code)).not.toContain('commercial-shared');
  });

  it('asks about the CO2 split when the flag contradicts which use has more area', () => {
    const sized = (shop: number, flat: number) => [
      { label: 'Laden EG', kind: 'commercial' as const, area: shop },
      { label: 'OG 1', kind: 'dwelling' as const, area: flat },
    ];
    const type = (nonResidential: boolean | undefined, shop: number, flat: number) =>
      settlementChecks({ ...clean, units: sized(shop, flat), nonResidential }, { today: TODAY })
        .filter((c) => c.code === 'co2-building-type')
        .map((c) => `${c.path}: ${c.message.includes('§ 8') ? '§ 8' : '§ 5'}`);
    expect(type(false, 200, 150)).toEqual(['heating.building.nonResidential: § 8']);
    expect(type(true, 150, 150)).toEqual(['heating.building.nonResidential: § 5']);
    expect(type(false, 150, 200)).toEqual([]);
    expect(type(true, 200, 150)).toEqual([]);
    // without heating there is no CO2 split to ask about
    expect(type(undefined, 200, 150)).toEqual([]);
  });
});
