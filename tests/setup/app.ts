import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Database, openDatabase } from '../../src/server/db/client';
import { type Config, loadConfig } from '../../src/server/env';
import { createPdfRenderer, type PdfRenderer } from '../../src/server/pdf/renderer';
import { ADMIN_URL, withDatabase } from './global';

let shared: Promise<Database> | undefined;
let renderer: PdfRenderer | undefined;

/** The worker's PDF pool, warm after its first letter, shared by every app the worker's files build. */
export function testRenderer(): PdfRenderer {
  renderer ??= createPdfRenderer();
  return renderer;
}

/**
 * The worker's database: one in-memory PGlite, or one PostgreSQL database copied from the run's
 * migrated template. Integration workers are not isolated, so every test file of a worker shares it;
 * tests therefore create their own users and never assume empty tables.
 */
export function testDatabase(): Promise<Database> {
  shared ??= createDatabase();
  return shared;
}

async function createDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const template = inject('pgTemplate');
    const name = `umlage_w${process.env.VITEST_POOL_ID ?? '0'}_${template.replace('umlage_tpl_', '')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    return openDatabase({ url: withDatabase(ADMIN_URL, name), poolSize: 5 });
  }
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
  return openDatabase({ pgliteSnapshot: snapshot });
}

/** A config for tests: silent logs, a fresh data folder, no outside services. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'umlage-test-')),
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...overrides,
  });
}

/** Builds the HTTP app on the worker's database. Close it in afterAll; the database stays open. */
export async function createTestApp(overrides: Record<string, string> = {}) {
  const database = await testDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, pdfRenderer: testRenderer() });
  await app.ready();
  return app;
}
