import { expect, test } from '@playwright/test';

test('the landing page loads with its title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Umlage/);
  await expect(page.getByRole('link', { name: /login|anmelden/i }).first()).toBeVisible();
});

test('the login page loads', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle(/– Umlage$/);
  await expect(page.getByLabel(/E-Mail/).first()).toBeVisible();
});

test('a logged-out visit to /dashboard lands on /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
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
