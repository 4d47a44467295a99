// Migration 0029 (workspaces, ADR 0028) on a database of realistic size made with the schema before it,
// on both engines: every row keeps its owner (now a workspace of the same id), balances move to the
// workspaces, the kept-final rule still holds, and deleting a workspace still takes its finals.

import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_URL, withDatabase } from '../../../tests/setup/global';
import { type Database, openDatabase } from './client';
import { migrate, migrationsDir } from './migrate';

const WORKSPACES = '0029_workspaces.sql';

/** The migrations before workspaces, in a folder of their own. */
function migrationsBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'umlage-migrations-'));
  for (const file of readdirSync(migrationsDir()))
    if (file.endsWith('.sql') && file < WORKSPACES) cpSync(join(migrationsDir(), file), join(dir, file));
  return dir;
}

// 40 landlords with 3 houses of 10 flats, 2 tenancies each, a draft and a final settlement per house
// (with its letters), 20 receipts, a bank file (5,000 bookings for the first, 50 for the others),
// purchases and spendings.
const SEED = `
insert into users (id, full_name, email, email_verified, credits)
  select 'u' || i, 'Vermieter ' || i, 'v' || i || '@example.test', true, i from generate_series(1, 40) i;
insert into properties (user_id, name, type, street, postal_code, city, year_built, total_area, unit_count)
  select u.id, 'Haus ' || j, 'mehrfamilienhaus', 'Weg ' || j, '10115', 'Berlin', 1990, 700, 10
  from users u, generate_series(1, 3) j;
insert into units (user_id, property_id, label, area)
  select p.user_id, p.id, 'Whg ' || k, 70 from properties p, generate_series(1, 10) k;
insert into tenancies (user_id, unit_id, kind, tenant_name, start_date, persons, monthly_prepayment_cents)
  select u.user_id, u.id, 'tenant', 'Mieter ' || k, date '2020-01-01' + (k * 400), 2, 15000
  from units u, generate_series(1, 2) k;
insert into settlements (user_id, property_id, period_start, period_end, input)
  select p.user_id, p.id, '2025-01-01', '2025-12-31', '{"costs": []}' from properties p;
insert into settlements (user_id, property_id, period_start, period_end, input)
  select p.user_id, p.id, '2024-01-01', '2024-12-31', '{"costs": []}' from properties p;
insert into settlement_statements (settlement_id, user_id, tenancy_id, file_name, content, charged)
  select s.id, s.user_id, t.id, 'brief-' || t.id || '.pdf', '\\x25504446', true
  from settlements s join units u on u.property_id = s.property_id join tenancies t on t.unit_id = u.id
  where s.period_start = '2024-01-01';
update settlements set status = 'final', snapshot = '{}', snapshot_hash = 'h', engine_version = 1, result = '{}',
    finalized_at = now()
  where period_start = '2024-01-01';
insert into documents (user_id, name, storage_key, file_type, size)
  select u.id, 'Beleg ' || k, u.id || '/' || k || '.pdf', 'application/pdf', 1000
  from users u, generate_series(1, 20) k;
insert into bank_imports (user_id, format, iban, transactions, new_count, duplicates, matched)
  select id, 'camt053', 'DE02120300000000202051', 0, 0, 0, 0 from users;
insert into bank_transactions (user_id, import_id, account_iban, identity, booking_date, value_date, amount_cents)
  select i.user_id, i.id, i.iban, 'b' || k, date '2025-01-01' + (k % 365), date '2025-01-01' + (k % 365), 15000
  from bank_imports i, generate_series(1, 5000) k where i.user_id = 'u1' or k <= 50;
insert into credit_ledger (user_id, delta, reason) select id, 2, 'purchase' from users;
insert into payments (session_id, provider, user_id, package_id, price_id, amount_cents, credits, status, paid_at)
  select 'cs_' || id, 'test', id, 'standard', 'price_standard', 1880, 2, 'paid', now() from users;
`;

/** Rows of each owned table per owner, as "table owner count" lines. */
async function ownership(database: Database, column: 'user_id' | 'workspace_id') {
  const tables = [
    'properties',
    'units',
    'tenancies',
    'settlements',
    'settlement_statements',
    'documents',
    'bank_imports',
    'bank_transactions',
  ];
  const lines: string[] = [];
  for (const table of tables) {
    const rows = await database.read(
      `ownership_${table}_${column}`,
      `select ${column} as owner, count(*)::int as n from ${table} group by 1 order by 1`,
      [],
    );
    for (const row of rows) lines.push(`${table} ${String(row.owner)} ${String(row.n)}`);
  }
  return lines;
}

/** Runs a script of statements. */
const run = (database: Database, script: string) => database.exclusive((exec) => exec(script));

async function migrateAndCheck(database: Database) {
  await migrate(database, migrationsBefore());
  await run(database, SEED);
  const before = await ownership(database, 'user_id');
  expect(before.length).toBeGreaterThan(300);

  expect(await migrate(database)).toEqual(expect.arrayContaining([WORKSPACES]));
  expect(await ownership(database, 'workspace_id')).toEqual(before);

  const members = await database.read(
    'migrated_members',
    `select w.id, w.credits, m.user_id, m.role from workspaces w join workspace_members m on m.workspace_id = w.id
     order by w.id`,
    [],
  );
  expect(members).toHaveLength(40);
  for (const m of members) {
    expect(m.user_id).toBe(m.id);
    expect(m.role).toBe('owner');
    expect(Number(m.credits)).toBe(Number(String(m.id).slice(1)));
  }
  const ledger = await database.read(
    'migrated_ledger',
    'select count(*)::int as n from credit_ledger where workspace_id = user_id',
    [],
  );
  expect(ledger[0]?.n).toBe(40);

  // a final settlement is still kept while its workspace exists, and goes with it
  await expect(
    run(database, "delete from settlements where status = 'final' and workspace_id = 'u2'"),
  ).rejects.toThrow();
  await run(database, "delete from workspaces where id = 'u2'");
  const left = await database.read(
    'after_workspace_delete',
    "select count(*)::int as n from settlements where workspace_id = 'u2'",
    [],
  );
  expect(left[0]?.n).toBe(0);
  const user = await database.read('user_kept', "select count(*)::int as n from users where id = 'u2'", []);
  expect(user[0]?.n).toBe(1);

  // a new account gets its own workspace with it
  await run(
    database,
    "insert into users (id, full_name, email) values ('neu', 'Neue Person', 'neu@example.test')",
  );
  const own = await database.read(
    'own_workspace',
    "select role from workspace_members where user_id = 'neu' and workspace_id = 'neu'",
    [],
  );
  expect(own).toEqual([{ role: 'owner' }]);
}

describe('the workspaces migration on a database of realistic size', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanup) await step();
  });

  it('keeps every row with its owner on PGlite', async () => {
    const database = await openDatabase({});
    cleanup.push(() => database.close());
    await migrateAndCheck(database);
  }, 120_000);

  it('keeps every row with its owner on PostgreSQL', async () => {
    const name = `umlage_mig_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ url: withDatabase(ADMIN_URL, name), poolSize: 2 });
    cleanup.push(async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    await migrateAndCheck(database);
  }, 120_000);
});

afterAll(() => {
  for (const dir of readdirSync(tmpdir()).filter((d) => d.startsWith('umlage-migrations-')))
    rmSync(join(tmpdir(), dir), { recursive: true, force: true });
});
