import { expect, type Page, test } from '@playwright/test';
import { openLandingWithReact } from './landing';
import { openConfirmationLink, signUpByApi } from './mailbox';
import { shot } from './shots';

// Buying credits on the embedded default: the built-in test checkout stands in for Stripe.

const PACKAGES = [
  {
    name: 'Starter',
    paywallName: 'Einzelabrechnung',
    price: '9,90 €',
    credits: 1,
    statements: '1 Abrechnung',
  },
  { name: 'Standard', paywallName: 'Standard', price: '18,80 €', credits: 2, statements: '2 Abrechnungen' },
  {
    name: 'Professional',
    paywallName: 'Professional',
    price: '39,90 €',
    credits: 5,
    statements: '5 Abrechnungen',
  },
] as const;

const uniqueEmail = () => `kaeufer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function fillRegistration(page: Page, email = uniqueEmail()) {
  await page.getByLabel('Name').fill('Erika Mustermann');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel(/^Passwort\*?$/).fill('Sicheres-Passwort-1');
  await page.getByLabel('Passwort bestätigen').fill('Sicheres-Passwort-1');
  await page.getByLabel(/Datenschutzerklärung/).check();
  await page.getByLabel(/AGB/).check();
  await page.getByRole('button', { name: 'Registrieren & weiter zur Zahlung' }).click();
  // registering signs no one in: the confirmation link does, and leads on to the checkout
  await expect(page.getByText('Bitte bestätigen Sie Ihre E-Mail-Adresse.').first()).toBeVisible();
  await openConfirmationLink(page, email);
}

const balance = (page: Page) => page.getByTestId('credit-balance');

for (const pkg of PACKAGES) {
  test(`a newcomer buys ${pkg.name} from the pricing section and has ${pkg.credits} credit(s)`, async ({
    page,
  }) => {
    // records whether "being processed" ever shows: beside an already credited balance it must not
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Ihre Zahlung wird verarbeitet')) {
          sessionStorage.setItem('saw-processing', 'yes');
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await openLandingWithReact(page, '/#pricing');
    await page.getByRole('link', { name: new RegExp(`Paket wählen.*${pkg.name}`) }).click();

    await expect(page).toHaveURL(/\/register-and-pay\?/);
    const chosen = page.getByRole('complementary', { name: 'Ihr Paket' });
    await expect(chosen).toContainText(pkg.name);
    await expect(chosen).toContainText(pkg.price);
    await fillRegistration(page);

    await expect(page.getByRole('heading', { name: 'Testzahlung — es wird kein Geld bewegt' })).toBeVisible();
    await expect(page.getByText(pkg.price)).toBeVisible();
    await expect(page.getByText(pkg.statements)).toBeVisible();
    // the password is never kept in the browser
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain(
      'Sicheres-Passwort-1',
    );
    await page.getByRole('button', { name: 'Bezahlen' }).click();

    await expect(page.getByText('Zahlung erfolgreich!', { exact: true })).toBeVisible();
    await expect(
      page
        .getByText(
          `${pkg.credits} ${pkg.credits === 1 ? 'Credit' : 'Credits'} für ${pkg.statements} ${pkg.credits === 1 ? 'wurde' : 'wurden'} Ihrem Konto`,
        )
        .first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(balance(page)).toHaveText(String(pkg.credits));
    expect(await page.evaluate(() => sessionStorage.getItem('saw-processing'))).toBeNull();
    await expect(page.getByRole('row', { name: new RegExp(`Paket ${pkg.name}`) })).toContainText(
      `+${pkg.credits}`,
    );
  });
}

test('a signed-in landlord choosing a package on the landing page gets the paywall with that package', async ({
  page,
  baseURL,
}) => {
  await signUpByApi(page, baseURL ?? '', {
    name: 'Erika Mustermann',
    email: uniqueEmail(),
    password: 'Sicheres-Passwort-1',
  });
  await openLandingWithReact(page, '/#pricing');
  await page.getByRole('link', { name: 'Paket wählen: Professional' }).click();
  await expect(page).toHaveURL(/\/paywall\?plan=Professional&/);
  await expect(page.getByRole('listitem', { name: 'Professional' })).toContainText('Ihre Auswahl');
  await shot(page, 'paywall-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'paywall-390');
});

test('register-and-pay without a package goes to the pricing section with "Kein Paket ausgewählt"', async ({
  page,
}) => {
  await page.goto('/register-and-pay');
  await expect(page).toHaveURL(/\/#pricing$/);
  await expect(page.getByText('Kein Paket ausgewählt', { exact: true }).first()).toBeVisible();
});

test('on the paywall a cancelled checkout and a hand-made return URL credit nothing; paying does', async ({
  page,
}) => {
  await page.goto(
    `/register-and-pay?${new URLSearchParams({ plan: 'Starter', priceId: 'price_umlage_starter', price: '9,90 €' })}`,
  );
  await fillRegistration(page);
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/dashboard?payment=success&priceId=price_umlage_professional');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(balance(page)).toHaveText('0');

  await page.getByRole('link', { name: 'Credits kaufen' }).click();
  await expect(page).toHaveURL(/\/paywall$/);
  await expect(page.getByRole('heading', { name: 'Einzelabrechnung' })).toBeVisible();
  // the true saving per statement against 9,90 € (ADR 0010), none for the single statement
  await expect(page.getByText('0,50 € pro Abrechnung gespart')).toBeVisible();
  await expect(page.getByText('1,92 € pro Abrechnung gespart')).toBeVisible();
  await expect(page.getByText(/3,50 ?€ pro Abrechnung/)).toHaveCount(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await shot(page, `paywall-${width}`);
  }
  await page.getByRole('button', { name: /Auswählen.*Professional/ }).click();
  await expect(page.getByText('39,90 €')).toBeVisible();
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(/\/paywall$/);

  await page.getByRole('button', { name: /Auswählen.*Standard/ }).click();
  await page.getByRole('button', { name: 'Bezahlen' }).click();
  await expect(page.getByText('Zahlung erfolgreich!', { exact: true })).toBeVisible();
  await expect(balance(page)).toHaveText('2');
});
