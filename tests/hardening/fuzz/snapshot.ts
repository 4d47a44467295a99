import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';
import type { Storage } from '../../../src/server/storage/types';

/**
 * Every row of a user and their own workspace (whose id is theirs), found generically: the `users`
 * and `workspaces` rows and each row of every table with a `user_id` or `workspace_id` column
 * (tables added later are included without changing this test). Rows are
 * serialised and sorted, so two snapshots are equal exactly when nothing changed.
 */
export async function rowsOf(db: Db, userId: string): Promise<Record<string, string[]>> {
  const query = async (q: ReturnType<typeof sql>) => rowsFrom(await db.execute(q));
  const tables = await query(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and column_name in ('user_id', 'workspace_id')
    order by table_name, column_name`);
  const snapshot: Record<string, string[]> = {};
  const add = (table: string, rows: Record<string, unknown>[]) => {
    snapshot[table] = rows
      .map((row) => JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v)))
      .sort();
  };
  add('users', await query(sql`select * from users where id = ${userId}`));
  add('workspaces', await query(sql`select * from workspaces where id = ${userId}`));
  for (const { table_name: table, column_name: column } of tables) {
    const name = String(table);
    const rows = sql`select * from ${sql.identifier(name)} where ${sql.identifier(String(column))} = ${userId}`;
    add(`${name}.${String(column)}`, await query(rows));
  }
  return snapshot;
}

/** The rows of a raw query, from node-postgres' and PGlite's result objects alike. */
function rowsFrom(result: unknown): Record<string, unknown>[] {
  if (typeof result === 'object' && result && 'rows' in result && Array.isArray(result.rows))
    return result.rows;
  throw new Error('unexpected query result');
}

/** The user's stored files: key and SHA-256 of the bytes. */
export async function filesOf(storage: Storage, userId: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const key of storage.list(`${userId}/`)) {
    const hash = createHash('sha256');
    for await (const chunk of await storage.get(key)) hash.update(chunk);
    files[key] = hash.digest('hex');
  }
  return files;
}
