import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../src/server/credits/ledger';
import { flatten, pdfText } from '../../src/server/pdf/testing/poppler';
import { createTestApp } from '../setup/app';
import { confirmAll } from '../setup/confirm-warnings';
import {
  clientAddress,
  mailsInFolder,
  ORIGIN,
  registerAndConfirm,
  type SignedUp,
  waitForMail,
} from '../setup/factories';
import { multipartBody, PDF_BYTES } from './fuzz/multipart';
import { FORM_DATA, PROPERTY } from './fuzz/seed';
import { XSS } from './fuzz/values';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** Text a user may type that means something to HTML, SQL, headers or shells. */
const TYPED = `${XSS} & "Anführungszeichen" 'einfach' <b>fett</b> ; DROP TABLE users; --`;
const NAME = "Opfer O'Brien & Söhne";

describe('text that users typed', () => {
  let app: App;
  let user: SignedUp;
  const mails = () => mailsInFolder(app.config.DATA_DIR);

  beforeAll(async () => {
    app = await createTestApp({ CONTACT_EMAIL: 'betreiber@example.test' });
    // a person's name may carry '&' and quotes, not markup (shared/schemas/auth.ts)
    user = await registerAndConfirm(app, { fullName: NAME });
  });
  afterAll(() => app.close());

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload }) });

  it('comes back verbatim in JSON: no server-side mangling or double escaping', async () => {
    const property = await inject('POST', '/api/properties', { ...PROPERTY, name: TYPED, notes: TYPED });
    expect(property.statusCode).toBe(201);
    const id = property.json().id;
    expect((await inject('GET', `/api/properties/${id}`)).json()).toMatchObject({
      name: TYPED,
      notes: TYPED,
    });

    const formData = { ...FORM_DATA, tenant: { ...FORM_DATA.tenant, name: TYPED } };
    const statement = await inject('POST', '/api/statements', { propertyId: id, title: TYPED, formData });
    expect(statement.statusCode).toBe(201);
    const saved = (await inject('GET', `/api/statements/${statement.json().id}`)).json();
    expect(saved.title).toBe(TYPED);
    expect(saved.formData.tenant.name).toBe(TYPED);

    expect((await inject('GET', '/api/me')).json().user.fullName).toBe(NAME);
    expect((await inject('PATCH', '/api/me', { fullName: `${NAME}-Nord` })).json().user.fullName).toBe(
      `${NAME}-Nord`,
    );
    expect((await inject('PATCH', '/api/me', { fullName: TYPED })).statusCode).toBe(400);
  });

  it('is printed as literal text in the statement PDF', async () => {
    const formData = {
      ...FORM_DATA,
      landlord: { ...FORM_DATA.landlord, name: XSS },
      tenant: { ...FORM_DATA.tenant, name: TYPED },
    };
    // the final PDF: a preview is pictures of its pages (ADR 0005)
    await changeCredits(app.database.db, {
      workspaceId: user.user.id,
      userId: user.user.id,
      delta: 1,
      reason: 'adjustment',
    });
    const res = await inject('POST', '/api/statements/pdf', {
      formData,
      isPreview: false,
      confirmedWarnings: confirmAll(formData),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''[^\s"';]+$/);
    const text = flatten(await pdfText(res.rawPayload));
    expect(text).toContain(XSS);
    expect(text).toContain(flatten(TYPED));
    expect(text).toContain(`Grundsteuer ${XSS}`);
    expect(text).not.toContain('&lt;');
  });

  it('is escaped in the HTML of mails, and cannot add mail headers', async () => {
    // a mail to an address not yet confirmed carries no name at all (it could relay a phishing text)
    const confirmation = await waitForMail(mails, user.user.email, /bestätigen/);
    expect(confirmation.text).not.toContain("O'Brien");
    expect(confirmation.html).not.toContain('Brien');

    const sender = `${XSS}\r\nBcc: opfer@example.test`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: ORIGIN },
      remoteAddress: clientAddress(),
      payload: {
        name: sender,
        email: 'absender@example.test',
        message: `<script>alert(1)</script>\n${TYPED}`,
        privacyConsent: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const notice = await waitForMail(mails, 'betreiber@example.test', /Kontaktanfrage/);
    expect(notice.html).not.toMatch(/<script>|<img /);
    expect(notice.html).toContain('&#60;script&#62;');
    const raw = readdirSync(join(app.config.DATA_DIR, 'mail'))
      .map((f) => readFileSync(join(app.config.DATA_DIR, 'mail', f), 'utf8'))
      .find((m) => m.includes('betreiber@example.test'));
    const head = raw?.split(/\r?\n\r?\n/)[0] ?? '';
    expect(head).not.toMatch(/^Bcc:/im);
  });

  it('serves uploaded receipts as what they are: never as HTML or SVG, names quoted safely', async () => {
    const upload = (file: { value: Buffer; filename: string; type: string }) =>
      app.inject({
        method: 'POST',
        url: '/api/documents',
        headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=x' },
        payload: multipartBody(
          [
            { name: 'docDate', value: '2024-03-01' },
            { name: 'description', value: TYPED },
            { name: 'file', ...file },
          ],
          'x',
        ),
      });
    const html = Buffer.from(`<html><body>${XSS}</body></html>`);
    expect((await upload({ value: html, filename: 'beleg.pdf', type: 'application/pdf' })).statusCode).toBe(
      415,
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect((await upload({ value: svg, filename: 'bild.svg', type: 'image/svg+xml' })).statusCode).toBe(415);

    const name = `${XSS}"; filename=evil.html.pdf`;
    const ok = await upload({ value: PDF_BYTES, filename: name, type: 'application/pdf' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ description: TYPED, fileType: 'application/pdf' });
    const file = await app.inject({ url: `/api/documents/${ok.json().id}/file`, headers: user.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toMatch(/^inline; filename="[^"]*"; filename\*=UTF-8''[^\s"';]+$/);
  });
});

describe('the client', () => {
  it('never hands raw HTML to the DOM (React escapes everything else)', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(tsx?|jsx?)$/.test(entry)) sources.push(path);
      }
    };
    walk(join(import.meta.dirname, '../../src/client'));
    expect(sources.length).toBeGreaterThan(20);
    const raw = /dangerouslySetInnerHTML|\.innerHTML\s*=|outerHTML\s*=|insertAdjacentHTML|document\.write/;
    expect(sources.filter((path) => raw.test(readFileSync(path, 'utf8')))).toEqual([]);
  });
});
