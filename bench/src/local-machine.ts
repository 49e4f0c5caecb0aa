// What the benchmarks and the browser journeys (e2e/) share about running on this machine: a free
// port on 127.0.0.1 for a portal they start, and Debian's Chromium (never a downloaded browser).

import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const chromiumPath = (): string => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser of the journeys: Chromium's headless shell (Debian's `chromium-headless-shell`, or the one
 * CHROMIUM_HEADLESS_SHELL_PATH names) where it is installed, otherwise the Chromium of `chromiumPath`. The shell
 * is the same Blink and V8 without the browser's window layer, the build Playwright itself runs headless; a
 * journey file took about a quarter less wall and CPU time in it (41–45 s against 55–58 s for two files, back to
 * back). The benchmarks keep the full browser: Lighthouse measures the app as a phone's Chrome runs it.
 */
export function journeyChromiumPath(): string {
  const named = process.env.CHROMIUM_HEADLESS_SHELL_PATH;
  if (named) return named;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
}

/** Chromium's flags for a headless run in a container that reaches nothing but the local portal. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;
