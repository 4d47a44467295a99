import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type RunningServer, startBuiltServer } from '../ops/built-server';
import { linkIn, mailsInFolder, waitForMail } from '../setup/factories';

// A production installation with neither Stripe keys nor TEST_CHECKOUT (a server of its own: the one of
// playwright.config.ts runs the test checkout): it sells no credits, and its pages say so.

const NOTICE = 'Zahlungen sind auf dieser Installation noch nicht eingerichtet.';

let server: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'umlage-e2e-payments-off-'));
  server = await startBuiltServer({ env: { DATA_DIR: dataDir, TEST_CHECKOUT: 'false' } });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Registers through the API and follows the confirmation mail's link; answers its session cookies. */
async function signedUp() {
  const email = `ohne-zahlung-${Date.now()}@example.test`;
  const password = 'Sicheres-Passwort-1';
  const res = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: server.origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Erika Mustermann',
      email,
      password,
      passwordConfirm: password,
      privacyConsent: true,
      termsConsent: true,
    }),
  });
  expect(res.status).toBe(200);
  const link = linkIn(await waitForMail(() => mailsInFolder(dataDir), email, /bestätigen/));
  const confirmed = await fetch(`${server.url}${link.pathname}${link.search}`, { redirect: 'manual' });
  return confirmed.headers
    .getSetCookie()
    .filter((cookie) => !/;\s*max-age=0/i.test(cookie))
    .map((cookie) => {
      const pair = cookie.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
    });
}

test('dashboard and packages page say payments are not set up; no package can be chosen', async ({
  context,
  page,
}) => {
  await context.addCookies(await signedUp());

  await page.goto(`${server.url}/dashboard`);
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Credits kaufen' })).toHaveCount(0);

  await page.goto(`${server.url}/paywall`);
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect(page.getByText(/Testmodus/)).toHaveCount(0);
  for (const name of ['Einzelabrechnung', 'Standard', 'Professional']) {
    await expect(page.getByRole('button', { name: new RegExp(`Auswählen.*${name}`) })).toBeDisabled();
  }
});
