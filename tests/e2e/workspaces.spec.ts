import { type Browser, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { buildFourUnitHouse, houseCosts, houseDraft, SAMPLE_PROPERTY } from '../builders/building';
import { linkIn, waitForMail } from '../setup/factories';
import { mails, signUpByApi } from './mailbox';
import { buyCredits, pageApi } from './page-api';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './page-checks';
import { shot } from './shots';

// Several people, one set of data (ADR 0028): the owner invites a co-owner and the tax adviser; the
// co-owner enters a cost and finalizes; the adviser, limited to the one house, downloads a letter,
// cannot change a cost and does not see the other house or the bank file.

const address = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function person(browser: Browser, name: string, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signUpByApi(page, baseURL, { name, email, password: 'Sicheres-Passwort-1' });
  return page;
}

/** Opens the invitation mailed to `email` in the page and accepts it. */
async function accept(page: Page, email: string) {
  const link = linkIn(await waitForMail(mails, email, /Einladung/));
  await page.goto(link.pathname);
  await expect(page.getByText('mit der Rolle')).toBeVisible();
  await page.getByRole('button', { name: 'Einladung annehmen' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('an owner invites a co-owner and the tax adviser; one finalizes, the other only reads', async ({
  page,
  browser,
}) => {
  await signUpByApi(page, baseURL, {
    name: 'Erika Vermieter',
    email: address('erika'),
    password: 'Sicheres-Passwort-1',
  });
  const api = pageApi(page);
  const house = await buildFourUnitHouse(api);
  const id = await houseDraft(api, house);
  await buyCredits(api, 4);
  const garden = await api('POST', '/api/properties', { ...SAMPLE_PROPERTY, name: 'Gartenhaus' });

  // the owner invites both in the settings
  const coOwner = address('carla');
  const adviser = address('stefan');
  await page.goto('/dashboard/einstellungen');
  const invite = page.getByRole('form', { name: 'Person einladen' });
  for (const [email, role] of [
    [coOwner, 'Bearbeiter'],
    [adviser, 'Nur lesen'],
  ] as const) {
    await invite.getByLabel('E-Mail-Adresse').fill(email);
    await invite.getByLabel('Rolle').selectOption({ label: role });
    // the adviser sees only the house he does the taxes of
    if (role === 'Nur lesen') await invite.getByLabel('Haus Lindenstraße').check();
    await invite.getByRole('button', { name: 'Einladen' }).click();
    await expect(page.getByText(`${email} · eingeladen als ${role}`)).toBeVisible();
  }
  await expect(page.getByText('(nur Haus Lindenstraße)')).toBeVisible();
  await shot(page, 'workspace-settings-1280');

  // the co-owner accepts, works in Erika's workspace, changes a cost and finalizes
  const carla = await person(browser, 'Carla Miteigentümerin', coOwner);
  await accept(carla, coOwner);
  // her own workspace and Erika's: the header lets her choose, and shows Erika's
  const chosen = carla.getByRole('combobox', { name: 'Arbeitsbereich' }).locator('option:checked');
  await expect(chosen).toHaveText('Erika Vermieter (Bearbeiter)');
  const asCarla = pageApi(carla);
  const costs = houseCosts(house.tenancies).map((c, i) =>
    i === 0 ? { ...c, amountCents: c.amountCents + 1000 } : c,
  );
  const put = await asCarla('PUT', `/api/settlements/${id}`, {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    costs,
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const warnings = (await asCarla('GET', `/api/settlements/${id}`)).body.warnings as Array<{
    code: string;
    path: string;
    severity: string;
  }>;
  const finalized = await asCarla('POST', `/api/settlements/${id}/finalize`, {
    confirmedWarnings: warnings.filter((w) => w.severity === 'warning').map((w) => `${w.code}@${w.path}`),
  });
  expect(finalized.status).toBe(200);

  // the adviser accepts, is told he can only read, downloads a letter and cannot change a cost
  const stefan = await person(browser, 'Stefan Steuerberater', adviser);
  await accept(stefan, adviser);
  await expect(
    stefan.getByText(/Nur lesen: In „Erika Vermieter“ sehen Sie die für Sie freigegebenen/),
  ).toBeVisible();
  // the house, not the garden house; no bank file, no balance
  await stefan.goto('/dashboard/immobilien');
  await expect(stefan.getByRole('link', { name: 'Haus Lindenstraße', exact: true })).toBeVisible();
  await expect(stefan.getByRole('link', { name: /bearbeiten/ })).toHaveCount(0);
  await expect(stefan.getByText('Gartenhaus')).toHaveCount(0);
  await expect(stefan.getByRole('link', { name: 'Zahlungen' })).toHaveCount(0);
  expect((await pageApi(stefan)('GET', `/api/properties/${garden.body.id}`)).status).toBe(404);
  expect((await pageApi(stefan)('GET', '/api/bank/transactions')).status).toBe(403);
  await stefan.goto(`/dashboard/hausabrechnungen/${id}`);
  await expect(stefan.getByRole('heading', { level: 1 })).toBeVisible();
  // what only changes is not offered to him
  await expect(stefan.getByRole('link', { name: /PDF herunterladen/ }).first()).toBeVisible();
  await expect(stefan.getByRole('button', { name: 'Korrektur erstellen' })).toHaveCount(0);
  await stefan.goto(`/dashboard/immobilien/${house.property.id}`);
  await expect(stefan.getByRole('heading', { name: 'Einheiten' })).toBeVisible();
  await expect(stefan.getByRole('button', { name: 'Einheit hinzufügen' })).toHaveCount(0);
  await stefan.goto(`/dashboard/hausabrechnungen/${id}`);
  // the change log names who did what
  await stefan.getByText(/^Änderungen/).click();
  const log = stefan.getByRole('listitem');
  await expect(
    log.filter({ hasText: 'Carla Miteigentümerin hat eine Hausabrechnung finalisiert' }),
  ).toBeVisible();
  await expect(
    log.filter({ hasText: 'Carla Miteigentümerin hat eine Hausabrechnung geändert' }),
  ).toBeVisible();
  await expect(log.filter({ hasText: 'Erika Vermieter hat eine Hausabrechnung angelegt' })).toBeVisible();
  const letter = await stefan.request.get(
    `/api/settlements/${id}/statements/${house.tenancies.mueller.id}/pdf`,
  );
  expect(letter.status()).toBe(200);
  expect(letter.headers()['content-type']).toContain('application/pdf');
  const refused = await pageApi(stefan)('PUT', `/api/settlements/${id}`, {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    costs,
  });
  expect(refused.status).toBe(403);
  expect(JSON.stringify(refused.body)).toContain('nur Leserechte');
  await shot(stefan, 'workspace-reader-1280');
  // what the pages ask of the server is what his limit lets him see: nothing is refused on the way
  const refusedCalls: string[] = [];
  stefan.on('response', (r) => {
    if (r.url().includes('/api/') && [403, 404].includes(r.status()))
      refusedCalls.push(`${r.status()} ${r.url()}`);
  });
  for (const path of [
    '/dashboard',
    '/dashboard/immobilien',
    `/dashboard/immobilien/${house.property.id}`,
    '/dashboard/abrechnungen',
    '/dashboard/belege',
    '/dashboard/einstellungen',
  ]) {
    await stefan.goto(path);
    await expect(stefan.getByRole('heading', { level: 1 })).toBeVisible();
    await stefan.waitForLoadState('networkidle');
  }
  expect(refusedCalls).toEqual([]);
  await expectNoAxeViolations(stefan, 'reader dashboard');

  // the owner sees both as members
  await page.reload();
  await expect(page.getByText('Carla Miteigentümerin')).toBeVisible();
  await expect(page.getByText('Stefan Steuerberater', { exact: true })).toBeVisible();
  await expect(page.getByText('nur Haus Lindenstraße', { exact: true })).toBeVisible();
  await page.getByText('Sichtbare Immobilien von Stefan Steuerberater').click();
  await expect(page.getByLabel('Gartenhaus')).not.toBeChecked();
  await expectNoAxeViolations(page, 'workspace settings');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'workspace-settings-390');
  await expectNoSidewaysScroll(page);
});
