import { readFileSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { linkIn, waitForMail } from '../setup/factories';
import { mails, openConfirmationLink } from './mailbox';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './page-checks';
import { shot } from './shots';

const uniqueEmail = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
const PASSWORD = 'Sicheres-Passwort-1';

/** Registers through the form, then follows the confirmation link, which signs in. */
async function register(page: Page, name: string, email: string, password = PASSWORD) {
  await submitRegistration(page, name, email, password);
  await openConfirmationLink(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function submitRegistration(page: Page, name: string, email: string, password: string) {
  await page.goto('/register');
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^E-Mail/).fill(email);
  await page.getByLabel(/^Passwort\*?$/).fill(password);
  await page.getByLabel(/^Passwort bestätigen/).fill(password);
  await page.getByLabel(/Datenschutzerklärung/).check();
  await page.getByLabel(/AGB/).check();
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function logIn(page: Page, email: string, password: string, stayLoggedIn: boolean) {
  await page.getByLabel(/^E-Mail/).fill(email);
  await page.getByLabel(/^Passwort\*?$/).fill(password);
  await page.getByLabel('Angemeldet bleiben').setChecked(stayLoggedIn);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Abmeldung erfolgreich!');
}

/** Toast texts appear twice (the toast and its screen-reader announcement). */
async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** The same browser after a restart: cookies without an expiry (session cookies) are gone. */
async function reopened(context: BrowserContext): Promise<Page> {
  const state = await context.storageState();
  const browser = context.browser();
  if (!browser) throw new Error('no browser');
  const next = await browser.newContext({
    storageState: { ...state, cookies: state.cookies.filter((c) => c.expires !== -1) },
  });
  return next.newPage();
}

test('register → confirm by mail: the link signs in; until then the password does not', async ({ page }) => {
  const email = uniqueEmail();
  await submitRegistration(page, 'Erika Endtest', email, PASSWORD);
  await expectToast(page, 'Registrierung erfolgreich!');
  await expect(
    page.getByRole('status').getByText(`Wir haben Ihnen einen Link an ${email} geschickt`),
  ).toBeVisible();
  await expect(page.getByLabel(/^E-Mail/)).toHaveValue(email);

  // before the address is confirmed, the password answers like a wrong one
  await logIn(page, email, PASSWORD, false);
  await expectToast(page, 'Bitte überprüfen Sie Ihre Anmeldedaten.');
  await expect(page).toHaveURL(/\/login$/);

  const link = linkIn(await waitForMail(mails, email, /bestätigen/));
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'E-Mail-Adresse bestätigt');
  const header = page.getByRole('banner');
  await expect(header.getByText('Willkommen, Erika Endtest')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link erneut senden' })).toBeHidden();
});

test('log out, then log in without and with "Angemeldet bleiben"', async ({ page, context }) => {
  const email = uniqueEmail();
  await register(page, 'Bleibe Gast', email);
  await logOut(page);

  await logIn(page, email, PASSWORD, false);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectToast(page, 'Willkommen zurück!');
  const forgetful = await reopened(context);
  await forgetful.goto('/dashboard');
  await expect(forgetful).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await forgetful.context().close();

  await logOut(page);
  await logIn(page, email, PASSWORD, true);
  await expect(page).toHaveURL(/\/dashboard$/);
  const remembering = await reopened(context);
  await remembering.goto('/dashboard/einstellungen');
  await expect(remembering).toHaveURL(/\/dashboard\/einstellungen$/);
  await expect(remembering.getByLabel('E-Mail', { exact: true })).toHaveValue(email);
  await remembering.context().close();
});

test('forgot password → mail → new password → login', async ({ page }) => {
  const email = uniqueEmail();
  await register(page, 'Vergessliche Vera', email);
  await logOut(page);

  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel(/^E-Mail/).fill(email);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(
    page.getByRole('main').getByText(/Falls ein Konto mit dieser E-Mail-Adresse existiert/),
  ).toBeVisible();

  const link = linkIn(await waitForMail(mails, email, /Passwort zurücksetzen/));
  expect(link.pathname).toBe('/reset-password');
  await page.goto(link.pathname + link.search);
  await page.getByLabel(/^Neues Passwort\*?$/).fill('Ganz-neues-Passwort');
  await page.getByLabel(/^Passwort bestätigen/).fill('Ganz-neues-Passwort');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, 'Passwort geändert');

  await logIn(page, email, PASSWORD, false);
  await expectToast(page, 'Anmeldung fehlgeschlagen');
  await expectToast(page, 'Bitte überprüfen Sie Ihre Anmeldedaten.');
  await logIn(page, email, 'Ganz-neues-Passwort', false);
  await expect(page).toHaveURL(/\/dashboard$/);

  // the link works once only
  await page.goto(link.pathname + link.search);
  await page.getByLabel(/^Neues Passwort\*?$/).fill('Noch-ein-Passwort');
  await page.getByLabel(/^Passwort bestätigen/).fill('Noch-ein-Passwort');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expectToast(page, 'Passwortänderung fehlgeschlagen');
});

test('route guards send visitors to /login and back, and signed-in users away from the guest pages', async ({
  page,
}) => {
  const email = uniqueEmail();
  await register(page, 'Wache Walter', email);
  for (const path of ['/login', '/register', '/forgot-password']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/dashboard$/);
  }
  // a signed-in landlord who picked a package keeps the choice: on to the paywall with it
  await page.goto('/register-and-pay?plan=Standard&priceId=x');
  await expect(page).toHaveURL(/\/paywall\?plan=Standard&priceId=x$/);
  await page.goto('/dashboard');
  await logOut(page);
  await page.goto('/dashboard/einstellungen');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%2Feinstellungen$/);
  await expect(page).toHaveTitle('Anmelden – Umlage');
  await logIn(page, email, PASSWORD, false);
  await expect(page).toHaveURL(/\/dashboard\/einstellungen$/);
  await page.goto('/paywall');
  await expect(page).toHaveURL(/\/paywall$/);
});

