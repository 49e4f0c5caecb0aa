import { defineConfig } from 'tsup';

// The server is bundled with the workspace packages inlined (they ship TypeScript source);
// everything from node_modules stays external.
export default defineConfig({
  entry: { main: 'src/main.ts', cli: 'src/cli/index.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Every package from node_modules stays external; the workspace packages are inlined.
  external: [/^(?!@portal\/)[a-z@][^:]*$/],
  noExternal: [/^@portal\//],
});
