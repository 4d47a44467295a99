// `npm run bench -- house-load`: The largest house one account may now keep (100
// units, 400 tenancies, 100 costs; one final with a single tenant letter and the rest own use, and
// drafts up to the yearly limit), read as the attack read it: 16 list and 16 detail requests at once,
// again and again, while /api/health is asked every 50 ms. Beside it, in the same run and the same
// server, the baseline: the same reads of a small account (one house of four flats). Prints the
// server's peak RSS and the health answer's latency under each. Runs the built server on PGlite
// (BENCH_HOUSE_DATABASE=postgres for PostgreSQL).

import { readFileSync } from 'node:fs';
import { LIMITS } from '../src/server/limits';
import { ensureBuilt, startBuiltServer } from '../tests/ops/built-server';
import { Client, PROPERTY, payCheckout, signUp, startCheckout } from '../tests/ops/http';
import { pgliteTarget, postgresTarget } from './api/targets';

const PARALLEL = 16;
const ROUNDS = 6;
const QUARTERS = [
  ['2025-01-01', '2025-03-31'],
  ['2025-04-01', '2025-06-30'],
  ['2025-07-01', '2025-09-30'],
  ['2025-10-01', null],
] as const;

/** Resident memory of a process now (Linux /proc), in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Math.round(Number(line?.[1] ?? 0) / 1024);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** A house of `units` units with `perUnit` tenancies each: one tenant, all the others own use. */
async function house(client: Client, units: number, perUnit: number, costs: number) {
  const property = await client.json<{ id: string }>('POST', '/api/properties', PROPERTY);
  for (let u = 0; u < units; u++) {
    const unit = await client.json<{ id: string }>('POST', `/api/properties/${property.id}/units`, {
      label: `Einheit ${u + 1}`,
      area: 40 + (u % 7) * 5,
    });
    for (let t = 0; t < perUnit; t++) {
      const own = !(u === 0 && t === perUnit - 1);
      await client.json('POST', `/api/units/${unit.id}/tenancies`, {
        kind: own ? 'own-use' : 'tenant',
        tenant: { name: own ? 'Eigennutzung' : 'Tina Testmieterin', street: '', city: '' },
        // quarters of 2025, so the 2025 settlement has every tenancy of the house
        start: QUARTERS[t]?.[0] ?? '2025-01-01',
        end: t === perUnit - 1 ? null : (QUARTERS[t]?.[1] ?? null),
        persons: 2,
        monthlyPrepaymentCents: own ? 0 : 20_000,
      });
    }
  }
  const entries = Array.from({ length: costs }, (_, i) => ({
    name: `Kostenart ${i + 1}`,
    amountCents: 100_000 + i * 997,
    key: (['area', 'units', 'persons'] as const)[i % 3],
  }));
  return { propertyId: property.id, entries };
}

/** The account's settlements: one final for 2025, then drafts: 2025 up to the yearly limit, then 2024. */
async function settlements(client: Client, propertyId: string, costs: unknown[], drafts: number) {
  const final = await client.json<{
    id: string;
    warnings: { code: string; path: string; severity: string }[];
  }>('POST', `/api/properties/${propertyId}/settlements`, {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    costs,
  });
  await payCheckout(client, await startCheckout(client));
  await client.json('POST', `/api/settlements/${final.id}/finalize`, {
    confirmedWarnings: final.warnings
      .filter((w) => w.severity === 'warning')
      .map((w) => `${w.code}@${w.path}`),
  });
  const ids = [final.id];
  for (let d = 0; d < drafts; d++) {
    const year = d < LIMITS.settlementsPerPropertyYear - 1 ? '2025' : '2024';
    const draft = await client.json<{ id: string }>('POST', `/api/properties/${propertyId}/settlements`, {
      periodStart: `${year}-01-01`,
      periodEnd: `${year}-12-31`,
      costs,
    });
    ids.push(draft.id);
  }
  return ids;
}

/** 16 list and 16 detail reads at once, ROUNDS times, while health is asked every 50 ms. */
async function underLoad(client: Client, base: string, pid: number, ids: string[]) {
  const health: number[] = [];
  let peak = rssMb(pid);
  let running = true;
  const probe = (async () => {
    while (running) {
      const start = performance.now();
      await fetch(`${base}/api/health`);
      health.push(performance.now() - start);
      peak = Math.max(peak, rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const start = performance.now();
  for (let r = 0; r < ROUNDS; r++) {
    await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        Promise.all([
          client.json('GET', '/api/settlements'),
          client.json('GET', `/api/settlements/${ids[i % ids.length]}`),
        ]),
      ),
    );
  }
  const seconds = (performance.now() - start) / 1000;
  running = false;
  await probe;
  health.sort((a, b) => a - b);
  return {
    'peak RSS MB': peak,
    'health p50 ms': Math.round(percentile(health, 0.5)),
    'health max ms': Math.round(health.at(-1) ?? 0),
    'reads per second': Math.round((ROUNDS * PARALLEL * 2) / seconds),
  };
}

export async function run() {
  await ensureBuilt();
  const target =
    process.env.BENCH_HOUSE_DATABASE === 'postgres' ? await postgresTarget() : await pgliteTarget();
  const server = await startBuiltServer({
    env: { ...target.serverEnv, LOG_LEVEL: 'warn', NODE_ENV: 'development', TEST_CHECKOUT: 'true' },
  });
  try {
    const dataDir = target.serverEnv.DATA_DIR ?? '';
    const small = new Client(server.url, server.origin);
    await signUp(small, dataDir);
    const smallHouse = await house(small, 4, 1, 12);
    const smallIds = await settlements(small, smallHouse.propertyId, smallHouse.entries, 3);

    const large = new Client(server.url, server.origin);
    await signUp(large, dataDir);
    const perUnit = LIMITS.tenanciesPerProperty / LIMITS.unitsPerProperty;
    const largeHouse = await house(large, LIMITS.unitsPerProperty, perUnit, 100);
    const largeIds = await settlements(
      large,
      largeHouse.propertyId,
      largeHouse.entries,
      LIMITS.settlementsPerPropertyYear * 2 - 1,
    );
    const idle = rssMb(server.pid);
    const baseline = await underLoad(small, server.url, server.pid, smallIds);
    const limit = await underLoad(large, server.url, server.pid, largeIds);
    return {
      database: target.name,
      'server RSS before the reads, MB': idle,
      'the largest account (100 units, 400 tenancies in 2025, 24 settlements)': limit,
      'baseline: a small account (4 units, 4 settlements)': baseline,
      'before the limits of ADR 0020 (as reported then)':
        '250 MB → 1,630 MB RSS; health held up to 23,000 ms',
    };
  } finally {
    await server.stop();
    await target.dispose();
  }
}
