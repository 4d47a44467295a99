import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type Download, expect, type Page, test } from '@playwright/test';
import { readStoredFormData, toFormInput } from '../../src/shared/schemas/statement-form';
import { warningKey } from '../../src/shared/settlement/checks';
import { signUpByApi } from './mailbox';
import { scrollSettled } from './scroll';

// The statement PDF from the dashboard wizard: a free preview, a credit bought with the built-in
// test checkout, the final PDF for that credit, and the archived copy downloaded again for free.

const PASSWORD = 'Sicheres-Passwort-1';
const uniqueEmail = () => `pdf-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function signUp(page: Page, baseURL: string) {
  await signUpByApi(page, baseURL, { name: 'Erika Mustermann', email: uniqueEmail(), password: PASSWORD });
}

function pdfText(download: Download, path: string): string {
  expect(readFileSync(path).subarray(0, 5).toString('latin1'), download.suggestedFilename()).toBe('%PDF-');
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
}

async function download(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; text: string; size: number }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: pdfText(file, path), size: readFileSync(path).length };
}

async function buildStatement(page: Page): Promise<string> {
  await page.goto('/dashboard/abrechnungen/neu');
  const landlord = page.getByRole('group', { name: 'Vermieter', exact: true });
  await landlord.getByLabel('Name').fill('Hausverwaltung Müller');
  await landlord.getByLabel('Straße und Hausnummer').fill('Königsallee 12');
  await landlord.getByLabel('PLZ und Ort').fill('40212 Düsseldorf');
  const tenant = page.getByRole('group', { name: 'Mieter', exact: true });
  await tenant.getByLabel('Name').fill('Jürgen Weiß');
  await tenant.getByLabel('Straße und Hausnummer').fill('Große Straße 5a');
  await tenant.getByLabel('PLZ und Ort').fill('50667 Köln');
  await page.getByLabel('Abrechnungszeitraum von').fill('2024-01-01');
  await page.getByLabel('Abrechnungszeitraum bis').fill('2024-12-31');
  await page.getByRole('button', { name: 'Weiter' }).click();

  await page.getByRole('list', { name: 'Vorlagen' }).getByRole('button', { name: 'Grundsteuer' }).click();
  await page.getByRole('list', { name: 'Vorlagen' }).getByRole('button', { name: 'Müllabfuhr' }).click();
  const positions = page.getByRole('list', { name: 'Kostenpositionen' }).getByRole('listitem');
  await positions.nth(0).getByLabel('Betrag (€)').fill('480,00');
  await positions.nth(1).getByLabel('Betrag (€)').fill('240,00');
  await page.getByLabel('Monatliche Vorauszahlung (€)').fill('50,00');
  await page.getByLabel('Anzahl Monate').fill('12');
  await page.getByRole('button', { name: 'Als Entwurf speichern' }).click();
  await expect(page.getByText('Entwurf gespeichert!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/abrechnungen\/bearbeiten\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop() ?? '';
}

async function openStep3(page: Page, id: string) {
  await page.goto(`/dashboard/abrechnungen/bearbeiten/${id}`);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { name: /Schritt 2 von 3/ })).toBeVisible();
  await scrollSettled(page);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { name: /Schritt 3 von 3/ })).toBeVisible();
}

const panel = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'PDF-Export', exact: true }) });

/** The 2024 statement's deadline has passed: the final PDF waits until that is ticked as checked. */
async function confirmWarnings(page: Page) {
  const finalButton = panel(page).getByRole('button', { name: /Finale PDF erstellen/ });
  await expect(
    panel(page).getByRole('checkbox', { name: /^Ich habe geprüft: Die Abrechnungsfrist/ }),
  ).toBeVisible();
  await expect(finalButton).toBeDisabled();
  for (const box of await panel(page)
    .getByRole('checkbox', { name: /^Ich habe geprüft:/ })
    .all())
    await box.check();
  await expect(finalButton).toBeEnabled();
}

test('preview for free, a bought credit for the final PDF, the archived PDF again for free', async ({
  page,
  baseURL,
}) => {
  await signUp(page, baseURL ?? '');
  const id = await buildStatement(page);
  await page.getByRole('button', { name: 'Weiter' }).click();

  // no credit: the free preview, the VORSCHAU note and the way to buy
  await expect(panel(page).getByTestId('pdf-credits')).toHaveText('Ihre Credits: 0');
  await expect(panel(page).getByText(/Wasserzeichen VORSCHAU/)).toBeVisible();
  await expect(panel(page).getByRole('button', { name: /Finale PDF/ })).toHaveCount(0);
  const preview = await download(page, () =>
    panel(page).getByRole('button', { name: 'Vorschau herunterladen' }).click(),
  );
  await expect(page.getByText('Vorschau wird heruntergeladen', { exact: true })).toBeVisible();
  expect(preview.name).toBe('VORSCHAU_Betriebskostenabrechnung_2024_Jürgen_Weiß.pdf');
  // pictures of its pages with the watermark in the pixels (ADR 0005): no text to copy out
  expect(preview.text.trim()).toBe('');
  expect(preview.size).toBeGreaterThan(50_000);

  // buy one credit with the test checkout
  await panel(page).getByRole('link', { name: 'Credits kaufen' }).click();
  await expect(page).toHaveURL(/\/paywall\?plan=Einzelabrechnung&price=9\.99/);
  await page.getByRole('button', { name: /Auswählen\s*:\s*Einzelabrechnung/ }).click();
  await page.getByRole('button', { name: 'Bezahlen' }).click();
  await expect(page.getByText('Zahlung erfolgreich!', { exact: true })).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText('1');

  // the final PDF takes the credit
  await openStep3(page, id);
  await expect(panel(page).getByTestId('pdf-credits')).toHaveText('Ihre Credits: 1');
  await confirmWarnings(page);
  const final = await download(page, () =>
    panel(page).getByRole('button', { name: 'Finale PDF erstellen (1 Credit)' }).click(),
  );
  await expect(page.getByText('PDF wird heruntergeladen', { exact: true })).toBeVisible();
  await expect(page.getByText('1 Credit wurde verbraucht', { exact: true })).toBeVisible();
  await expect(panel(page).getByTestId('pdf-credits')).toHaveText('Ihre Credits: 0');
  expect(final.name).toBe('Betriebskostenabrechnung_2024_Jürgen_Weiß.pdf');
  expect(final.text).not.toContain('VORSCHAU');
  expect(final.text).toContain('Nachzahlung 120,00 €');

  // archived with the statement: downloaded again without a credit
  const again = await download(page, () =>
    panel(page)
      .getByRole('link', { name: /erneut herunterladen/ })
      .click(),
  );
  expect(again.name).toBe(final.name);
  expect(again.size).toBe(final.size);
  await page.goto('/dashboard');
  await expect(page.getByTestId('credit-balance')).toHaveText('0');
});

test('a final PDF refused for lack of credit leads to the paywall', async ({ page, baseURL }) => {
  await signUp(page, baseURL ?? '');
  const id = await buildStatement(page);
  await page.goto('/paywall');
  await page.getByRole('button', { name: /Auswählen\s*:\s*Einzelabrechnung/ }).click();
  await page.getByRole('button', { name: 'Bezahlen' }).click();
  await expect(page.getByTestId('credit-balance')).toHaveText('1');

  await openStep3(page, id);
  const finalButton = panel(page).getByRole('button', { name: 'Finale PDF erstellen (1 Credit)' });
  await expect(finalButton).toBeVisible();
  await confirmWarnings(page);
  // the credit is spent elsewhere (another tab) while this page still shows it
  const stored = await (await page.request.get(`/api/statements/${id}`)).json();
  const spent = await page.request.post('/api/statements/pdf', {
    headers: { origin: baseURL ?? '' },
    data: {
      formData: toFormInput(readStoredFormData(stored.formData)),
      isPreview: false,
      confirmedWarnings: (stored.warnings as { code: string; path: string }[]).map(warningKey),
    },
  });
  expect(spent.status()).toBe(200);

  await finalButton.click();
  await expect(page.getByText('Nicht genügend Credits', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/paywall\?plan=Einzelabrechnung&price=9\.99/);
});
