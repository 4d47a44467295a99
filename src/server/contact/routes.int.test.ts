import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/setup/app';
import { clientAddress, ORIGIN } from '../../../tests/setup/factories';
import { contactMessages } from '../db/schema';
import { CONTACT_RATE_LIMIT, HONEYPOT_FIELD } from './routes';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const uniqueEmail = () => `kontakt-${randomUUID()}@example.de`;
const validBody = (email = uniqueEmail()) => ({
  name: 'Erika Mustermann',
  email,
  message: 'Gilt der Umlageschlüssel nach Wohnfläche auch für Gewerbeeinheiten?',
  privacyConsent: true,
});

function send(app: TestApp, payload: Record<string, unknown>, remoteAddress = clientAddress()) {
  return app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { origin: ORIGIN },
    remoteAddress,
    payload,
  });
}

async function storedFor(app: TestApp, email: string) {
  return app.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

const mailFiles = (app: TestApp) => {
  try {
    return readdirSync(join(app.config.DATA_DIR, 'mail')).map((f) =>
      readFileSync(join(app.config.DATA_DIR, 'mail', f), 'utf8'),
    );
  } catch {
    return [];
  }
};

describe('POST /api/contact', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ CONTACT_EMAIL: 'betreiber@example.de' });
  });
  afterAll(() => app.close());

  it('stores the message and mails the operator (to a file without SMTP)', async () => {
    const body = validBody();
    const res = await send(app, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'sent' });
    const rows = await storedFor(app, body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: body.name, message: body.message });
    const mail = mailFiles(app).find((m) => m.includes(body.email));
    expect(mail).toBeDefined();
    expect(mail).toContain('To: betreiber@example.de');
    expect(mail).toContain('Subject: Neue Kontaktanfrage von Erika Mustermann');
  });

  it('names every missing field with the spec texts', async () => {
    const res = await send(app, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: 'Name ist ein Pflichtfeld.',
      email: 'E-Mail ist ein Pflichtfeld.',
      message: 'Nachricht ist ein Pflichtfeld.',
      privacyConsent: 'Bitte stimmen Sie der Datenschutzerklärung zu.',
    });
  });

  it('refuses a message without privacy consent, a blank message and a wrong address', async () => {
    const email = uniqueEmail();
    const noConsent = await send(app, { ...validBody(email), privacyConsent: false });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().error.fields).toEqual({
      privacyConsent: 'Bitte stimmen Sie der Datenschutzerklärung zu.',
    });
    const blank = await send(app, { ...validBody(email), name: '  ', message: ' \n ' });
    expect(blank.json().error.fields).toEqual({
      name: 'Name ist ein Pflichtfeld.',
      message: 'Nachricht ist ein Pflichtfeld.',
    });
    const badEmail = await send(app, { ...validBody(), email: 'erika@' });
    expect(badEmail.json().error.fields).toEqual({ email: 'Ungültige E-Mail-Adresse.' });
    expect(await storedFor(app, email)).toHaveLength(0);
  });

  it('answers a filled-in honeypot like a success but keeps and mails nothing', async () => {
    const body = validBody();
    const res = await send(app, { ...body, [HONEYPOT_FIELD]: 'https://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ status: 'sent' });
    expect(await storedFor(app, body.email)).toHaveLength(0);
    expect(mailFiles(app).some((m) => m.includes(body.email))).toBe(false);
  });

  it('limits messages per client address, counted in the database', async () => {
    const address = clientAddress();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await send(app, validBody(), address)).statusCode).toBe(201);
    }
    const email = uniqueEmail();
    const limited = await send(app, validBody(email), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(
      /^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/,
    );
    expect(await storedFor(app, email)).toHaveLength(0);
    // a second app instance on the same database shares the count
    const other = await createTestApp();
    try {
      expect((await send(other, validBody(), address)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
    expect((await send(app, validBody())).statusCode).toBe(201);
  });

  it('refuses a cross-site post', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example' },
      remoteAddress: clientAddress(),
      payload: validBody(),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/contact with SMTP', () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const address = smtp.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('mails the operator over SMTP', async () => {
    const app = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      CONTACT_EMAIL: 'post@example.de',
    });
    try {
      const body = validBody();
      expect((await send(app, body)).statusCode).toBe(201);
      const mail = received.find((m) => m.includes(body.email));
      expect(mail).toContain('To: post@example.de');
      expect(mail).toContain('Umlageschl');
    } finally {
      await app.close();
    }
  });

  it('keeps the message and answers success when the mail server is down', async () => {
    const app = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', CONTACT_EMAIL: 'post@example.de' });
    try {
      const body = validBody();
      expect((await send(app, body)).statusCode).toBe(201);
      expect(await storedFor(app, body.email)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('only stores the message when no operator address is configured', async () => {
    const app = await createTestApp();
    try {
      const body = validBody();
      expect((await send(app, body)).statusCode).toBe(201);
      expect(await storedFor(app, body.email)).toHaveLength(1);
      expect(mailFiles(app)).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});

describe('GET /api/site', () => {
  it('returns the configured operator details without a session', async () => {
    const app = await createTestApp({
      OPERATOR_NAME: 'Muster Software GmbH',
      OPERATOR_ADDRESS: 'Hauptstraße 1, 10115 Berlin',
      OPERATOR_EMAIL: 'info@muster.example',
      OPERATOR_PHONE: '+49 30 123456',
      OPERATOR_VAT_ID: 'DE123456789',
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/site' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        operator: {
          name: 'Muster Software GmbH',
          address: 'Hauptstraße 1, 10115 Berlin',
          email: 'info@muster.example',
          phone: '+49 30 123456',
          vatId: 'DE123456789',
        },
      });
    } finally {
      await app.close();
    }
  });
});
