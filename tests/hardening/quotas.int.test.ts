// Per-user quotas: every write that stores bytes or rows for a user (receipt uploads, statement
// copies) is hammered past its limit. Beyond it the answer is 429 (rate) or 413 (storage) with a
// German message, and nothing is half-written: rows, stored files and the upload folder agree.

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, statements } from '../../src/server/db/schema';
import { WRITE_RATE_LIMITS } from '../../src/server/http/rate-limit';
import { createTestApp } from '../setup/app';
import { type SignedUp, signUp } from '../setup/factories';
import { multipartBody } from './fuzz/multipart';

type App = Awaited<ReturnType<typeof createTestApp>>;

const MB = 1024 * 1024;
const FULL = 'Ihr Speicherplatz ist voll (1 MB). Bitte löschen Sie nicht mehr benötigte Belege.';

/** A PDF of exactly `size` bytes. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

let app: App;
beforeAll(async () => {
  app = await createTestApp({ STORAGE_QUOTA_MB: '1' });
});
afterAll(() => app.close());

function upload(who: SignedUp, content: Buffer) {
  const boundary = `----quota${Math.random().toString(36).slice(2)}`;
  return app.inject({
    method: 'POST',
    url: '/api/documents',
    headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: multipartBody(
      [
        { name: 'docDate', value: '2024-05-01' },
        { name: 'file', value: content, filename: 'beleg.pdf', type: 'application/pdf' },
      ],
      boundary,
    ),
  });
}

async function documentRows(userId: string) {
  return app.database.db
    .select({ key: documents.storageKey, size: documents.size })
    .from(documents)
    .where(eq(documents.workspaceId, userId));
}

/** The user's rows and stored files name the same keys, and no partial upload body is left. */
async function expectNothingHalfWritten(userId: string) {
  const keys: string[] = [];
  for await (const key of app.storage.list(`${userId}/`)) keys.push(key);
  const rows = await documentRows(userId);
  expect(keys.sort()).toEqual(rows.map((r) => r.key).sort());
  const incoming = join(app.config.DATA_DIR, 'files', '.incoming');
  expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
}

async function statementCount(userId: string): Promise<number> {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(statements)
    .where(eq(statements.workspaceId, userId));
  return row?.n ?? 0;
}

interface Write {
  rule: { window: number; max: number };
  /** Prepares what the user writes from; returns one write. */
  prepare(user: SignedUp): Promise<() => Promise<LightMyRequestResponse>>;
  /** Rows (and, for files, stored bytes) the writes left. */
  written(user: SignedUp): Promise<number>;
}

const writes: [string, Write][] = [
  [
    'receipt upload',
    {
      rule: WRITE_RATE_LIMITS.upload,
      prepare: async (user) => () => upload(user, pdfOf(1024)),
      written: async (user) => {
        await expectNothingHalfWritten(user.user.id);
        return (await documentRows(user.user.id)).length;
      },
    },
  ],
  [
    'statement copy',
    {
      rule: WRITE_RATE_LIMITS.statementCopy,
      prepare: async (user) => {
        const created = await app.inject({
          method: 'POST',
          url: '/api/statements',
          headers: user.headers,
          payload: {
            formData: {
              landlord: { name: 'Erika Vermieter', street: 'Hauptstraße 5', city: '10115 Berlin' },
              tenant: { name: 'Max Mieter', street: 'Seestraße 1', city: '14467 Potsdam' },
              billingPeriod: { start: '2024-01-01', end: '2024-12-31' },
            },
          },
        });
        expect(created.statusCode).toBe(201);
        const id = created.json().id;
        return () => app.inject({ method: 'POST', url: `/api/statements/${id}/copy`, headers: user.headers });
      },
      written: async (user) => (await statementCount(user.user.id)) - 1,
    },
  ],
];

describe.each(writes)('%s hammered past its rate limit', (_name, write) => {
  it(`allows ${write.rule.max} per user and window, then answers 429 with Retry-After`, async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    const once = await write.prepare(user);
    const answers = await Promise.all(Array.from({ length: write.rule.max + 5 }, () => once()));

    const created = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(created).toHaveLength(write.rule.max);
    expect(refused).toHaveLength(5);
    for (const res of refused) {
      expect(res.json().error).toEqual({
        code: 'too_many_requests',
        message: expect.stringMatching(
          /^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/,
        ),
      });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(write.rule.window);
    }
    expect(await write.written(user)).toBe(write.rule.max);

    // the limit is the user's own: another user still writes
    expect((await (await write.prepare(other))()).statusCode).toBe(201);
  });
});

describe('receipt storage quota (STORAGE_QUOTA_MB=1)', () => {
  const usage = async (user: SignedUp) =>
    (await app.inject({ url: '/api/documents/usage', headers: user.headers })).json();

  it('stores up to exactly the quota and refuses the file that would exceed it', async () => {
    const user = await signUp(app);
    expect((await upload(user, pdfOf(400 * 1024))).statusCode).toBe(201);
    expect((await upload(user, pdfOf(400 * 1024))).statusCode).toBe(201);

    const over = await upload(user, pdfOf(400 * 1024));
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toEqual({
      code: 'storage_quota_exceeded',
      message: FULL,
      fields: { file: FULL },
    });
    await expectNothingHalfWritten(user.user.id);
    expect(await usage(user)).toEqual({ usedBytes: 800 * 1024, quotaBytes: MB });

    // the rest fits to the byte; then even the smallest file is refused
    expect((await upload(user, pdfOf(224 * 1024))).statusCode).toBe(201);
    expect(await usage(user)).toEqual({ usedBytes: MB, quotaBytes: MB });
    const full = await upload(user, pdfOf(16));
    expect(full.statusCode).toBe(413);
    expect(full.json().error.message).toBe(FULL);
    await expectNothingHalfWritten(user.user.id);

    // deleting a receipt frees its space
    const [first] = (await app.inject({ url: '/api/documents', headers: user.headers })).json();
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/documents/${first.id}`,
      headers: user.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await upload(user, pdfOf(16))).statusCode).toBe(201);
  });

  it('lets concurrent uploads of one user together store no more than the quota', async () => {
    const user = await signUp(app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(user, pdfOf(400 * 1024))));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 413, 413, 413, 413]);
    const rows = await documentRows(user.user.id);
    expect(rows.reduce((sum, r) => sum + r.size, 0)).toBe(800 * 1024);
    await expectNothingHalfWritten(user.user.id);
  });
});
