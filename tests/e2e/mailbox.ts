import { expect, type Page } from '@playwright/test';
import { linkIn, mailsInFolder, waitForMail } from '../setup/factories';

/** The mails of the server of playwright.config.ts, which writes them as files into E2E_DATA_DIR/mail. */
export const mails = () => mailsInFolder(process.env.E2E_DATA_DIR ?? '');

/** Follows the link of the confirmation mail to `email` in the page: it confirms the address and signs in. */
export async function openConfirmationLink(page: Page, email: string) {
  const link = linkIn(await waitForMail(mails, email, /bestätigen/));
  await page.goto(link.pathname + link.search);
}

/** Registers through the API and follows the confirmation link; the page is then signed in. */
export async function signUpByApi(
  page: Page,
  origin: string,
  fields: { name: string; email: string; password: string },
) {
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers: { origin },
    data: { ...fields, passwordConfirm: fields.password, privacyConsent: true, termsConsent: true },
  });
  expect(res.status()).toBe(200);
  // the page's request context shares its cookies with the browser, so the session carries over
  const link = linkIn(await waitForMail(mails, fields.email, /bestätigen/));
  expect((await page.request.get(link.pathname + link.search)).ok()).toBe(true);
}
