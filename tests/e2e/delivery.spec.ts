import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { buildFourUnitHouse, houseDraft } from '../builders/building';
import { linkIn, waitForMail } from '../setup/factories';
import { mails, signUpByApi } from './mailbox';
import { buyCredits, pageApi } from './page-api';
import { expectNoSidewaysScroll } from './page-checks';
import { shot } from './shots';

// Delivery with proof: a final statement goes out by e-mail, the tenant opens the private
// link without an account and views a receipt, and the landlord sees when the link was first opened.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a final statement is mailed, opened by the tenant with a receipt, and the opening shows to the landlord', async ({
  page,
  browser,
}) => {
  await signUpByApi(page, baseURL, {
    name: 'Erika Vermieter',
    email: `zustellung-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Sicheres-Passwort-1',
  });
  const api = pageApi(page);
  const house = await buildFourUnitHouse(api);
  // Anna Müller gets her own address per run, so the mail found is this run's
  const tenantEmail = `anna-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  expect(
    (
      await api('PATCH', `/api/tenancies/${house.tenancies.mueller.id}`, {
        tenant: { name: 'Anna Müller', street: '', city: '', email: tenantEmail },
      })
    ).status,
  ).toBe(200);
  const id = await houseDraft(api, house);

  await buyCredits(api, 4);
  const warnings = (await api('GET', `/api/settlements/${id}`)).body.warnings as {
    code: string;
    path: string;
    severity: string;
  }[];
  const finalized = await api('POST', `/api/settlements/${id}/finalize`, {
    confirmedWarnings: warnings.filter((w) => w.severity === 'warning').map((w) => `${w.code}@${w.path}`),
  });
  expect(finalized.status).toBe(200);

  const upload = await page.request.post('/api/documents', {
    headers: { origin: baseURL },
    multipart: {
      name: 'Grundsteuerbescheid 2025',
      docDate: '2025-02-10',
      file: { name: 'grundsteuer.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(upload.status()).toBe(201);

  // The landlord attaches the receipt to the Grundsteuer on the final page and mails Anna Müller's letter.
  await page.goto(`/dashboard/hausabrechnungen/${id}`);
  const costs = page.getByRole('list', { name: 'Kostenpositionen' });
  await costs.getByText('Belege (0)').first().click();
  await page
    .getByRole('group', { name: 'Belege für Grundsteuer' })
    .getByRole('checkbox', { name: 'Grundsteuerbescheid 2025.pdf' })
    .check();
  await page.getByRole('button', { name: 'Belege speichern' }).click();
  await expect(costs.getByText('Belege (1): Grundsteuerbescheid 2025.pdf')).toBeVisible();

  // A tenant without an e-mail address is offered post, not an e-mail nothing would send.
  await expect(
    page.getByRole('listitem', { name: 'Zustellung an Jonas Schmidt' }).getByLabel('Zustellweg'),
  ).toHaveValue('post');
  const mueller = page.getByRole('listitem', { name: 'Zustellung an Anna Müller' });
  await expect(
    mueller.getByRole('checkbox', { name: new RegExp(`per E-Mail an ${tenantEmail}`) }),
  ).toBeChecked();
  await mueller.getByRole('button', { name: 'Per E-Mail senden' }).click();
  await expect(mueller).toContainText('E-Mail, versandt am');
  await expect(mueller).toContainText('noch nicht geöffnet');

  // The tenant, in a browser of their own without any session, follows the mailed link.
  const mail = await waitForMail(mails, tenantEmail, /Betriebskostenabrechnung/);
  const link = linkIn(mail);
  expect(link.pathname).toMatch(/^\/m\/[A-Za-z0-9_-]{43}$/);
  const tenant = await browser.newContext();
  const tenantPage = await tenant.newPage();
  await tenantPage.goto(link.pathname);
  await expect(tenantPage.getByRole('heading', { name: 'Abrechnung 01.01.2025 – 31.12.2025' })).toBeVisible();
  await expect(tenantPage.getByText('Betriebskostenabrechnung von Erika Vermieter')).toBeVisible();
  await expect(tenantPage.getByText('Jonas Schmidt')).toHaveCount(0);
  const receipt = tenantPage.getByRole('link', { name: 'Grundsteuerbescheid 2025.pdf' });
  const receiptResponse = await tenantPage.request.get((await receipt.getAttribute('href')) ?? '');
  expect(receiptResponse.status()).toBe(200);
  expect(receiptResponse.headers()['content-type']).toBe('application/pdf');
  const pdf = await tenantPage.request.get(
    (await tenantPage.getByRole('link', { name: 'PDF herunterladen' }).getAttribute('href')) ?? '',
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await shot(tenantPage, 'tenant-page-1280');
  await tenantPage.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(tenantPage);
  await shot(tenantPage, 'tenant-page-390');
  await tenant.close();

  // Back on the landlord's side: the opening and the viewed receipt.
  await page.reload();
  await expect(mueller).toContainText(/Link geöffnet am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr/);
  await expect(mueller).toContainText('Angesehene Belege: Grundsteuerbescheid 2025.pdf');
  await shot(page, 'settlement-delivery-1280', mueller);

  // A link can be withdrawn (sent to a wrong address): it opens nothing from then on.
  await mueller.getByRole('button', { name: 'Link zurückziehen' }).click();
  await expect(page.getByText('Link zurückgezogen', { exact: true })).toBeVisible();
  await expect(mueller).toContainText('Link zurückgezogen: Er öffnet die Abrechnung nicht mehr.');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'settlement-delivery-revoked-390', mueller);
  const stranger = await browser.newContext();
  const gone = await (await stranger.newPage()).goto(link.pathname);
  expect(gone?.status()).toBe(404);
  await stranger.close();
});
