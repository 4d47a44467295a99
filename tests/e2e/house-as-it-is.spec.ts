import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { formatCents } from '../../src/shared/money';
import type { SettlementJson, TenancyJson, UnitJson } from '../../src/shared/schemas/settlement-json';
import { SAMPLE_PROPERTY } from '../builders/building';
import { signUpByApi } from './mailbox';
import { pageApi } from './page-api';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './page-checks';
import { shot } from './shots';

// The house as it is (issue 28): a shop, flats and a garage; a lift shared by the upper floors only;
// an insurer's refund; a flat rate. Entered on the property page and in the settlement's cost card.

const PERIOD = { periodStart: '2025-01-01', periodEnd: '2025-12-31' };

test.use({ reducedMotion: 'reduce' });

test('a mixed house: kinds of unit, a cost group, a refund and a flat rate', async ({ page }) => {
  await signUpByApi(page, baseURL, {
    name: 'Erika Vermieter',
    email: `gemischt-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Sicheres-Passwort-1',
  });
  const api = pageApi(page);
  const property = (await api('POST', '/api/properties', { ...SAMPLE_PROPERTY, name: 'Lindenhof' })).body;
  const unit = async (label: string, area: number, kind: string) =>
    (await api('POST', `/api/properties/${property.id}/units`, { label, area, floor: '', note: '', kind }))
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
  const shop = await unit('Laden EG', 80, 'commercial');
  const og1 = await unit('OG 1', 60, 'dwelling');
  const og2 = await unit('OG 2', 60, 'dwelling');
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
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Bitte wählen Sie mindestens eine Einheit.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Aufzug');
  await dialog.getByLabel('OG 1').check();
  await dialog.getByLabel('OG 2').check();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  const groups = page.getByRole('list', { name: 'Gruppen' });
  await expect(groups).toContainText('Aufzug');
  await expect(groups).toContainText('OG 1, OG 2');
  // A water meter of OG 1 with its readings at the start and the end of the year.
  await page.getByRole('button', { name: 'Zähler hinzufügen' }).click();
  const meterDialog = page.getByRole('dialog', { name: 'Zähler hinzufügen' });
  await meterDialog.getByLabel('Wo').selectOption({ label: 'OG 1' });
  await meterDialog.getByLabel('Zählernummer').fill('KW-1001');
  await meterDialog.getByRole('button', { name: 'Speichern' }).click();
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
    await readingDialog.getByRole('button', { name: 'Speichern' }).click();
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
  await page.getByRole('button', { name: 'Speichern' }).first().click();
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
});