test('settings: change name and password, export the data, delete the account', async ({ page }) => {
  const email = uniqueEmail();
  await register(page, 'Sabine Setting', email);
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Einstellungen' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/einstellungen$/);
  await expect(page.getByLabel('E-Mail', { exact: true })).toHaveJSProperty('readOnly', true);

  const name = page.getByLabel(/^Vollständiger Name/);
  const profile = page.getByRole('form', { name: 'Profil' });
  await name.fill('');
  await profile.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Name darf nicht leer sein')).toBeVisible();
  await name.fill('Sabine Neu');
  await profile.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expectToast(page, 'Ihr Name wurde erfolgreich geändert.');
  await expect(page.getByRole('banner').getByText('Sabine Neu', { exact: true })).toBeVisible();

  // The sender every new Hausabrechnung starts with: checked, kept across a reload.
  const sender = page.getByRole('form', { name: 'Absender und Bankverbindung' });
  await sender.getByLabel('Name des Vermieters').fill('Sabine Neu');
  await sender.getByLabel('Straße und Hausnummer').fill('Hauptstraße 1');
  await sender.getByLabel('PLZ und Ort').fill('10115 Berlin');
  await sender.getByLabel('Telefon im Briefkopf').fill('030 1234567');
  await sender.getByLabel('E-Mail im Briefkopf').fill('sabine.neu@example.test');
  await sender.getByLabel('Unterschrift').fill('Sabine Neu, Hausverwaltung');
  await sender.getByLabel('IBAN').fill('DE00 1234');
  await sender.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(sender.getByLabel('IBAN')).toHaveAccessibleDescription('Ungültige IBAN.');
  await sender.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await sender.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expectToast(page, 'Absender gespeichert');
  await page.reload();
  await expect(sender.getByLabel('Name des Vermieters')).toHaveValue('Sabine Neu');
  await expect(sender.getByLabel('Unterschrift')).toHaveValue('Sabine Neu, Hausverwaltung');
  await expectNoAxeViolations(page);
  await shot(page, 'settings-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'settings-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  // a new single statement starts with the kept sender and bank account
  await page.goto('/dashboard/abrechnungen/neu');
  const landlord = page.getByRole('group', { name: 'Vermieter' });
  await expect(landlord.getByLabel('Name')).toHaveValue('Sabine Neu');
  await expect(landlord.getByLabel('Straße und Hausnummer')).toHaveValue('Hauptstraße 1');
  await page.goto('/dashboard/einstellungen');

  const passwordForm = page.getByRole('form', { name: 'Passwort ändern' });
  // 6 here (the spec's rule), 8 at registration: the screen says why they differ
  await expect(
    page.getByText(/mindestens 6 Zeichen lang sein\. Bei der Registrierung verlangen wir 8/),
  ).toBeVisible();
  await passwordForm.getByLabel(/^Aktuelles Passwort/).fill('falsches-passwort');
  await passwordForm.getByLabel(/^Neues Passwort\*?$/).fill('sechs6');
  await passwordForm.getByLabel(/^Neues Passwort bestätigen/).fill('sieben7');
  await passwordForm.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Die neuen Passwörter stimmen nicht überein')).toBeVisible();
  await passwordForm.getByLabel(/^Neues Passwort bestätigen/).fill('sechs6');
  await passwordForm.getByRole('button', { name: 'Passwort ändern' }).click();
  await expectToast(page, 'Passwortänderung fehlgeschlagen');
  await expect(passwordForm.getByText('Das aktuelle Passwort ist nicht korrekt')).toBeVisible();
  await passwordForm.getByLabel(/^Aktuelles Passwort/).fill(PASSWORD);
  await passwordForm.getByRole('button', { name: 'Passwort ändern' }).click();
  await expectToast(page, 'Ihr Passwort wurde erfolgreich aktualisiert.');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Meine Daten exportieren' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^umlage-meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(exported.profile).toMatchObject({ email, fullName: 'Sabine Neu' });
  expect(exported.workspaces).toEqual([expect.objectContaining({ role: 'owner', credits: 0 })]);

  await page.getByRole('button', { name: 'Konto löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Konto endgültig löschen?' });
  await dialog.getByLabel(/^Passwort\*?$/).fill('sechs6');
  await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, 'Ihr Konto und Ihre Daten wurden gelöscht.');

  await page.goto('/login');
  await logIn(page, email, 'sechs6', false);
  await expectToast(page, 'Anmeldung fehlgeschlagen');
});
