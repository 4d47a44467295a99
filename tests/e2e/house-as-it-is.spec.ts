import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { formatCents } from '../../src/shared/money';
import type { SettlementJson, TenancyJson, UnitJson } from '../../src/shared/schemas/settlement-json';
import { SAMPLE_PROPERTY } from '../builders/building';
import { computeFromOneGasDelivery } from './heating-entry';
import { signUpByApi } from './mailbox';
import { buyCredits, pageApi } from './page-api';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './page-checks';
import { pdfShot, shot } from './shots';

// The house as it is: a shop, flats and a garage; a lift shared by the upper floors only;
// an insurer's refund; a flat rate. Entered on the property page and in the settlement's cost card.

const PERIOD = { periodStart: '2025-01-01', periodEnd: '2025-12-31' };

test.use({ reducedMotion: 'reduce' });

test('a mixed house: kinds of unit, a cost group, a refund, a flat rate and heating from the meters, finalized', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpByApi(page, baseURL, {
    name: 'Erika Vermieter',
    email: `gemischt-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Sicheres-Passwort-1',
  });
  const api = pageApi(page);
  const property = (await api('POST', '/api/properties', { ...SAMPLE_PROPERTY, name: 'Lindenhof' })).body;
  const unit = async (label: string, area: number, kind: string, floor = '') =>
    (await api('POST', `/api/properties/${property.id}/units`, { label, area, floor, note: '', kind }))
      .body as unknown as UnitJson;
  const tenancy = async (unitId: string, name: string, extra: Record<string, unknown> = {}) =>
    (
      await api('POST', `/api/units/${unitId}/tenancies`, {
        kind: 'tenant',
        tenant: { name, street: '', city: '', email: null },
        start: '2020-01-01',
        end: null,
        persons: 1,
        monthlyPrepaymentCents: 10_000,
        ...extra,
      })
    ).body as unknown as TenancyJson;
  const shop = await unit('Laden EG', 80, 'commercial', 'EG');
  const og1 = await unit('OG 1', 60, 'dwelling', '1. OG');
  const og2 = await unit('OG 2', 60, 'dwelling', '2. OG');
  const garage = await unit('Garage 1', 15, 'parking');
  await tenancy(shop.id, 'Bäckerei Korn GmbH', { persons: 0 });
  await tenancy(og1.id, 'Anna Berg', { persons: 2 });
  await tenancy(og2.id, 'Paul Pauschal', { flatRate: true });
  await tenancy(garage.id, 'Gerd Garage', { monthlyPrepaymentCents: 0 });

  // The property page says what each unit is, and marks the flat rate.
  await page.goto(`/dashboard/immobilien/${property.id}`);
  const garageCard = page.getByRole('listitem', { name: 'Garage 1', exact: true });
  await expect(garageCard).toContainText('Stellplatz/Garage');
  await expect(page.getByRole('listitem', { name: 'Laden EG', exact: true })).toContainText('Gewerbe');
  await expect(page.getByRole('listitem', { name: 'Paul Pauschal', exact: true })).toContainText('Pauschale');

  // A group of the upper floors for the lift.
  await page.getByRole('button', { name: 'Gruppe hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gruppe hinzufügen' });
  await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(dialog.getByText('Bitte wählen Sie mindestens eine Einheit.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Aufzug');
  await dialog.getByLabel('OG 1').check();
  await dialog.getByLabel('OG 2').check();
  await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(dialog).toBeHidden();
  const groups = page.getByRole('list', { name: 'Gruppen' });
  await expect(groups).toContainText('Aufzug');
  await expect(groups).toContainText('OG 1, OG 2');
  // A water meter of OG 1 with its readings at the start and the end of the year.
  await page.getByRole('button', { name: 'Zähler hinzufügen' }).click();
  const meterDialog = page.getByRole('dialog', { name: 'Zähler hinzufügen' });
  await meterDialog.getByLabel('Wo').selectOption({ label: 'OG 1' });
  await meterDialog.getByLabel('Zählernummer').fill('KW-1001');
  await meterDialog.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(meterDialog).toBeHidden();
  const meterItem = page.getByRole('listitem', { name: 'Zähler KW-1001' });
  for (const [date, value] of [
    ['2025-01-01', '100'],
    ['2025-12-31', '160,5'],
  ] as const) {
    await meterItem.getByRole('button', { name: 'Ablesung zu KW-1001' }).click();
    const readingDialog = page.getByRole('dialog', { name: 'Ablesung erfassen' });
    await readingDialog.getByLabel('Datum').fill(date);
    await readingDialog.getByLabel('Zählerstand (m³)').fill(value);
    await readingDialog.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(readingDialog).toBeHidden();
  }
  await expect(meterItem).toContainText('01.01.2025: 100 m³ · 31.12.2025: 160,5 m³');
  await expectNoAxeViolations(page);
  await shot(page, 'house-as-it-is-property-1280');
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'house-as-it-is-property-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The settlement: the lift on the group, insurance with the insurer's refund as a negative amount.
  const draft = await api('POST', `/api/properties/${property.id}/settlements`, {
    ...PERIOD,
    costs: [
      { name: 'Aufzug', amountCents: 120_000, key: 'area' },
      { name: 'Gebäudeversicherung', amountCents: 90_000, key: 'units' },
    ],
  });
  await page.goto(`/dashboard/hausabrechnungen/${draft.body.id}`);
  const liftCard = page.getByRole('listitem', { name: 'Aufzug', exact: true });
  await liftCard.getByLabel('Verteilt auf').selectOption({ label: 'Gruppe „Aufzug“' });
  await page.getByRole('button', { name: 'Kostenposition hinzufügen' }).click();
  const refund = page.getByRole('listitem', { name: 'Position 3', exact: true });
  await refund.getByLabel('Kostenart').fill('Erstattung Versicherung');
  const refundCard = page.getByRole('listitem', { name: 'Erstattung Versicherung', exact: true });
  await refundCard.getByLabel('Betrag (€)').fill('-300');
  await refundCard.getByLabel('Umlageschlüssel').selectOption({ label: 'Wohneinheiten' });
  await refundCard.getByLabel('Betrag (€)').blur();
  await expect(refundCard.getByLabel('Betrag (€)')).toHaveValue('-300,00');

  // Water by consumption from the meters: only OG 1 has one (60,5 m³), so Anna Berg bears it all.
  await page.getByRole('button', { name: 'Kostenposition hinzufügen' }).click();
  await page
    .getByRole('listitem', { name: 'Position 4', exact: true })
    .getByLabel('Kostenart')
    .fill('Wasser');
  const waterCard = page.getByRole('listitem', { name: 'Wasser', exact: true });
  await waterCard.getByLabel('Betrag (€)').fill('60,50');
  await waterCard.getByLabel('Umlageschlüssel').selectOption({ label: 'Verbrauch' });
  await waterCard.getByLabel('Verbrauchswerte').selectOption({ label: 'aus den Zählern: Kaltwasser' });
  await expect(waterCard.getByLabel('Gesamtverbrauch des Hauses')).toBeHidden();

  // Anna Berg: half the lift (600,00), a quarter of 900,00 − 300,00 (150,00) and the water (60,50).
  const berg = page
    .getByRole('list', { name: 'Mieter', exact: true })
    .getByRole('listitem', { name: 'Anna Berg', exact: true });
  await expect(berg).toContainText(formatCents(81_050));
  const landlord = page.getByTestId('landlord-result');
  await expect(landlord).toContainText('Pauschale (Paul Pauschal)');
  await expect(page.getByTestId('tenant-result').getByRole('heading')).toHaveText([
    'Bäckerei Korn GmbH',
    'Anna Berg',
    'Gerd Garage',
  ]);
  await page.getByRole('button', { name: 'Speichern', exact: true }).first().click();
  await expect(page.getByText('Hausabrechnung gespeichert', { exact: true }).first()).toBeVisible();
  const saved = (await api('GET', `/api/settlements/${draft.body.id}`)).body as unknown as SettlementJson;
  expect(saved.costs.map((c) => [c.name, c.amountCents, c.costGroupId ?? null])).toEqual([
    ['Aufzug', 120_000, expect.any(String)],
    ['Gebäudeversicherung', 90_000, null],
    ['Erstattung Versicherung', -30_000, null],
    ['Wasser', 6_050, null],
  ]);
  expect(saved.costs[3]?.consumption).toEqual({ source: 'meters', meterKind: 'cold-water' });
  expect(saved.statements.find((s) => s.tenantName === 'Anna Berg')?.totalCents).toBe(81_050);
  await shot(page, 'house-as-it-is-settlement-1280', liftCard);
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'house-as-it-is-settlement-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Heating computed here, its readings from the heat meters of the shop and the flats (the garage
  // is not heated): 9.000 + 6.000 + 5.000 kWh.
  for (const [unitId, number, kwh] of [
    [shop.id, 'W-EG', 9_000],
    [og1.id, 'W-1', 6_000],
    [og2.id, 'W-2', 5_000],
  ] as const) {
    const meter = await api('POST', `/api/units/${unitId}/meters`, { kind: 'heat', number });
    for (const [date, value] of [
      ['2025-01-01', 0],
      ['2025-12-31', kwh],
    ] as const) {
      expect((await api('POST', `/api/meters/${meter.body.id}/readings`, { date, value })).status).toBe(201);
    }
  }
  await page.reload();
  await computeFromOneGasDelivery(page);
  await page.getByLabel('Wärmemenge für Warmwasser').selectOption('none');
  await page.getByLabel('Aus den Wärmezählern der Einheiten übernehmen (kWh)').check();
  await expect(page.getByLabel('Gesamtverbrauch des Hauses (Einheiten oder kWh)')).toBeHidden();
  // The gas invoice names no CO2 cost: each tenant's heating is cut by 3 %.
  await page.getByLabel(/^Ohne CO2-Angaben: jedem Mieter 3 %/).check();
  // Anna Berg: 70 % of 3.600,00 by 6.000 of 20.000 kWh (756,00) + 30 % by 60 of 200 m² (324,00),
  // less 3 % (32,40): 1.047,60 on top of 810,50.
  await expect(berg).toContainText(formatCents(81_050 + 104_760));
  const heatingSection = page.getByRole('region', { name: 'Heizung und Warmwasser' });
  await expectNoAxeViolations(page);
  await shot(page, 'house-as-it-is-heating-1280', heatingSection);
  await page.setViewportSize({ width: 390, height: 800 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'house-as-it-is-heating-390', heatingSection);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Speichern', exact: true }).first().click();
  await expect(page.getByText('Hausabrechnung gespeichert', { exact: true }).first()).toBeVisible();

  // Three letters (the flat rate gets none): three credits from the test checkout, then finalize.
  await buyCredits(api, 3);
  const ready = (await api('GET', `/api/settlements/${draft.body.id}`)).body as unknown as SettlementJson;
  expect(ready.warnings.filter((w) => w.severity === 'error')).toEqual([]);
  await page.reload();
  const finalize = page.getByRole('button', { name: 'Finalisieren (3 Credits)' });
  await expect(page.getByRole('checkbox', { name: /^Ich habe geprüft: Ohne CO2-Angaben/ })).toBeVisible();
  for (const box of await page.getByRole('checkbox', { name: /^Ich habe geprüft:/ }).all()) await box.check();
  await expect(finalize).toBeEnabled();
  await finalize.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Finalisieren (3 Credits)' }).click();
  await expect(page.getByText('Final', { exact: true }).first()).toBeVisible();

  // Anna Berg's letter: the heating annex a tenant can recompute, rendered to look at.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'PDF herunterladen für Anna Berg' }).click(),
  ]);
  const pdf = await file.path();
  const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
  expect(text).toContain('Anlage: Heiz- und Warmwasserkosten');
  expect(text).toContain('Verbrauch des Hauses: 20.000 kWh');
  expect(text).toContain('Ihr Verbrauch: 6.000 kWh');
  expect(text).toContain('Kürzung um 3 %: ohne CO2-Angaben (§ 7 Abs. 4 CO2KostAufG) \u221232,40 €');
  expect(text).toContain('Ihr Anteil an den Heizkosten 1.047,60 €');
  expect(text).toContain('Gruppe „Aufzug“');
  expect(text).toContain('Zähler W-1');
  pdfShot(pdf, 'house-as-it-is-letter');
});
