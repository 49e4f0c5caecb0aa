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
  },
});
