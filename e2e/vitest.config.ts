import { defineConfig } from 'vitest/config';

// Each file starts its own portal process and browser; files run one after another.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000, fileParallelism: false, pool: 'forks' },
});
