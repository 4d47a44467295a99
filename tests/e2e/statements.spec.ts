import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { isoDateInBerlin } from '../../src/shared/dates';
import { formatCents } from '../../src/shared/money';
import { statementFormSchema } from '../../src/shared/schemas/statement-form';
import { computeStatement } from '../../src/shared/statement';
import { signUpByApi } from './mailbox';
import { scrollSettled } from './scroll';
import { shot } from './shots';

// Properties and statements on the embedded default: a landlord's daily work in the browser.

async function signUp(page: Page) {
  await signUpByApi(page, baseURL, {
    name: 'Erika Vermieter',
    email: `vermieter-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Sicheres-Passwort-1',
  });
}

/** A toast's title or text (its live-region copy for screen readers is left out). */
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true });
const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const costCard = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

/** What the wizard holds after the journey below, as the statement core reads it. */
const expectedForm = {
  landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 5', city: '10115 Berlin' },
  tenant: { name: 'Max Mieter', street: 'Seestraße 1', city: '14467 Potsdam' },
  billingPeriod: { start: '2024-01-01', end: '2024-12-31' },
  propertyAddress: {
    street: 'Seestraße 1',
    postalCode: '14467',
    city: 'Potsdam',
    type: 'mehrfamilienhaus',
    area: '75,5',
  },
  costs: [
    { id: '1', name: 'Grundsteuer', amount: '1.234,56', allocationKey: 'Pauschal' },
    {
      id: '2',
      name: 'Müllabfuhr',
      amount: '600,00',
      allocationKey: 'Wohnfläche in m2',
      totalArea: '420',
      tenantArea: '75,5',
    },
    {
      id: '3',
      name: 'Wasserversorgung',
      amount: '2.000,00',
      allocationKey: 'Verbrauch in m3',
      totalConsumption: '1.000',
      tenantConsumption: '180,5',
    },
  ],
  prepayments: { monthly: '100,00', months: '12' },
  bankDetails: { iban: 'DE89 3704 0044 0532 0130 00', holder: 'Erika Vermieter', bank: 'Testbank' },
};

test('a landlord creates a property, builds a statement from it, saves, copies and deletes', async ({
  page,
}) => {
  const view = computeStatement(statementFormSchema.parse(expectedForm), isoDateInBerlin(new Date()));
  await signUp(page);

  // Property: empty list, the form's validation, then a saved property in the list.
  await page.goto('/dashboard/immobilien');
  await expect(page.getByText('Keine Immobilien gefunden.')).toBeVisible();
  await page.getByRole('link', { name: 'Immobilie anlegen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/immobilien\/neu$/);
  await expect(page.getByLabel('Typ')).toHaveValue('mehrfamilienhaus');
  await page.getByLabel('Name').fill('Haus am See');
  await page.getByLabel('Baujahr').fill('1700');
  await page.getByLabel('Gesamtfläche (m²)').fill('0');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Adresse ist ein Pflichtfeld.').first()).toBeVisible();
  await expect(page.getByText(/^Baujahr muss zwischen 1800 und \d{4} liegen\.$/)).toBeVisible();
  await expect(page.getByText('Fläche muss größer als 0 sein.')).toBeVisible();
  await expect(page.getByText('Anzahl Einheiten ist ein Pflichtfeld.')).toBeVisible();
  await page.getByLabel('Straße und Hausnummer').fill('Seestraße 1');
  await page.getByLabel('PLZ').fill('14467');
  await page.getByLabel('Ort').fill('Potsdam');
  await page.getByLabel('Baujahr').fill('1990');
  await page.getByLabel('Gesamtfläche (m²)').fill('420');
  await page.getByLabel('Anzahl Einheiten').fill('6');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(toastText(page, 'Erfolgreich erstellt')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/immobilien\/[0-9a-f-]{36}$/);
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Immobilien' })
    .click();
  const propertyRow = page.getByRole('row', { name: /Haus am See/ });
  await expect(propertyRow).toContainText('Mehrfamilienhaus');
  await expect(propertyRow).toContainText('Seestraße 1, 14467 Potsdam');
  await expect(propertyRow).toContainText('6');

  // Statement, step 1: required fields, then the parties and the saved property.
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Abrechnungen' })
    .click();
  await expect(page.getByText('Keine Abrechnungen gefunden.')).toBeVisible();
  await page.getByRole('link', { name: 'Neue Abrechnung' }).click();
  await expect(page.getByRole('heading', { name: 'Schritt 1 von 3: Personendaten' })).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Pflichtfeld')).toHaveCount(8);

  const landlord = group(page, 'Vermieter');
  await landlord.getByLabel('Name').fill(expectedForm.landlord.name);
  await landlord.getByLabel('Straße und Hausnummer').fill(expectedForm.landlord.street);
  await landlord.getByLabel('PLZ und Ort').fill(expectedForm.landlord.city);
  const tenant = group(page, 'Mieter');
  await tenant.getByLabel('Name').fill(expectedForm.tenant.name);
  await tenant.getByLabel('Straße und Hausnummer').fill(expectedForm.tenant.street);
  await tenant.getByLabel('PLZ und Ort').fill(expectedForm.tenant.city);
  await page
    .getByLabel('Gespeicherte Immobilie')
    .selectOption({ label: 'Haus am See – Seestraße 1, 14467 Potsdam' });
  await expect(page.getByLabel('Straße und Hausnummer der Immobilie')).toHaveValue('Seestraße 1');
  await expect(page.getByLabel('PLZ', { exact: true })).toHaveValue('14467');
  await expect(page.getByLabel('Ort', { exact: true })).toHaveValue('Potsdam');
  await page.getByLabel('Wohnfläche des Mieters (m²)').fill('75,5');
  await page.getByLabel('Abrechnungszeitraum von').fill('2024-01-01');
  await page.getByLabel('Abrechnungszeitraum bis').fill('2024-12-31');
  await shot(page, 'statements-step1');
  await page.getByRole('button', { name: 'Weiter' }).click();

  // Step 2: no costs → the spec's toast; then three presets with three different keys.
  await expect(page.getByRole('heading', { name: 'Schritt 2 von 3: Kosten' })).toBeVisible();
  await scrollSettled(page);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(toastText(page, 'Keine Kosten hinzugefügt')).toBeVisible();
  await expect(page.getByText('Bitte fügen Sie mindestens eine Kostenposition hinzu.').first()).toBeVisible();

  for (const preset of ['Grundsteuer', 'Müllabfuhr', 'Wasserversorgung']) {
    await page.getByRole('list', { name: 'Vorlagen' }).getByRole('button', { name: preset }).click();
  }
  await costCard(page, 'Grundsteuer').getByLabel('Betrag (€)').fill('1234,56');
  const waste = costCard(page, 'Müllabfuhr');
  await waste.getByLabel('Betrag (€)').fill('600');
  await waste.getByLabel('Umlageschlüssel').selectOption('Wohnfläche in m2');
  // the saved property's total area and the tenant's flat are taken over
  await expect(waste.getByLabel('Gesamtfläche (m²)')).toHaveValue('420');
  await expect(waste.getByLabel('Fläche des Mieters (m²)')).toHaveValue('75,5');
  const water = costCard(page, 'Wasserversorgung');
  await water.getByLabel('Betrag (€)').fill('2.000');
  await water.getByLabel('Umlageschlüssel').selectOption('Verbrauch in m3');
  await water.getByLabel('Gesamtverbrauch (m³)').fill('1.000');
  await water.getByLabel('Verbrauch des Mieters (m³)').fill('180,5');
  await page.getByLabel('Monatliche Vorauszahlung (€)').fill('100');
  await page.getByLabel('Anzahl Monate').fill('12');

  // live shares, per position and in total, are the statement core's
  for (const [i, name] of ['Grundsteuer', 'Müllabfuhr', 'Wasserversorgung'].entries()) {
    await expect(costCard(page, name).getByTestId('cost-share')).toContainText(
      view.rows[i]?.shareText ?? '?',
    );
  }
  await expect(page.getByTestId('prepayment-total')).toHaveText(formatCents(view.prepaymentCents));
  await expect(page.getByTestId('sum-total-costs')).toHaveText(formatCents(view.totalCostsCents));
  await expect(page.getByTestId('sum-tenant-share')).toHaveText(formatCents(view.tenantTotalCents));
  await expect(page.getByTestId('sum-result')).toHaveText(formatCents(view.resultAmountCents));
  await shot(page, 'statements-step2');
  await page.getByRole('button', { name: 'Weiter' }).click();

  // Step 3: bank details, then both preview pages show the core's figures to the cent.
  await expect(page.getByRole('heading', { name: 'Schritt 3 von 3: Vorschau & Export' })).toBeVisible();
  await page.getByLabel('Kontoinhaber').fill(expectedForm.bankDetails.holder);
  await page.getByLabel('IBAN').fill(expectedForm.bankDetails.iban);
  await page.getByLabel('Bank', { exact: true }).fill(expectedForm.bankDetails.bank);
  const page1 = page.getByRole('article', { name: 'Seite 1: Übersicht' });
  await expect(page1.getByTestId('preview-recipient')).toContainText('Max Mieter');
  await expect(page1.getByTestId('preview-total-costs')).toHaveText(formatCents(view.totalCostsCents));
  await expect(page1.getByTestId('preview-tenant-share')).toHaveText(formatCents(view.tenantTotalCents));
  await expect(page1.getByTestId('preview-prepayments')).toHaveText(formatCents(view.prepaymentCents));
  await expect(page1.getByTestId('preview-result')).toHaveText(formatCents(view.resultAmountCents));
  await expect(page1.getByTestId('preview-result-text')).toHaveText(view.resultText);
  expect(view.paymentRequest).not.toBeNull();
  await expect(page1.getByTestId('preview-payment')).toContainText(view.paymentRequest?.instruction ?? '?');
  await expect(page1.getByTestId('preview-payment')).toContainText(view.paymentRequest?.reference ?? '?');
  await expect(page1).toContainText(view.subject);
  await shot(page, 'statements-step3-page1');
  await shot(page, 'statements-preview-page1', page1);

  await page.getByRole('button', { name: 'Seite 2: Details' }).click();
  const page2 = page.getByRole('article', { name: 'Seite 2: Details' });
  const rows = page2.getByTestId('preview-row');
  await expect(rows).toHaveCount(3);
  for (const [i, row] of view.rows.entries()) {
    const cells = rows.nth(i).getByRole('cell');
    await expect(cells).toHaveText([
      row.name,
      row.keyLabel,
      row.amountText,
      row.totalUnits,
      row.tenantUnits,
      row.percent,
      row.shareText,
    ]);
  }
  await expect(page2.getByTestId('preview-sum-costs')).toHaveText(formatCents(view.totalCostsCents));
  await expect(page2.getByTestId('preview-sum-share')).toHaveText(formatCents(view.tenantTotalCents));
  await expect(page2.getByTestId('preview-days-period')).toHaveText(String(view.daysInPeriod));
  await shot(page, 'statements-step3-page2');
  await shot(page, 'statements-preview-page2', page2);

  // Save: a new draft continues on its edit route.
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(toastText(page, 'Entwurf gespeichert!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/abrechnungen\/bearbeiten\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Schritt 3 von 3: Vorschau & Export' })).toBeVisible();

  // The list shows it with its total; the status can be tracked from there.
  await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
  const title = 'Abrechnung für Max Mieter';
  const row = page.getByRole('row', { name: new RegExp(`^„?${title}`) }).first();
  await expect(row).toContainText('01.01.2024 – 31.12.2024');
  await expect(row).toContainText('Haus am See');
  await expect(row).toContainText(formatCents(view.totalCostsCents));
  await row.getByRole('button', { name: /^Status von/ }).click();
  await page.getByRole('menuitemradio', { name: 'Versendet' }).click();
  await expect(toastText(page, 'Status geändert')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Status von/ })).toHaveText('Versendet');
  await shot(page, 'statements-list');

  // Copy: a draft titled 'Kopie von …' opens in the editor.
  await row.getByRole('button', { name: `„${title}“ kopieren` }).click();
  await expect(toastText(page, 'Erfolgreich kopiert')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/abrechnungen\/bearbeiten\/[0-9a-f-]{36}$/);
  // The list stays until the editor has loaded, and it shows the copy too.
  await expect(page.getByRole('heading', { name: 'Abrechnung bearbeiten' })).toBeVisible();
  await expect(page.getByText(`Kopie von ${title}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Status von/ })).toHaveText('Entwurf');
  await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
  await expect(page.getByRole('row')).toHaveCount(3);

  // Delete the copy after the confirmation.
  await page.getByRole('button', { name: `„Kopie von ${title}“ löschen` }).click();
  await expect(page.getByRole('alertdialog', { name: 'Sind Sie sicher?' })).toBeVisible();
  await page
    .getByRole('alertdialog', { name: 'Sind Sie sicher?' })
    .getByRole('button', { name: 'Löschen' })
    .click();
  await expect(toastText(page, 'Erfolgreich gelöscht')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row', { name: /Kopie von/ })).toHaveCount(0);

  // Search and filters.
  await page.getByLabel('Suche').fill('Kopie');
  await expect(page.getByText('Keine Abrechnungen gefunden.')).toBeVisible();
  await page.getByLabel('Suche').fill('max');
  await page.getByLabel('Status', { exact: true }).selectOption('Versendet');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Status', { exact: true }).selectOption('Entwurf');
  await expect(page.getByText('Keine Abrechnungen gefunden.')).toBeVisible();
});

