import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { openLandingWithReact } from './landing';
import { openConfirmationLink } from './mailbox';
import { expectNoAxeViolations, scrollThrough } from './page-checks';
import { scrollSettled } from './scroll';
import { shotAsSeen } from './shots';

// The public site: landing page, landing wizard, pricing, contact form and legal pages,
// on a laptop and on a phone.

const WIDTHS = [
  {
    name: 'laptop',
    viewport: { width: 1280, height: 800 },
    startLabel: 'Jetzt Nebenkostenabrechnung erstellen',
  },
  { name: 'phone', viewport: { width: 390, height: 844 }, startLabel: 'Abrechnung erstellen' },
] as const;

const LEGAL_PAGES = [
  {
    path: '/impressum',
    link: 'Impressum',
    title: 'Impressum',
    text: 'Angaben gemäß § 5 Digitale-Dienste-Gesetz',
  },
  { path: '/datenschutz', link: 'Datenschutz', title: 'Datenschutzerklärung', text: 'Verantwortlicher' },
  { path: '/agb', link: 'AGB', title: 'Allgemeine Geschäftsbedingungen', text: 'Es gibt kein Abonnement' },
  {
    path: '/widerrufsbelehrung',
    link: 'Widerrufsbelehrung',
    title: 'Widerrufsbelehrung',
    text: 'binnen 14 Tagen',
  },
] as const;

const PACKAGES = [
  { name: 'Starter', price: '9,90 €', priceId: 'price_umlage_starter' },
  { name: 'Standard', price: '18,80 €', priceId: 'price_umlage_standard' },
  { name: 'Professional', price: '39,90 €', priceId: 'price_umlage_professional' },
] as const;

/** A downloaded PDF's text, whitespace collapsed. */
function pdfFileText(path: string): string {
  expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(
    /\s+/g,
    ' ',
  );
}

