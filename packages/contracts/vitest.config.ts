import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The schemas hold no state between files, so one module graph serves them all; and two workers, not
    // Vitest's default of one fewer than the cores (one on a two-core machine).
    isolate: false,
    maxWorkers: 2,
  },
});
