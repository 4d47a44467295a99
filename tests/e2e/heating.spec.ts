import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { computeFigures } from '../../src/client/routes/settlements/results/figures';
import { formatCents } from '../../src/shared/money';
import type { SettlementJson, TenancyJson, UnitJson } from '../../src/shared/schemas/settlement-json';
import type { SettlementEntries } from '../../src/shared/settlement-view/records';
import { buildFourUnitHouse, houseCosts } from '../builders/building';
import { computeFromOneGasDelivery } from './heating-entry';
import { signUpByApi } from './mailbox';
import { pageApi } from './page-api';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './page-checks';
import { pasteInto } from './paste';
import { shot } from './shots';

// Heating in the Hausabrechnung in the browser: the metering company's result per tenancy
// with its CO2 data, and heating computed here from a delivery and readings, both live while typing.

const PERIOD = { periodStart: '2025-01-01', periodEnd: '2025-12-31' };

// long journeys: typing with live figures, save, reload, axe and screenshots at two widths
test.describe.configure({ timeout: 120_000 });

/** A signed-up landlord with the four-flat house and a draft settlement of its 2025 costs. */
async function houseWithDraft(page: Page) {
  await signUpByApi(page, baseURL, {
    name: 'Erika Vermieter',
    email: `heizung-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Sicheres-Passwort-1',
  });
  const api = pageApi(page);
  const house = await buildFourUnitHouse(api);
  const costs = houseCosts(house.tenancies);
  const created = await api('POST', `/api/properties/${house.property.id}/settlements`, { ...PERIOD, costs });
  expect(created.status).toBe(201);
  const units = (await api('GET', `/api/properties/${house.property.id}/units`))
    .body as unknown as UnitJson[];
  const tenancies = (await api('GET', `/api/properties/${house.property.id}/tenancies`))
    .body as unknown as TenancyJson[];
  await page.goto(`/dashboard/hausabrechnungen/${created.body.id}`);
  await expect(page.getByRole('heading', { name: 'Heizung und Warmwasser' })).toBeVisible();
  /** The figures the browser must show for these heating entries, as the shared engine computes them. */
  const expected = (heating: unknown) =>
    computeFigures({
      period: PERIOD,
      entries: { costs, heating } as unknown as SettlementEntries,
      units,
      tenancies,
    });
  return { api, house, id: created.body.id, expected };
}

const mode = (page: Page, name: RegExp) => page.getByRole('radio', { name });
const heatingOf = (page: Page, name: string) =>
  page.getByTestId('heating-working').getByRole('listitem', { name, exact: true });
const tenantResult = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Mieter', exact: true }).getByRole('listitem', { name, exact: true });

test('the metering company’s result per tenancy with CO2 data: figures, CO2 step, save and reload', async ({
  page,
}) => {
  const { api, house, id, expected } = await houseWithDraft(page);
  const t = house.tenancies;
  await mode(page, /^Abrechnung des Messdienstes übernehmen/).check();

  const amounts: Array<[string, string, number, number]> = [
    ['Anna Müller (EG links)', t.mueller.id, 120_000, 30_000],
    ['Jonas Schmidt (EG rechts)', t.schmidt.id, 60_000, 12_000],
    ['Familie Weber (EG rechts)', t.weber.id, 40_000, 10_000],
    ['Petra Krause (OG links)', t.krause.id, 90_000, 20_000],
    ['Eigennutzung (OG rechts)', t.own.id, 100_000, 25_000],
  ];
  await page.getByLabel('Messdienst', { exact: true }).fill('ista');
  await page.getByLabel('Gesamtkosten laut Abrechnung (€)').fill('6.000');
  const perTenancy = page.getByRole('list', { name: 'Heizkosten je Mietverhältnis' });
  // a tenancy without its amount is named at its field
  await expect(
    perTenancy.getByText('Für „Petra Krause“ fehlt der Betrag aus der Heizkostenabrechnung'),
  ).toBeVisible();
  // the company's table pasted as one block into the first field fills every tenancy
  const block = amounts.map(([, , heating, hotWater]) => `${heating / 100}\t${hotWater / 100}`).join('\n');
  await pasteInto(
    perTenancy
      .getByRole('listitem', { name: amounts[0]?.[0] ?? '', exact: true })
      .getByLabel('Heizkosten (€)', { exact: true }),
    block,
  );
  for (const [label, , heating, hotWater] of amounts) {
    const card = perTenancy.getByRole('listitem', { name: label, exact: true });
    await expect(card.getByLabel('Heizkosten (€)', { exact: true })).toHaveValue(String(heating / 100));
    await expect(card.getByLabel('Warmwasserkosten (€)', { exact: true })).toHaveValue(
      String(hotWater / 100),
    );
  }
  await expect(perTenancy.getByText(/fehlt der Betrag/)).toHaveCount(0);

  // without CO2 data the statement warns of the tenant's 3 % cut
  await expect(page.getByText(/CO2-Angaben.*um 3 % kürzen/).first()).toBeVisible();
  await page.getByLabel('Emissionen (kg CO2)').fill('6.600');
  await page.getByLabel('CO2-Kosten (€)').fill('431,97');

  const heating = {
    mode: 'service',
    building: { nonResidential: false, co2Restriction: 'none' },
    co2: { kg: 6_600, costCents: 43_197 },
    service: {
      provider: 'ista',
      totalCents: 600_000,
      byTenancy: Object.fromEntries(
        amounts.map(([, tenancyId, heatingCents, hotWaterCents]) => [
          tenancyId,
          { heatingCents, hotWaterCents },
        ]),
      ),
    },
  };
  const figures = expected(heating);
  // 6.600 kg on 220 m² = 30,0 kg/m²·a: step 5, the landlord bears 40 %
  const co2 = page.getByTestId('co2-figures');
  await expect(co2).toContainText('30,0 kg');
  await expect(co2).toContainText('Stufe 5');
  await expect(co2).toContainText('40 %');
  await expect(co2).toContainText(formatCents(43_197));
  for (const s of figures.statements) {
    await expect(tenantResult(page, s.tenantName)).toContainText(formatCents(s.totalCents));
    const row = heatingOf(page, s.tenantName);
    await expect(row).toContainText(formatCents(s.rows.find((r) => r.key === 'heating')?.shareCents ?? -1));
    await expect(row).toContainText(`− ${formatCents(s.co2?.landlordCents ?? -1)}`);
  }
  await expect(page.getByText(/CO2-Angaben.*um 3 % kürzen/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Alle Änderungen gespeichert', { exact: true })).toBeVisible();
  const saved = (await api('GET', `/api/settlements/${id}`)).body as unknown as SettlementJson;
  expect(saved.heating).toEqual(heating);
  expect(saved.co2).toMatchObject({ kgPerM2: 30, step: 5, landlordPercent: 40 });

  const before = (await page.getByTestId('heating-working').textContent()) ?? '';
  const results = await page.getByTestId('tenant-result').allInnerTexts();
  await page.reload();
  await expect(page.getByTestId('heating-working')).toHaveText(before);
  expect(await page.getByTestId('tenant-result').allInnerTexts()).toEqual(results);
  await expect(mode(page, /^Abrechnung des Messdienstes übernehmen/)).toBeChecked();
  await expect(
    perTenancy.getByRole('listitem', { name: 'Anna Müller (EG links)' }).getByLabel('Heizkosten (€)'),
  ).toHaveValue('1.200,00');
  await expect(page.getByText('Alle Änderungen gespeichert', { exact: true })).toBeVisible();

  // a statement already net of the landlord's CO2 share: disclosed, not deducted a second time
  await page
    .getByLabel('Der Messdienst hat den CO2-Anteil des Vermieters schon von den Beträgen abgezogen')
    .check();
  const deducted = expected({ ...heating, co2: { ...heating.co2, alreadyDeducted: true } });
  const anna = deducted.statements.find((s) => s.tenantName === 'Anna Müller');
  expect(anna?.rows.map((r) => r.key)).not.toContain('co2-relief');
  await expect(heatingOf(page, 'Anna Müller')).toContainText('davon Vermieter (schon abgezogen)');
  await expect(tenantResult(page, 'Anna Müller')).toContainText(formatCents(anna?.totalCents ?? -1));
  await expect(page.getByTestId('heating-working')).toContainText('schon abgezogen; Umlage zieht ihn nicht');

  await expectNoAxeViolations(page);
  await shot(page, 'heating-service-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shot(page, 'heating-service-390');
});

test('heating computed here from a delivery and readings: shares follow typing', async ({ page }) => {
  const { house, expected } = await houseWithDraft(page);
  const t = house.tenancies;
  await computeFromOneGasDelivery(page);
  await page.getByRole('button', { name: 'Wartung', exact: true }).click();
  await page.getByRole('listitem', { name: 'Betriebskosten 1' }).getByLabel('Betrag (€)').fill('240');
  await page.getByLabel('Wärmemenge für Warmwasser').selectOption('none');

  // without readings the costs go by area only: the 15 % cut is named
  await expect(page.getByText(/nur nach Fläche verteilt.*um 15 % kürzen/).first()).toBeVisible();
  await page.getByLabel('Gesamtverbrauch des Hauses (Einheiten oder kWh)').fill('1.000');
  const readings = page.getByRole('list', { name: 'Ablesewerte Heizung' });
  const units: Array<[string, string, number]> = [
    ['Anna Müller (EG links)', t.mueller.id, 300],
    ['Jonas Schmidt (EG rechts)', t.schmidt.id, 100],
    ['Familie Weber (EG rechts)', t.weber.id, 80],
    ['Petra Krause (OG links)', t.krause.id, 200],
    ['Eigennutzung (OG rechts)', t.own.id, 200],
  ];
  for (const [label, , value] of units) {
    await readings
      .getByRole('listitem', { name: label, exact: true })
      .getByLabel('Verbrauch', { exact: true })
      .fill(String(value));
  }
  await expect(page.getByText(/nur nach Fläche verteilt/)).toHaveCount(0);

  const heating = (anna: number) => ({
    mode: 'computed',
    building: { nonResidential: false, co2Restriction: 'none' },
    co2: {},
    computed: {
      fuel: {
        kind: 'gas',
        billedOnHs: true,
        deliveries: [{ date: '2025-02-15', quantity: 3_000, kwh: 30_000, amountCents: 360_000 }],
      },
      operatingCosts: [{ name: 'Wartung', amountCents: 24_000 }],
      heatingConsumptionPercent: 70,
      heat: {
        totalUnits: 1_000,
        byTenancy: Object.fromEntries(units.map(([, id, v]) => [id, id === t.mueller.id ? anna : v])),
        byUnit: {},
      },
    },
  });
  const working = page.getByTestId('heating-working');
  // the fuel's unit: gas in m³
  await expect(working).toContainText('Menge 3.000 m³ · 30.000 kWh');
  const shareOf = (f: ReturnType<typeof expected>, name: string) =>
    f.statements.find((s) => s.tenantName === name)?.rows.find((r) => r.key === 'heating')?.shareCents ?? -1;
  const first = expected(heating(300));
  await expect(heatingOf(page, 'Anna Müller')).toContainText(formatCents(shareOf(first, 'Anna Müller')));

  // a new reading moves the shares while typing, without saving
  await readings
    .getByRole('listitem', { name: 'Anna Müller (EG links)' })
    .getByLabel('Verbrauch', { exact: true })
    .fill('400');
  const second = expected(heating(400));
  expect(shareOf(second, 'Anna Müller')).not.toBe(shareOf(first, 'Anna Müller'));
  for (const name of ['Anna Müller', 'Jonas Schmidt', 'Familie Weber', 'Petra Krause']) {
    await expect(heatingOf(page, name)).toContainText(formatCents(shareOf(second, name)));
  }
  await expect(page.getByText('Ungespeicherte Änderungen', { exact: true })).toBeVisible();

  // gas billed on Hs: the kg follow from the fuel; the CO2 cost comes from the invoice
  await expect(page.getByText(/CO2-Angaben.*um 3 % kürzen/).first()).toBeVisible();
  await page.getByLabel('CO2-Kosten (€)').fill('300');
  await expect(page.getByTestId('co2-figures')).toContainText(/Stufe \d+/);

  await expectNoAxeViolations(page);
  await shot(page, 'heating-computed-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shot(page, 'heating-computed-390');
});

test('a tenant change without interim reading, two allocators and an estimated reading (§§ 9a, 9b)', async ({
  page,
}) => {
  const { api, house, id, expected } = await houseWithDraft(page);
  const t = house.tenancies;
  const egRechts = house.units.egRechts.id;
  await computeFromOneGasDelivery(page);
  await page.getByLabel('Wärmemenge für Warmwasser').selectOption('none');
  await page.getByLabel('Gesamtverbrauch des Hauses (Einheiten oder kWh)').fill('1.000');

  // Anna Müller's flat has two allocators, each with its rating factor: 200 × 1 + 125 × 0,8 = 300
  const readings = page.getByRole('list', { name: 'Ablesewerte Heizung' });
  const anna = readings.getByRole('listitem', { name: 'Anna Müller (EG links)', exact: true });
  await anna.getByLabel('Verbrauch', { exact: true }).fill('200');
  await anna.getByLabel('Bewertungsfaktor').fill('1');
  await anna.getByRole('button', { name: 'Heizkostenverteiler hinzufügen' }).click();
  const second = anna.getByRole('listitem', { name: 'Heizkostenverteiler 2' });
  await second.getByLabel('Verteiler 2: Einheiten').fill('125');
  await second.getByLabel('Bewertungsfaktor').fill('0,8');
  for (const label of ['Petra Krause (OG links)', 'Eigennutzung (OG rechts)']) {
    await readings.getByRole('listitem', { name: label, exact: true }).getByLabel('Verbrauch').fill('200');
  }

  // EG rechts: Schmidt moved out on 30.06., Weber in on 01.08., no interim reading: the whole flat's 180
  // units go by degree days to Schmidt, the vacant July (the landlord's) and Weber
  const flats = page.getByRole('list', { name: 'Verbrauch ganzer Wohnungen' });
  await expect(flats.getByRole('listitem')).toHaveCount(2);
  const flat = flats.getByRole('listitem', { name: 'EG rechts', exact: true });
  await expect(flat).toContainText('Jonas Schmidt, Familie Weber');
  await flat.getByLabel('Heizung: Verbrauch der Wohnung').fill('180');
  await expect(flat.getByText(/nach Gradtagszahlen aufgeteilt/)).toBeVisible();

  const heating = (estimated?: string[]) => ({
    mode: 'computed',
    building: { nonResidential: false, co2Restriction: 'none' },
    co2: {},
    computed: {
      fuel: {
        kind: 'gas',
        billedOnHs: true,
        deliveries: [{ date: '2025-02-15', quantity: 3_000, kwh: 30_000, amountCents: 360_000 }],
      },
      operatingCosts: [],
      heatingConsumptionPercent: 70,
      heat: {
        totalUnits: 1_000,
        byTenancy: {
          [t.mueller.id]: [
            { units: 200, factor: 1 },
            { units: 125, factor: 0.8 },
          ],
          [t.krause.id]: 200,
          [t.own.id]: 200,
        },
        byUnit: { [egRechts]: 180 },
        ...(estimated ? { estimated } : {}),
      },
    },
  });
  const shareOf = (f: ReturnType<typeof expected>, name: string) =>
    f.statements.find((s) => s.tenantName === name)?.rows.find((r) => r.key === 'heating')?.shareCents ?? -1;
  const byReadings = expected(heating());
  const unitsOf = (name: string) =>
    byReadings.statements.find((s) => s.tenantName === name)?.rows.find((r) => r.key === 'heating')?.units ??
    null;
  // January–June 610 ‰ and August–December 400 ‰ of the degree days; July 40/92 × 31 ‰ stays vacant
  expect(unitsOf('Jonas Schmidt')).toBeGreaterThan(0);
  expect(unitsOf('Familie Weber')).toBeGreaterThan(0);
  expect((unitsOf('Jonas Schmidt') ?? 0) + (unitsOf('Familie Weber') ?? 0)).toBeLessThan(180);
  expect(unitsOf('Anna Müller')).toBe(300);
  for (const name of ['Anna Müller', 'Jonas Schmidt', 'Familie Weber', 'Petra Krause']) {
    await expect(heatingOf(page, name)).toContainText(formatCents(shareOf(byReadings, name)));
  }

  await expectNoAxeViolations(page);
  await shot(page, 'heating-readings-1280');

  // Anna Müller's 62 m² of 220 m² estimated: more than 25 %, so heating goes by area only (§ 9a)
  await anna.getByLabel('Geschätzt (§ 9a)').check();
  await expect(page.getByText(/ausschließlich nach Wohnfläche verteilt \(§ 9a Abs. 2/)).toBeVisible();
  const byArea = expected(heating([t.mueller.id]));
  for (const name of ['Anna Müller', 'Jonas Schmidt', 'Familie Weber']) {
    await expect(heatingOf(page, name)).toContainText(formatCents(shareOf(byArea, name)));
  }
  expect(shareOf(byArea, 'Anna Müller')).not.toBe(shareOf(byReadings, 'Anna Müller'));

  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Alle Änderungen gespeichert', { exact: true })).toBeVisible();
  const saved = (await api('GET', `/api/settlements/${id}`)).body as unknown as SettlementJson;
  expect(saved.heating).toEqual(heating([t.mueller.id]));

  await page.reload();
  await expect(second.getByLabel('Verteiler 2: Einheiten')).toHaveValue('125');
  await expect(second.getByLabel('Bewertungsfaktor')).toHaveValue('0,8');
  await expect(flat.getByLabel('Heizung: Verbrauch der Wohnung')).toHaveValue('180');
  await expect(anna.getByLabel('Geschätzt (§ 9a)')).toBeChecked();
  await expect(page.getByText('Alle Änderungen gespeichert', { exact: true })).toBeVisible();

  // removing the second allocator leaves one reading of 200
  await second.getByRole('button', { name: 'Heizkostenverteiler 2 entfernen' }).click();
  await expect(anna.getByLabel('Verbrauch', { exact: true })).toHaveValue('200');
  await expect(anna.getByRole('button', { name: /Heizkostenverteiler \d entfernen/ })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shot(page, 'heating-readings-390');
});
