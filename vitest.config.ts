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
