import { defineConfig } from 'vitest/config';

// Every journey's portal runs on its own embedded database, whatever the pass. Two files reach the
// PostgreSQL of TEST_DATABASE_URL: the scale seed (200,000 referrals there) and the replica drills (two
// portals on one PostgreSQL and Redis). The PostgreSQL pass runs those two only: the others would repeat
// the embedded pass exactly. Without PostgreSQL and Redis the replica drills are left out.
const POSTGRES_FILES = ['test/scale.test.ts', 'test/replicas.test.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const withServers = onPostgres && Boolean(process.env.TEST_REDIS_URL);

// Each file starts its own portal process (on its own port and data folder) and its own browser. A
// journey spends about half its time waiting on the page, so the embedded pass runs two files side by
// side (about a third less wall time on two cores); the embedded portals start on copies of one database
// migrated by the global set-up. The PostgreSQL pass runs its two files one after another: the replica
// drills kill and restart portals and should not share the one server with the scale seed's load.
export default defineConfig({
  test: {
    globalSetup: onPostgres ? [] : ['src/template.ts'],
    include: onPostgres ? POSTGRES_FILES : ['test/**/*.test.ts'],
    exclude: withServers ? [] : ['test/replicas.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A poll waits on the page (a dialog's focus after its transition, a list after a refetch): 1 s, vitest's
    // default, is short for a busy two-core machine running two journeys and their browsers side by side.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: !onPostgres,
    maxWorkers: onPostgres ? 1 : 2,
    pool: 'forks',
  },
});
