// A fresh installation for a test that runs the built server: a data folder (files, mails) and a
// database of the project's kind (TEST_DB): a migrated PGlite folder inside the data folder, or a
// PostgreSQL database copied from the run's migrated template. Dispose drops both.

import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import { ADMIN_URL, withDatabase } from '../setup/global';

export interface Installation {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  /** DATA_DIR and, on PostgreSQL, DATABASE_URL: what a server of this installation needs. */
  env: Record<string, string>;
  /** Opens the database directly (only while no server runs on an embedded one). */
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

export async function freshInstallation(): Promise<Installation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'umlage-ops-'));
  if (process.env.TEST_DB === 'postgres') {
    const name = `umlage_ops_${randomUUID().replaceAll('-', '').slice(0, 12)}_${inject('pgTemplate').replace('umlage_tpl_', '')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    const url = withDatabase(ADMIN_URL, name);
    return {
      kind: 'postgres',
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: url },
      open: () => openDatabase({ url, poolSize: 2 }),
      async dispose() {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  // the run's migrated snapshot spares initdb, which takes many seconds
  const db = new PGlite(join(dataDir, 'db'), {
    loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
  });
  await db.waitReady;
  await db.close();
  return {
    kind: 'pglite',
    dataDir,
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ pgliteDir: join(dataDir, 'db') }),
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
