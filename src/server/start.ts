import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { acquireLock } from './db/lock';
import { migrate } from './db/migrate';
import type { Config } from './env';
import { removeIncompleteUploads } from './storage/storage';

/** Age after which a partial upload body beside other instances is surely a dead one's. */
const INCOMPLETE_UPLOAD_AGE_MS = 60 * 60 * 1000;

/** Opens the configured database (locking an embedded one) and applies the migrations. */
export async function openConfiguredDatabase(config: Config) {
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const release = config.DATABASE_URL ? () => {} : acquireLock(join(dataDir, 'db.lock'));
  try {
    const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: join(dataDir, 'db') });
    await migrate(database);
    return {
      database,
      async close() {
        await database.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Starts the whole server; resolves once it listens. Used by main.ts and by tests that need a real port. */
export async function startServer(config: Config) {
  const opened = await openConfiguredDatabase(config);
  const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/client');
  const app = await buildApp({ config, database: opened.database, clientDir });
  app.addHook('onClose', async () => opened.close());
  // A crash amid an upload leaves its partial body. The embedded database's lock makes this process
  // the data folder's only writer, so every one is a dead process's; beside other instances (on
  // PostgreSQL) only old ones surely are.
  const before = new Date(Date.now() - (config.DATABASE_URL ? INCOMPLETE_UPLOAD_AGE_MS : 0));
  await removeIncompleteUploads(config, before).then(
    (removed) => app.log.info({ removed }, 'incomplete uploads removed'),
    (error: unknown) => app.log.error({ err: error }, 'could not remove incomplete uploads'),
  );
  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}
