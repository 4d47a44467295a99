import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { buildFourUnitHouse } from '../builders/building';
import { signUpByApi } from './mailbox';
import { pageApi } from './page-api';
import { shot } from './shots';

// A Hausabrechnung for less than a year (the house was bought on 1 March): the editor says that
// only the period's costs may be charged and scales annual invoices by days on request.

const PERIOD = { periodStart: '2025-03-01', periodEnd: '2025-12-31' };

async function openShortSettlement(page: Page) {
  await signUpByApi(page, baseURL, {
    name: 'Erika Vermieter',
    email: `pro-rata-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Sicheres-Passwort-1',
  });
  const api = pageApi(page);
  const house = await buildFourUnitHouse(api);
  await page.goto(`/dashboard/hausabrechnungen/neu?property=${house.property.id}`);
  await page.getByLabel('Abrechnungszeitraum von').fill(PERIOD.periodStart);
  await page.getByLabel('Abrechnungszeitraum bis').fill(PERIOD.periodEnd);
  await page.getByRole('button', { name: 'Weiter zur Abrechnung' }).click();
  await expect(page).toHaveURL(/\/dashboard\/hausabrechnungen\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() ?? '';
  const costs = [
    { name: 'Grundsteuer', amountCents: 120_000, key: 'area' },
    { name: 'Gebäudeversicherung', amountCents: 73_000, key: 'area' },
  ];
  expect((await api('PUT', `/api/settlements/${id}`, { ...PERIOD, costs })).status).toBe(200);
  await page.reload();
}

for (const width of [1280, 390]) {
  test(`a settlement shorter than a year offers pro rata by days (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openShortSettlement(page);
    const hint = page.getByRole('region', { name: /Abrechnungszeitraum kürzer als 12 Monate/ });
    await expect(hint).toContainText('306 von 365 Tagen (83,84 %)');
    await expect(hint.getByRole('list', { name: 'Anteilige Beträge' }).getByRole('listitem')).toHaveText([
      'Grundsteuer: 1.200,00 € × 306 / 365 = 1.006,03 €',
      'Gebäudeversicherung: 730,00 € × 306 / 365 = 612,00 €',
    ]);
    await shot(page, `settlement-pro-rata-hint-${width}`, hint);

    await hint.getByRole('button', { name: 'Beträge anteilig umrechnen' }).click();
    const amounts = page.getByRole('list', { name: 'Kostenpositionen' }).getByLabel(/Betrag/);
    await expect(amounts.nth(0)).toHaveValue('1.006,03');
    await expect(amounts.nth(1)).toHaveValue('612,00');
    await expect(page.getByText('Ungespeicherte Änderungen', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect(page.getByText('Hausabrechnung gespeichert', { exact: true })).toBeVisible();
    await page.reload();
    await expect(amounts.nth(0)).toHaveValue('1.006,03');
    await expect(amounts.nth(1)).toHaveValue('612,00');
  });
}
