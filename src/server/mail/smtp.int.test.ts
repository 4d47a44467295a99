import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import {
  type CaughtMail,
  clientAddress,
  linkIn,
  mailsInFolder,
  ORIGIN,
  parseMail,
  registerAndConfirm,
  signIn,
  waitForMail,
} from '../../../tests/setup/factories';

describe('mail through SMTP (SMTP_URL set)', () => {
  const caught: CaughtMail[] = [];
  let smtp: SMTPServer;
  let app: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          caught.push(parseMail(Buffer.concat(chunks).toString('utf8')));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    app = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Umlage <test@umlage.local>',
    });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
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
