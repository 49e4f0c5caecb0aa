// The server's heap policy (a 10,000,000-row export streams with the server's RSS under
// 300 MB). A long stream allocates fast while its live set stays small (~50 MB), and V8's defaults
// size the heap for throughput: the old generation may grow to four times the live set between
// full collections, and the young generation to 2 × 16–32 MB plus pooled pages — about 450 MB of RSS
// for garbage. Two settings bound that, measured at no cost in throughput (bench/profile-report.md):
// - the old generation grows by at most 30 % of its live size before the next full collection (a V8
//   flag read at each collection, so it is set here and holds however the process is started);
// - the young generation's semi-spaces stop at 8 MB: V8 reads that size only at start-up, so it is
//   a command-line flag, given by every start path (`pnpm start`, the Dockerfile, the benchmarks);
//   a test holds them to SERVER_NODE_FLAGS.

import { setFlagsFromString } from 'node:v8';

/** Node flags every start of `dist/main.js` passes (a test checks the Dockerfile and `pnpm start`). */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'] as const;

/** Caps the old generation's growth between full collections at 30 % of the live heap. */
export function applyHeapPolicy(): void {
  setFlagsFromString('--heap-growing-percent=30');
}
