import { expect, type Locator, type Page, test } from '@playwright/test';
import { onTop } from './on-top';
import { scrollSettled } from './scroll';
import { shotAsSeen } from './shots';

// Nothing floating (the back-to-top button, toasts) may cover an action. The clicks go to
// the screen point where the landlord sees the button, as a finger would.

test.use({ viewport: { width: 390, height: 844 } });

async function tapCentre(page: Page, button: Locator) {
  const box = await button.boundingBox();
  if (!box) throw new Error('button not drawn');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test('on a phone the back-to-top button and a toast step aside from the wizard’s buttons', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrechnung erstellen', exact: true }).first().click();
  const wizard = page.locator('#billing-form');
  const next = wizard.getByRole('button', { name: 'Weiter' });
  await expect(wizard.getByRole('heading', { name: 'Schritt 1 von 3: Stammdaten' })).toBeVisible();

  // mid-wizard, far below the start: the sticky Weiter sits in the corner where back-to-top appears
  await page.evaluate(() => {
    const form = document.getElementById('billing-form');
    if (form) window.scrollTo(0, form.getBoundingClientRect().top + window.scrollY + 300);
  });
  await expect(page.locator('button[title="Nach oben"]')).toBeAttached();
  await expect.poll(() => onTop(next)).toBe(true);
  await tapCentre(page, next);
  await expect(wizard.getByText('Pflichtfeld')).toHaveCount(8);

  // the page's own buttons stay reachable, and where nothing lies under it, back-to-top still works
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const backToTop = page.getByRole('button', { name: 'Nach oben' });
  await expect(backToTop).toBeVisible();
  expect(await onTop(backToTop)).toBe(true);

  // step 2 without costs: the error toast shows, and Zurück and Weiter below it stay on top
  const landlord = page.getByRole('group', { name: 'Vermieter', exact: true });
  await landlord.getByLabel('Name').fill('Hans Vermieter');
  await landlord.getByLabel('Straße und Hausnummer').fill('Lindenweg 4');
  await landlord.getByLabel('PLZ und Ort').fill('10115 Berlin');
  const tenant = page.getByRole('group', { name: 'Mieter', exact: true });
  await tenant.getByLabel('Name').fill('Mia Mieterin');
  await tenant.getByLabel('Straße und Hausnummer').fill('Lindenweg 4');
  await tenant.getByLabel('PLZ und Ort').fill('10115 Berlin');
  await page.getByLabel('Abrechnungszeitraum von').fill('2025-01-01');
  await page.getByLabel('Abrechnungszeitraum bis').fill('2025-12-31');
  await next.click();
  await expect(wizard.getByRole('heading', { name: 'Schritt 2 von 3: Kostenpositionen' })).toBeVisible();
  await scrollSettled(page);
  await next.click();
  // visible means placed: the toast stays invisible until it has found a free place
  await expect(page.getByText('Keine Kosten hinzugefügt', { exact: true })).toBeVisible();
  expect(await onTop(next)).toBe(true);
  await shotAsSeen(page, 'floating-toast-390');
  expect(await onTop(wizard.getByRole('button', { name: 'Zurück', exact: true }))).toBe(true);
  await tapCentre(page, wizard.getByRole('button', { name: 'Zurück', exact: true }));
  await expect(wizard.getByRole('heading', { name: 'Schritt 1 von 3: Stammdaten' })).toBeVisible();
});
