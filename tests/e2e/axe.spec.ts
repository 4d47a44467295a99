import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import type { SPA_PATHS } from '../../src/shared/spa-paths';
import { camt053, sampleYear } from '../builders/bank-files';
import { buildFourUnitHouse, houseCosts } from '../builders/building';
import { signUpByApi } from './mailbox';
import { pageApi } from './page-api';
import { expectNoAxeViolations, scrollThrough } from './page-checks';

// axe finds nothing on any page of src/client/router.tsx, signed out and signed in, on a
// laptop and on a phone; a visitor's pages log no console error, and an unknown address answers 404.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const PACKAGE = new URLSearchParams({ plan: 'Standard', priceId: 'price_umlage_standard', price: '18,80 €' });

/** Each SPA path with the address to open; ids come from the data made for the signed-in run. */
type Ids = { property: string; statement: string; settlement: string; checkout: string };
const PAGES: Record<(typeof SPA_PATHS)[number], (ids: Ids) => string> = {
  login: () => '/login',
  register: () => '/register',
  'register-and-pay': () => `/register-and-pay?${PACKAGE}`,
  'forgot-password': () => '/forgot-password',
  'reset-password': () => '/reset-password?token=ungueltig',
  impressum: () => '/impressum',
  datenschutz: () => '/datenschutz',
  'einladung/:token': () => '/einladung/ungueltigerLinkOhneEinladungAAAAAAAAAAAAAAAAAAAA',
  agb: () => '/agb',
  widerrufsbelehrung: () => '/widerrufsbelehrung',
  'zahlung-fortsetzen': () =>
    `/zahlung-fortsetzen?${new URLSearchParams({ plan: 'Standard', priceId: 'price_umlage_standard' })}`,
  paywall: () => `/paywall?${PACKAGE}`,
  'testzahlung/:sessionId': (ids) => `/testzahlung/${encodeURIComponent(ids.checkout)}`,
  dashboard: () => '/dashboard',
  'dashboard/immobilien': () => '/dashboard/immobilien',
  'dashboard/immobilien/neu': () => '/dashboard/immobilien/neu',
  'dashboard/immobilien/:id': (ids) => `/dashboard/immobilien/${ids.property}`,
  'dashboard/immobilien/bearbeiten/:id': (ids) => `/dashboard/immobilien/bearbeiten/${ids.property}`,
  'dashboard/abrechnungen': () => '/dashboard/abrechnungen',
  'dashboard/abrechnungen/neu': () => '/dashboard/abrechnungen/neu',
  'dashboard/abrechnungen/bearbeiten/:id': (ids) => `/dashboard/abrechnungen/bearbeiten/${ids.statement}`,
  'dashboard/hausabrechnungen/neu': () => '/dashboard/hausabrechnungen/neu',
  'dashboard/hausabrechnungen/:id': (ids) => `/dashboard/hausabrechnungen/${ids.settlement}`,
  'dashboard/belege': () => '/dashboard/belege',
  'dashboard/belege/upload': () => '/dashboard/belege/upload',
  'dashboard/einstellungen': () => '/dashboard/einstellungen',
  'dashboard/zahlungen': () => '/dashboard/zahlungen',
};

