import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import {
  type CaughtMail,
  clientAddress,
  linkIn,
  mailsInFolder,
  ORIGIN,
  registerAndConfirm,
  signIn,
  waitForMail,
} from '../../../tests/setup/factories';
import { startSmtpServer } from '../../../tests/setup/smtp-server';

describe('mail through SMTP (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let caught: CaughtMail[];
  let app: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    caught = smtp.caught;
    app = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Umlage <test@umlage.local>' });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('delivers the reset mail to the SMTP server; its link sets a new password', async () => {
    const { user } = await registerAndConfirm(app, { fullName: 'Susi SMTP', mails: () => caught });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      remoteAddress: clientAddress(),
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(() => caught, user.email, /Passwort zurücksetzen/);
    expect(mail.text).toContain('Hallo Susi SMTP,');
    expect(mail.html).toContain('Neues Passwort festlegen');
    const token = linkIn(mail).searchParams.get('token');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      remoteAddress: clientAddress(),
      payload: { token, newPassword: 'per-smtp-gesetzt' },
    });
    expect(reset.statusCode).toBe(200);
    await signIn(app, { email: user.email, password: 'per-smtp-gesetzt' });
  });

  it('delivers the confirmation mail too, and writes no files', async () => {
    const { user } = await registerAndConfirm(app, { mails: () => caught });
    await waitForMail(() => caught, user.email, /bestätigen/);
    expect(mailsInFolder(app.config.DATA_DIR)).toEqual([]);
  });
});
