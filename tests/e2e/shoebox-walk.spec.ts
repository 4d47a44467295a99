import { expect, test } from '@playwright/test';
import type { Booking } from '../../src/server/bank/booking';
import type { ReceiptFields } from '../../src/shared/schemas/receipt';
import { camt053 } from '../builders/bank-files';
import { HELD_BACK } from '../builders/held-back-receipts';
import {
  ciiXml,
  type InventedReceipt,
  LOAN_STATEMENT,
  photoJpeg,
  RECEIPTS,
  receiptPdf,
  scanPng,
  ublXml,
} from '../builders/receipts';
import { Klm } from './klm';
import { expectNoAxeViolations } from './page-checks';
import { shot } from './shots';
import {
  buyAndFinalize,
  dialog,
  downloadLetters,
  enterProperty,
  enterUnits,
  heatingFromTheCompany,
  landlordEmail,
  minutes,
  readResultsAndLetters,
  register,
  save,
} from './walk-steps';

// The shoebox walk: a landlord with a year in a box — 20 receipts of a 6-unit house (two e-invoices,
// text PDFs, a scan, a phone photo, the bank's loan statement) and the rent account's bank file —
// registers, enters the house, drops the receipts in, takes the tenants from the bank file's regular
// payers while the receipts are read, confirms the sure ones in one click, checks the rest, and goes
// on to the final letters. Counted by the timed walk's KLM rules; the figure is reported, not asserted
// (a benchmark: the goal is 6 minutes). What was booked must be each receipt's truth.

test.use({ reducedMotion: 'reduce' });

/** Who pays what each month, into which flat; the prepayment is the landlord's split. */
const PAYERS = [
  {
    name: 'Anna Berg',
    iban: 'DE02120300000000202051',
    monthly: 78_000,
    unit: 'EG links',
    prepayment: '180',
    persons: '2',
  },
  {
    name: 'Jonas Schmidt',
    iban: 'DE09100100100004711001',
    monthly: 52_000,
    unit: 'EG rechts',
    prepayment: '120',
    persons: '1',
  },
  {
    name: 'Sabine Wolf',
    iban: 'DE34200505501234567890',
    monthly: 70_000,
    unit: '1. OG links',
    prepayment: '170',
    persons: '2',
  },
  {
    name: 'Petra Krause',
    iban: 'DE02500105170137075030',
    monthly: 64_000,
    unit: '1. OG rechts',
    prepayment: '140',
    persons: '1',
  },
  {
    name: 'Murat Yilmaz',
    iban: 'DE02100500000054540402',
    monthly: 91_000,
    unit: '2. OG links',
    prepayment: '210',
    persons: '4',
  },
  {
    name: 'Lena Fischer',
    iban: 'DE23700202705566778899',
    monthly: 55_000,
    unit: '2. OG rechts',
    prepayment: '130',
    persons: '1',
  },
] as const;

/** The rent account's year: every tenant's rent on the first working days, and the bank's fee. */
function rentYear(): Booking[] {
  const bookings: Booking[] = [];
  for (let m = 1; m <= 12; m++) {
    const mm = String(m).padStart(2, '0');
    PAYERS.forEach((p, i) => {
      const day = `2025-${mm}-0${1 + (i % 3)}`;
      bookings.push({
        bookingDate: day,
        valueDate: day,
        amountCents: p.monthly,
        counterpartyName: p.name,
        counterpartyIban: p.iban,
        reference: `Miete ${mm}/2025 ${p.unit}`,
        bankReference: null,
      });
    });
  }
  return bookings;
}

/** The metering company's table, one row per tenancy in the house's order: heating, hot water. */
const HEATING = [
  ['1200,00', '310,00'],
  ['640,00', '150,00'],
  ['1080,00', '260,00'],
  ['760,00', '150,00'],
  ['1310,00', '420,00'],
  ['720,00', '140,00'],
];

const byKey = new Map([...RECEIPTS, ...HELD_BACK].map((r) => [r.key, r]));
const invented = (key: string) => byKey.get(key) as InventedReceipt;
/** The box: how each receipt arrived. */
const BOX: Array<{ key: string; as: 'xrechnung-ubl' | 'xrechnung-cii' | 'pdf' | 'scan' | 'photo' }> = [
  { key: 'versicherung', as: 'xrechnung-ubl' },
  { key: 'wasser', as: 'xrechnung-cii' },
  { key: 'schornstein', as: 'scan' },
  { key: 'garten', as: 'photo' },
  ...[
    'grundbesitz',
    'hauswart',
    'reparatur',
    'reinigung',
    'aufzug',
    'heizoel',
    'allgemeinstrom',
    'entsorgung',
    'rauchmelder',
    'versicherung-haftpflicht',
    'gartenbau',
    'winterdienst',
    'kabel',
    'hausmeister-quartal',
    'heizungswartung',
  ].map((key) => ({ key, as: 'pdf' as const })),
];

