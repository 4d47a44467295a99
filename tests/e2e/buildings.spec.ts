import { expect, type Locator, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { daysInclusive, isoDateInBerlin } from '../../src/shared/dates';
import { formatDateDe } from '../../src/shared/money';
import { SAMPLE_PROPERTY } from '../builders/building';
import { signUpByApi } from './mailbox';
import { onTop } from './on-top';
import { pageApi } from './page-api';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './page-checks';
import { pasteInto } from './paste';
import { shot } from './shots';

// A building's units and who lived in them when: the property page, its dialogs, on a
// laptop and on a phone.

const OVERLAP =
  'Die Mietverhältnisse überschneiden sich: „Max Mieter“ wohnt vom 01.02.2020 bis 30.06.2025 in dieser Einheit. Ein Tag kann nur einem Mietverhältnis gehören.';
const UNIT_IN_USE =
  'Die Einheit kann nicht gelöscht werden, solange Mietverhältnisse auf sie verweisen. Bitte löschen Sie zuerst die Mietverhältnisse.';

async function signUp(page: Page) {
  await signUpByApi(page, baseURL, {
    name: 'Erika Vermieter',
    email: `haus-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Sicheres-Passwort-1',
  });
}

/** Toast texts appear twice (the toast and its screen-reader announcement). */
async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

/** Nothing wider than the screen: no sideways scrolling on a phone. */
const unitCard = (page: Page, label: string) => page.getByRole('listitem', { name: label, exact: true });
const tenancyItem = (unit: Locator, name: string) => unit.getByRole('listitem', { name, exact: true });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
/** The tenancy's own persons field (the change rows below have theirs). */
const persons = (form: Locator) => form.getByRole('textbox', { name: 'Personen', exact: true }).first();

async function addUnit(page: Page, values: { label: string; area: string; floor?: string; mea?: string }) {
  await page.getByRole('button', { name: 'Einheit hinzufügen' }).click();
  const d = dialog(page, 'Einheit hinzufügen');
  await d.getByLabel('Bezeichnung').fill(values.label);
  await d.getByLabel('Wohnfläche (m²)').fill(values.area);
  if (values.floor) await d.getByLabel('Etage').fill(values.floor);
  if (values.mea) await d.getByLabel('Miteigentumsanteil (MEA)').fill(values.mea);
  await d.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(d).toBeHidden();
}

// stable screenshots: dialogs without their opening animation
test.use({ reducedMotion: 'reduce' });

test('a landlord records the units of a building and who lived in them when', async ({ page }) => {
  await page.clock.install(); // runs as usual until paused below
  await signUp(page);

  // The property, created with the existing form; its name in the list opens its page.
  await page.goto('/dashboard/immobilien/neu');
  await page.getByLabel('Name').fill('Haus am See');
  await page.getByLabel('Straße und Hausnummer').fill('Seestraße 1');
  await page.getByLabel('PLZ').fill('14467');
  await page.getByLabel('Ort').fill('Potsdam');
  await page.getByLabel('Baujahr').fill('1998');
  await page.getByLabel('Gesamtfläche (m²)').fill('137,5');
  await page.getByLabel('Anzahl Einheiten').fill('2');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expectToast(page, 'Erfolgreich erstellt');
  // a new property opens its own page, where its units and tenancies are entered
  await expect(page).toHaveURL(/\/dashboard\/immobilien\/[0-9a-f-]{36}$/);
  const propertyId = page.url().split('/').at(-1) ?? '';
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Haus am See');
  await expect(page.getByText('Seestraße 1, 14467 Potsdam · Mehrfamilienhaus')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute(
    'href',
    `/dashboard/immobilien/bearbeiten/${propertyId}`,
  );
  await expect(page.getByRole('link', { name: 'Hausabrechnung erstellen' })).toHaveAttribute(
    'href',
    `/dashboard/hausabrechnungen/neu?property=${propertyId}`,
  );
  await expect(page.getByText('Für diese Immobilie gibt es noch keine Hausabrechnung.')).toBeVisible();

  // Units: the schema's German messages, then two saved units.
  await expect(page.getByText(/^Noch keine Einheiten\./)).toBeVisible();
  await page.getByRole('button', { name: 'Einheit hinzufügen' }).click();
  const newUnit = dialog(page, 'Einheit hinzufügen');
  await newUnit.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(newUnit.getByText('Bitte geben Sie eine Bezeichnung ein (z. B. „EG links“).')).toBeVisible();
  await expect(newUnit.getByText('Bitte geben Sie die Wohnfläche ein.')).toBeVisible();
  await expect(newUnit.getByLabel('Bezeichnung')).toBeFocused();
  await newUnit.getByLabel('Wohnfläche (m²)').fill('12,3456');
  await newUnit.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(newUnit.getByText('Höchstens drei Nachkommastellen erlaubt.')).toBeVisible();
  await shot(page, 'buildings-unit-dialog-1280');
  await newUnit.getByRole('button', { name: 'Abbrechen' }).click();

  await addUnit(page, { label: 'EG links', area: '75,5', floor: 'EG' });
  await expectToast(page, 'Einheit hinzugefügt');
  await addUnit(page, { label: 'OG rechts', area: '62', floor: '1. OG', mea: '250' });
  const eg = unitCard(page, 'EG links');
  const og = unitCard(page, 'OG rechts');
  await expect(eg).toContainText('EG · 75,5 m²');
  await expect(og).toContainText('1. OG · 62 m² · MEA 250');
  await expect(page.getByText('2 Einheiten · 137,5 m² Wohnfläche')).toBeVisible();
  await expect(eg).toContainText('Noch keine Mietverhältnisse');

  // A tenancy with a change of the prepayment from a date on; euros in, cents stored.
  await eg.getByRole('button', { name: 'Mietverhältnis hinzufügen' }).click();
  let form = dialog(page, 'Mietverhältnis hinzufügen');
  await expect(form.getByText('Einheit „EG links“')).toBeVisible();
  await form.getByLabel('Name').fill('Max Mieter');
  await form.getByLabel('Einzug').fill('2020-02-01');
  await form.getByLabel('Auszug').fill('2025-06-30');
  // a click into the prefilled "1" selects it: typing "2" gives 2 persons, not 12
  await expect(persons(form)).toHaveValue('1');
  await persons(form).click();
  await page.keyboard.type('2');
  await expect(persons(form)).toHaveValue('2');
  await form.getByLabel('Monatliche Vorauszahlung (€)').fill('150');
  await form.getByRole('button', { name: 'Änderung hinzufügen' }).click();
  const change = form.getByRole('group', { name: 'Änderung 1' });
  await change.getByLabel('Ab').fill('2024-01-01');
  await change.getByLabel('Vorauszahlung (€)').fill('180,00');
  await form.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(form).toBeHidden();
  await expectToast(page, 'Mietverhältnis hinzugefügt');
  // The next dialog right away: the toast of the last save steps aside from its buttons.
  await eg.getByRole('button', { name: 'Mietverhältnis hinzufügen' }).click();
  const next = dialog(page, 'Mietverhältnis hinzufügen');
  await expect(next.getByRole('button', { name: 'Speichern', exact: true })).toBeVisible();
  // the follow-up tenant moves in the day after Max Mieter moved out
  await expect(next.getByLabel('Einzug')).toHaveValue('2025-07-01');
  // own use is prefilled with the account's name
  await next.getByText('Eigennutzung', { exact: true }).click();
  await expect(next.getByLabel('Name')).not.toHaveValue('');
  for (const button of await next.getByRole('button').all()) expect(await onTop(button)).toBe(true);
  await page.keyboard.press('Escape');
  const max = tenancyItem(eg, 'Max Mieter');
  await expect(max.getByRole('listitem')).toHaveText([
    '01.02.2020 – 30.06.2025',
    '2 Personen',
    '150,00 € / Monat',
    'ab 01.01.2024: 180,00 € / Monat',
  ]);
  const stored = await page.request.get(`/api/properties/${propertyId}/tenancies`);
  expect(await stored.json()).toMatchObject([
    { monthlyPrepaymentCents: 15000, changes: [{ from: '2024-01-01', monthlyPrepaymentCents: 18000 }] },
  ]);

  // A second tenancy that shares a day with the first: the server's German message in the dialog.
  await eg.getByRole('button', { name: 'Mietverhältnis hinzufügen' }).click();
  form = dialog(page, 'Mietverhältnis hinzufügen');
  await form.getByLabel('Name').fill('Erika Neu');
  await form.getByLabel('Straße und Hausnummer').fill('Postfach 12');
  await form.getByLabel('PLZ und Ort').fill('14467 Potsdam');
  await form.getByLabel('E-Mail').fill('erika.neu@example.test');
  await form.getByLabel('Einzug').fill('2025-06-30');
  await persons(form).fill('1');
  await form.getByLabel('Monatliche Vorauszahlung (€)').fill('95,50');
  await form.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(form.getByLabel('Einzug')).toHaveAccessibleDescription(OVERLAP);
  await expect(form.getByLabel('Einzug')).toBeFocused();
  await shot(page, 'buildings-tenancy-overlap-1280');
  await expectNoAxeViolations(page);
  await form.getByLabel('Einzug').fill('2025-07-01');
  await form.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(tenancyItem(eg, 'Erika Neu').getByRole('listitem')).toHaveText([
    'seit 01.07.2025',
    '1 Person',
    '95,50 € / Monat',
  ]);

  // Own use of the other flat: no prepayment asked.
  await og.getByRole('button', { name: 'Mietverhältnis hinzufügen' }).click();
  form = dialog(page, 'Mietverhältnis hinzufügen');
  await form.getByRole('radio', { name: 'Eigennutzung' }).check();
  await expect(form.getByLabel('Monatliche Vorauszahlung (€)')).toHaveCount(0);
  await form.getByLabel('Name').fill('Erika Vermieter');
  // used for years: no date needed
  await form.getByLabel('Schon länger selbst genutzt (Datum unbekannt)').check();
  await expect(form.getByLabel('Beginn')).toHaveCount(0);
  await persons(form).fill('1');
  await form.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(form).toBeHidden();
  const ownUse = tenancyItem(og, 'Erika Vermieter');
  await expect(ownUse).toContainText('Eigennutzung');
  await expect(ownUse.getByRole('listitem')).toHaveText(['seit längerem', '1 Person']);

  // Edit: the stored values come back as typed; a wrong number is refused at its field.
  await max.getByRole('button', { name: 'Mietverhältnis „Max Mieter“ bearbeiten' }).click();
  form = dialog(page, 'Mietverhältnis bearbeiten');
  await expect(form.getByLabel('Monatliche Vorauszahlung (€)')).toHaveValue('150,00');
  await expect(form.getByRole('group', { name: 'Änderung 1' }).getByLabel('Vorauszahlung (€)')).toHaveValue(
    '180,00',
  );
  await persons(form).fill('2,5');
  await form.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(form.getByText('Bitte geben Sie eine ganze Zahl von 0 bis 99 ein.')).toBeVisible();
  await persons(form).fill('3');
  await form.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(form).toBeHidden();
  await expectToast(page, 'Mietverhältnis gespeichert');
  await expect(max).toContainText('3 Personen');

  await og.getByRole('button', { name: 'Einheit „OG rechts“ bearbeiten' }).click();
  const editUnit = dialog(page, 'Einheit bearbeiten');
  await expect(editUnit.getByLabel('Miteigentumsanteil (MEA)')).toHaveValue('250');
  await editUnit.getByLabel('Wohnfläche (m²)').fill('62,25');
  await editUnit.getByLabel('Notiz').fill('Balkon zur Seeseite');
  await editUnit.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(editUnit).toBeHidden();
  await expect(og).toContainText('1. OG · 62,25 m² · MEA 250');
  await expect(og).toContainText('Balkon zur Seeseite');

  // The property's settlements are listed with a link to their editor.
  const created = await page.request.post(`/api/properties/${propertyId}/settlements`, {
    headers: { origin: baseURL },
    data: { periodStart: '2025-01-01', periodEnd: '2025-12-31' },
  });
  expect(created.status()).toBe(201);
  const settlementId = ((await created.json()) as { id: string }).id;
  await page.reload();
  await expect(page.getByRole('link', { name: /01\.01\.2025 – 31\.12\.2025/ })).toHaveAttribute(
    'href',
    `/dashboard/hausabrechnungen/${settlementId}`,
  );

  await expectNoAxeViolations(page);
  await shot(page, 'buildings-property-1280');
  await og.getByRole('button', { name: 'Mietverhältnis hinzufügen' }).click();
  await shot(page, 'buildings-tenancy-dialog-1280');
  await page.keyboard.press('Escape');

  // A phone: cards, nothing cut off, the dialogs fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload(); // the layout's sidebar padding animates when the window narrows
  await expect(eg).toBeVisible();
  await shot(page, 'buildings-property-390');
  await expectNoSidewaysScroll(page);
  await max.getByRole('button', { name: 'Mietverhältnis „Max Mieter“ bearbeiten' }).click();
  form = dialog(page, 'Mietverhältnis bearbeiten');
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'buildings-tenancy-dialog-390');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Einheit hinzufügen' }).click();
  await expect(dialog(page, 'Einheit hinzufügen')).toBeVisible();
  await shot(page, 'buildings-unit-dialog-390');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Deleting: a unit with tenancies is refused with the server's message; a tenancy goes.
  const confirmDelete = () =>
    page
      .getByRole('alertdialog', { name: 'Sind Sie sicher?' })
      .getByRole('button', { name: 'Löschen' })
      .click();
  await eg.getByRole('button', { name: 'Einheit „EG links“ löschen' }).click();
  await confirmDelete();
  await expectToast(page, UNIT_IN_USE);
  await expect(eg).toBeVisible();

  await tenancyItem(eg, 'Erika Neu')
    .getByRole('button', { name: 'Mietverhältnis „Erika Neu“ löschen' })
    .click();
  await expect(page.getByRole('alertdialog')).toContainText('„Erika Neu“ (seit 01.07.2025)');
  await confirmDelete();
  await expectToast(page, '„Erika Neu“ wurde entfernt.');
  await expect(tenancyItem(eg, 'Erika Neu')).toHaveCount(0);
  // the occupancy bar of the previous and the current year now shows the flat empty since July 2025
  const year = Number(isoDateInBerlin(new Date()).slice(0, 4));
  const emptyFrom = `${year - 1}-01-01` > '2025-07-01' ? `${year - 1}-01-01` : '2025-07-01';
  await expect(eg).toContainText(`${daysInclusive(emptyFrom, `${year}-12-31`)} Tage leer`);
  await expect(eg.getByRole('img')).toHaveAccessibleName(
    new RegExp(`^Belegung ${year - 1} und ${year}: .*leer ${formatDateDe(emptyFrom)} – 31\\.12\\.${year}$`),
  );

  await ownUse.getByRole('button', { name: 'Mietverhältnis „Erika Vermieter“ löschen' }).click();
  await confirmDelete();
  await expect(ownUse).toHaveCount(0);
  await og.getByRole('button', { name: 'Einheit „OG rechts“ löschen' }).click();
  await confirmDelete();
  await expectToast(page, '„OG rechts“ wurde entfernt.');
  await expect(og).toHaveCount(0);
  await expect(page.getByText('1 Einheit · 75,5 m² Wohnfläche')).toBeVisible();

  // Several units at once in a table: typed with Enter opening the next row, or pasted
  // from a spreadsheet; a wrong row is named at its cell, nothing stored.
  await page.getByRole('button', { name: 'Einheiten als Tabelle erfassen' }).click();
  const table = dialog(page, 'Einheiten als Tabelle erfassen');
  const cell = (column: string, row: number) => table.getByLabel(`${column}, Zeile ${row}`, { exact: true });
  // the property was created with 2 units, 1 is left: one empty row to start
  await expect(table.getByRole('row')).toHaveCount(2);
  await cell('Bezeichnung', 1).fill('1. OG links');
  await cell('Wohnfläche (m²)', 1).fill('70');
  // the floor the label names, greyed in its cell: taken unless another is typed
  await expect(cell('Geschoss', 1)).toHaveAttribute('placeholder', '1. OG');
  await cell('Wohnfläche (m²)', 1).press('Enter');
  await expect(cell('Bezeichnung', 2)).toBeFocused();
  await pasteInto(cell('Bezeichnung', 2), 'DG\t4x8\t\tDG\nKeller\t12');
  await expect(cell('Geschoss', 2)).toHaveValue('DG');
  await expect(cell('Wohnfläche (m²)', 3)).toHaveValue('12');
  await cell('Bezeichnung', 3).fill('');
  await cell('Wohnfläche (m²)', 3).fill('');
  await table.getByRole('button', { name: '2 Einheiten anlegen' }).click();
  await expect(table.getByRole('alert')).toHaveText(/^Zeile 2: /);
  await expect(cell('Wohnfläche (m²)', 2)).toBeFocused();
  await expect(cell('Wohnfläche (m²)', 2)).toHaveAttribute('aria-invalid', 'true');
  await cell('Wohnfläche (m²)', 2).fill('48,5');
  await expectNoAxeViolations(page);
  await shot(page, 'buildings-unit-table-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'buildings-unit-table-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await table.getByRole('button', { name: '2 Einheiten anlegen' }).click();
  await expect(table).toBeHidden();
  await expectToast(page, '2 Einheiten hinzugefügt');
  await expect(page.getByText('3 Einheiten · 194 m² Wohnfläche')).toBeVisible();
});

test('an unknown property leads back to the list', async ({ page }) => {
  await signUp(page);
  await page.goto('/dashboard/immobilien/00000000-0000-4000-8000-000000000000');
  await expectToast(page, 'Immobilie nicht gefunden');
  await expect(page).toHaveURL(/\/dashboard\/immobilien$/);
});

test('tenants entered as a table: typed row by row and pasted from a spreadsheet, wrong cells named, all stored at once', async ({
  page,
}) => {
  await signUp(page);
  const api = pageApi(page);
  const property = (await api('POST', '/api/properties', { ...SAMPLE_PROPERTY, unitCount: 3 })).body;
  await api('POST', `/api/properties/${property.id}/units/batch`, {
    units: [
      { label: 'EG', area: '70', floor: 'EG' },
      { label: 'OG', area: '65', floor: 'OG' },
      { label: 'DG', area: '40', floor: 'DG' },
    ],
  });
  await page.goto(`/dashboard/immobilien/${property.id}`);
  await page.getByRole('button', { name: 'Mieter als Tabelle erfassen' }).click();
  const d = dialog(page, 'Mieter als Tabelle erfassen');
  const cell = (column: string, row: number) => d.getByLabel(`${column}, Zeile ${row}`, { exact: true });
  // a row for each free unit in the house's order (by floor), its label in place
  await expect(cell('Einheit', 1)).toHaveValue('EG');
  await expect(cell('Einheit', 2)).toHaveValue('DG');
  await expect(cell('Einheit', 3)).toHaveValue('OG');
  // typed: Anna Berg in the first row, Enter to the next
  await cell('Name', 1).fill('Anna Berg');
  await cell('Einzug', 1).fill('seit vor 2020');
  await cell('Personen', 1).fill('2');
  await cell('Kaltmiete (€)', 1).fill('650,00');
  await cell('Vorauszahlung (€)', 1).fill('180,00');
  await cell('Vorauszahlung (€)', 1).press('Enter');
  await expect(cell('Einheit', 2)).toBeFocused();
  // pasted: the rest from a spreadsheet, its header skipped, a row added for the fourth tenancy — the
  // landlord's own flat named „Eigennutzung“
  const list = [
    'Einheit\tName\tEinzug\tAuszug\tPersonen\tKaltmiete\tVorauszahlung',
    'OG\tJonas Schmidt\t01.03.2021\t30.06.2025\t1\t600,00\t150,00 ab 01.01.2024 175,00',
    'OG\tFamilie Weber\t01.10.2025\t\t3\t620,00\t160,00',
    'Keller\tEigennutzung\t01.01.2024\t\t1\t\t',
  ];
  await pasteInto(cell('Einheit', 2), list.join('\n'));
  await expect(cell('Name', 4)).toHaveValue('Eigennutzung');
  await d.getByRole('button', { name: '4 Mietverhältnisse anlegen' }).click();
  await expect(d.getByRole('alert')).toHaveText(
    'Zeile 4: Die Einheit „Keller“ gibt es in diesem Haus nicht.',
  );
  await expect(cell('Einheit', 4)).toBeFocused();
  await expect(cell('Einheit', 4)).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await shot(page, 'tenant-table-1280', d);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'tenant-table-390', d);
  await page.setViewportSize({ width: 1280, height: 800 });
  await cell('Einheit', 4).fill('DG');
  // the server refuses what overlaps, named by its row: Weber moves in while Schmidt still lives there
  await cell('Einzug', 3).fill('01.06.2025');
  await d.getByRole('button', { name: '4 Mietverhältnisse anlegen' }).click();
  await expect(d.getByRole('alert')).toContainText('Zeile 3: ');
  await expect(cell('Einzug', 3)).toHaveAttribute('aria-invalid', 'true');
  await cell('Einzug', 3).fill('01.10.2025');
  await d.getByRole('button', { name: '4 Mietverhältnisse anlegen' }).click();
  await expect(d).toBeHidden();
  await expectToast(page, '4 Mietverhältnisse angelegt');
  await expect(tenancyItem(unitCard(page, 'OG'), 'Familie Weber')).toBeVisible();
  await expect(tenancyItem(unitCard(page, 'DG'), 'Eigennutzung')).toContainText('Eigennutzung');
  const stored = (await api('GET', `/api/properties/${property.id}/tenancies`)).body as unknown as Array<{
    kind: string;
    tenant: { name: string };
    start: string | null;
    monthlyPrepaymentCents: number;
  }>;
  expect(stored.find((t) => t.tenant.name === 'Anna Berg')).toMatchObject({
    kind: 'tenant',
    start: null,
    monthlyPrepaymentCents: 18_000,
  });
  // the raise typed into the cell is a change of the tenancy from that day
  expect(stored.find((t) => t.tenant.name === 'Jonas Schmidt')).toMatchObject({
    monthlyPrepaymentCents: 15_000,
    changes: [{ from: '2024-01-01', monthlyPrepaymentCents: 17_500 }],
  });
  expect(stored.find((t) => t.tenant.name === 'Eigennutzung')).toMatchObject({
    kind: 'own-use',
    start: '2024-01-01',
  });
});

test('a deposit is entered within three Kaltmieten, grows by its interest and is settled after the move-out', async ({
  page,
}) => {
  await signUp(page);
  const api = pageApi(page);
  const property = (await api('POST', '/api/properties', SAMPLE_PROPERTY)).body;
  const unit = (await api('POST', `/api/properties/${property.id}/units`, { label: 'EG links', area: 62 }))
    .body;
  const made = await api('POST', `/api/units/${unit.id}/tenancies`, {
    kind: 'tenant',
    tenant: { name: 'Jonas Schmidt', street: '', city: '' },
    start: '2024-03-01',
    end: '2026-06-30',
    persons: 1,
    monthlyPrepaymentCents: 15_000,
    monthlyRentCents: 50_000,
    changes: [],
  });
  expect(made.status).toBe(201);
  await page.goto(`/dashboard/immobilien/${property.id}`);
  await page.getByRole('button', { name: 'Kaution von Jonas Schmidt' }).click();
  const d = dialog(page, 'Kaution Jonas Schmidt');
  const form = d.getByRole('form', { name: 'Kaution' });

  // more than three Kaltmieten is refused at its field
  await form.getByLabel('Vereinbarte Kaution (€)').fill('1600');
  await expect(form.getByLabel('Vereinbarte Kaution (€)')).toHaveAccessibleDescription(
    /Höchstens 1\.500,00 €/,
  );
  await form.getByRole('button', { name: 'Kaution speichern' }).click();
  await expect(d.getByText(/Höchstens drei Nettokaltmieten/).first()).toBeVisible();
  await form.getByLabel('Vereinbarte Kaution (€)').fill('1500');
  await form.getByLabel('Zinssatz (% im Jahr)').fill('0,5');
  for (const [i, date] of ['2024-03-01', '2024-04-03', '2024-05-03'].entries()) {
    await form.getByRole('button', { name: 'Zahlung hinzufügen' }).click();
    await form.getByLabel(`Datum, Zahlung ${i + 1}`).fill(date);
    await form.getByLabel(`Betrag (€), Zahlung ${i + 1}`).fill('500');
  }
  await form.getByRole('button', { name: 'Kaution speichern' }).click();
  await expect(d.getByText(/Stand am 30\.06\.2026 1\.5\d\d,\d\d €/)).toBeVisible();
  // a yearly statement for the tenant for each year the deposit was held
  await expect(d.getByRole('link', { name: 'Jahresmitteilung 2024 (PDF)' })).toBeVisible();
  const yearly = await page.request.get(
    (await d.getByRole('link', { name: 'Jahresmitteilung 2025 (PDF)' }).getAttribute('href')) ?? '',
  );
  expect(yearly.headers()['content-type']).toBe('application/pdf');

  // moved out: open rent unknown without bank files, no settlement to measure the part kept back by
  const settle = d.getByRole('form', { name: /Kaution abrechnen/ });
  await expect(settle.getByText('Ohne Kontoauszüge ist keine offene Miete bekannt')).toBeVisible();
  await settle.getByRole('button', { name: 'Forderung hinzufügen' }).click();
  await settle.getByLabel('Grund, Forderung 1').fill('Schlüssel nicht zurückgegeben');
  await settle.getByLabel('Betrag (€), Forderung 1').fill('120');
  await settle.getByLabel('Einbehalt für die ausstehende Nebenkostenabrechnung (€)').fill('80');
  await settle.getByLabel('IBAN des Mieters für die Auszahlung').fill('DE02 1203 0000 0000 2020 51');
  await expect(settle.getByText(/^Auszuzahlen: 1\.3\d\d,\d\d €$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'deposit-dialog-1280', d);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'deposit-dialog-390', d);
  await page.setViewportSize({ width: 1280, height: 800 });
  await settle.getByRole('button', { name: 'Kaution abrechnen' }).click();
  const settled = d.getByRole('region', { name: /Abgerechnet am/ });
  await expect(settled).toContainText('Schlüssel nicht zurückgegeben');
  await expect(settled).toContainText(/Auszuzahlen an den Mieter: 1\.3\d\d,\d\d €/);
  // the payout as a transfer template for the landlord's banking app
  await expect(
    settled.getByRole('img', { name: /GiroCode: 1\.3\d\d,\d\d € an Jonas Schmidt/ }),
  ).toBeVisible();
  await expect(settled).toContainText('DE02 1203 0000 0000 2020 51');
  await expect(settled).toContainText('Der Einbehalt wird abgerechnet, sobald');
  const letter = await page.request.get(
    (await settled.getByRole('link', { name: 'Abrechnung als Brief (PDF)' }).getAttribute('href')) ?? '',
  );
  expect(letter.headers()['content-type']).toBe('application/pdf');
  await expectNoAxeViolations(page);
  await shot(page, 'deposit-settled-1280', d);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'deposit-settled-390', d);
});
