import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { baseURL } from '../../playwright.config';
import { computeFigures } from '../../src/client/routes/settlements/results/figures';
import { isoDateInBerlin } from '../../src/shared/dates';
import { formatCents } from '../../src/shared/money';
import { defaultSettlementPeriod } from '../../src/shared/schemas/settlement';
import type { SettlementJson, TenancyJson, UnitJson } from '../../src/shared/schemas/settlement-json';
import { buildFourUnitHouse, houseCosts, SAMPLE_PROPERTY } from '../builders/building';
import { signUpByApi } from './mailbox';
import { pageApi } from './page-api';
import { expectNoAxeViolations, expectNoSidewaysScroll, focusedAfter } from './page-checks';
import { shot } from './shots';

// The Hausabrechnung in the browser: a four-flat house with a tenant change, vacancy and
// the landlord's own flat; its costs entered once and every tenant's result computed while typing.

const PERIOD = { periodStart: '2025-01-01', periodEnd: '2025-12-31' };

async function signUp(page: Page) {
  await signUpByApi(page, baseURL, {
    name: 'Erika Vermieter',
    email: `hausabrechnung-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    password: 'Sicheres-Passwort-1',
  });
}

const tenantResult = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Mieter', exact: true }).getByRole('listitem', { name, exact: true });
const costCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Kostenpositionen' }).getByRole('listitem', { name, exact: true });
const timelineUnit = (page: Page, label: string) =>
  page.getByRole('listitem', { name: `Einheit ${label}`, exact: true });

/** Every tenant's figures as the page shows them, to compare before and after a reload. */
const shownResults = (page: Page) => page.getByTestId('tenant-result').allInnerTexts();

/** A tenant card shows share, prepayments and the Nachzahlung or Guthaben of the server's statement. */
async function expectStatement(
  card: Locator,
  s: Pick<SettlementJson['statements'][number], 'totalCents' | 'prepaymentCents' | 'balanceCents'>,
) {
  await expect(card).toContainText(formatCents(s.totalCents));
  await expect(card).toContainText(formatCents(s.prepaymentCents));
  await expect(card).toContainText(
    `${s.balanceCents >= 0 ? 'Nachzahlung' : 'Guthaben'}${formatCents(Math.abs(s.balanceCents))}`,
  );
}

test('a landlord settles a whole house: timeline, costs once, live figures, save and reload', async ({
  page,
}) => {
  // a long journey with axe scans at two widths: over a minute on a busy CI machine
  test.setTimeout(120_000);
  await signUp(page);
  const api = pageApi(page);
  const house = await buildFourUnitHouse(api);
  const units = (await api('GET', `/api/properties/${house.property.id}/units`))
    .body as unknown as UnitJson[];
  const tenancies = (await api('GET', `/api/properties/${house.property.id}/tenancies`))
    .body as unknown as TenancyJson[];

  // New settlement: the property from the link, the previous calendar year as the period.
  await page.goto(`/dashboard/hausabrechnungen/neu?property=${house.property.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neue Hausabrechnung');
  await expect(page.getByLabel('Immobilie')).toHaveValue(house.property.id);
  const suggested = defaultSettlementPeriod(isoDateInBerlin(new Date()));
  await expect(page.getByLabel('Abrechnungszeitraum von')).toHaveValue(suggested.periodStart);
  await expect(page.getByLabel('Abrechnungszeitraum bis')).toHaveValue(suggested.periodEnd);
  await page.getByLabel('Abrechnungszeitraum von').fill(PERIOD.periodStart);
  await page.getByLabel('Abrechnungszeitraum bis').fill(PERIOD.periodEnd);
  await page.getByRole('button', { name: 'Weiter zur Abrechnung' }).click();
  await expect(page).toHaveURL(/\/dashboard\/hausabrechnungen\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SAMPLE_PROPERTY.name);

  // The house's costs arrive through the API (as a second device would save them); the page reloads them.
  const costs = houseCosts(house.tenancies);
  expect((await api('PUT', `/api/settlements/${id}`, { ...PERIOD, costs })).status).toBe(200);
  await page.reload();

  // The picture before the numbers: who lived where when, vacancy and own use with their days.
  const egRechts = timelineUnit(page, 'EG rechts');
  await expect(egRechts).toContainText('Jonas Schmidt: 01.01.2025 – 30.06.2025 (181 Tage)');
  await expect(egRechts).toContainText('Leerstand: 01.07.2025 – 31.07.2025 (31 Tage)');
  await expect(egRechts).toContainText('Familie Weber: 01.08.2025 – 31.12.2025 (153 Tage)');
  await expect(timelineUnit(page, 'OG links')).toContainText('Leerstand: 01.01.2025 – 31.03.2025 (90 Tage)');
  await expect(timelineUnit(page, 'OG rechts')).toContainText(
    'Eigennutzung: 01.01.2025 – 31.12.2025 (365 Tage)',
  );
  await expect(timelineUnit(page, 'EG links').locator('[data-kind="vacancy"]')).toHaveCount(0);

  // The browser's figures are the server's.
  const saved = (await api('GET', `/api/settlements/${id}`)).body as unknown as SettlementJson;
  expect(saved.statements.map((s) => s.tenantName).sort()).toEqual([
    'Anna Müller',
    'Familie Weber',
    'Jonas Schmidt',
    'Petra Krause',
  ]);
  for (const s of saved.statements) await expectStatement(tenantResult(page, s.tenantName), s);
  await expect(tenantResult(page, 'Familie Weber').getByTestId('tenant-days')).toHaveText('153 Tage');
  const checks = page.getByTestId('checks');
  await expect(checks.getByText('stimmt', { exact: true })).toHaveCount(costs.length);
  // the clean house asks nothing; once the fixed 2025's deadline has passed (2027) its warning is ticked
  for (const box of await page.getByRole('checkbox', { name: /^Ich habe geprüft:/ }).all()) await box.check();
  await expect(page.getByRole('button', { name: 'Finalisieren (4 Credits)' })).toBeEnabled();
  await expect(page.getByText('Für das Finalisieren fehlen 4 Credits.')).toBeVisible();
  // tenants in the order of the house's units
  expect(await page.getByTestId('tenant-result').getByRole('heading').allInnerTexts()).toEqual([
    'Anna Müller',
    'Jonas Schmidt',
    'Familie Weber',
    'Petra Krause',
  ]);

  // A changed amount moves the shares at once, without saving.
  const raised = costs.map((c) => (c.name === 'Grundsteuer' ? { ...c, amountCents: 198_765 } : c));
  const expected = computeFigures({
    period: PERIOD,
    entries: { costs: raised as SettlementJson['costs'] },
    units,
    tenancies,
  });
  await costCard(page, 'Grundsteuer').getByLabel('Betrag (€)').fill('1.987,65');
  for (const s of expected.statements) await expectStatement(tenantResult(page, s.tenantName), s);
  await expect(page.getByText('Ungespeicherte Änderungen', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finalisieren (4 Credits)' })).toBeDisabled();

  // An engine warning shows at its field: a tenant's missing reading.
  const water = costCard(page, 'Wasserversorgung');
  await water.getByLabel('Verbrauch Anna Müller (EG links)').fill('');
  await expect(water.getByText('„Wasserversorgung“: Für „Anna Müller“ fehlt der Verbrauch')).toBeVisible();
  await water.getByLabel('Verbrauch Anna Müller (EG links)').fill('95,5');

  // A new cost borne by one tenant only, entered in the browser; the name field is where typing goes.
  await page.getByRole('button', { name: 'Kostenposition hinzufügen' }).click();
  const added = costCard(page, 'Position 6');
  await expect(added.getByLabel('Kostenart')).toBeFocused();
  // the checks run while typing: administration is the landlord's
  await added.getByLabel('Kostenart').fill('Hausverwaltung');
  const administration = costCard(page, 'Hausverwaltung');
  await expect(administration.getByText('„Hausverwaltung“: Verwaltung, Reparaturen')).toBeVisible();
  await administration.getByLabel('Kostenart').fill('Hauswart');
  const hauswart = costCard(page, 'Hauswart');
  await hauswart.getByLabel('Betrag (€)').fill('500');
  await hauswart.getByLabel('Umlageschlüssel').selectOption('direct');
  await hauswart.getByLabel('Mietverhältnis, das die Kosten allein trägt').selectOption({
    label: 'Petra Krause (OG links)',
  });
  const krause = expected.statements.find((s) => s.tenantName === 'Petra Krause');
  await expect(tenantResult(page, 'Petra Krause')).toContainText(
    formatCents((krause?.totalCents ?? 0) + 50_000),
  );

  // The checklist adds a usual cost with its usual key, the cursor in its amount. The cursor moves
  // within the click or key itself (asked in the same task), so what is typed right after lands there.
  const checklistButton = page.getByRole('button', { name: 'Aufzug hinzufügen (Wohneinheiten)' });
  expect(await focusedAfter(checklistButton, 'click')).toBe('costs.6.amount');
  const lift = costCard(page, 'Aufzug');
  await expect(lift.getByLabel('Betrag (€)')).toBeFocused();
  await expect(lift.getByLabel('Umlageschlüssel')).toHaveValue('units');
  await lift.getByRole('button', { name: 'Aufzug entfernen' }).click();
  // Enter in an amount goes to the next cost's amount; in the last it adds the next cost, its name
  // ready for typing
  const amounts = page.getByRole('list', { name: 'Kostenpositionen' }).getByLabel('Betrag (€)');
  expect(await focusedAfter(amounts.nth(4), 'Enter')).toBe('costs.5.amount');
  await expect(hauswart.getByLabel('Betrag (€)')).toBeFocused();
  expect(await focusedAfter(hauswart.getByLabel('Betrag (€)'), 'Enter')).toBe('costs.6.name');
  const next = costCard(page, 'Position 7');
  await expect(next.getByLabel('Kostenart')).toBeFocused();
  await next.getByRole('button', { name: 'Position 7 entfernen' }).click();

  // A wrong IBAN is named at its field and nothing is saved.
  await page.getByLabel('IBAN').fill('DE00 1234');
  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByLabel('IBAN')).toHaveAccessibleDescription('Ungültige IBAN.');
  await page.getByLabel('IBAN').fill('');
  await page.getByLabel('Name des Vermieters').fill('Erika Vermieter');

  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Alle Änderungen gespeichert', { exact: true })).toBeVisible();
  const before = await shownResults(page);
  const stored = (await api('GET', `/api/settlements/${id}`)).body as unknown as SettlementJson;
  expect(stored.costs.map((c) => [c.name, c.amountCents])).toEqual([
    ['Grundsteuer', 198_765],
    ['Gebäudereinigung', 120_000],
    ['Müllabfuhr', 61_234],
    ['Wasserversorgung', 84_000],
    ['Schlüsseldienst', 8_900],
    ['Hauswart', 50_000],
  ]);
  expect(stored.letter?.landlord.name).toBe('Erika Vermieter');
  for (const s of stored.statements) await expectStatement(tenantResult(page, s.tenantName), s);
  // the sender typed here kept for the next house, without a trip to the settings
  await page.getByRole('button', { name: 'Als Standard speichern' }).click();
  await expect(page.getByText('Als Standard gespeichert', { exact: true }).first()).toBeVisible();
  expect((await api('GET', '/api/me/sender')).body).toMatchObject({
    letter: { landlord: { name: 'Erika Vermieter' }, bank: null },
  });
  const bankSection = page.getByRole('group', { name: 'Bankverbindung' });
  await shot(page, 'settlement-keep-sender-1280', bankSection);

  await page.reload();
  await expect(costCard(page, 'Hauswart').getByLabel('Betrag (€)')).toHaveValue('500,00');
  expect(await shownResults(page)).toEqual(before);

  await expectNoAxeViolations(page);
  await shot(page, 'settlement-editor-1280');

  // On a phone: cards, nothing cut off, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tenantResult(page, 'Anna Müller')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'settlement-keep-sender-390', page.getByRole('group', { name: 'Bankverbindung' }));
  await expectNoAxeViolations(page);
  await shot(page, 'settlement-editor-390');

  // The dashboard and the statement list show the settlement beside single statements.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  // the draft's deadline (31.12.2026) is due within 60 days or past: the "Fristen" card names it
  const deadlines = page.getByRole('list', { name: 'Fristen' });
  await expect(deadlines).toContainText(`Hausabrechnung 2025 – ${SAMPLE_PROPERTY.name}: Frist`);
  await expect(deadlines).toContainText('31.12.2026');
  const recent = page
    .getByRole('listitem')
    .filter({ hasText: SAMPLE_PROPERTY.name })
    .filter({ hasText: '01.01.2025 – 31.12.2025' });
  await expect(recent).toContainText('Hausabrechnung');
  await expect(recent).toContainText('Entwurf');
  await expectNoAxeViolations(page);
  await shot(page, 'settlement-dashboard-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(deadlines).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'settlement-dashboard-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await recent.getByRole('link', { name: SAMPLE_PROPERTY.name }).click();
  await expect(page).toHaveURL(`/dashboard/hausabrechnungen/${id}`);
  await page.goto('/dashboard/abrechnungen');
  const listed = page.getByRole('list', { name: 'Hausabrechnungen' }).getByRole('listitem');
  await expect(listed).toContainText(SAMPLE_PROPERTY.name);
  await expect(listed).toContainText('Entwurf');
  await expectNoAxeViolations(page);
  await shot(page, 'settlement-list-1280');
});

test('a landlord previews every letter, finalizes the house, downloads the ZIP and starts a correction', async ({
  page,
}) => {
  // four previews, a finalization and a correction: 47 s on a quiet run, over a minute on a busy one
  test.setTimeout(120_000);
  await signUp(page);
  const api = pageApi(page);
  const house = await buildFourUnitHouse(api);
  const created = await api('POST', `/api/properties/${house.property.id}/settlements`, {
    ...PERIOD,
    costs: [...houseCosts(house.tenancies), { name: 'Hausverwaltung', amountCents: 24_000, key: 'units' }],
    letter: {
      landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 1', city: '10115 Berlin' },
      bank: null,
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  await page.goto(`/dashboard/hausabrechnungen/${id}`);

  // Every tenant's preview is a watermarked PDF of that tenant's letter.
  const previews = page.getByRole('link', { name: /^Vorschau \(PDF\)/ });
  await expect(previews).toHaveCount(4);
  for (const href of await previews.evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''))) {
    const res = await page.request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toContain('VORSCHAU_Betriebskostenabrechnung_2025_');
  }
  // or all four read in one go
  const allLetters = page.getByRole('link', { name: 'Alle Briefe lesen (Vorschau)' });
  const all = await page.request.get((await allLetters.getAttribute('href')) ?? '');
  expect(all.status()).toBe(200);
  expect(all.headers()['content-disposition']).toContain('VORSCHAU_Briefe_2025_');
  const results = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Ergebnis' }) });
  await shot(page, 'settlement-all-letters-1280', results);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await shot(page, 'settlement-all-letters-390', results);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Four statements need four credits: the cheapest packages for them in one checkout (the built-in
  // test checkout), back at the settlement.
  await expect(page.getByText('Für das Finalisieren fehlen 4 Credits.')).toBeVisible();
  await expect(page.getByText('2 × Standard', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '4 Credits kaufen (37,60 €)' }).scrollIntoViewIfNeeded();
  await shot(page, 'settlement-buy-credits-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: '4 Credits kaufen (37,60 €)' }).scrollIntoViewIfNeeded();
  await shot(page, 'settlement-buy-credits-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: '4 Credits kaufen (37,60 €)' }).click();
  await expect(page).toHaveURL(/\/testzahlung\//);
  await page.getByRole('button', { name: 'Bezahlen' }).click();
  await expect(page.getByText('Zahlung erfolgreich!', { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/hausabrechnungen/${id}$`));

  // A warning must be ticked as checked before finalizing (and the deadline's, once 2025's has passed).
  const finalize = page.getByRole('button', { name: 'Finalisieren (4 Credits)' });
  await expect(finalize).toBeDisabled();
  const administration = page.getByRole('checkbox', { name: /^Ich habe geprüft: „Hausverwaltung“/ });
  await expect(administration).toBeVisible();
  await expectNoAxeViolations(page);
  for (const box of await page.getByRole('checkbox', { name: /^Ich habe geprüft:/ }).all()) await box.check();
  await expect(finalize).toBeEnabled();
  await finalize.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Finalisieren (4 Credits)' }).click();
  await expect(page.getByText('Final', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Alle als ZIP' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Geprüfte Hinweise' })).toContainText('„Hausverwaltung“');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Alle als ZIP' }).click();
  const zip = await download;
  expect(zip.suggestedFilename()).toBe('Hausabrechnung_2025_Haus_Lindenstraße.zip');
  const files = unzipSync(new Uint8Array(await readFile(await zip.path())));
  expect(Object.keys(files).sort()).toEqual([
    'Betriebskostenabrechnung_2025_EG_links_Anna_Müller.pdf',
    'Betriebskostenabrechnung_2025_EG_rechts_Familie_Weber.pdf',
    'Betriebskostenabrechnung_2025_EG_rechts_Jonas_Schmidt.pdf',
    'Betriebskostenabrechnung_2025_OG_links_Petra_Krause.pdf',
    'Hausabrechnung_2025_Haus_Lindenstraße_Übersicht.pdf',
  ]);
  expect((await api('GET', '/api/me')).body).toMatchObject({ credits: 0 });

  // the listed costs add up to their sum; heating would be named apart
  await expect(page.getByText('Summe: 3.968,99 €', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'settlement-final-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  // on a phone the letters and their delivery come before the house's costs
  const top = async (name: string) =>
    (await page.getByRole('heading', { name, exact: true }).boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(await top('Zustellung')).toBeLessThan(await top('Kosten des Hauses'));
  // each tenant's letter in the first card, under the ZIP, before the delivery and the results
  const letters = page.getByRole('list', { name: 'Schreiben je Mieter' }).getByRole('listitem');
  await expect(letters).toHaveCount(4);
  await expect(letters.first()).toContainText('Anna Müller · EG links ·');
  const firstLetter = await letters
    .first()
    .getByRole('link', { name: 'PDF herunterladen für Anna Müller' })
    .boundingBox();
  expect(firstLetter?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(await top('Zustellung'));
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shot(page, 'settlement-final-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A correction is a new draft linked to the final one; re-issuing the same letters is free.
  await page.getByRole('button', { name: 'Korrektur erstellen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Korrektur erstellen' }).click();
  await expect(page).not.toHaveURL(`/dashboard/hausabrechnungen/${id}`);
  const again = page.getByRole('button', { name: 'Finalisieren (0 Credits)' });
  await expect(again).toBeVisible();

  // Once the correction is final, the lists tell the two apart: the first is replaced.
  await expect(page.getByRole('checkbox', { name: /^Ich habe geprüft: „Hausverwaltung“/ })).toBeVisible();
  for (const box of await page.getByRole('checkbox', { name: /^Ich habe geprüft:/ }).all()) await box.check();
  await again.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Finalisieren (0 Credits)' }).click();
  await expect(page.getByText('Final', { exact: true }).first()).toBeVisible();
  await page.goto(`/dashboard/immobilien/${house.property.id}`);
  const rows = page.getByRole('link', { name: /01\.01\.2025 – 31\.12\.2025/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Korrektur 1' })).toContainText('Final');
  await expect(rows.filter({ hasNotText: 'Korrektur 1' })).toContainText('Ersetzt');

  // A new settlement of the same year is not started without a word about the final one.
  await page.goto(`/dashboard/hausabrechnungen/neu?property=${house.property.id}`);
  await expect(
    page.getByRole('status').filter({ hasText: 'schon eine finale Hausabrechnung' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zur finalen Hausabrechnung' })).toHaveCount(1);
});
