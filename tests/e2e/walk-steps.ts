import { expect, type Page, type Response } from '@playwright/test';
import type { Klm } from './klm';
import { openConfirmationLink } from './mailbox';

// The steps the timed walks share (the house entered by hand, the shoebox): each counted by the
// Keystroke-Level Model as a landlord does it.

/** The 6-unit house: label, living area, floor. */
export const UNITS = [
  ['EG links', '62,5', 'EG'],
  ['EG rechts', '48', 'EG'],
  ['1. OG links', '62,5', '1. OG'],
  ['1. OG rechts', '48', '1. OG'],
  ['2. OG links', '62,5', '2. OG'],
  ['2. OG rechts', '48', '2. OG'],
] as const;

export const block = (rows: string[][]) => rows.map((r) => r.join('\t')).join('\n');

export const minutes = (seconds: number) => (seconds / 60).toFixed(1).replace('.', ',');

/**
 * A new address of a landlord's usual length (24 characters): its keys are counted, so a test's long
 * unique address would count keys no landlord types.
 */
export const landlordEmail = () =>
  `e${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2)
    .toString(36)
    .padStart(2, '0')}@example.test`;

/** Registering: the form, then the confirmation mail's link, which signs in. */
export async function register(klm: Klm, page: Page, email: string, password: string) {
  await page.goto('/register');
  await klm.fill(page.getByLabel(/^Name/), 'Erika Vermieter');
  await klm.fill(page.getByLabel(/^E-Mail/), email);
  await klm.fill(page.getByLabel(/^Passwort\*?$/), password);
  await klm.fill(page.getByLabel(/^Passwort bestätigen/), password);
  await klm.check(page.getByLabel(/Datenschutzerklärung/));
  await klm.check(page.getByLabel(/AGB/));
  await klm.click(page.getByRole('button', { name: 'Registrieren' }));
  await klm.wait(() => expect(page).toHaveURL(/\/login$/));
  await klm.visit(() => openConfirmationLink(page, email));
  await klm.wait(() => expect(page).toHaveURL(/\/dashboard$/));
}

/** The property: the name clicked, the other fields reached with Tab. */
export async function enterProperty(klm: Klm, page: Page) {
  await klm.click(page.getByRole('link', { name: 'Immobilie anlegen' }));
  await klm.fill(page.getByRole('textbox', { name: 'Name', exact: true }), 'Lindenhof');
  await klm.press('Tab'); // the type: Mehrfamilienhaus, as it is
  await klm.press('Tab');
  for (const value of ['Lindenstraße 12', '10969', 'Berlin', '1962', '331,5']) await klm.next(value, 'Tab');
  klm.think();
  await klm.type('6');
  await expect(page.getByLabel('Straße und Hausnummer')).toHaveValue('Lindenstraße 12');
  await expect(page.getByLabel('Anzahl Einheiten')).toHaveValue('6');
  await klm.click(page.getByRole('button', { name: 'Speichern', exact: true }));
  await klm.wait(() => expect(page.getByRole('heading', { level: 1, name: 'Lindenhof' })).toBeVisible());
}

/**
 * The units in one table: Tab between the cells, Enter to the next row; the floor is not typed, as
 * the table takes it from the label (shown greyed in its cell).
 */
export async function enterUnits(klm: Klm, page: Page) {
  await klm.click(page.getByRole('button', { name: 'Einheiten als Tabelle erfassen' }));
  const table = dialog(page, 'Einheiten als Tabelle erfassen');
  await klm.click(table.getByLabel('Bezeichnung, Zeile 1', { exact: true }));
  for (const [i, [label, area]] of UNITS.entries()) {
    await klm.next(label, 'Tab');
    if (i < UNITS.length - 1) {
      await klm.next(area, 'Tab');
      await klm.press('Enter'); // no MEA: the next row
    } else await klm.type(area);
  }
  await expect(table.getByLabel('Geschoss, Zeile 3', { exact: true })).toHaveAttribute(
    'placeholder',
    '1. OG',
  );
  klm.think(); // the table read over
  await klm.click(table.getByRole('button', { name: '6 Einheiten anlegen' }));
  await klm.wait(() => expect(page.getByText('6 Einheiten · 331,5 m² Wohnfläche')).toBeVisible());
  const propertyId = page.url().split('/').pop();
  const units = (await (await page.request.get(`/api/properties/${propertyId}/units`)).json()) as Array<{
    label: string;
    floor: string;
  }>;
  expect(units.map((u) => [u.label, u.floor])).toEqual(UNITS.map(([label, , floor]) => [label, floor]));
}

