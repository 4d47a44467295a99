import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** Runs one SQL script (several statements, no parameters) and returns the rows of the last one. */
export type Exec = (script: string) => Promise<Record<string, unknown>[]>;

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The embedded client, when kind is 'pglite' (for dumps). */
  pglite?: PGlite;
  /**
   * One parameterised read outside Drizzle, for the reads on every request (session lookup, statement
   * list): Drizzle's wrapper and row mapping cost more there than the query. On PostgreSQL
   * the statement is prepared once per connection under `name`. Rows come as the driver parses them
   * (int8 as a string on PostgreSQL; cast dates to text in the query), except timestamps: with time
   * zone as Date, without (`column at time zone 'UTC'`) as the ISO text JSON carries (utcTimestampAsIso).
   */
  read(name: string, text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs `fn` in one transaction that no other migrator or instance runs at the same time. */
  exclusive<T>(fn: (exec: Exec) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  url?: string;
  /** PGlite data folder; without it PGlite lives in memory. */
  pgliteDir?: string;
  /** A PGlite data-folder dump to start from (skips initdb, which takes seconds). */
  pgliteSnapshot?: Blob;
  poolSize?: number;
}

// An arbitrary constant that names "schema changes" among PostgreSQL advisory locks.
const MIGRATION_LOCK = 4_242_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.pgliteDir, options.pgliteSnapshot);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  // date columns stay 'YYYY-MM-DD' strings, as PGlite returns them
  const pool = new pg.Pool({ connectionString: url, max, types: { getTypeParser: dateAsText } });
  // An idle connection ended by the server (restart, failover, idle timeout, a proxy) must not take
  // the process down as an unhandled 'error' event; the pool opens a new one when needed.
  pool.on('error', (error) => console.warn(`database: idle connection lost (${error.message})`));
  await pool.query('select 1');
  return {
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    kind: 'postgres',
    read: async (name, text, values) =>
      (await pool.query<Record<string, unknown>>({ name, text, values, types: pgReadTypes })).rows,
    async exclusive(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
        const result = await fn(async (script) => {
          const res = await client.query(script);
          const last = Array.isArray(res) ? res[res.length - 1] : res;
          return last?.rows ?? [];
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function dateAsText(oid: number, format?: 'text' | 'binary') {
  const DATE_OID = 1082;
  if (oid === DATE_OID) return (value: string) => value;
  return pg.types.getTypeParser(oid, format);
}

const TIMESTAMP_OID = 1114;
const TIMESTAMPTZ_OID = 1184;

/**
 * PostgreSQL's text of a UTC timestamp without time zone ('2026-11-23 14:14:27.123456') in the form
 * JSON carries ('2026-11-23T14:14:27.123Z', as Date#toISOString, which also truncates to the
 * millisecond). Rearranged as text: the statement list has 100 timestamps, and parsing each into a
 * Date and printing it again cost a tenth of the request's time.
 */
export function utcTimestampAsIso(text: string): string {
  // fixed positions: four-digit years AD, as every timestamp the app writes ('infinity' is refused)
  if (text.length < 19 || text.length > 26 || text[4] !== '-' || text[10] !== ' ' || text.endsWith('BC')) {
    throw new RangeError(`not a four-digit-year timestamp: ${text}`);
  }
  const milliseconds = text.length > 20 ? text.slice(20, 23).padEnd(3, '0') : '000';
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`;
}

// Reads outside Drizzle parse timestamps with time zone as Drizzle (and PGlite) do, with V8's Date
// parser: pg's own parser takes about twice as long.
const pgReadTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ_OID
      ? (value: string) => new Date(value)
      : oid === TIMESTAMP_OID
        ? utcTimestampAsIso
        : dateAsText(oid, format),
};
// Given to PGlite once: parsers passed with a query are merged into a copy of its whole parser table
// on every call. Drizzle passes its own timestamp parsers, so only Database.read and exec see this one.
const pgliteParsers = { [TIMESTAMP_OID]: utcTimestampAsIso };

async function openPglite(dir: string | undefined, snapshot: Blob | undefined): Promise<Database> {
  const options = { parsers: pgliteParsers, ...(snapshot ? { loadDataDir: snapshot } : {}) };
  const client = dir ? new PGlite(dir, options) : new PGlite(options);
  await client.waitReady;
  return {
    db: drizzlePglite({ client, schema }) as unknown as Db,
    kind: 'pglite',
    pglite: client,
    read: async (_name, text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    exclusive: (fn) =>
      client.transaction(async (tx) =>
        fn(async (script) => {
          const results = await tx.exec(script);
          return (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[];
        }),
      ),
    close: () => client.close(),
  };
}

/** A transaction handle; every write helper takes `Db | Tx` so callers decide the transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The PostgreSQL error code (SQLSTATE) behind a failed query, from `pg`, PGlite or Drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
