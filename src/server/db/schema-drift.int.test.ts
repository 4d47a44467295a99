// The Drizzle schema mirrors the SQL migrations (ADR 0002: the SQL is the source of truth). Every table
// and column the migrations leave must be in schema.ts with the same type and nullability, and the
// other way round, so a query typed against schema.ts cannot name what the database does not hold.

import { getTableColumns, isTable } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../../tests/setup/app';
import * as schema from './schema';

/** `table.column: type null|not null`, types as PostgreSQL formats them ("numeric(13,3)", "text[]"). */
const line = (table: string, column: string, type: string, notNull: boolean) =>
  `${table}.${column}: ${type.replace(/,\s+/g, ',')} ${notNull ? 'not null' : 'null'}`;

function fromSchema(): string[] {
  return Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => isTable(value))
    .flatMap((table) => {
      const { name } = getTableConfig(table);
      return Object.values(getTableColumns(table)).map((c) => line(name, c.name, c.getSQLType(), c.notNull));
    })
    .sort();
}

describe('the Drizzle schema', () => {
  it('names every table and column of the migrations, with their types and nullability', async () => {
    const database = await testDatabase();
    const rows = await database.read(
      'schema_drift_columns',
      `select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type",
         a.attnotnull as "notNull"
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
         and c.relname <> 'schema_migrations'`,
      [],
    );
    const migrated = (rows as Array<{ table: string; column: string; type: string; notNull: boolean }>)
      .map((r) => line(r.table, r.column, r.type, r.notNull))
      .sort();
    expect(fromSchema()).toEqual(migrated);
  });
});
