import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { acquireLock } from './db/lock';
import { migrate } from './db/migrate';
import type { Config } from './env';

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
  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}
