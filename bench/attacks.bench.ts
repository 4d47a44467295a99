// One account attacks with bank files while everyone else's server must answer: `/api/health` (a
// query on the database) is asked every 20 ms meanwhile, and the server's resident memory sampled.
// On embedded PGlite in a data folder, as a landlord's own server runs it (one connection for all).
// The first row is the same server idle, in the same run: compare each attack's latency with it.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { zipSync } from 'fflate';
import { buildApp } from '../src/server/app';
import type { Booking } from '../src/server/bank/booking';
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { camt053, sampleYear } from '../tests/builders/bank-files';
import { testConfig } from '../tests/setup/app';
import { signUp } from '../tests/setup/factories';
import { multipart } from '../tests/setup/multipart';

type App = Awaited<ReturnType<typeof buildApp>>;

/** `count` bookings: the sample year's, repeated with amounts a cent apart. */
function bookings(count: number): Booking[] {
  const year = sampleYear();
  return Array.from({ length: count }, (_, i) => {
    const b = year[i % year.length] as Booking;
    return { ...b, amountCents: b.amountCents + Math.sign(b.amountCents) * Math.floor(i / year.length) };
  });
}

/** A ZIP whose one entry says it holds 100 bytes and inflates to `mb` MB. */
function lyingZip(mb: number): Uint8Array {
  const zip = zipSync({ 'a.xml': new Uint8Array(mb * 1024 * 1024) }, { level: 9 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  view.setUint32(22, 100, true);
  for (let i = zip.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === 0x02014b50) {
      view.setUint32(i + 24, 100, true);
      break;
    }
  }
  return zip;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Runs the attack while health is asked every 20 ms: seconds, health p50/max, peak RSS, the answer. */
async function underAttack(app: App, attack: () => Promise<string>) {
  const latencies: number[] = [];
  let running = true;
  const health = (async () => {
    while (running) {
      const start = performance.now();
      await app.inject({ url: '/api/health' });
      latencies.push(performance.now() - start);
      await sleep(20);
    }
  })();
  let peak = process.memoryUsage().rss;
  const memory = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const start = performance.now();
  const answer = await attack().catch((error: unknown) => `threw: ${String(error).slice(0, 60)}`);
  const seconds = (performance.now() - start) / 1000;
  running = false;
  await health;
  clearInterval(memory);
  return {
    s: Math.round(seconds * 10) / 10,
    'health p50 (ms)': Math.round(percentile(latencies, 50)),
    'health max (ms)': Math.round(Math.max(...latencies)),
    'peak RSS (MB)': Math.round(peak / 1024 / 1024),
    answer,
  };
}

export async function run() {
  const folder = await mkdtemp(join(tmpdir(), 'umlage-attack-'));
  const database = await openDatabase({ pgliteDir: join(folder, 'db') });
  await migrate(database);
  const app = await buildApp({ config: testConfig(), database });
  await app.ready();
  const attacker = await signUp(app);
  const upload = async (name: string, content: Uint8Array) => {
    const body = multipart({}, { name, type: 'application/octet-stream', content: Buffer.from(content) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/bank/imports',
      headers: { ...attacker.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    return `${res.statusCode} ${res.statusCode === 201 ? `${res.json().new} neu` : res.json().error?.message?.slice(0, 40)}`;
  };
  const large = new TextEncoder().encode(camt053(bookings(20_000)));
  const bomb = lyingZip(400);
  const get = async (url: string) => {
    const res = await app.inject({ url, headers: attacker.headers });
    return `${res.statusCode}, ${(res.rawPayload.byteLength / 1024 / 1024).toFixed(1)} MB`;
  };
  const results = {
    idle: await underAttack(app, async () => {
      await sleep(3000);
      return '';
    }),
    'import of 20,000 bookings': await underAttack(app, () => upload('gross.xml', large)),
    'the same file again': await underAttack(app, () => upload('gross.xml', large)),
    '4 × GET /api/bank/transactions at once': await underAttack(app, async () =>
      (await Promise.all(Array.from({ length: 4 }, () => get('/api/bank/transactions?status=all')))).join(
        ' · ',
      ),
    ),
    'data export of 20,000 bookings': await underAttack(app, () => get('/api/me/export')),
    'ZIP entry declaring 100 B, inflating to 400 MB': await underAttack(app, () => upload('bombe.zip', bomb)),
  };
  await app.close();
  await database.close();
  await rm(folder, { recursive: true, force: true });
  return results;
}