test('a draft saved on step 1 opens its edit route; leaving with changes asks first', async ({ page }) => {
  await signUp(page);
  await page.goto('/dashboard/abrechnungen/neu');
  await group(page, 'Mieter').getByLabel('Name').fill('Mia Entwurf');
  await page.getByRole('button', { name: 'Als Entwurf speichern' }).click();
  await expect(toastText(page, 'Entwurf gespeichert!')).toBeVisible();
  await expect(page).toHaveURL(/\/bearbeiten\/[0-9a-f-]{36}$/);
  await expect(group(page, 'Mieter').getByLabel('Name')).toHaveValue('Mia Entwurf');

  await group(page, 'Vermieter').getByLabel('Name').fill('Erika');
  await page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link', { name: 'Immobilien' })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Weiter bearbeiten' }).click();
  await expect(page).toHaveURL(/\/bearbeiten\//);
  await expect(group(page, 'Vermieter').getByLabel('Name')).toHaveValue('Erika');

  await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
  await dialog.getByRole('button', { name: 'Verlassen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/abrechnungen$/);
  const row = page.getByRole('row', { name: /Abrechnung für Mia Entwurf/ });
  await expect(row).toContainText('Kein Zeitraum');
  await expect(row).toContainText('0,00 €');
  await expect(row.getByRole('button', { name: /^Status von/ })).toHaveText('Entwurf');
});

test('a property is edited and deleted; an unknown one answers "Immobilie nicht gefunden"', async ({
  page,
}) => {
  await signUp(page);
  const created = await page.request.post('/api/properties', {
    headers: { origin: baseURL },
    data: {
      name: 'Altbau',
      type: 'einfamilienhaus',
      street: 'Weg 2',
      postalCode: '01067',
      city: 'Dresden',
      yearBuilt: 1905,
      totalArea: 180,
      unitCount: 1,
    },
  });
  expect(created.status()).toBe(201);
  await page.request.post('/api/properties', {
    headers: { origin: baseURL },
    data: {
      name: 'Laden',
      type: 'einzelhandel',
      street: 'Markt 1',
      city: 'Leipzig',
      yearBuilt: 1960,
      totalArea: 90,
      unitCount: 1,
    },
  });
  await page.goto('/dashboard/immobilien');
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Typ').selectOption('einzelhandel');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Typ').selectOption('');
  await page.getByLabel('Suche').fill('dresden');
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Suche').fill('');
  await shot(page, 'properties-list');

  await page.getByRole('link', { name: '„Altbau“ bearbeiten' }).click();
  await expect(page.getByLabel('Gesamtfläche (m²)')).toHaveValue('180');
  await page.getByLabel('Anzahl Einheiten').fill('2');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(toastText(page, 'Erfolgreich aktualisiert')).toBeVisible();
  await expect(page.getByRole('row', { name: /Altbau/ })).toContainText('Einfamilienhaus');

  await page.getByRole('button', { name: '„Laden“ löschen' }).click();
  await page
    .getByRole('alertdialog', { name: 'Sind Sie sicher?' })
    .getByRole('button', { name: 'Löschen' })
    .click();
  await expect(toastText(page, 'Die Immobilie wurde entfernt.')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  await page.goto('/dashboard/immobilien/bearbeiten/00000000-0000-4000-8000-000000000000');
  await expect(toastText(page, 'Immobilie nicht gefunden')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/immobilien$/);
});
