// Bank files (issue 30 targets): a year's file of 500 bookings imported and matched ≤ 2 s, of 10,000
// ≤ 10 s, the event loop never blocked over 20 ms meanwhile. Baseline from the same run: the event
// loop's delay while the same 10,000 bookings are read on the main thread (what the worker avoids).

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import type { Booking } from '../src/server/bank/booking';
import { readBankFile } from '../src/server/bank/read-bank-file';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { bankHouse, camt053, sampleYear } from '../tests/builders/bank-files';
import { testConfig } from '../tests/setup/app';
import { signUp } from '../tests/setup/factories';
import { injectApi } from '../tests/setup/inject-api';
import { multipart } from '../tests/setup/multipart';

/** `count` bookings: the sample year's, repeated over the days with amounts a cent apart. */
function bookings(count: number): Booking[] {
  const year = sampleYear();
  return Array.from({ length: count }, (_, i) => {
    const b = year[i % year.length] as Booking;
    return { ...b, amountCents: b.amountCents + Math.sign(b.amountCents) * Math.floor(i / year.length) };
  });
}

/** Runs `work` while sampling the event loop's delay; answers seconds and the worst delay in ms. */
async function measured(work: () => Promise<unknown>) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // the sampling timer runs before the work starts, so a block at once is measured too
  await new Promise((resolve) => setTimeout(resolve, 20));
  const start = performance.now();
  await work();
  const seconds = (performance.now() - start) / 1000;
  // the sampling timer fires late after a block: let it, before reading the worst delay
  await new Promise((resolve) => setTimeout(resolve, 20));
  loop.disable();
  return { seconds: Math.round(seconds * 100) / 100, maxBlockMs: Math.round(loop.max / 1e6) };
}

export async function run() {
  const database = await openDatabase({});
  await migrate(database);
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();
  const who = await signUp(app);
  await bankHouse(injectApi(app, who));
  const upload = (count: number) => {
    const body = multipart(
      {},
      { name: 'umsaetze.xml', type: 'application/xml', content: Buffer.from(camt053(bookings(count))) },
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
  const large = new TextEncoder().encode(camt053(bookings(10_000)));
  const year500 = await measured(upload(500));
  const year10000 = await measured(upload(10_000));
  const mainThread = await measured(async () => readBankFile(large));
  await app.close();
  await database.close();
  return {
    'import 500 bookings (s)': year500.seconds,
    'import 10,000 bookings (s)': year10000.seconds,
    'event loop max delay (ms)': {
      'import 500': year500.maxBlockMs,
      'import 10,000': year10000.maxBlockMs,
      'baseline: read 10,000 on the main thread': mainThread.maxBlockMs,
    },
    'file size 10,000 (MB)': Math.round((large.byteLength / 1024 / 1024) * 10) / 10,
  };
}
