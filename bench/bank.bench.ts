// Bank files (targets): a year's file of 500 bookings imported and matched ≤ 2 s, of 10,000
// ≤ 10 s, the event loop never blocked over 20 ms meanwhile; on PostgreSQL and on embedded PGlite
// in a data folder as the server runs it (its engine runs on the event loop). Baselines from the same
// run: the event loop's delay while the same 10,000 bookings are read on the main thread (what the
// worker avoids), and while nothing runs (what this machine's timer resolution and noise show).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { readBankFile } from '../src/server/bank/read-bank-file';
import { type Database, openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { bankHouse, camt053, manyBookings } from '../tests/builders/bank-files';
import { testConfig } from '../tests/setup/app';
import { signUp } from '../tests/setup/factories';
import { injectApi } from '../tests/setup/inject-api';
import { multipart } from '../tests/setup/multipart';
import { postgresTarget } from './api/targets';
import { measured } from './measured';

/** Imports of 500 and 10,000 bookings through the API on one database: seconds and worst delay. */
async function importsOn(database: Database) {
  await migrate(database);
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();
  const who = await signUp(app);
  await bankHouse(injectApi(app, who));
  const upload = (count: number) => {
    const body = multipart(
      {},
      { name: 'umsaetze.xml', type: 'application/xml', content: Buffer.from(camt053(manyBookings(count))) },
    );
    return async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/bank/imports',
        headers: { ...who.headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      if (res.statusCode !== 201) throw new Error(`import: ${res.statusCode} ${res.body}`);
    };
  };
  const small = await measured(upload(500));
  const large = await measured(upload(10_000));
  await app.close();
  return { small, large };
}

export async function run() {
  const folder = await mkdtemp(join(tmpdir(), 'umlage-bench-'));
  const pglite = await openDatabase({ pgliteDir: join(folder, 'db') });
  const onPglite = await importsOn(pglite);
  await pglite.close();
  await rm(folder, { recursive: true, force: true });
  const target = await postgresTarget();
  const postgres = await openDatabase({ url: target.floorEnv.DATABASE_URL ?? '', poolSize: 5 });
  const onPostgres = await importsOn(postgres);
  await postgres.close();
  await target.dispose();
  const large = new TextEncoder().encode(camt053(manyBookings(10_000)));
  const mainThread = await measured(async () => readBankFile(large));
  const idle = await measured(() => new Promise((resolve) => setTimeout(resolve, 2000)));
  const row = (figures: typeof onPglite) => ({
    '500 (s)': figures.small.seconds,
    '10,000 (s)': figures.large.seconds,
    'max delay 500 (ms)': figures.small.maxBlockMs,
    'max delay 10,000 (ms)': figures.large.maxBlockMs,
    'p99 delay 10,000 (ms)': figures.large.p99BlockMs,
    'peak RSS 10,000 (MB)': figures.large.peakMb,
  });
  return {
    PostgreSQL: row(onPostgres),
    PGlite: row(onPglite),
    'baseline: 10,000 read on the main thread': { 'max delay 10,000 (ms)': mainThread.maxBlockMs },
    'baseline: idle for 2 s': {
      'max delay 10,000 (ms)': idle.maxBlockMs,
      'p99 delay 10,000 (ms)': idle.p99BlockMs,
    },
    'file size 10,000 (MB)': Math.round((large.byteLength / 1024 / 1024) * 10) / 10,
  };
}
