import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Migrates one template database per run; each test file copies it.
    globalSetup: ['test/global-setup.ts'],
  },
});