/** A house with tenants, a single statement, a Hausabrechnung and an open test checkout. */
async function makeData(page: Page): Promise<Ids> {
  const api = pageApi(page);
  const house = await buildFourUnitHouse(api);
  const settlement = await api('POST', `/api/properties/${house.property.id}/settlements`, {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    costs: houseCosts(house.tenancies),
    letter: {
      landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 1', city: '10115 Berlin' },
      bank: null,
    },
  });
  const statement = await api('POST', '/api/statements', {
    formData: {
      landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 1', city: '10115 Berlin' },
      tenant: { name: 'Max Mieter', street: 'Seestraße 1', city: '14467 Potsdam' },
      billingPeriod: { start: '2025-01-01', end: '2025-12-31' },
      costs: [{ id: 'a', name: 'Grundsteuer', amount: '240,00', allocationKey: 'Pauschal' }],
      prepayments: { monthly: '15,00', months: '12' },
    },
  });
  const checkout = await api('POST', '/api/billing/checkout', { priceId: 'price_umlage_standard' });
  // a bank file, so the payments page lists bookings to assign
  const bank = await page.request.post('/api/bank/imports', {
    headers: { origin: baseURL },
    multipart: {
      file: {
        name: 'umsaetze.xml',
        mimeType: 'application/xml',
        buffer: Buffer.from(camt053(sampleYear().slice(0, 12))),
      },
    },
  });
  expect(bank.status()).toBe(201);
  for (const res of [settlement, statement, checkout]) expect(res.status).toBeLessThan(300);
  return {
    property: house.property.id,
    statement: statement.body.id,
    settlement: settlement.body.id,
    checkout: decodeURIComponent(String(checkout.body.url).split('/').pop() ?? ''),
  };
}

/**
 * The check at each width, the laptop first: the phone's layout is reached by resizing the page that
 * is open (as a turned tablet would), so each page and dialog is opened once for both scans.
 */
async function atEachWidth(page: Page, check: (label: string) => Promise<void>) {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await check(`at ${viewport.width} px`);
  }
}

/** axe over the page with its open dialog, at each width. */
async function expectCleanDialog(page: Page, open: () => Promise<unknown>, name: string | RegExp) {
  await page.setViewportSize(WIDTHS[0]);
  await open();
  const dialog = page.getByRole('dialog', { name }).or(page.getByRole('alertdialog', { name }));
  await expect(dialog).toBeVisible();
  await atEachWidth(page, async (at) => {
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, `${String(name)} ${at}`);
  });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/**
 * Opens the address, waits until the page is drawn and its data loaded, and runs axe at each width.
 * A visitor's page is scrolled through first, so that its lazily loaded parts and the back-to-top
 * button render. An address that sends the user on to a page this test already scanned (a guest page
 * opened signed in leads to the dashboard) is not scanned twice.
 */
async function expectClean(page: Page, url: string, { scroll = false, scanned = new Set<string>() } = {}) {
  await page.setViewportSize(WIDTHS[0]);
  await page.goto(url);
  await expect(page.locator('h1').first()).toBeAttached();
  const landed = new URL(page.url()).pathname;
  if (landed !== new URL(url, baseURL).pathname && scanned.has(landed)) return;
  await atEachWidth(page, async (at) => {
    if (scroll) await scrollThrough(page);
    else await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, `${url} ${at}`);
  });
  scanned.add(landed);
}

// without motion axe sees every section as it ends up, not halfway through its fade-in
test.use({ viewport: WIDTHS[0], reducedMotion: 'reduce' });

