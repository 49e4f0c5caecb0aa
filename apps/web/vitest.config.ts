import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    // One worker serves many files (jsdom and the setup file still run per file): importing React,
    // Mantine and the app again for every file was half of the suite's time.
    isolate: false,
    // Vitest's default in run mode is one worker fewer than the cores: one worker on a two-core machine,
    // which left a core idle for the whole suite (138 s against 77 s with two).
    maxWorkers: 2,
  },
});
