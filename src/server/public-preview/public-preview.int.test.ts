import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleFormInput } from '../../../tests/builders/statement';
import { createTestApp } from '../../../tests/setup/app';
import { clientAddress, ORIGIN } from '../../../tests/setup/factories';
import { CSRF_MESSAGE } from '../auth/csrf';
import { rateLimits, statementPdfs, statements } from '../db/schema';
import { createThrottle } from '../http/throttle';
import { flatten, pdfFonts, pdfInfo, pdfText } from '../pdf/testing/poppler';
import { PUBLIC_PREVIEW_BODY_LIMIT, PUBLIC_PREVIEW_RATE_LIMIT, PUBLIC_PREVIEW_TOTAL_LIMIT } from './routes';

type App = Awaited<ReturnType<typeof createTestApp>>;

const URL = '/api/public/statement-preview';

describe('POST /api/public/statement-preview (landing wizard, no account)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const preview = (payload: unknown, remoteAddress = clientAddress(), headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: URL,
      headers: { origin: ORIGIN, ...headers },
      remoteAddress,
      payload: payload as Record<string, unknown>,
    });

  const rows = async () => {
    const db = app.database.db;
    const [s] = await db.select({ n: count() }).from(statements);
    const [p] = await db.select({ n: count() }).from(statementPdfs);
    return { statements: s?.n, pdfs: p?.n };
  };

  it('renders the watermarked preview from the posted data, without an account and without storing it', async () => {
    const before = await rows();
    const res = await preview({ formData: sampleFormInput() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''VORSCHAU_Betriebskostenabrechnung_2024_J%C3%BCrgen_Wei%C3%9F-%C3%96zt%C3%BCrk.pdf",
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // pictures of its pages, watermark and all (ADR 0005): nothing to copy out
    expect(await pdfFonts(res.rawPayload)).toEqual([]);
    expect(flatten(await pdfText(res.rawPayload))).toBe('');
    expect((await pdfInfo(res.rawPayload)).Subject).toBe('Betriebskostenabrechnung für Jürgen Weiß-Öztürk');
    expect(await rows()).toEqual(before);
  });

  it('checks the data with the statement rules and answers in German, field by field', async () => {
    const formData = sampleFormInput();
    formData.tenant.name = '';
    const first = formData.costs[0];
    if (!first) throw new Error('sample has costs');
    first.amount = 'zwölf';
    const res = await preview({ formData });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation');
    expect(error.message).toBe('Bitte überprüfen Sie Ihre Eingaben.');
    expect(error.fields['formData.costs.0.amount']).toBe(
      'Ungültiger Betrag. Bitte im Format 1.234,56 eingeben.',
    );
    expect(error.fields['formData.tenant.name']).toBe('Pflichtfeld');

    const missing = await preview({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Bitte überprüfen Sie Ihre Eingaben.');
  });

  it('refuses bodies beyond its size limit', async () => {
    const formData = sampleFormInput({ positions: 400 });
    expect(JSON.stringify({ formData }).length).toBeGreaterThan(PUBLIC_PREVIEW_BODY_LIMIT);
    const res = await preview({ formData });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('Die Anfrage ist zu groß.');
  });

  it('must come from our own pages', async () => {
    const foreign = await preview({ formData: sampleFormInput() }, clientAddress(), {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe(CSRF_MESSAGE);
    const none = await app.inject({
      method: 'POST',
      url: URL,
      remoteAddress: clientAddress(),
      payload: { formData: sampleFormInput() },
    });
    expect(none.statusCode).toBe(403);
  });

  it('limits previews per client address, counting invalid ones too', async () => {
    const address = clientAddress();
    for (let i = 0; i < PUBLIC_PREVIEW_RATE_LIMIT.max; i++) {
      expect((await preview({}, address)).statusCode).toBe(400);
    }
    const limited = await preview({ formData: sampleFormInput() }, address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.message).toMatch(
      /^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/,
    );
    // the counter keeps no address
    const keys = (await app.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.some((k) => k.includes(address))).toBe(false);
    // another address is not affected
    expect((await preview({ formData: sampleFormInput() })).statusCode).toBe(200);
  });

  it('shares one budget among all visitors, so accounts keep the PDF queue', async () => {
    const throttle = createThrottle(app.database.db);
    try {
      for (let i = 0; i < PUBLIC_PREVIEW_TOTAL_LIMIT.max; i++) {
        await throttle.consume('pdf-preview-public', PUBLIC_PREVIEW_TOTAL_LIMIT);
      }
      const res = await preview({ formData: sampleFormInput() });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toMatch(/^Zu viele Anfragen\./);
    } finally {
      await throttle.clear('pdf-preview-public');
    }
  });
});
