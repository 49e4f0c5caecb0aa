// Browser journeys against the built app: a real server process on a fresh embedded database
// (its own DATA_DIR and port), Debian's Chromium (its headless shell where installed) driven by
// playwright-core. The fresh database is a copy of one migrated once per run (src/template.ts): a
// start then skips the migrations.

import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_FLAGS, freePort, journeyChromiumPath } from '../../bench/src/local-machine';
import { ADMIN, api, type ApiClient } from './api-client';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../..');

export interface Portal {
  baseUrl: string;
  dataDir: string;
  /** Output of the server so far (for failure messages). */
  logs: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  logs: () => string,
  // Under the hook timeout (120 s): on a loaded 2-core machine the embedded database's first start can take a minute.
  timeoutMs = 100_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The portal exited with ${child.exitCode}:\n${logs()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The portal did not become healthy in ${timeoutMs} ms:\n${logs()}`);
}

/**
 * What a portal's start may change in its data folder: a caller that sets any of these gets a data
 * folder of its own making, not the shared migrated copy (another database, admin or keys).
 */
const OWN_DATA_SETTINGS = [
  'DATABASE_URL',
  'DATA_DIR',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'DEMO_DATA',
  'JWT_SECRET',
  'DATA_ENCRYPTION_KEY',
  'DATA_ENCRYPTION_OLD_KEYS',
];

/** The migrated data folder of this run (src/template.ts), when the start may begin from a copy of it. */
function templateFor(env: Record<string, string>): string | undefined {
  if (OWN_DATA_SETTINGS.some((name) => name in env)) return undefined;
  let template: string | undefined;
  try {
    template = inject('portalTemplateDir');
  } catch {
    // Outside a test worker (the global set-up making the template): no template yet.
    return undefined;
  }
  return template && existsSync(template) ? template : undefined;
}

/**
 * Node's flags for a journey's portal. Its embedded database is PostgreSQL compiled to WebAssembly, and for a portal
 * that lives a few minutes V8's optimizing compiler (TurboFan) cost more than it gave back: with the baseline compiler
 * (Liftoff) alone the portals took about a fifth less CPU (screens 25 s → 20 s, scale 16 s → 12 s) in the same wall
 * time. What runs is the same; a production start keeps every tier.
 */
const PORTAL_FLAGS = ['--liftoff-only'];

/** Starts the built portal (apps/api/dist/main.js serving apps/web/dist) on a fresh embedded database. */
export async function startPortal(env: Record<string, string> = {}): Promise<Portal> {
  const main = join(repoRoot, 'apps/api/dist/main.js');
  if (!existsSync(main) || !existsSync(join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('Build the apps first: pnpm --filter @portal/web build && pnpm --filter @portal/api build');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const template = templateFor(env);
  if (template) cpSync(template, dataDir, { recursive: true });
  // The portal serves its own copy of the web build: a rebuild of apps/web/dist while a journey
  // runs (another file, a developer) must not pull the page chunks from under the browser.
  const webDist = env.WEB_DIST ?? join(dataDir, 'web');
  if (!env.WEB_DIST) cpSync(join(repoRoot, 'apps/web/dist'), webDist, { recursive: true });
  // The server build of the public pages sits beside the web build (WEB_DIST/../dist-ssr).
  if (!env.WEB_DIST && existsSync(join(repoRoot, 'apps/web/dist-ssr')))
    cpSync(join(repoRoot, 'apps/web/dist-ssr'), join(dataDir, 'dist-ssr'), { recursive: true });
  // A caller that must know the address before the start (PUBLIC_URL for mailed links) passes PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child = spawn(process.execPath, [...PORTAL_FLAGS, main], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DEMO_DATA: 'false',
      ACCRUAL_TIMER: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SCHEDULING_URL: 'https://schedule.example.com/consultation',
      // Production would make the admin enrol in TOTP first; the journeys about that turn it on.
      ADMIN_MFA_REQUIRED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const logs = () => output;
  try {
    await waitForHealth(baseUrl, child, logs);
  } catch (error) {
    // Not left running (nobody else holds the process): stop it and remove its data.
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    logs,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill(signal);
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * V8 in the journeys' browser stops at its baseline compiler (Sparkplug): a journey's page lives for seconds, and the
 * optimizing tiers (Maglev, TurboFan) spent more CPU compiling than their code saved. What runs is the same; on the
 * screens journey the renderers took a fifth less CPU (116 s → 94 s, four runs each). The benchmarks' Chromium keeps
 * every tier: Lighthouse measures the app as a phone runs it.
 */
const JOURNEY_V8_FLAGS = '--js-flags=--max-opt=1';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: journeyChromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS, '--disable-quic', JOURNEY_V8_FLAGS],
  });
}

/** A journey file's portal and browser, live once the file's first `beforeAll` has run. */
export interface PortalJourney {
  readonly portal: Portal;
  readonly browser: Browser;
  /** The REST client of this portal (`api`). */
  api(): ApiClient;
  /** A fresh browser context and page of this file's browser (`newPage`). */
  newPage(viewport?: Viewport): Promise<{ context: BrowserContext; page: Page }>;
  /** Opens `path` signed in with `token` (`signInWithToken`). */
  signIn(page: Page, token: string, path?: string): Promise<void>;
  /** A fresh page at `viewport` (desktop by default) with `path` open, signed in with `token`. */
  signedInPage(token: string, path: string, viewport?: Viewport): Promise<{ context: BrowserContext; page: Page }>;
}

/** The journey's helpers bound to its portal and browser, which the hooks start. */
export function journeyOf(started: () => { portal: Portal; browser: Browser }): PortalJourney {
  return {
    get portal() {
      return started().portal;
    },
    get browser() {
      return started().browser;
    },
    api: () => api(started().portal.baseUrl),
    newPage: (viewport) => newPage(started().browser, viewport),
    signIn: (page, token, path) => signInWithToken(page, started().portal.baseUrl, token, path),
    async signedInPage(token, path, viewport) {
      const opened = await newPage(started().browser, viewport);
      await signInWithToken(opened.page, started().portal.baseUrl, token, path);
      return opened;
    },
  };
}

/**
 * Starts a portal (on its own database and copy of the web build) and a Chromium for the calling
 * test file, and stops both after it. Call it at the top of the file, before its own hooks: its
 * `beforeAll` runs first and its `afterAll` last. `env` may be a function that prepares the
 * settings in the `beforeAll` (a server the portal talks to, a port it must know in advance).
 */
export function usePortal(env: Record<string, string> | (() => Promise<Record<string, string>>) = {}): PortalJourney {
  let portal: Portal | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // The browser starts while the portal does; if one fails, afterAll still stops the other.
    const [started, launched] = await Promise.allSettled([
      (async () => startPortal(typeof env === 'function' ? await env() : env))(),
      launchBrowser(),
    ]);
    if (started.status === 'fulfilled') portal = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  return journeyOf(() => {
    if (!portal || !browser)
      throw new Error('The portal and browser start in beforeAll: use them inside hooks and tests');
    return { portal, browser };
  });
}

export const DESKTOP = { width: 1366, height: 900 };
export const MOBILE = { width: 390, height: 844 };
/** The two widths every screen is looked at, each with the name its screenshots carry. */
export const VIEWS = [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const;

export type Viewport = { width: number; height: number };

export async function newPage(
  browser: Browser,
  viewport: Viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  // bypassCSP lets the tests inject axe-core; the app itself runs under its strict CSP otherwise.
  const context = await browser.newContext({ viewport, bypassCSP: true });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Signs a page in by storing a token the API issued (skips the dialog when a journey is not about it).
 * The token is stored from the health check's small JSON document of the same origin, so the app
 * starts once, on `path`, already signed in.
 */
export async function signInWithToken(page: Page, baseUrl: string, token: string, path = '/'): Promise<void> {
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((t) => localStorage.setItem('auth_token', t), token);
  await page.goto(`${baseUrl}${path}`);
}
