import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests run once. Integration tests (*.int.test.ts) run on the machine's PostgreSQL, production's
// database; of them, what differs on the embedded PGlite runs there too (ADR 0026). Integration workers
// are not isolated, so each worker keeps one database for all its files (creating a PGlite takes seconds).
const INTEGRATION = ['src/**/*.int.test.ts', 'tests/**/*.int.test.ts'];

/**
 * What PGlite does otherwise: the driver's answers (health), one connection for every transaction
 * (credits, two finalizings at once, a bank import given turns, receipt jobs and mails taken once,
 * concurrent uploads), its data folder and lock (the built server started, crashed, stopped, a second
 * one refused, the demo seeded as `npm run demo` does on a fresh machine). Every browser journey runs on
 * PGlite as well.
 */
const ON_PGLITE_TOO = [
  'src/server/app.int.test.ts',
  'src/server/health/health.int.test.ts',
  'src/server/credits/ledger.int.test.ts',
  'src/server/settlements/finalize-at-once.int.test.ts',
  'src/server/bank/import-under-load.int.test.ts',
  'src/server/recognition/recognition-jobs.int.test.ts',
  'src/server/mail/outbox.int.test.ts',
  'tests/hardening/quotas.int.test.ts',
  'tests/hardening/incomplete-uploads.int.test.ts',
  'tests/ops/*.int.test.ts',
];

const integration = (db: 'pglite' | 'postgres', include: string[], exclude: string[] = []) => ({
  test: {
    name: db,
    include,
    exclude,
    env: { TEST_DB: db },
    isolate: false,
    globalSetup: ['tests/setup/global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // one more than the cores: integration tests spend much of their time waiting for the database,
    // reader processes and worker threads (on 2 cores the suite took 204 s with 2 workers, 175 s with 3)
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
          // unit tests share no state and mock nothing: a worker imports the modules once for all its
          // files (the unit tests took 85 s isolated, 49 s not)
          isolate: false,
          // reading, rendering and damaging files is CPU work: on a shared 2-core machine under load a
          // test of 1 s idle has taken 6 s
          testTimeout: 20_000,
        },
      },
      integration('pglite', ON_PGLITE_TOO),
      // the demo seeds the embedded database, as `npm run demo` does without DATABASE_URL
      integration('postgres', INTEGRATION, ['tests/ops/demo.int.test.ts']),
    ],
  },
});