async function fileOf(key: string, as: (typeof BOX)[number]['as'] | 'loan') {
  const r = as === 'loan' ? LOAN_STATEMENT : invented(key);
  switch (as) {
    case 'xrechnung-ubl':
      return { name: `${key}.xml`, mimeType: 'application/xml', buffer: Buffer.from(ublXml(r)) };
    case 'xrechnung-cii':
      return { name: `${key}.xml`, mimeType: 'application/xml', buffer: Buffer.from(ciiXml(r)) };
    case 'scan':
      return { name: `${key}-scan.png`, mimeType: 'image/png', buffer: Buffer.from(await scanPng(r)) };
    case 'photo':
      return { name: `${key}-foto.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(await photoJpeg(r)) };
    default:
      return { name: `${key}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(await receiptPdf(r)) };
  }
}

/** The truth as the file can say it: an e-invoice has no field for the § 35a share. */
function truthOf(key: string, as: string): ReceiptFields {
  const { truth } = invented(key);
  if (!as.startsWith('xrechnung')) return truth;
  return { ...truth, lines: truth.lines.map((l) => ({ ...l, labourCents: null })) };
}

test('a shoebox of receipts and a bank file become the final letters: timed by KLM', async ({ page }) => {
  test.setTimeout(300_000);
  const klm = new Klm(page);
  const email = landlordEmail();
  const files = await Promise.all([...BOX.map((b) => fileOf(b.key, b.as)), fileOf('darlehen', 'loan')]);
  expect(files).toHaveLength(20);

  await register(klm, page, email, 'Sicheres-Passwort-1');
  klm.lap('Registrieren');
  await enterProperty(klm, page);
  await enterUnits(klm, page);
  klm.lap('Haus und Einheiten');

  // The box emptied at once: the receipts are read while the landlord goes on.
  await klm.click(page.getByRole('navigation').getByRole('link', { name: 'Belege', exact: true }));
  await klm.click(page.getByRole('link', { name: 'Belege hochladen' }).first());
  await klm.choose(page.locator('button').filter({ hasText: 'Dateien auswählen' }), files);
  await klm.click(page.getByRole('button', { name: '20 Belege hochladen' }));
  await klm.wait(() => expect(page).toHaveURL(/\/dashboard\/belege$/));
  klm.lap('Belege hochladen');

  // The tenants from the bank file: each regular payer a tenancy, the flat picked, the prepayment split.
  await klm.click(page.getByRole('navigation').getByRole('link', { name: 'Zahlungen', exact: true }));
  await klm.choose(page.getByLabel('Datei (CAMT-XML oder ZIP, MT940, CSV)'), {
    name: 'umsaetze-2025.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(camt053(rentYear())),
  });
  await klm.click(page.getByRole('button', { name: 'Importieren' }));
  const payers = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: /^Regelmäßige Zahler/ }) });
  await klm.wait(() => expect(payers.getByRole('heading')).toHaveText('Regelmäßige Zahler: 6 gefunden'));
  // all six in one table: each row's flat proposed from the purpose (read, not chosen), the
  // prepayment and the persons typed
  await klm.click(payers.getByRole('button', { name: 'Alle als Mieter anlegen' }));
  const table = dialog(page, 'Regelmäßige Zahler als Mieter anlegen');
  for (const p of PAYERS) {
    const row = table.getByRole('group', { name: new RegExp(`^${p.name} ·`) });
    await expect(row.getByLabel('Wohnung').locator('option:checked')).toHaveText(`Lindenhof – ${p.unit}`);
    klm.think();
    await klm.fill(row.getByLabel('Vorauszahlung (€)'), p.prepayment);
    if (p.persons !== '1') {
      await klm.press('Tab');
      await klm.type(p.persons); // Tab marks the 1 the cell starts with
    }
  }
  await expectNoAxeViolations(page);
  await shot(page, 'payer-table-1280', table);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'payer-table-390', table);
  await page.setViewportSize({ width: 1280, height: 800 });
  klm.think(); // the table read over
  await klm.click(table.getByRole('button', { name: '6 Mietverhältnisse anlegen' }));
  await klm.wait(() => expect(table).toBeHidden());
  await expect(payers).toBeHidden();
  klm.lap('Mieter aus dem Kontoauszug');

  // The receipts, read by now: the sure ones confirmed at once, the rest checked one after another.
  await klm.click(page.getByRole('navigation').getByRole('link', { name: 'Belege', exact: true }));
  const read = page
    .getByRole('row')
    .filter({ hasText: /sicher erkannt|bitte prüfen|bestätigt|nicht lesbar/ });
  await klm.wait(() => expect(read).toHaveCount(20, { timeout: 120_000 }));
  klm.think(); // the list read over
  await klm.click(page.getByRole('button', { name: 'Alle sicher erkannten bestätigen' }));
  await klm.wait(() => expect(page.getByText(/Belege? bestätigt/).first()).toBeVisible());
  const toCheck = await page.getByRole('row').filter({ hasText: 'bitte prüfen' }).count();
  const checked: string[] = [];
  if (toCheck > 0) {
    await klm.click(
      page
        .getByRole('row')
        .filter({ hasText: 'bitte prüfen' })
        .first()
        .getByRole('button', { name: /^Prüfen/ }),
    );
    const review = dialog(page, 'Beleg prüfen');
    let shown = '';
    for (let i = 0; i < toCheck; i++) {
      // the next receipt is shown (its name is the dialog's description) before it is read
      await expect(review).not.toHaveAccessibleDescription(shown);
      shown = await review.evaluate(
        (d) => document.getElementById(d.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      );
      checked.push(shown);
      klm.think(3); // the paper beside the fields read: issuer and date, amounts, cost types
      await klm.click(review.getByRole('button', { name: /^Bestätigen( und weiter zum nächsten)?$/ }));
    }
    await klm.wait(() => expect(review).toBeHidden());
  }
  klm.lap(`Belege prüfen (${toCheck} von 20 mit Blick)`);

  // Every receipt as it is on paper: booked from the confirmed fields, the loan statement kept apart.
  const listed = (await (await page.request.get('/api/documents')).json()) as Array<{
    name: string;
    booking: ReceiptFields | null;
  }>;
  for (const b of BOX) {
    const file = files[BOX.indexOf(b)];
    expect(listed.find((d) => d.name === file?.name)?.booking, b.key).toEqual(truthOf(b.key, b.as));
  }

  // The settlement: the receipts in one click, the prepayments as paid, the company's heating table.
  await klm.click(page.getByRole('navigation').getByRole('link', { name: 'Immobilien', exact: true }));
  await klm.click(page.getByRole('link', { name: 'Lindenhof' }).first());
  await klm.click(page.getByRole('link', { name: 'Hausabrechnung erstellen' }));
  await klm.click(page.getByRole('button', { name: 'Weiter zur Abrechnung' }));
  await klm.wait(() => expect(page.getByRole('heading', { name: 'Heizung und Warmwasser' })).toBeVisible());
  await page.waitForLoadState('networkidle');
  await klm.click(page.getByRole('button', { name: 'Aus Belegen übernehmen' }));
  const offers = dialog(page, 'Aus Belegen übernehmen');
  klm.think(); // the offers read over
  await klm.click(offers.getByRole('button', { name: /^\d+ Belege übernehmen$/ }));
  await klm.wait(() => expect(offers).toBeHidden());
  await klm.click(page.getByRole('button', { name: 'Aus dem Kontoauszug übernehmen' }));
  await klm.check(page.getByRole('radio', { name: /^Abrechnung des Messdienstes übernehmen/ }));
  await klm.fill(page.getByLabel('Messdienst', { exact: true }), 'ista');
  await klm.date(page.getByLabel('Datum der Abrechnung'), '2026-03-15');
  await heatingFromTheCompany(klm, page, HEATING, 0);
  klm.lap('Abrechnung aus Belegen und Kontoauszug');

  // The sender starts with the account's name and the rent account's IBAN; the address typed once.
  await expect(page.getByLabel('IBAN')).toHaveValue(/DE89 ?3704/);
  const landlord = page.getByLabel('Name des Vermieters');
  await expect(landlord).toHaveValue('Erika Vermieter');
  await klm.click(landlord);
  await klm.press('Tab');
  await klm.next('Hauptstraße 5', 'Tab');
  await klm.next('10115 Berlin', 'Tab');
  await expect(page.getByLabel('PLZ und Ort')).toHaveValue('10115 Berlin');
  await save(klm, page);
  await readResultsAndLetters(klm, page, 6);
  klm.lap('Absender, Ergebnis und Briefe lesen');
  await buyAndFinalize(klm, page, 6);
  await downloadLetters(klm, page);
  klm.lap('Finalisieren und Herunterladen');

  console.log(`KLM Schuhkarton: ${minutes(klm.seconds)} min (${klm.report}); geprüft: ${checked.join(', ')}`);
  test.info().annotations.push({ type: 'KLM', description: `shoebox ${minutes(klm.seconds)} min` });
});
