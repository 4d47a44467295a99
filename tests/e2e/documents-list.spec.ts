import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { buildFourUnitHouse, houseDraft } from '../builders/building';
import { signUpByApi } from './mailbox';
import { pageApi } from './page-api';
import { expectNoSidewaysScroll } from './page-checks';
import { shot } from './shots';

// The receipts list fits its column at 1280 px (delete not cut off) and shows cards with
// size and every action on a phone.

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

async function landlordWithReceipts(page: Page) {
  await signUpByApi(page, baseURL, {
    name: 'Erika Belege',
    email: `belegliste-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Sicheres-Passwort-1',
  });
  const property = await page.request.post('/api/properties', {
    headers: { origin: baseURL },
    data: {
      name: 'Mehrfamilienhaus Lindenstraße 12',
      street: 'Lindenstraße 12',
      city: 'Berlin',
      yearBuilt: 1962,
      totalArea: 220,
      unitCount: 4,
    },
  });
  const propertyId = (await property.json()).id as string;
  for (const name of [
    'Wasserrechnung Berliner Wasserbetriebe erstes Quartal 2025.pdf',
    'Grundsteuerbescheid.pdf',
  ]) {
    const res = await page.request.post('/api/documents', {
      headers: { origin: baseURL },
      multipart: {
        name,
        propertyId,
        type: 'Rechnung',
        docDate: '2025-03-15',
        description: 'Abschlagsrechnung mit Zählerstand und Verbrauch des Vorjahres',
        tags: 'Wasser',
        file: { name, mimeType: 'application/pdf', buffer: PDF },
      },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/dashboard/belege');
}

/** Whether the element lies wholly inside the window, not cut off by it or by a scroll box. */
const wholeOnScreen = (page: Page, name: string) =>
  page
    .getByLabel(name, { exact: true })
    .filter({ visible: true })
    .evaluate((element) => {
      const r = element.getBoundingClientRect();
      let box: HTMLElement | null = element.parentElement;
      while (box) {
        const clip = box.getBoundingClientRect();
        if (
          getComputedStyle(box).overflowX !== 'visible' &&
          (r.right > clip.right + 0.5 || r.left < clip.left - 0.5)
        ) {
          return false;
        }
        box = box.parentElement;
      }
      return r.left >= 0 && r.right <= window.innerWidth;
    });

test('at 1280 px the table fits: nothing to scroll sideways, delete in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await landlordWithReceipts(page);
  const table = page.getByRole('table', { name: 'Belege' });
  await expect(table.getByRole('row')).toHaveCount(3);
  expect(await wholeOnScreen(page, '„Grundsteuerbescheid.pdf“ löschen')).toBe(true);
  await shot(page, 'documents-list-1280');
});

test('at 390 px every receipt is a card with its size and all actions', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await landlordWithReceipts(page);
  const card = page
    .getByRole('list', { name: 'Belege' })
    .getByRole('listitem', { name: 'Grundsteuerbescheid.pdf' });
  await expect(card).toContainText('Rechnung · 15.03.2025');
  await expect(card).toContainText('Mehrfamilienhaus Lindenstraße 12');
  for (const action of ['öffnen', 'bearbeiten', 'löschen']) {
    expect(await wholeOnScreen(page, `„Grundsteuerbescheid.pdf“ ${action}`), action).toBe(true);
  }
  await expectNoSidewaysScroll(page);
  await shot(page, 'documents-list-390');
});

// The other lists and the dashboard on a phone, with data (an empty account fits anyway).
test('at 390 px properties and statements are cards and the dashboard fits', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await landlordWithReceipts(page);
  const api = pageApi(page);
  const house = await buildFourUnitHouse(api);
  await houseDraft(api, house);
  const title = 'Nebenkostenabrechnung 2025 für die Wohnung im Erdgeschoss links';
  await api('POST', '/api/statements', {
    title,
    formData: { tenant: { name: 'Frau Anna Schmidt', street: 'Lindenstraße 12', city: '10115 Berlin' } },
  });

  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'dashboard-data-390');

  await page.goto('/dashboard/immobilien');
  const property = page.getByRole('list', { name: 'Immobilien' }).getByRole('listitem').first();
  await expect(property).toContainText('Einheiten');
  for (const action of ['bearbeiten', 'löschen']) {
    expect(await wholeOnScreen(page, `„${house.property.name}“ ${action}`), action).toBe(true);
  }
  await expectNoSidewaysScroll(page);
  await shot(page, 'properties-list-390');

  await page.goto('/dashboard/abrechnungen');
  const statement = page.getByRole('list', { name: 'Einzelabrechnungen' }).getByRole('listitem');
  await expect(statement).toContainText('0,00 €');
  for (const action of ['bearbeiten', 'kopieren', 'löschen']) {
    expect(await wholeOnScreen(page, `„${title}“ ${action}`), action).toBe(true);
  }
  await expectNoSidewaysScroll(page);
  await shot(page, 'statements-list-390');
});