const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/** Opens the landing page and waits until it is drawn. */
async function openLanding(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const sectionNav = (page: Page) => page.getByRole('navigation', { name: 'Abschnitte', exact: true });
const menuNav = (page: Page) => page.getByRole('navigation', { name: 'Abschnitte (Menü)' });

for (const width of WIDTHS) {
  test.describe(`on a ${width.name} (${width.viewport.width} px)`, () => {
    test.use({ viewport: width.viewport });

    test('the landing page states the offer and its sections', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveTitle('Umlage – Nebenkostenabrechnungen einfach & rechtssicher');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        /^Nebenkosten\u00ADabrechnungen einfach & rechtssicher$/,
      );
      const badges = page.getByRole('list', { name: 'Vorteile' }).getByRole('listitem');
      await expect(badges).toHaveText([
        'DSGVO-konform',
        'in 5-10 Minuten fertig',
        'Direkt als PDF downloaden',
      ]);
      for (const id of ['hero', 'billing-form', 'problem', 'solution', 'pricing', 'cta']) {
        await expect(page.locator(`section#${id}`)).toHaveCount(1);
      }
      // the whole house, not only the single statement, is what a landlord with flats looks for
      await expect(page.getByRole('heading', { name: 'Ganze Häuser abrechnen' })).toHaveCount(1);
      // what replaces typing, said with what was measured (a year's bank file: `npm run bench -- bank`)
      const reading = page.getByRole('listitem').filter({
        has: page.getByRole('heading', { name: 'Belege und Kontoauszug statt Abtippen' }),
      });
      await expect(reading).toContainText('auf dem eigenen Server');
      await expect(reading).toContainText('500 Buchungen in unter einer Sekunde');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' })).toBeVisible();
      // nothing sticks out sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width.viewport.width,
      );
      await scrollThrough(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      // the hero is as tall as the viewport, so the page is shot at its own height
      await shotAsSeen(page, `landing-${width.name}`, { fullPage: true });
    });

    test('the start button scrolls to the form; Login and the logo lead where they should', async ({
      page,
    }) => {
      await page.goto('/');
      await page.getByRole('button', { name: width.startLabel, exact: true }).first().click();
      await expect(page.locator('#billing-form')).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Weiter' })).toBeVisible();

      await page.getByRole('link', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByRole('banner').getByRole('link', { name: 'Umlage' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test('back to top appears after 500 px and leads back up', async ({ page }) => {
      await openLanding(page);
      const backToTop = page.getByRole('button', { name: 'Nach oben' });
      await page.evaluate(() => window.scrollTo(0, 450));
      await expect(backToTop).toBeHidden();
      // the problem section is text only: no action lies under the button (it steps aside from those)
      await page.evaluate(() => document.getElementById('problem')?.scrollIntoView());
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await expect(backToTop).toBeVisible();
      await backToTop.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(backToTop).toBeHidden();
    });

    test('sections reveal when scrolled into view, and stay still with reduced motion', async ({
      browser,
    }) => {
      for (const reducedMotion of ['no-preference', 'reduce'] as const) {
        const context = await browser.newContext({ viewport: width.viewport, reducedMotion });
        const page = await context.newPage();
        await openLanding(page);
        const content = page.locator('#pricing > div');
        // the page is still the prerendered HTML until the visitor moves: nothing is hidden yet
        await expect(content).not.toHaveAttribute('data-reveal');
        await page.mouse.move(10, 10);
        if (reducedMotion === 'reduce') {
          await expect(content).not.toHaveAttribute('data-reveal');
        } else {
          await expect(content).toHaveAttribute('data-reveal', 'hidden');
          await page.locator('#pricing').scrollIntoViewIfNeeded();
          await expect(content).toHaveAttribute('data-reveal', 'shown');
        }
        await context.close();
      }
    });

    test('pricing shows the three packages, each leading to register-and-pay with its plan', async ({
      page,
    }) => {
      for (const pkg of PACKAGES) {
        await openLandingWithReact(page, '/#pricing');
        const card = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: pkg.name }) });
        await expect(card).toContainText(pkg.price);
        await expect(card).toContainText('inkl. MwSt., kein Abo');
        await card.getByRole('link', { name: `Paket wählen: ${pkg.name}` }).click();
        await expect(page).toHaveURL(/\/register-and-pay\?/);
        const query = new URL(page.url()).searchParams;
        expect(Object.fromEntries(query)).toEqual({ plan: pkg.name, priceId: pkg.priceId, price: pkg.price });
        await expect(page.getByRole('complementary', { name: 'Ihr Paket' })).toContainText(pkg.name);
      }
      await page.goto('/#pricing');
      await expect(page.getByRole('listitem').filter({ hasText: 'Beliebt' })).toContainText('Standard');
      // only true savings against single statements at 9,90 €, no crossed-out "regular" prices (ADR 0010)
      const pricing = page.locator('#pricing');
      const cardOf = (name: string) =>
        pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await expect(cardOf('Standard')).toContainText('1,00 € (5 %) gespart gegenüber 2 × Starter');
      await expect(cardOf('Professional')).toContainText('9,60 € (19 %) gespart gegenüber 5 × Starter');
      await expect(cardOf('Starter')).not.toContainText('gespart');
      await expect(pricing.locator('s, del')).toHaveCount(0);
      await expect(pricing).not.toContainText('17,90');
    });

    test('the contact form names each missing field, then sends and clears', async ({ page }) => {
      await page.goto('/#cta');
      const form = page.getByRole('form', { name: 'Kontaktformular' });
      await form.getByRole('button', { name: 'Nachricht senden' }).click();
      await expect(form.getByText('Name ist ein Pflichtfeld.')).toBeVisible();
      await expect(form.getByText('E-Mail ist ein Pflichtfeld.')).toBeVisible();
      await expect(form.getByText('Nachricht ist ein Pflichtfeld.')).toBeVisible();
      await expect(form.getByText('Bitte stimmen Sie der Datenschutzerklärung zu.')).toBeVisible();

      await form.getByLabel('Name').fill('Erika Mustermann');
      await form.getByLabel('E-Mail').fill('erika@');
      await form.getByLabel('Nachricht').fill('Kann ich Abrechnungen für mehrere Mieter kopieren?');
      await form.getByRole('button', { name: 'Nachricht senden' }).click();
      await expect(form.getByText('Ungültige E-Mail-Adresse.')).toBeVisible();
      await expect(form.getByText('Bitte stimmen Sie der Datenschutzerklärung zu.')).toBeVisible();

      await form.getByLabel('E-Mail').fill(uniqueEmail('kontakt'));
      await form.getByLabel(/Datenschutzerklärung/).check();
      await form.getByRole('button', { name: 'Nachricht senden' }).click();
      await expect(page.getByText('Nachricht gesendet!', { exact: true })).toBeVisible();
      await expect(form.getByLabel('Name')).toHaveValue('');
      await expect(form.getByLabel('E-Mail')).toHaveValue('');
      await expect(form.getByLabel('Nachricht')).toHaveValue('');
      await expect(form.getByLabel(/Datenschutzerklärung/)).not.toBeChecked();
    });

    test('a contact message that cannot be sent says so and keeps the text', async ({ page }) => {
      await page.route('**/api/contact', (route) =>
        route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Interner Fehler' } } }),
      );
      await page.goto('/#cta');
      const form = page.getByRole('form', { name: 'Kontaktformular' });
      await form.getByLabel('Name').fill('Erika Mustermann');
      await form.getByLabel('E-Mail').fill('erika@example.test');
      await form.getByLabel('Nachricht').fill('Hallo');
      await form.getByLabel(/Datenschutzerklärung/).check();
      await form.getByRole('button', { name: 'Nachricht senden' }).click();
      await expect(page.getByText('Fehler beim Senden', { exact: true })).toBeVisible();
      await expect(
        page.getByText('Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.', {
          exact: true,
        }),
      ).toBeVisible();
      await expect(form.getByLabel('Nachricht')).toHaveValue('Hallo');
    });

    test('every legal page has its text, the header and the footer', async ({ page }) => {
      for (const legal of LEGAL_PAGES) {
        await page.goto('/');
        await page.getByRole('contentinfo').getByRole('link', { name: legal.link, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${legal.path}$`));
        await expect(page).toHaveTitle(`${legal.title} – Umlage`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);
        await expect(page.getByRole('main')).toContainText(legal.text);
        // operator details come from the server's configuration (placeholders by default)
        await expect(page.getByRole('main')).toContainText('[Name des Betreibers]');
        await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
        await expect(
          page.getByRole('contentinfo').getByRole('link', { name: 'Widerrufsbelehrung' }),
        ).toBeVisible();
      }
    });
  });
}

test.describe('navigation on a laptop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('each section link scrolls to its anchor and marks itself as the current one', async ({ page }) => {
    await page.goto('/');
    const nav = sectionNav(page);
    await expect(nav.getByRole('link', { name: 'Start' })).toHaveAttribute('aria-current', 'location');
    await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeHidden();
    for (const [label, id] of [
      ['Preise', 'pricing'],
      ['Kontakt', 'cta'],
      ['Start', 'hero'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page.locator(`#${id}`)).toBeInViewport();
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'location');
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
    }
  });

  test('opening /#pricing from another page lands on the prices', async ({ page }) => {
    await page.goto('/#pricing');
    await expect(page.locator('#pricing')).toBeInViewport();
  });
});

test.describe('navigation on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens and closes, and its links lead to the sections', async ({ page }) => {
    await page.goto('/');
    await expect(sectionNav(page)).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menü öffnen' });
    await toggle.click();
    await expect(menuNav(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menü schließen' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await page.getByRole('button', { name: 'Menü schließen' }).click();
    await expect(menuNav(page)).toBeHidden();

    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(menuNav(page)).toBeHidden();

    for (const [label, id] of [
      ['Preise', 'pricing'],
      ['Kontakt', 'cta'],
    ] as const) {
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await menuNav(page).getByRole('link', { name: label }).click();
      await expect(menuNav(page)).toBeHidden();
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
  });
});

/** Fills the landing wizard's step 1 (Stammdaten). */
async function fillParties(page: Page, tenant: string) {
  const landlord = page.getByRole('group', { name: 'Vermieter', exact: true });
  await landlord.getByLabel('Name').fill('Hans Vermieter');
  await landlord.getByLabel('Straße und Hausnummer').fill('Lindenweg 4');
  await landlord.getByLabel('PLZ und Ort').fill('10115 Berlin');
  const tenantGroup = page.getByRole('group', { name: 'Mieter', exact: true });
  await tenantGroup.getByLabel('Name').fill(tenant);
  await tenantGroup.getByLabel('Straße und Hausnummer').fill('Lindenweg 4');
  await tenantGroup.getByLabel('PLZ und Ort').fill('10115 Berlin');
  await page.getByLabel('Abrechnungszeitraum von').fill('2025-01-01');
  await page.getByLabel('Abrechnungszeitraum bis').fill('2025-12-31');
}

for (const width of WIDTHS) {
  test.describe(`the landing wizard on a ${width.name}`, () => {
    test.use({ viewport: width.viewport });

    test('a period shorter than a year warns that annual costs must be scaled, and scales them by days', async ({
      page,
    }) => {
      await page.goto('/');
      await page.getByRole('button', { name: width.startLabel, exact: true }).first().click();
      const wizard = page.locator('#billing-form');
      await fillParties(page, 'Paul Pro-Rata');
      await page.getByLabel('Abrechnungszeitraum von').fill('2025-03-01');
      await wizard.getByRole('button', { name: 'Weiter' }).click();

      const hint = wizard.getByRole('region', { name: /Abrechnungszeitraum kürzer als 12 Monate/ });
      await expect(hint).toContainText('306 von 365 Tagen (83,84 %)');
      await expect(hint).toContainText('nur die Kosten dieses Zeitraums');
      const vorlagen = wizard.getByRole('list', { name: 'Vorlagen' });
      await vorlagen.getByRole('button', { name: 'Grundsteuer' }).click();
      await vorlagen.getByRole('button', { name: 'Müllabfuhr' }).click();
      const positions = wizard.getByRole('list', { name: 'Kostenpositionen' }).getByRole('listitem');
      await positions.nth(0).getByLabel('Betrag (€)').fill('1.200,00');
      await positions.nth(1).getByLabel('Betrag (€)').fill('365,00');
      const figures = hint.getByRole('list', { name: 'Anteilige Beträge' }).getByRole('listitem');
      await expect(figures).toHaveText([
        'Grundsteuer: 1.200,00 € × 306 / 365 = 1.006,03 €',
        'Müllabfuhr: 365,00 € × 306 / 365 = 306,00 €',
      ]);
      await shotAsSeen(page, `landing-pro-rata-hint-${width.viewport.width}`, { element: hint });

      await hint.getByRole('button', { name: 'Beträge anteilig umrechnen' }).click();
      await expect(positions.nth(0).getByLabel('Betrag (€)')).toHaveValue('1.006,03');
      await expect(positions.nth(1).getByLabel('Betrag (€)')).toHaveValue('306,00');
      await expect(hint.getByRole('status')).toContainText('anteilig auf 306 von 365 Tagen umgerechnet');
      await expect(wizard.getByTestId('sum-total-costs')).toHaveText('1.312,03 €');
      await hint.getByRole('button', { name: 'Umrechnung rückgängig machen' }).click();
      await expect(positions.nth(0).getByLabel('Betrag (€)')).toHaveValue('1.200,00');

      // a full year asks for nothing
      await wizard.getByRole('button', { name: 'Zurück', exact: true }).click();
      await page.getByLabel('Abrechnungszeitraum von').fill('2025-01-01');
      await wizard.getByRole('button', { name: 'Weiter' }).click();
      await expect(wizard.getByRole('heading', { name: 'Schritt 2 von 3: Kostenpositionen' })).toBeVisible();
      await expect(hint).toHaveCount(0);
    });

    test('step 3 downloads the watermarked preview PDF without an account, then invites to register', async ({
      page,
    }) => {
      const tenant = `Vera Vorschau ${Date.now()}`;
      await page.goto('/');
      await page.getByRole('button', { name: width.startLabel, exact: true }).first().click();
      const wizard = page.locator('#billing-form');
      await fillParties(page, tenant);
      await wizard.getByRole('button', { name: 'Weiter' }).click();
      await wizard
        .getByRole('list', { name: 'Vorlagen' })
        .getByRole('button', { name: 'Grundsteuer' })
        .click();
      await wizard.getByLabel('Betrag (€)').fill('240,00');
      await wizard.getByLabel('Monatliche Vorauszahlung (€)').fill('15,00');
      await wizard.getByLabel('Anzahl Monate').fill('12');
      await wizard.getByRole('button', { name: 'Weiter' }).click();
      await expect(wizard.getByRole('heading', { name: 'Schritt 3 von 3: Vorschau & Export' })).toBeVisible();

      // the watermarked preview PDF without an account, then the invitation to register for the final one
      const pdfPanel = wizard.getByRole('region', { name: 'PDF-Export' });
      await expect(pdfPanel).toContainText('ohne Anmeldung');
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        pdfPanel.getByRole('button', { name: 'Vorschau herunterladen' }).click(),
      ]);
      await expect(page.getByText('Vorschau wird heruntergeladen', { exact: true })).toBeVisible();
      expect(file.suggestedFilename()).toBe(
        `VORSCHAU_Betriebskostenabrechnung_2025_${tenant.replaceAll(' ', '_')}.pdf`,
      );
      // pictures of its pages with the watermark in the pixels (ADR 0005): no text to copy out
      expect(pdfFileText(await file.path()).trim()).toBe('');
      expect(execFileSync('pdfinfo', [await file.path()], { encoding: 'utf8' })).toContain(
        `Betriebskostenabrechnung für ${tenant}`,
      );
      await expect(pdfPanel.getByRole('status')).toContainText('Ihre Vorschau ist da.');
      await expect(pdfPanel.getByRole('status')).toContainText('nach der Registrierung');
      await shotAsSeen(page, `landing-step3-preview-downloaded-${width.viewport.width}`, {
        element: pdfPanel,
      });

      // a refusal of the server (here its rate limit) is shown with its German message
      const limit = 'Zu viele Anfragen. Bitte versuchen Sie es in 42 Minuten erneut.';
      await page.route('**/api/public/statement-preview', (route) =>
        route.fulfill({ status: 429, json: { error: { code: 'too_many_requests', message: limit } } }),
      );
      await pdfPanel.getByRole('button', { name: 'Vorschau herunterladen' }).click();
      await expect(page.getByText('Fehler beim Erstellen der PDF', { exact: true })).toBeVisible();
      await expect(page.getByText(limit).first()).toBeVisible();
    });

    test('three steps with their messages, kept across a reload, then registered as the first draft', async ({
      page,
    }) => {
      const tenant = `Mia Mieterin ${Date.now()}`;
      await page.goto('/');
      await page.getByRole('button', { name: width.startLabel, exact: true }).first().click();
      const wizard = page.locator('#billing-form');

      // step 1: Zurück is disabled, every required field says 'Pflichtfeld'
      await expect(wizard.getByRole('heading', { name: 'Schritt 1 von 3: Stammdaten' })).toBeVisible();
      await expect(wizard.getByRole('button', { name: 'Zurück' })).toBeDisabled();
      await wizard.getByRole('button', { name: 'Weiter' }).click();
      await expect(wizard.getByText('Pflichtfeld')).toHaveCount(8);
      await fillParties(page, tenant);

      // what was typed survives a reload (kept in the browser)
      await page.waitForTimeout(500);
      await page.reload();
      await page.locator('#billing-form').scrollIntoViewIfNeeded();
      await expect(page.getByRole('group', { name: 'Mieter', exact: true }).getByLabel('Name')).toHaveValue(
        tenant,
      );
      await wizard.getByRole('button', { name: 'Weiter' }).click();

      // step 2: at least one cost, each with name and positive amount; prepayments required
      await expect(wizard.getByRole('heading', { name: 'Schritt 2 von 3: Kostenpositionen' })).toBeVisible();
      await scrollSettled(page);
      await wizard.getByRole('button', { name: 'Weiter' }).click();
      await expect(page.getByText('Keine Kosten hinzugefügt', { exact: true })).toBeVisible();
      await wizard.getByRole('button', { name: 'Leere Position hinzufügen' }).click();
      await wizard.getByRole('button', { name: 'Weiter' }).click();
      const position = wizard.getByRole('listitem', { name: 'Position 1' });
      await expect(position.getByText('Pflichtfeld')).toBeVisible();
      await expect(position.getByText('Positiver Betrag erforderlich')).toBeVisible();
      await expect(
        wizard.getByRole('group', { name: 'Vorauszahlungen' }).getByText('Pflichtfeld'),
      ).toHaveCount(2);
      await position.getByLabel('Bezeichnung').fill('Grundsteuer');
      await wizard.getByRole('listitem', { name: 'Grundsteuer' }).getByLabel('Betrag (€)').fill('240,00');
      await wizard.getByLabel('Monatliche Vorauszahlung (€)').fill('15,00');
      await wizard.getByLabel('Anzahl Monate').fill('12');
      await wizard.getByRole('button', { name: 'Weiter' }).click();

      // step 3: the preview, then on to registration with the single-statement package
      await expect(wizard.getByRole('heading', { name: 'Schritt 3 von 3: Vorschau & Export' })).toBeVisible();
      await expect(wizard.getByRole('region', { name: 'Vorschau' })).toContainText(tenant);

      await wizard.getByRole('button', { name: 'Speichern & Registrieren' }).click();
      await expect(page).toHaveURL(/\/register-and-pay\?/);
      expect(new URL(page.url()).searchParams.get('plan')).toBe('Starter');
      await expect(page.getByRole('complementary', { name: 'Ihr Paket' })).toContainText('Starter');
      await expect(page.getByRole('link', { name: 'Anderes Paket wählen' })).toBeVisible();

      const email = uniqueEmail('landing');
      await page.getByLabel('Name').fill('Hans Vermieter');
      await page.getByLabel('E-Mail').fill(email);
      await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill('Sicheres-Passwort-1');
      await page.getByLabel('Passwort bestätigen').fill('Sicheres-Passwort-1');
      await page.getByLabel(/Datenschutzerklärung/).check();
      await page.getByLabel(/AGB/).check();
      await page.getByRole('button', { name: 'Registrieren & weiter zur Zahlung' }).click();
      // the confirmation link signs in and goes on to the package's checkout
      await expect(page).toHaveURL(/\/login\?redirect=/);
      await openConfirmationLink(page, email);
      await expect(page.getByRole('button', { name: 'Bezahlen' })).toBeVisible();
      // the browser never keeps the password
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(
        'Sicheres-Passwort-1',
      );
      await page.getByRole('button', { name: 'Bezahlen' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // the statement typed on the landing page is the new user's first draft
      const list = await page.request.get('/api/statements');
      expect(list.ok()).toBe(true);
      const statements = (await list.json()) as { title: string; status: string }[];
      expect(statements).toEqual([
        expect.objectContaining({ title: `Abrechnung für ${tenant}`, status: 'Entwurf' }),
      ]);
      expect(await page.evaluate(() => localStorage.getItem('umlage.landingDraft.v1'))).toBeNull();
      await page.goto('/dashboard/abrechnungen');
      await expect(page.getByRole('link', { name: `Abrechnung für ${tenant}`, exact: true })).toBeVisible();
    });
  });
}

test('a signed-in landlord who finishes the landing wizard finds the statement as a draft in the account', async ({
  page,
}) => {
  const email = uniqueEmail('signed-in');
  await page.goto('/register');
  await page.getByLabel(/^Name/).fill('Hans Vermieter');
  await page.getByLabel(/^E-Mail/).fill(email);
  await page.getByLabel(/^Passwort\*?$/).fill('Sicheres-Passwort-1');
  await page.getByLabel(/^Passwort bestätigen/).fill('Sicheres-Passwort-1');
  await page.getByLabel(/Datenschutzerklärung/).check();
  await page.getByLabel(/AGB/).check();
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await openConfirmationLink(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);

  const tenant = `Max Mieter ${Date.now()}`;
  await page.goto('/');
  // the header knows the landlord without waiting for a first interaction
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await page
    .getByRole('button', { name: 'Jetzt Nebenkostenabrechnung erstellen', exact: true })
    .first()
    .click();
  const wizard = page.locator('#billing-form');
  await fillParties(page, tenant);
  await wizard.getByRole('button', { name: 'Weiter' }).click();
  await wizard.getByRole('button', { name: 'Leere Position hinzufügen' }).click();
  await wizard.getByRole('listitem', { name: 'Position 1' }).getByLabel('Bezeichnung').fill('Grundsteuer');
  await wizard.getByRole('listitem', { name: 'Grundsteuer' }).getByLabel('Betrag (€)').fill('240,00');
  await wizard.getByLabel('Monatliche Vorauszahlung (€)').fill('15,00');
  await wizard.getByLabel('Anzahl Monate').fill('12');
  await wizard.getByRole('button', { name: 'Weiter' }).click();
  await wizard.getByRole('button', { name: 'Speichern & Registrieren' }).click();

  await expect(page).toHaveURL(/\/dashboard\/abrechnungen\/bearbeiten\//);
  await expect(page.getByText('Entwurf gespeichert!', { exact: true })).toBeVisible();
  const statements = (await (await page.request.get('/api/statements')).json()) as { title: string }[];
  expect(statements.map((s) => s.title)).toEqual([`Abrechnung für ${tenant}`]);
});

test('the landing page arrives prerendered and React takes it over without a mismatch', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<h1[^>]*>Nebenkosten\u00ADabrechnungen einfach &amp; rechtssicher<\/h1>/);
  expect(html).toContain('id="pricing"');

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A failed hydration is reported as an error and then the page is drawn anew, which hides it otherwise.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  await openLanding(page);
  await page.locator('#hero').getByRole('button', { name: 'Jetzt Nebenkostenabrechnung erstellen' }).click();
  await expect(page.locator('#billing-form').getByRole('button', { name: 'Weiter' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('React loads at the first sign of interest, and a button pressed before it is pressed again', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await openLanding(page);
  await page.waitForLoadState('networkidle');
  // only the small first script (and its helper): no React, no page code
  expect(scripts.length).toBeLessThanOrEqual(2);
  expect(scripts.some((path) => path.includes('hydrateLanding'))).toBe(false);

  const hydrated = page.waitForRequest((request) => request.url().includes('hydrateLanding'));
  // the first press arrives before React does: it is held and pressed again once React is there
  await page.locator('#hero').getByRole('button', { name: 'Jetzt Nebenkostenabrechnung erstellen' }).click();
  await hydrated;
  await expect(page.locator('#billing-form')).toBeInViewport();
});

test('the SPA answers HEAD like GET', async ({ request }) => {
  expect((await request.head('/')).status()).toBe(200);
  expect((await request.head('/dashboard')).status()).toBe(200);
});

test.describe('less motion asked for', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the landing wizard jumps to its next step instead of gliding there', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: WIDTHS[0].startLabel, exact: true }).first().click();
    const wizard = page.locator('#billing-form');
    await fillParties(page, 'Rita Ruhig');
    // far below the wizard's top, as after filling step 1
    await page.evaluate(() => {
      const form = document.getElementById('billing-form');
      if (form) window.scrollTo(0, form.getBoundingClientRect().top + window.scrollY + 400);
    });
    await scrollSettled(page);
    const before = await page.evaluate(() => window.scrollY);
    await wizard.getByRole('button', { name: 'Weiter' }).click();
    await expect(wizard.getByRole('heading', { name: 'Schritt 2 von 3: Kostenpositionen' })).toBeVisible();
    // where the page stands as soon as the step shows is where it stays
    const at = await page.evaluate(() => window.scrollY);
    expect(at).toBeLessThan(before);
    await scrollSettled(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(at);
  });
});

// every page a visitor can open is scanned at both widths in axe.spec.ts; here what only a visitor's
// actions show
test.describe('accessibility (axe-core)', () => {
  test.use({ reducedMotion: 'reduce' });

  for (const width of WIDTHS) {
    test(`the landing page with open menu and validation messages on a ${width.name} has no violations`, async ({
      page,
    }) => {
      await page.setViewportSize(width.viewport);
      await page.goto('/');
      if (width.name === 'phone') await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await page.locator('#billing-form').scrollIntoViewIfNeeded();
      await page.locator('#billing-form').getByRole('button', { name: 'Weiter' }).click();
      await page.locator('#cta').scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Nachricht senden' }).click();
      await expect(page.getByText('Bitte stimmen Sie der Datenschutzerklärung zu.')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});

test('the server answers the SPA for deep links and serves hashed assets with a long cache', async ({
  request,
}) => {
  const deep = await request.get('/dashboard/immobilien');
  expect(deep.status()).toBe(200);
  expect(await deep.text()).toContain('<div id="root">');
  const asset = (await deep.text()).match(/\/assets\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const res = await request.get(asset as string);
  expect(res.headers()['cache-control']).toContain('immutable');
});

test('built assets are served compressed with a long cache', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const script = html.match(/\/assets\/[^"]+\.js/)?.[0];
  expect(script).toBeTruthy();
  for (const encoding of ['br', 'gzip']) {
    const res = await request.get(script as string, { headers: { 'accept-encoding': encoding } });
    expect(res.headers()['content-encoding']).toBe(encoding);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers().vary).toMatch(/accept-encoding/i);
  }
});
