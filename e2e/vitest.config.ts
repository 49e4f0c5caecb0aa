import { defineConfig } from 'vitest/config';

// The replica drills need a shared PostgreSQL and Redis; they run in the PostgreSQL pass only.
const withServers = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

// Each file starts its own portal process and browser; files run one after another.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: withServers ? [] : ['test/replicas.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
