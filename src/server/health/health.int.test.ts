import { afterEach, describe, expect, it } from 'vitest';
import { testConfig, testDatabase } from '../../../tests/setup/app';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import type { Storage } from '../storage/storage';

type App = Awaited<ReturnType<typeof buildApp>>;

describe('GET /api/health', () => {
  let app: App | undefined;
  afterEach(() => app?.close());

  it('names the database and the local store when both are configured by default', async () => {
    app = await buildApp({ config: testConfig(), database: await testDatabase() });
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.TEST_DB, storage: 'local' });
  });

  it('names an S3 store', async () => {
    // health reports the kind without touching the store
    const storage: Storage = {
      kind: 's3',
      put: () => Promise.reject(new Error('unused')),
      get: () => Promise.reject(new Error('unused')),
      delete: () => Promise.reject(new Error('unused')),
      deletePrefix: () => Promise.reject(new Error('unused')),
      list: async function* () {},
    };
    app = await buildApp({ config: testConfig(), database: await testDatabase(), storage });
    expect((await app.inject({ url: '/api/health' })).json()).toMatchObject({ status: 'ok', storage: 's3' });
  });

  it('answers 503 when the database does not answer', async () => {
    const database = await testDatabase();
    const broken: Database = {
      ...database,
      db: new Proxy(database.db, {
        get: (target, property) =>
          property === 'execute'
            ? () => Promise.reject(new Error('connection refused'))
            : Reflect.get(target, property),
      }),
    };
    app = await buildApp({ config: testConfig(), database: broken });
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: process.env.TEST_DB, storage: 'local' });
  });
});

describe('request ids', () => {
  let app: App | undefined;
  afterEach(() => app?.close());

  it('sends back the id a proxy gave the request, or a generated one', async () => {
    app = await buildApp({ config: testConfig(), database: await testDatabase() });
    const given = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'proxy-42' } });
    expect(given.headers['x-request-id']).toBe('proxy-42');
    const generated = await app.inject({ url: '/api/health', headers: { 'x-request-id': 'not valid!' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