export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

export async function save(klm: Klm, page: Page) {
  // what the server answered and every toast shown meanwhile, for a failure to name
  const answers: string[] = [];
  const record = (response: Response) => {
    if (response.request().method() === 'PUT' && /\/api\/settlements\//.test(response.url())) {
      answers.push(`PUT ${response.status()}`);
    }
  };
  page.on('response', record);
  const toasts = page.getByRole('status').or(page.getByRole('alert'));
  await klm.click(page.getByRole('button', { name: 'Speichern', exact: true }));
  await klm.wait(async () => {
    try {
      // a busy machine's server may take longer than the usual 10 s after 80 journeys on one database
      await expect(page.getByText('Alle Änderungen gespeichert', { exact: true })).toBeVisible({
        timeout: 30_000,
      });
    } catch (error) {
      const shown = await toasts.allInnerTexts();
      // a refusal in the browser shows beside its field, not as a toast
      shown.push(...(await page.locator('[id$="-error"]').allInnerTexts()));
      throw new Error(
        `not saved (${answers.join(', ') || 'no PUT'}; ${shown.join(' | ')}): ${String(error)}`,
      );
    } finally {
      page.off('response', record);
    }
  });
}

/** The credits the settlement lacks in one checkout, back at the settlement; then finalize. */
export async function buyAndFinalize(klm: Klm, page: Page, letters: number) {
  await klm.click(page.getByRole('button', { name: new RegExp(`^${letters} Credits kaufen`) }));
  await klm.click(page.getByRole('button', { name: 'Bezahlen' }));
  await klm.wait(() => expect(page.getByText('Zahlung erfolgreich!', { exact: true }).first()).toBeVisible());
  await expect(page).toHaveURL(/\/dashboard\/hausabrechnungen\/[0-9a-f-]{36}$/);
  for (const box of await page.getByRole('checkbox', { name: /^Ich habe geprüft:/ }).all()) {
    await klm.check(box);
  }
  const label = `Finalisieren (${letters} Credits)`;
  await klm.click(page.getByRole('button', { name: label }));
  await klm.click(page.getByRole('alertdialog').getByRole('button', { name: label }));
  await klm.wait(() => expect(page.getByText('Final', { exact: true }).first()).toBeVisible());
}

export async function heatingFromTheCompany(klm: Klm, page: Page, rows: string[][], vacancy: number) {
  const cents = (v: string) => Math.round(Number(v.replace(',', '.')) * 100);
  const total = rows.flat().reduce((s, v) => s + cents(v), 0) + vacancy;
  await klm.fill(
    page.getByLabel('Gesamtkosten laut Abrechnung (€)'),
    (total / 100).toFixed(2).replace('.', ','),
  );
  const first = page
    .getByRole('list', { name: 'Heizkosten je Mietverhältnis' })
    .getByLabel('Heizkosten (€)', { exact: true })
    .first();
  await klm.paste(first, block(rows));
  klm.think(); // the pasted figures read over
}

/** Each tenant's result read, and all letters opened in one preview and read through. */
export async function readResultsAndLetters(klm: Klm, page: Page, letters: number) {
  klm.think(letters);
  const all = page.getByRole('link', { name: 'Alle Briefe lesen (Vorschau)' });
  const href = (await all.getAttribute('href')) ?? '';
  await klm.visit(async () => expect((await page.request.get(href)).status()).toBe(200));
  klm.think(letters);
}

/** The final letters downloaded as one ZIP. */
export async function downloadLetters(klm: Klm, page: Page) {
  const zip = page.getByRole('link', { name: 'Alle als ZIP' });
  const href = (await zip.getAttribute('href')) ?? '';
  await klm.visit(async () => expect((await page.request.get(href)).status()).toBe(200));
}
