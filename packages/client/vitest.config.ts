import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    include: ['test/**/*.test.ts'],
    // The API tests' set-up: one migrated template database per run, which createTestApp copies.
    globalSetup: ['../../apps/api/test/support/global-setup.ts'],
    pool: 'forks',
  },
});
