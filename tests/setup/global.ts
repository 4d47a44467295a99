import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { migrate } from '../../src/server/db/migrate';

export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgliteSnapshot: string;
  }
}

/**
 * For the PostgreSQL project: one migrated template database per run; each worker then copies it
 * (tests/setup/app.ts). The run id keeps parallel runs on one machine apart.
 */
export default async function setup(project: TestProject) {
  if (project.name === 'pglite') return setupPglite(project);
  if (project.name !== 'postgres') return;
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  const template = `umlage_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ url: withDatabase(ADMIN_URL, template), poolSize: 1 });
  await migrate(database);
  await database.close();
  project.provide('pgTemplate', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`umlage_%${runId}%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
  };
}

/** For the PGlite project: one migrated database dumped to a file; workers start from it. */
async function setupPglite(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'umlage-pglite-'));
  const database = await openDatabase({});
  await migrate(database);
  const file = join(dir, 'snapshot.tar');
  writeFileSync(
    file,
    Buffer.from(await (await (database.pglite as PGlite).dumpDataDir('none')).arrayBuffer()),
  );
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
