// `npm run bench -- api`: the built server under load (autocannon, 32 connections) on PostgreSQL and
// on PGlite, reading the statement list (50 rows) and /api/me with a session cookie, beside a bare
// node:http handler running the same queries on the same data in the same run (the floor), and the
// same handler in a bare Fastify (the framework floor: what Fastify itself costs).
// Targets: the statement list at ≥ 0.85× the floor's throughput on Node 24 (ADR 0011; first 0.8×
// for both routes) and p99 ≤ 20 ms on PostgreSQL.
// App and floors run alternately in short rounds, so a busy machine slows all alike; each figure is
// the median of the rounds. BENCH_API_SECONDS sets the length of one round (default 4), BENCH_API_ROUNDS
// their number (default 3), BENCH_API_DATABASES limits the run (e.g. `postgres`).

import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type RunningServer, startBuiltServer } from '../tests/ops/built-server';
import { BENCH_SECRET, startFloor } from './api/floor';
import { seedAccount } from './api/seed';
import { pgliteTarget, postgresTarget, type Target } from './api/targets';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
const WARMUP_SECONDS = 2;
const ROUTES = { statements: '/api/statements', me: '/api/me' } as const;
const TARGET_RATIO = 0.85;
const TARGET_P99_MS = 20;

interface Figures {
  rps: number;
  p99: number;
  /** CPU time the server process spent per answered request (robust on a busy machine). */
  cpuMs: number;
}

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** User + system CPU time of a process so far, in ms (Linux /proc). */
function cpuTime(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

async function load(url: string, cookie: string, duration: number, pid: number): Promise<Figures> {
  const before = cpuTime(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, headers: { cookie }, duration });
  const cpu = cpuTime(pid) - before;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${failed} failed requests of ${result.requests.total}`);
  return { rps: result.requests.average, p99: result.latency.p99, cpuMs: cpu / result.requests.total };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Seeds through the app, then runs app and floor side by side on the same data. */
async function measure(target: Target): Promise<Record<string, number | string>> {
  const dataDir = target.serverEnv.DATA_DIR as string;
  // production settings: info-level JSON logs (BENCH_API_LOG_LEVEL to compare), written to a file
  const env = {
    ...target.serverEnv,
    AUTH_SECRET: BENCH_SECRET,
    LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'info',
  };
  const logFile = join(dataDir, 'server.log');
  let app: RunningServer = await startBuiltServer({ env, logFile });
  const cookie = await seedAccount(app.url, dataDir).catch(async (error: unknown) => {
    await app.stop();
    throw error;
  });
  if (target.name === 'pglite') {
    // one PGlite folder serves one process: the floor reads a copy of the seeded one
    await app.stop();
    const floorDb = target.floorEnv.PGLITE_DIR as string;
    cpSync(join(dataDir, 'db'), floorDb, { recursive: true });
    cpSync(join(dataDir, 'db'), `${floorDb}-fastify`, { recursive: true });
    app = await startBuiltServer({ env, logFile });
  }
  const floor = await startFloor(target.floorEnv);
  const fastifyEnv = target.floorEnv.PGLITE_DIR
    ? { PGLITE_DIR: `${target.floorEnv.PGLITE_DIR}-fastify` }
    : target.floorEnv;
  const fastify = await startFloor(fastifyEnv, 'fastify');
  const servers = { app, floor, fastify };
  const keys = ['app', 'floor', 'fastify'] as const;
  const out: Record<string, number | string> = {};
  try {
    for (const [name, path] of Object.entries(ROUTES)) {
      const runs = { app: [] as Figures[], floor: [] as Figures[], fastify: [] as Figures[] };
      const each = async (seconds: number, record: boolean) => {
        for (const key of keys) {
          const { url, pid } = servers[key];
          const figures = await load(`${url}${path}`, cookie, seconds, pid);
          if (record) runs[key].push(figures);
        }
      };
      await each(WARMUP_SECONDS, false);
      for (let round = 0; round < ROUNDS; round++) await each(SECONDS, true);
      const rps = (key: (typeof keys)[number]) => median(runs[key].map((r) => r.rps));
      const p = `${target.name} ${name}`;
      for (const key of keys) {
        const label = key === 'fastify' ? 'bare Fastify' : key;
        out[`${p} ${label} req/s`] = Math.round(rps(key));
        out[`${p} ${label} p99 ms`] = median(runs[key].map((r) => r.p99));
        out[`${p} ${label} CPU ms/req`] = round3(median(runs[key].map((r) => r.cpuMs)));
      }
      out[`${p} app/floor`] = Math.round((rps('app') / rps('floor')) * 100) / 100;
      out[`${p} bare Fastify/floor`] = Math.round((rps('fastify') / rps('floor')) * 100) / 100;
    }
  } finally {
    await Promise.all([app.stop(), floor.stop(), fastify.stop()]);
  }
  return out;
}

export async function run(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {
    connections: CONNECTIONS,
    'rounds × seconds': `${ROUNDS} × ${SECONDS}`,
    'target statements app/floor': TARGET_RATIO,
    'target postgres p99 ms': TARGET_P99_MS,
  };
  const only = process.env.BENCH_API_DATABASES?.split(',');
  const targets = { postgres: postgresTarget, pglite: pgliteTarget };
  for (const [name, make] of Object.entries(targets)) {
    if (only && !only.includes(name)) continue;
    const target = await make();
    try {
      Object.assign(results, await measure(target));
    } finally {
      await target.dispose();
    }
  }
  return results;
}
