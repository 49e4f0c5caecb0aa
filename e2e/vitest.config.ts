import { defineConfig } from 'vitest/config';

// Every journey's portal runs on its own embedded database, whatever the pass. Two files reach the
// PostgreSQL of TEST_DATABASE_URL: the scale seed (200,000 referrals there) and the replica drills (two
// portals on one PostgreSQL and Redis). The PostgreSQL pass runs those two only: the others would repeat
// the embedded pass exactly. Without PostgreSQL and Redis the replica drills are left out.
const POSTGRES_FILES = ['test/scale.test.ts', 'test/replicas.test.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const withServers = onPostgres && Boolean(process.env.TEST_REDIS_URL);

// Each file starts its own portal process and browser; files run one after another. The embedded
// portals start on copies of one database migrated by the global set-up.
export default defineConfig({
  test: {
    globalSetup: onPostgres ? [] : ['src/template.ts'],
    include: onPostgres ? POSTGRES_FILES : ['test/**/*.test.ts'],
    exclude: withServers ? [] : ['test/replicas.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
