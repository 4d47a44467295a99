import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests run once. Integration tests (*.int.test.ts) run twice: against embedded PGlite and
// against the machine's PostgreSQL. Integration workers are not isolated, so each worker keeps one
// database for all its files (creating a PGlite takes seconds).
const integration = (db: 'pglite' | 'postgres') => ({
  test: {
    name: db,
    include: ['src/**/*.int.test.ts', 'tests/**/*.int.test.ts'],
    env: { TEST_DB: db },
    isolate: false,
    globalSetup: ['tests/setup/global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // at least two at a time, also on a machine of two cores (vitest's default is one fewer than the
    // cores): integration tests spend much of their time waiting for the database and worker
    // threads, and CI's 2-core run took 423 s instead of 693 s
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
        },
      },
      integration('pglite'),
      integration('postgres'),
    ],
  },
});
