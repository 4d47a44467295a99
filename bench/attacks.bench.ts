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
import { openDatabase } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { camt053, manyBookings } from '../tests/builders/bank-files';
import { jpegClaiming, RECEIPTS, receiptPdf } from '../tests/builders/receipts';
import { testConfig } from '../tests/setup/app';
import { signUp } from '../tests/setup/factories';
import { multipart } from '../tests/setup/multipart';

type App = Awaited<ReturnType<typeof buildApp>>;

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
  // receipts are read as the running server reads them: taken by the runner itself, not drained
  const app = await buildApp({ config: testConfig({ NODE_ENV: 'development' }), database });
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
  const large = new TextEncoder().encode(camt053(manyBookings(20_000)));
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
  // receipts: a picture that claims 60,000 × 60,000 px behind a fill byte (it killed the server before
  // readers ran in processes of their own), and one account's 20 receipts before another's one
  const document = async (who: typeof attacker, name: string, type: string, content: Uint8Array) => {
    const body = multipart(
      { type: 'Rechnung', docDate: '2026-01-20', recognize: 'true' },
      { name, type, content: Buffer.from(content) },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...who.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    return res.json().id as string;
  };
  const status = async (who: typeof attacker, id: string) =>
    (await app.inject({ url: `/api/documents/${id}`, headers: who.headers })).json().recognition
      ?.status as string;
  const readOf = async (who: typeof attacker, id: string) => {
    for (;;) {
      const now = await status(who, id);
      if (now === 'done' || now === 'failed') return now;
      await sleep(50);
    }
  };
  const neighbour = await signUp(app);
  const pdf = await receiptPdf(RECEIPTS[0] as (typeof RECEIPTS)[number]);
  const receipts = {
    'JPEG claiming 60,000 × 60,000 px': await underAttack(app, async () =>
      readOf(attacker, await document(attacker, 'foto.jpg', 'image/jpeg', jpegClaiming(60_000, 60_000, 1))),
    ),
    "20 receipts of one account, then another's one": await underAttack(app, async () => {
      for (let i = 0; i < 20; i++) await document(attacker, `beleg-${i}.pdf`, 'application/pdf', pdf);
      const start = performance.now();
      const answer = await readOf(neighbour, await document(neighbour, 'meiner.pdf', 'application/pdf', pdf));
      return `${answer} after ${((performance.now() - start) / 1000).toFixed(1)} s`;
    }),
  };
  await app.close();
  await database.close();
  await rm(folder, { recursive: true, force: true });
  return { ...results, ...receipts };
}
