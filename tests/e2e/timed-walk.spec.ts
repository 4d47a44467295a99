import { expect, test } from '@playwright/test';
import { parseMoney } from '../../src/shared/money';
import { Klm } from './klm';
import { shot } from './shots';
import {
  block,
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

// The timed walk: a landlord registers, enters a 6-unit house through the UI (a tenant change with
// three months of vacancy, own use, a prepayment raise, 12 costs from the landlord's table, the metering company's heating
// results), reads the results and the letters, finalizes and downloads them; a year later signs in,
// finds last year's settlement and does the next year. Every action is counted by the Keystroke-Level
// Model; the product's goal is year 1 ≤ 6 minutes and year 2 ≤ 1.5 minutes of the landlord's time,
// the test holds it to 8 and 2.5 (the measured waits of a busy machine count too).

/** Tenants living there for years (no move-in day); Schmidt moves out, Weber follows in October. */
const LONG_STANDING = [
  { unit: 'EG links', name: 'Anna Berg', persons: '2', prepayment: '180' },
  { unit: 'EG rechts', name: 'Jonas Schmidt', persons: '1', prepayment: '120', end: '2025-06-30' },
  {
    unit: '1. OG rechts',
    name: 'Petra Krause',
    persons: '1',
    prepayment: '140',
    raise: ['2025-07-01', '160'],
  },
  { unit: '2. OG links', name: 'Murat Yilmaz', persons: '4', prepayment: '210' },
  { unit: '2. OG rechts', name: 'Lena Fischer', persons: '1', prepayment: '130' },
] as const;

/** The checklist's positions with last year's and this year's amounts, as typed. */
const COSTS = [
  ['Grundsteuer', '1480,20', '1512,40'],
  ['Wasserversorgung', '2105,30', '2230,75'],
  ['Abwasser', '1890,10', '1955,20'],
  ['Müllabfuhr', '960', '1004,50'],
  ['Aufzug', '1320', '1344'],
  ['Beleuchtung', '245,80', '251,10'],
  ['Straßenreinigung', '310,40', '318'],
  ['Gebäudereinigung', '1680', '1740'],
  ['Gartenpflege', '720', '760'],
  ['Schornsteinreinigung', '140,50', '142,80'],
  ['Versicherungen', '2105,30', '2230,10'],
  ['Hauswart', '2400', '2460'],
] as const;

/** The metering company's table per tenancy, in the house's order: heating and hot water. */
const HEATING_YEAR_1 = [
  ['1200,00', '310,00'], // Anna Berg
  ['540,00', '120,00'], // Jonas Schmidt
  ['310,00', '95,00'], // Familie Weber
  ['1150,00', '280,00'], // own use
  ['760,00', '150,00'], // Petra Krause
  ['1310,00', '420,00'], // Murat Yilmaz
  ['720,00', '140,00'], // Lena Fischer
];
const HEATING_YEAR_2 = [
  ['1250,00', '320,00'],
  ['1180,00', '300,00'],
  ['790,00', '160,00'],
  ['1350,00', '430,00'],
  ['740,00', '150,00'],
  ['1190,00', '290,00'],
];

test.use({ reducedMotion: 'reduce' });

test('a landlord enters a 6-unit house, finalizes, and does the next year: timed by KLM', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const klm = new Klm(page);
  const email = landlordEmail();
  const password = 'Sicheres-Passwort-1';

  await register(klm, page, email, password);
  klm.lap('Registrieren');

  await enterProperty(klm, page);
  klm.lap('Immobilie');
  await enterUnits(klm, page);
  klm.lap('Einheiten');
  // The tenancies in one table, a row prepared per unit: long-standing tenants with no move-in day
  // (Einzug left empty), the landlord's own flat named „Eigennutzung“, Tab between the cells, Enter to
  // the next row; the follow-up tenant in a new row.
  await klm.click(page.getByRole('button', { name: 'Mieter als Tabelle erfassen' }));
  const tenants = dialog(page, 'Mieter als Tabelle erfassen');
  const german = (iso: string) => iso.split('-').reverse().join('.');
  await expect(tenants.getByLabel('Einheit, Zeile 3', { exact: true })).toHaveValue('1. OG links');
  await klm.click(tenants.getByLabel('Name, Zeile 1', { exact: true }));
  for (const [i, t] of LONG_STANDING.entries()) {
    await klm.next(t.name, 'Tab');
    await klm.press('Tab'); // Einzug: there for years
    if ('end' in t) await klm.next(german(t.end), 'Tab');
    else await klm.press('Tab');
    await klm.next(t.persons, 'Tab');
    await klm.press('Tab'); // no Kaltmiete
    // Krause's prepayment raise from July, typed into her cell
    const prepayment = 'raise' in t ? `${t.prepayment} ab ${german(t.raise[0])} ${t.raise[1]}` : t.prepayment;
    await klm.next(prepayment, 'Enter');
    if (t.unit === 'EG rechts') {
      // 1. OG links is the landlord's own, for years: named so, two persons
      await klm.press('Tab');
      await klm.next('Eigennutzung', 'Tab');
      await klm.press('Tab');
      await klm.press('Tab');
      await klm.next('2', 'Enter');
    }
    if (i < LONG_STANDING.length - 1) await klm.press('Tab');
  }
  // Weber came into Schmidt's flat in October
  for (const value of ['EG rechts', 'Familie Weber', '01.10.2025']) await klm.next(value, 'Tab');
  await klm.press('Tab');
  await klm.next('3', 'Tab');
  await klm.press('Tab');
  await klm.type('200');
  klm.think(); // the table read over
  await klm.click(tenants.getByRole('button', { name: '7 Mietverhältnisse anlegen' }));
  await klm.wait(() => expect(tenants).toBeHidden());
  klm.lap('Mietverhältnisse');
  // The settlement for 2025 (the period offered).
  await klm.click(page.getByRole('link', { name: 'Hausabrechnung erstellen' }));
  await klm.click(page.getByRole('button', { name: 'Weiter zur Abrechnung' }));
  await klm.wait(() => expect(page.getByRole('heading', { name: 'Heizung und Warmwasser' })).toBeVisible());
  const settlementUrl = page.url();

  // The twelve costs from the landlord's own table (name and amount a row), pasted into a new
  // position: each takes its usual key (typed from the checklist instead, this step took 65 s).
  await klm.click(page.getByRole('button', { name: 'Kostenposition hinzufügen' }));
  const costList = page.getByRole('list', { name: 'Kostenpositionen' });
  await klm.paste(
    costList.getByLabel('Kostenart').first(),
    block(COSTS.map(([name, amount]) => [name, amount])),
  );
  klm.think(); // the list read over
  await expect(costList.getByLabel('Kostenart')).toHaveCount(COSTS.length);
  await expect(costList.getByRole('combobox', { name: 'Umlageschlüssel' }).nth(1)).toHaveValue('persons');
  const costs = page.getByRole('region', { name: 'Kosten des Hauses' });
  await shot(page, 'costs-pasted-1280', costs);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'costs-pasted-390', costs);
  await page.setViewportSize({ width: 1280, height: 800 });
  klm.lap('Kosten');
  // Heating: the metering company's results, its table pasted.
  await klm.check(page.getByRole('radio', { name: /^Abrechnung des Messdienstes übernehmen/ }));
  await klm.fill(page.getByLabel('Messdienst', { exact: true }), 'ista');
  await klm.date(page.getByLabel('Datum der Abrechnung'), '2026-03-15');
  await heatingFromTheCompany(klm, page, HEATING_YEAR_1, 30_000);

  klm.lap('Heizung');
  // Sender and bank account for the letters (kept for the next year): the account's name is there,
  // the address and the IBAN typed.
  const landlord = page.getByLabel('Name des Vermieters');
  await expect(landlord).toHaveValue('Erika Vermieter');
  await klm.click(landlord);
  await klm.press('Tab');
  await klm.next('Hauptstraße 5', 'Tab');
  await klm.next('10115 Berlin', 'Tab');
  await klm.fill(page.getByLabel('IBAN'), 'DE89370400440532013000');
  await expect(landlord).toHaveValue('Erika Vermieter');
  await expect(page.getByLabel('PLZ und Ort')).toHaveValue('10115 Berlin');
  klm.lap('Absender');
  await save(klm, page);
  await readResultsAndLetters(klm, page, 6);
  klm.lap('Ergebnis und Briefe lesen');
  await buyAndFinalize(klm, page, 6);
  klm.lap('Credits und Finalisieren');
  await downloadLetters(klm, page);
  klm.lap('Herunterladen');
  const year1 = klm.seconds;

  const first = await page.request.get(`/api/settlements/${settlementUrl.split('/').pop()}`);
  const settled = (await first.json()) as {
    statements: Array<{
      tenantName: string;
      start: string;
      end: string;
      days: number;
      prepaymentCents: number;
    }>;
  };
  // the figures as entered: Schmidt until June, three months empty, Weber from October; Krause's raise
  expect(settled.statements).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        tenantName: 'Jonas Schmidt',
        end: '2025-06-30',
        days: 181,
        prepaymentCents: 72_000,
      }),
      expect.objectContaining({
        tenantName: 'Familie Weber',
        start: '2025-10-01',
        days: 92,
        prepaymentCents: 60_000,
      }),
      expect.objectContaining({ tenantName: 'Petra Krause', days: 365, prepaymentCents: 180_000 }),
    ]),
  );
  expect(settled.statements.map((s) => s.tenantName)).toEqual([
    'Anna Berg',
    'Jonas Schmidt',
    'Familie Weber',
    'Petra Krause',
    'Murat Yilmaz',
    'Lena Fischer',
  ]);

  // A year later: signed out, signed in again, last year's settlement found from the dashboard.
  await page.getByRole('banner').getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // the address typed, Tab to the password, Enter signs in
  await klm.fill(page.getByLabel(/^E-Mail/), email);
  await klm.press('Tab');
  await klm.next(password, 'Enter');
  await klm.wait(() => expect(page).toHaveURL(/\/dashboard$/));
  const recent = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Neueste Abrechnungen' }) });
  await klm.click(recent.getByRole('link', { name: 'Lindenhof' }));
  await klm.wait(() => expect(page.getByRole('button', { name: 'Folgejahr anlegen' })).toBeVisible());
  klm.lap('Jahr 2: Anmelden und finden');
  const signedIn = klm.seconds;

  // Year 2: the next period from the final one; this year's costs and the company's new table pasted.
  await klm.click(page.getByRole('button', { name: 'Folgejahr anlegen' }));
  await klm.wait(() => expect(page.getByRole('heading', { name: 'Heizung und Warmwasser' })).toBeVisible());
  // the new draft's page loads its house (units, tenancies, receipts) after the editor shows: typing
  // before that has ended can be undone when the editor starts again from the loaded draft
  await page.waitForLoadState('networkidle');
  // this year's table pasted into the first amount: each row fills the position of its name
  const amounts = page.getByRole('list', { name: 'Kostenpositionen' }).getByLabel('Betrag (€)');
  await klm.paste(amounts.first(), block(COSTS.map(([name, , amount]) => [name, amount])));
  klm.think(); // the list read over
  // every amount where it belongs (a field shows its amount formatted once left)
  const cents = (v: string) => parseMoney(v);
  expect(
    (await amounts.evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value))).map(cents),
  ).toEqual(COSTS.map((c) => cents(c[2])));
  klm.lap('Jahr 2: Kosten');
  await heatingFromTheCompany(klm, page, HEATING_YEAR_2, 0);
  klm.lap('Jahr 2: Heizung');
  await save(klm, page);
  await readResultsAndLetters(klm, page, 5);
  klm.lap('Jahr 2: Ergebnis und Briefe lesen');
  await buyAndFinalize(klm, page, 5);
  klm.lap('Jahr 2: Credits und Finalisieren');
  await downloadLetters(klm, page);
  klm.lap('Jahr 2: Herunterladen');
  const year2 = klm.seconds - year1;
  const year2Work = klm.seconds - signedIn;

  console.log(
    `KLM: Jahr 1 ${minutes(year1)} min, Jahr 2 ${minutes(year2)} min, davon nach dem Anmelden ${minutes(year2Work)} min (${klm.report})`,
  );
  test.info().annotations.push({
    type: 'KLM',
    description: `year 1 ${minutes(year1)} min, year 2 ${minutes(year2)} min (${minutes(year2Work)} min after signing in)`,
  });
  expect(year1 / 60).toBeLessThanOrEqual(8);
  expect(year2 / 60).toBeLessThanOrEqual(2.5);
});
