import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

/** The project's migrations folder, found upwards from this module (works from src/ and from dist/). */
export function migrationsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'migrations');
    if (existsSync(join(dir, 'package.json')) && existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('migrations folder not found');
    dir = parent;
  }
}

/** Applies every migrations/*.sql not applied yet, in name order, each in the one exclusive transaction. */
export async function migrate(database: Database, dir = migrationsDir()): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return database.exclusive(async (exec) => {
    await exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set((await exec('select name from schema_migrations')).map((r) => String(r.name)));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await exec(readFileSync(join(dir, file), 'utf8'));
      await exec(`insert into schema_migrations (name) values ('${file.replace(/'/g, "''")}')`);
      applied.push(file);
    }
    return applied;
  });
}
