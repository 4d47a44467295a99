import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { buildFourUnitHouse, houseDraft } from '../builders/building';
import { signUpByApi } from './mailbox';
import { buyCredits, pageApi } from './page-api';
import { expectNoSidewaysScroll } from './page-checks';
import { scrollSettled } from './scroll';
import { shot } from './shots';

// Guardrails: the checks of single statements and receipts in the draft editor, and the
// follow-up after a settlement: the § 35a certificate in the letter and the § 560 prepayment letter.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function signUp(page: Page) {
  await signUpByApi(page, baseURL, {
    name: 'Erika Vermieter',
    email: `leitplanken-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Sicheres-Passwort-1',
  });
}

async function uploadReceipt(page: Page, name: string): Promise<string> {
  const upload = await page.request.post('/api/documents', {
    headers: { origin: baseURL },
    multipart: {
      name,
      docDate: '2025-02-10',
      file: { name: 'beleg.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(upload.status()).toBe(201);
  return (await upload.json()).id;
}

/** The text of a downloaded PDF, whitespace folded. */
async function downloadedText(page: Page, click: () => Promise<void>): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', await file.path(), '-'], {
    encoding: 'utf8',
  });
  return text.replace(/\s+/g, ' ');
}

async function pageHouseDraft(page: Page) {
  const api = pageApi(page);
  const house = await buildFourUnitHouse(api);
  return { api, house, id: await houseDraft(api, house) };
}

test('the § 35a certificate goes into the letters and the § 560 letter adjusts a prepayment', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUp(page);
  const { api, house, id } = await pageHouseDraft(page);
  await buyCredits(api, 4);

  // the landlord enters the cleaning invoice's labour part in the draft and finalizes
  await page.goto(`/dashboard/hausabrechnungen/${id}`);
  const cleaning = page.getByRole('listitem', { name: 'Gebäudereinigung' });
  await cleaning.getByText('§ 35a EStG (optional)').click();
  await cleaning.getByLabel('Art der Leistung').selectOption('household');
  await cleaning.getByLabel('Arbeitsanteil als').selectOption('amount');
  await cleaning.getByLabel('Arbeitskosten (€)').fill('600,00');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Alle Änderungen gespeichert')).toBeVisible();
  for (const box of await page.getByRole('checkbox', { name: /^Ich habe geprüft:/ }).all()) await box.check();
  await page.getByRole('button', { name: 'Finalisieren (4 Credits)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Finalisieren (4 Credits)' }).click();
  // four letters rendered on a shared machine may take a while
  await expect(page.getByRole('link', { name: 'Alle als ZIP' })).toBeVisible({ timeout: 60_000 });

  // Anna Müller's final letter carries the certificate: 4 of 5 flats by units, 600 € of labour
  const letter = await downloadedText(page, () =>
    page.getByRole('link', { name: 'PDF herunterladen für Anna Müller' }).click(),
  );
  expect(letter).toContain('Bescheinigung nach § 35a EStG');
  // cleaning by flats: a quarter of the 600 € labour is hers
  expect(letter).toContain('Gebäudereinigung 1.200,00 € 600,00 € 150,00 € Summe Ihres Anteils 150,00 €');

  // § 560: the proposal, edited, as a letter, then taken over into the tenancy
  const row = page
    .getByRole('list', { name: 'Vorschläge für die Vorauszahlungen' })
    .getByRole('listitem')
    .filter({ hasText: 'Anna Müller' });
  const amount = row.getByLabel('Neue Vorauszahlung für Anna Müller (€ monatlich)');
  await expect(amount).not.toHaveValue('');
  await amount.fill('123,00');
  const adjustment = await downloadedText(page, () =>
    row.getByRole('link', { name: 'Schreiben (PDF)' }).click(),
  );
  expect(adjustment).toContain('Anpassung der Betriebskostenvorauszahlung');
  expect(adjustment).toContain('123,00 €');
  await row.getByRole('button', { name: 'Vorauszahlung für Anna Müller übernehmen' }).click();
  await expect(page.getByText('Vorauszahlung übernommen', { exact: true })).toBeVisible();

  await page.goto(`/dashboard/immobilien/${house.property.id}`);
  await page.getByRole('button', { name: 'Mietverhältnis „Anna Müller“ bearbeiten' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Vorauszahlung (€)').last()).toHaveValue('123,00');
});

test('receipts are attached while editing a draft, follow their cost and are checked for doubles', async ({
  page,
}) => {
  await signUp(page);
  const { id } = await pageHouseDraft(page);
  await uploadReceipt(page, 'Abgabenbescheid 2025');
  await uploadReceipt(page, 'Rechnung Reinigung');

  await page.goto(`/dashboard/hausabrechnungen/${id}`);
  const costs = page.getByRole('list', { name: 'Kostenpositionen' });
  const attach = async (cost: string, receipt: string) => {
    const card = costs.getByRole('listitem', { name: cost });
    await card.getByText(/^Belege \(\d\)/).click();
    await card
      .getByRole('group', { name: `Belege für ${cost}` })
      .getByRole('checkbox', { name: receipt })
      .check();
  };
  await attach('Grundsteuer', 'Abgabenbescheid 2025.pdf');
  await attach('Gebäudereinigung', 'Rechnung Reinigung.pdf');
  await attach('Müllabfuhr', 'Abgabenbescheid 2025.pdf');
  await expect(page.getByText('Ungespeicherte Änderungen', { exact: true })).toBeVisible();
  const waste = costs.getByRole('listitem', { name: 'Müllabfuhr' });
  await expect(waste).toContainText('„Müllabfuhr“: Derselbe Beleg ist auch „Grundsteuer“ zugeordnet.');
  await shot(page, 'settlement-draft-receipts-1280', waste);

  // the cleaning goes: the waste's receipt moves up with it when saved
  await costs.getByRole('button', { name: 'Gebäudereinigung entfernen' }).click();
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Alle Änderungen gespeichert')).toBeVisible();
  await page.reload();
  await expect(waste.getByText('Belege (1): Abgabenbescheid 2025.pdf')).toBeVisible();
  await expect(costs.getByRole('listitem', { name: 'Grundsteuer' })).toContainText(
    'Belege (1): Abgabenbescheid 2025.pdf',
  );
  // the cleaning's receipt went with it
  await expect(costs.locator('summary', { hasText: 'Rechnung Reinigung' })).toHaveCount(0);
  // finalizing asks to confirm the double receipt
  await expect(
    page.getByRole('checkbox', { name: /^Ich habe geprüft: „Müllabfuhr“: Derselbe Beleg/ }),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await waste.getByText(/^Belege \(1\)/).click();
  await shot(page, 'settlement-draft-receipts-390', waste);
});

test('a single statement shows its checks where the problem is and asks to confirm them', async ({
  page,
}) => {
  await signUp(page);
  await buyCredits(pageApi(page), 1);
  await page.goto('/dashboard/abrechnungen/neu');
  const landlord = page.getByRole('group', { name: 'Vermieter', exact: true });
  await landlord.getByLabel('Name').fill('Erika Vermieter');
  await landlord.getByLabel('Straße und Hausnummer').fill('Hauptstraße 1');
  await landlord.getByLabel('PLZ und Ort').fill('10115 Berlin');
  const tenant = page.getByRole('group', { name: 'Mieter', exact: true });
  await tenant.getByLabel('Name').fill('Max Mieter');
  await tenant.getByLabel('Straße und Hausnummer').fill('Seestraße 1');
  await tenant.getByLabel('PLZ und Ort').fill('14467 Potsdam');
  await page.getByLabel('Abrechnungszeitraum von').fill('2023-01-01');
  await page.getByLabel('Abrechnungszeitraum bis').fill('2023-12-31');
  await expect(page.getByText(/Die Abrechnungsfrist ist am 31\.12\.2024 abgelaufen/)).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();

  await page.getByRole('list', { name: 'Vorlagen' }).getByRole('button', { name: 'Grundsteuer' }).click();
  await page.getByRole('button', { name: 'Leere Position hinzufügen' }).click();
  const positions = page.getByRole('list', { name: 'Kostenpositionen' }).getByRole('listitem');
  await positions.nth(0).getByLabel('Betrag (€)').fill('480,00');
  await positions.nth(1).getByLabel('Bezeichnung').fill('Reparatur Mülltonne');
  await positions.nth(1).getByLabel('Betrag (€)').fill('85,00');
  const repair = page.getByRole('listitem', { name: 'Reparatur Mülltonne' });
  await expect(repair).toContainText('nicht umlagefähig (§ 1 Abs. 2 BetrKV)');
  await page.getByLabel('Monatliche Vorauszahlung (€)').fill('50,00');
  await page.getByLabel('Anzahl Monate').fill('12');
  await shot(page, 'statement-cost-check-1280', repair);
  await page.getByRole('button', { name: 'Als Entwurf speichern' }).click();
  await expect(page).toHaveURL(/\/dashboard\/abrechnungen\/bearbeiten\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() ?? '';
  const stored = await (await page.request.get(`/api/statements/${id}`)).json();
  expect((stored.warnings as { code: string }[]).map((w) => w.code)).toEqual([
    'cost-not-allocatable',
    'deadline-passed',
  ]);

  await page.getByRole('button', { name: 'Weiter' }).click();
  const panel = page.locator('section', {
    has: page.getByRole('heading', { name: 'PDF-Export', exact: true }),
  });
  const final = panel.getByRole('button', { name: 'Finale PDF erstellen (1 Credit)' });
  await expect(final).toBeDisabled();
  const boxes = panel.getByRole('checkbox', { name: /^Ich habe geprüft:/ });
  await expect(boxes).toHaveCount(2);
  await shot(page, 'statement-confirm-1280', panel);
  for (const box of await boxes.all()) await box.check();
  const [file] = await Promise.all([page.waitForEvent('download'), final.click()]);
  expect(file.suggestedFilename()).toBe('Betriebskostenabrechnung_2023_Max_Mieter.pdf');
  const archived = await (await page.request.get(`/api/statements/${id}/pdfs`)).json();
  expect(archived[0].confirmedWarnings.map((w: { code: string }) => w.code)).toEqual([
    'cost-not-allocatable',
    'deadline-passed',
  ]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Zurück', exact: true }).click();
  await expectNoSidewaysScroll(page);
  await shot(page, 'statement-cost-check-390', page.getByRole('listitem', { name: 'Reparatur Mülltonne' }));
  await scrollSettled(page);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(boxes).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  await shot(page, 'statement-confirm-390', panel);
});
