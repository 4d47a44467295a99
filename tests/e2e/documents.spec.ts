import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { linkIn, mailsInFolder, waitForMail } from '../setup/factories';
import { shot, shotAsSeen } from './shots';

// Receipts on the embedded default (local folder): upload two files with metadata, watch the
// progress, find, open, edit and delete them.

const PASSWORD = 'Sicheres-Passwort-1';

// A PDF large enough that its upload progress can be watched on a throttled connection.
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.alloc(1536 * 1024, 0x20),
  Buffer.from('\n%%EOF\n'),
]);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function signUpWithProperty(page: Page) {
  const email = `belege-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: {
      name: 'Erika Belege',
      email,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      privacyConsent: true,
      termsConsent: true,
    },
  });
  expect(signUp.status()).toBe(200);
  // the confirmation mail's link signs in; the server writes its mails into E2E_DATA_DIR/mail
  const mails = () => mailsInFolder(process.env.E2E_DATA_DIR ?? '');
  const link = linkIn(await waitForMail(mails, email, /bestätigen/));
  expect((await page.request.get(link.pathname + link.search)).ok()).toBe(true);
  const property = await page.request.post('/api/properties', {
    headers: { origin: baseURL },
    data: {
      name: 'Haus am See',
      type: 'mehrfamilienhaus',
      street: 'Seestraße 1',
      postalCode: '14467',
      city: 'Potsdam',
      yearBuilt: 1998,
      totalArea: '412,5',
      unitCount: 6,
    },
  });
  expect(property.status()).toBe(201);
}

/** Toast texts appear twice (the toast and its screen-reader announcement). */
async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const card = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

test('upload two receipts with metadata and progress, then find, open, edit and delete them', async ({
  page,
  browser,
}) => {
  await signUpWithProperty(page);
  await page.goto('/dashboard/belege');
  await expect(page.getByText('Keine Belege gefunden.')).toBeVisible();
  await page.getByRole('link', { name: 'Belege hochladen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/belege\/upload$/);
  await expect(page).toHaveTitle('Belege hochladen – Umlage');

  // the spec's rejections, before anything is sent
  await page.getByRole('button', { name: 'Hochladen' }).click();
  await expectToast(page, 'Keine Dateien ausgewählt');
  const picker = page.getByLabel('Dateien auswählen');
  await picker.setInputFiles({ name: 'notizen.txt', mimeType: 'text/plain', buffer: Buffer.from('hallo') });
  await expectToast(page, 'Ungültiger Dateityp');
  await picker.setInputFiles({
    name: 'riesig.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20),
  });
  await expectToast(page, '"riesig.pdf" überschreitet das Limit von 10MB.');
  // a text file renamed to .pdf is refused by its bytes when chosen, not later at the upload
  await picker.setInputFiles({
    name: 'umbenannt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('hallo'),
  });
  await expectToast(page, '"umbenannt.pdf" ist keine PDF-, JPG- oder PNG-Datei.');
  await expect(card(page, 'umbenannt.pdf')).toHaveCount(0);

  // drag and drop adds files too; a chosen file can be removed again
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['%PDF-1.4\n'], 'gezogen.pdf', { type: 'application/pdf' }));
    return transfer;
  });
  await page.getByText('Dateien hierher ziehen').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(card(page, 'gezogen.pdf')).toBeVisible();
  await page.getByRole('button', { name: '„gezogen.pdf“ entfernen' }).click();
  await expect(card(page, 'gezogen.pdf')).toHaveCount(0);

  await picker.setInputFiles([
    { name: 'Wasserrechnung.pdf', mimeType: 'application/pdf', buffer: PDF },
    { name: 'Zählerfoto.png', mimeType: 'image/png', buffer: PNG },
  ]);
  const invoice = card(page, 'Wasserrechnung.pdf');
  const photo = card(page, 'Zählerfoto.png');
  // defaults: the first property, Sonstiges, today
  await expect(invoice.getByLabel('Immobilie')).toHaveValue(/.+/);
  await expect(invoice.getByLabel('Immobilie').locator('option:checked')).toHaveText('Haus am See');
  await expect(invoice.getByLabel(/^Typ/)).toHaveValue('Sonstiges');
  await expect(invoice.getByLabel(/^Belegdatum/)).not.toHaveValue('');

  await invoice.getByLabel(/^Typ/).selectOption('Rechnung');
  await invoice.getByLabel(/^Belegdatum/).fill('2024-03-15');
  await invoice.getByLabel('Beschreibung').fill('Wasser erstes Quartal');
  await invoice.getByLabel('Tags').fill('Wasser, , 2024 ');
  await photo.getByLabel(/^Typ/).selectOption('Protokoll');
  await photo.getByLabel(/^Belegdatum/).fill('2024-04-02');
  await photo.getByLabel('Beschreibung').fill('Zählerstand Keller');
  await shot(page, 'documents-upload');

  // reading is on by default; off keeps the plain upload
  const recognition = page.getByRole('switch', { name: /Automatische Erkennung/ });
  await expect(recognition).toHaveAttribute('aria-checked', 'true');
  await recognition.click();
  await expect(recognition).toHaveAttribute('aria-checked', 'false');

  // a slow uplink, so the progress bar is seen between 0 and 100 %
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  await page.getByRole('button', { name: '2 Belege hochladen' }).click();
  const progress = page.getByRole('progressbar', { name: 'Upload von „Wasserrechnung.pdf“' });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { intervals: [50] })
    .toBeGreaterThan(0);
  await expect
    .poll(async () => Number((await progress.getAttribute('aria-valuenow')) ?? 100))
    .toBeLessThan(100);
  await expectToast(page, 'Upload erfolgreich');
  await expectToast(page, '2 Belege wurden hochgeladen.');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // the list, newest upload first
  await expect(page).toHaveURL(/\/dashboard\/belege$/);
  await expect(page).toHaveTitle('Belege – Umlage');
  const invoiceRow = row(page, 'Wasserrechnung.pdf');
  await expect(invoiceRow).toContainText('1,5 MB');
  await expect(invoiceRow).toContainText('Haus am See');
  await expect(invoiceRow).toContainText('Rechnung');
  await expect(invoiceRow).toContainText('15.03.2024');
  await expect(row(page, 'Zählerfoto.png')).toContainText('70 Bytes');
  await expect(page.getByRole('row').nth(1)).toContainText('Zählerfoto.png');
  // the storage the receipts take of the user's quota
  const storage = page.getByRole('meter', { name: 'Speicherplatz' });
  await expect(storage).toHaveAttribute('aria-valuetext', '1,5 MB von 1 GB belegt');
  await expect(page.getByText('1,5 MB von 1 GB belegt')).toBeVisible();
  await shotAsSeen(page, 'documents-list', { fullPage: true });

  // search by description, filter by type and property
  await page.getByLabel('Suche').fill('zählerstand');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, 'Zählerfoto.png')).toBeVisible();
  await page.getByLabel('Suche').fill('');
  await page.getByLabel('Typ').selectOption('Rechnung');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(invoiceRow).toBeVisible();
  await page.getByLabel('Typ').selectOption('Vertrag');
  await expect(page.getByText('Keine Belege gefunden.')).toBeVisible();
  await page.getByLabel('Typ').selectOption('');
  await page.getByLabel('Immobilie').selectOption({ label: 'Haus am See' });
  await expect(page.getByRole('row')).toHaveCount(3);

  // open: the file comes back in a new tab, only for its owner
  const popupOpened = page.waitForEvent('popup');
  await row(page, 'Zählerfoto.png').getByRole('link', { name: '„Zählerfoto.png“ öffnen' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/\/api\/documents\/[0-9a-f-]{36}\/file$/);
  const served = await page.request.get(popup.url());
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await served.body()).equals(PNG)).toBe(true);
  const stranger = await browser.newContext({ baseURL });
  expect((await stranger.request.get(popup.url())).status()).toBe(401);
  await stranger.close();
  await popup.close();

  // edit
  await invoiceRow.getByRole('button', { name: '„Wasserrechnung.pdf“ bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Beleg bearbeiten' });
  await expect(dialog.getByLabel(/^Name/)).toHaveValue('Wasserrechnung.pdf');
  await expect(dialog.getByLabel('Tags')).toHaveValue('Wasser, 2024');
  await shotAsSeen(page, 'documents-edit');
  await dialog.getByLabel(/^Name/).fill('');
  await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(dialog.getByText('Name ist ein Pflichtfeld.')).toBeVisible();
  await dialog.getByLabel(/^Name/).fill('Wasser Q1 2024');
  await dialog.getByLabel(/^Typ/).selectOption('Reparatur');
  await dialog.getByLabel('Tags').fill('Wasser, Q1');
  await dialog.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expectToast(page, 'Beleg aktualisiert');
  await expect(dialog).toBeHidden();
  const edited = row(page, 'Wasser Q1 2024');
  await expect(edited).toContainText('Reparatur');
  const list = await page.request.get('/api/documents');
  // the name keeps the file's extension
  expect((await list.json()).find((d: { name: string }) => d.name === 'Wasser Q1 2024.pdf')).toMatchObject({
    type: 'Reparatur',
    tags: ['Wasser', 'Q1'],
    description: 'Wasser erstes Quartal',
  });

  // delete with confirmation
  await row(page, 'Zählerfoto.png').getByRole('button', { name: '„Zählerfoto.png“ löschen' }).click();
  const confirmDialog = page.getByRole('alertdialog', { name: 'Sind Sie sicher?' });
  await confirmDialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(row(page, 'Zählerfoto.png')).toBeVisible();
  await row(page, 'Zählerfoto.png').getByRole('button', { name: '„Zählerfoto.png“ löschen' }).click();
  await confirmDialog.getByRole('button', { name: 'Löschen' }).click();
  await expectToast(page, 'Der Beleg wurde entfernt.');
  await expect(row(page, 'Zählerfoto.png')).toHaveCount(0);
  await expect(storage).toHaveAttribute('value', '1572880');
  expect((await (await page.request.get('/api/documents')).json()).length).toBe(1);
  expect((await page.request.get(popup.url())).status()).toBe(404);
});
