import { defineConfig } from 'vitest/config';

// The outage drill and the bounded waits put a proxy in front of a real PostgreSQL, and concurrent writers race on
// its row locks; the embedded pass has neither (one connection, no concurrency).
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
// These run the server, the cli and `pnpm dev` as processes on an embedded DATA_DIR whatever the pass: the
// PostgreSQL pass would repeat the embedded pass exactly, so it leaves them out.
const EMBEDDED_PROCESS_FILES = [
  'test/platform/data-dir.test.ts',
  'test/platform/backup.test.ts',
  'test/platform/dev-environment.test.ts',
  'test/platform/full-disk.test.ts',
  'test/platform/runtime.test.ts',
];
// These touch no database at all (rules over values, the source tree's shape): the PostgreSQL pass would repeat
// them exactly too.
const DATABASE_FREE_FILES = [
  'test/api/raw-routes.test.ts',
  'test/materials/upload-types.test.ts',
  'test/notifications/token-links.test.ts',
  'test/platform/domain-errors.test.ts',
  'test/platform/permissions.test.ts',
  'test/platform/service-signatures.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: ['test/**/*.test.ts'],
    // Migrates one template database per run; each test file copies it.
    globalSetup: ['test/support/global-setup.ts'],
    exclude: withPostgres
      ? [...EMBEDDED_PROCESS_FILES, ...DATABASE_FREE_FILES]
      : [
          'test/platform/database-outage.test.ts',
          'test/platform/database-waits.test.ts',
          'test/platform/concurrent-writers.test.ts',
        ],
    pool: 'forks',
    maxWorkers: 2,
    // The embedded database is PostgreSQL compiled to WebAssembly, and each test file starts its own: V8's baseline
    // compiler (Liftoff) alone costs less than optimizing the module's hot functions anew for every copy (12 files:
    // 66–71 s against 74–75 s). What runs is the same (support/index.ts gives the processes a test starts the same flag).
    execArgv: ['--liftoff-only'],
    // A worker runs file after file without loading the app's modules anew for each: every file
    // builds its own app on its own database, and no test changes module state, the environment or
    // the working folder, so a file sees nothing another left behind.
    isolate: false,
  },
});