test('signed out: every page is clean, logs no error, and an unknown address is a 404', async ({ page }) => {
  // about 20 pages scrolled through and scanned twice: minutes on a busy machine
  test.setTimeout(360_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  const none: Ids = { property: '1', statement: '1', settlement: '1', checkout: 'x' };
  for (const url of ['/', ...Object.values(PAGES).map((path) => path(none))]) {
    if (!url.startsWith('/dashboard')) {
      await expectClean(page, url, { scroll: true });
      continue;
    }
    // the signed-in pages send a visitor to the login page (checked once above, not each time)
    await page.goto(url);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(url)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  const missing = await page.goto('/gibt-es-nicht');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await atEachWidth(page, (at) => expectNoAxeViolations(page, `/gibt-es-nicht ${at}`));
  expect(errors.filter((e) => !e.includes('/gibt-es-nicht'))).toEqual([]);
});

test('signed in: every page is clean', async ({ page }) => {
  test.setTimeout(300_000);
  await signUpByApi(page, baseURL, {
    name: 'Erika Vermieter',
    email: `axe-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Sicheres-Passwort-1',
  });
  const ids = await makeData(page);
  const scanned = new Set<string>();
  // the dashboard's pages first, so the guest pages that lead to them are not scanned again
  const paths = Object.values(PAGES).sort(
    (a, b) => Number(!a(ids).startsWith('/dashboard')) - Number(!b(ids).startsWith('/dashboard')),
  );
  for (const path of paths) await expectClean(page, path(ids), { scanned });
  await expectClean(page, '/', { scanned });
  await expectClean(page, '/dashboard/gibt-es-nicht', { scanned });
});

test('signed in: every dialog is clean', async ({ page }) => {
  test.setTimeout(200_000);
  await signUpByApi(page, baseURL, {
    name: 'Erika Vermieter',
    email: `axe-dialogs-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Sicheres-Passwort-1',
  });
  const ids = await makeData(page);
  const upload = await page.request.post('/api/documents', {
    headers: { origin: baseURL },
    multipart: {
      name: 'Grundsteuerbescheid.pdf',
      propertyId: ids.property,
      type: 'Rechnung',
      docDate: '2025-03-15',
      file: {
        name: 'Grundsteuerbescheid.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    },
  });
  expect(upload.status()).toBe(201);
  const button = (name: string | RegExp) => page.getByRole('button', { name }).first();
  const api = pageApi(page);
  const [unit] = (await api('GET', `/api/properties/${ids.property}/units`)).body as unknown as {
    id: string;
  }[];
  expect(
    (await api('POST', `/api/units/${unit?.id}/meters`, { kind: 'cold-water', number: 'KW-1' })).status,
  ).toBe(201);
  await api('POST', `/api/properties/${ids.property}/cost-groups`, {
    name: 'Aufzug',
    unitIds: [unit?.id],
  });

  await page.goto(`/dashboard/immobilien/${ids.property}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectCleanDialog(page, () => button('Einheit hinzufügen').click(), 'Einheit hinzufügen');
  await expectCleanDialog(page, () => button(/^Einheit „.+“ bearbeiten$/).click(), 'Einheit bearbeiten');
  await expectCleanDialog(
    page,
    () => button('Einheiten als Tabelle erfassen').click(),
    'Einheiten als Tabelle erfassen',
  );
  await expectCleanDialog(
    page,
    () => button('Mieter als Tabelle erfassen').click(),
    'Mieter als Tabelle erfassen',
  );
  await expectCleanDialog(
    page,
    () => button(/^Mietverhältnis hinzufügen/).click(),
    'Mietverhältnis hinzufügen',
  );
  await expectCleanDialog(
    page,
    () => button(/^Mietverhältnis „.+“ bearbeiten$/).click(),
    'Mietverhältnis bearbeiten',
  );
  await expectCleanDialog(page, () => button(/^Einheit „.+“ löschen$/).click(), 'Sind Sie sicher?');
  await expectCleanDialog(page, () => button('Gruppe hinzufügen').click(), 'Gruppe hinzufügen');
  await expectCleanDialog(page, () => button('Zähler hinzufügen').click(), 'Zähler hinzufügen');
  await expectCleanDialog(page, () => button(/^Ablesung/).click(), 'Ablesung erfassen');
  await expectCleanDialog(page, () => button('„Aufzug“ bearbeiten').click(), 'Gruppe bearbeiten');

  await page.goto('/dashboard/belege');
  await expectCleanDialog(
    page,
    () => button('„Grundsteuerbescheid.pdf“ bearbeiten').click(),
    'Beleg bearbeiten',
  );

  await page.goto('/dashboard/einstellungen');
  await expectCleanDialog(page, () => button('Konto löschen').click(), 'Konto endgültig löschen?');

  await page.goto(`/dashboard/hausabrechnungen/${ids.settlement}`);
  await expect(page.getByRole('heading', { name: 'Heizung und Warmwasser' })).toBeVisible();
  for (const box of await page.getByRole('checkbox', { name: /^Ich habe geprüft:/ }).all()) await box.check();
  await expectCleanDialog(page, () => button(/^Finalisieren \(/).click(), 'Hausabrechnung finalisieren?');
});
