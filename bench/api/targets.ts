// The two databases the API benchmark runs on: a fresh PostgreSQL database (dropped afterwards) and
// a fresh embedded PGlite folder.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface Target {
  name: 'postgres' | 'pglite';
  /** Environment of the app server. */
  serverEnv: Record<string, string>;
  /** Environment of the floor server (same database). */
  floorEnv: Record<string, string>;
  dispose(): Promise<void>;
}

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function postgresTarget(): Promise<Target> {
  const name = `umlage_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'umlage-bench-'));
  return {
    name: 'postgres',
    serverEnv: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    floorEnv: { DATABASE_URL: url.toString() },
    async dispose() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'umlage-bench-'));
  return {
    name: 'pglite',
    serverEnv: { DATA_DIR: dataDir },
    floorEnv: { PGLITE_DIR: join(dataDir, 'floor-db') },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
