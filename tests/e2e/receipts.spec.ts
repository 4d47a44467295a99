import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { buildFourUnitHouse, houseDraft } from '../builders/building';
import { receipt, receiptPdf, scanPng, ublXml } from '../builders/receipts';
import { signUpByApi } from './mailbox';
import { pageApi } from './page-api';
import { expectNoAxeViolations, expectNoSidewaysScroll } from './page-checks';
import { shot, shotAsSeen } from './shots';

// The landlord drops a year's receipts in, checks what was read instead of typing it,
// corrects one field, books them into the settlement with a click per receipt, and finalizes.

test.use({ reducedMotion: 'reduce' });

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

test('a mixed set of receipts read, one field corrected, booked into the settlement and finalized', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUpByApi(page, baseURL, {
    name: 'Erika Vermieter',
    email: `belege-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Sicheres-Passwort-1',
  });
  const api = pageApi(page);
  const house = await buildFourUnitHouse(api);
  const id = await houseDraft(api, house);

  await page.goto('/dashboard/belege/upload');
  await expect(page.getByRole('switch', { name: /Automatische Erkennung/ })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByLabel('Dateien auswählen').setInputFiles([
    { name: 'Versicherung.xml', mimeType: 'text/xml', buffer: Buffer.from(ublXml(receipt('versicherung'))) },
    {
      name: 'Grundbesitzabgaben.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await receiptPdf(receipt('grundbesitz'))),
    },
    {
      name: 'Schornsteinfeger-Scan.png',
      mimeType: 'image/png',
      buffer: Buffer.from(await scanPng(receipt('schornstein'))),
    },
    {
      name: 'Haustür.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await receiptPdf(receipt('reparatur'))),
    },
  ]);
  await page.getByRole('button', { name: '4 Belege hochladen' }).click();
  await expect(page).toHaveURL(/\/dashboard\/belege$/);

  // read in the background: the list follows until every receipt is read
  await expect(page.getByText('wird gelesen')).toHaveCount(0, { timeout: 60_000 });
  // an e-invoice and a labelled text PDF are sure; a repair bill is not allocatable and asks first
  await expect(row(page, 'Versicherung.xml')).toContainText('sicher erkannt');
  await expect(row(page, 'Grundbesitzabgaben.pdf')).toContainText('sicher erkannt');
  await expect(row(page, 'Versicherung.xml')).toContainText('Hanse Gebäudeschutz Versicherung AG');
  await expect(row(page, 'Haustür.pdf')).toContainText('bitte prüfen');
  await expect(row(page, 'Grundbesitzabgaben.pdf')).toContainText(
    'Grundsteuer, Müllabfuhr, Straßenreinigung, Abwasser',
  );

  // the scan: the amount's spot is marked on the page; one field corrected, the rest confirmed
  await row(page, 'Schornsteinfeger-Scan.png')
    .getByRole('button', { name: /^Prüfen/ })
    .click();
  const review = page.getByRole('dialog', { name: 'Beleg prüfen' });
  await expect(review.getByLabel('Gesamtbetrag (€)')).toHaveValue('168,98');
  await review.getByLabel('Gesamtbetrag (€)').focus();
  await expect(review.getByText('Gelesen auf Seite 1: „168,98“')).toBeVisible();
  await expect(review.getByRole('img', { name: 'Seite 1 des Belegs' })).toBeVisible();
  await expect(review.getByLabel('Arbeitskosten § 35a 1 (€)')).toHaveValue('131,00');
  await review.getByLabel('Rechnungsnummer').fill('2025-318-A');
  await expectNoAxeViolations(page);
  await shot(page, 'receipt-review-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'receipt-review-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  // confirmed, the review goes on with the next receipt that asks the landlord
  await review.getByRole('button', { name: 'Bestätigen und weiter zum nächsten' }).click();
  await expect(review.getByText('Haustür.pdf')).toBeVisible();
  await expect(review.getByText('Kostenarten Unsicher gelesen: bitte prüfen.')).toBeVisible();
  await review.getByRole('button', { name: 'Bestätigen', exact: true }).click();
  await expect(review).toBeHidden();
  for (const name of ['Schornsteinfeger-Scan.png', 'Haustür.pdf']) {
    await expect(row(page, name)).toContainText('bestätigt');
  }

  // an e-invoice has no picture: what it states, readable beside the form
  await row(page, 'Versicherung.xml')
    .getByRole('button', { name: /^Prüfen/ })
    .click();
  const einvoice = page.getByRole('region', { name: 'Inhalt der E-Rechnung' });
  await expect(einvoice).toContainText('Hanse Gebäudeschutz Versicherung AG');
  await expect(einvoice).toContainText('2.105,30 €');
  await expectNoAxeViolations(page);
  await shot(page, 'receipt-einvoice-1280');
  await page.keyboard.press('Escape');

  // the sure ones at once
  await expect(page.getByText('2 Belege sind in jedem Feld sicher erkannt.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'receipts-sure-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'receipts-sure-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Alle sicher erkannten bestätigen' }).click();
  await expect(page.getByText('2 Belege bestätigt', { exact: true })).toBeVisible();
  for (const name of ['Versicherung.xml', 'Grundbesitzabgaben.pdf']) {
    await expect(row(page, name)).toContainText('bestätigt');
  }
  await expect(page.getByRole('button', { name: 'Alle sicher erkannten bestätigen' })).toHaveCount(0);
  await shot(page, 'receipts-list-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('listitem', { name: 'Versicherung.xml' })).toContainText('bestätigt');
  await expectNoSidewaysScroll(page);
  await shot(page, 'receipts-list-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  const corrected = await api('GET', '/api/documents');
  const scan = (
    corrected.body as unknown as Array<{ id: string; name: string; booking: { invoiceNumber: string } }>
  ).find((d) => d.name === 'Schornsteinfeger-Scan.png');
  expect(scan?.booking.invoiceNumber).toBe('2025-318-A');

  // into the settlement: a click per receipt, the insurance by its days in 2025
  await page.goto(`/dashboard/hausabrechnungen/${id}`);
  await page.getByRole('button', { name: 'Aus Belegen übernehmen' }).click();
  const offers = page.getByRole('dialog', { name: 'Aus Belegen übernehmen' });
  await expect(
    offers.getByText('Versicherungen 01.07.2025–30.06.2026: 184/365 von 2.105,30 € = 1.061,30 €'),
  ).toBeVisible();
  await expect(offers.getByText('Tischlerei Holzmann e.K.')).toHaveCount(0);
  await expectNoAxeViolations(page);
  for (const issuer of [
    'Hanse Gebäudeschutz Versicherung AG',
    'Stadt Musterstadt',
    'Bezirksschornsteinfegermeister Otto Ruß',
  ]) {
    // every receipt of the period starts ticked
    await expect(offers.getByLabel(issuer)).toBeChecked();
  }
  await shotAsSeen(page, 'receipts-into-settlement-1280', { element: offers });
  await shotAsSeen(page, 'receipts-into-settlement-390', { element: offers, width: 390 });
  await offers.getByRole('button', { name: '3 Belege übernehmen' }).click();
  await expect(offers).toBeHidden();
  const costs = page.getByRole('list', { name: 'Kostenpositionen' });
  await expect(
    costs.getByRole('listitem', { name: 'Versicherungen', exact: true }).getByLabel('Betrag (€)'),
  ).toHaveValue('1.061,30');
  await expect(page.getByText('Alle Änderungen gespeichert', { exact: true })).toBeVisible();

  // finalize with the credits bought in one checkout
  await page.getByRole('button', { name: /^4 Credits kaufen/ }).click();
  await page.getByRole('button', { name: 'Bezahlen' }).click();
  await expect(page.getByText('Zahlung erfolgreich!', { exact: true }).first()).toBeVisible();
  for (const box of await page.getByRole('checkbox', { name: /^Ich habe geprüft:/ }).all()) await box.check();
  await page.getByRole('button', { name: 'Finalisieren (4 Credits)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Finalisieren (4 Credits)' }).click();
  await expect(page.getByText('Final', { exact: true }).first()).toBeVisible();

  // once final, no receipt goes in any more
  const late = await api('POST', `/api/settlements/${id}/costs/from-documents`, {
    documentIds: [scan?.id ?? ''],
  });
  expect(late.status).toBe(409);
});
