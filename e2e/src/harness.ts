// Browser journeys against the built app: a real server process on a fresh embedded database
// (its own DATA_DIR and port), Debian's Chromium driven by playwright-core. The fresh database is a
// copy of one migrated once per run (src/template.ts): a start then skips the migrations.

import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../..');
export const artifactsDir = join(repoRoot, 'e2e/.artifacts');

export const ADMIN = { email: 'admin@e2e.test', password: 'admin-password-123' };

export interface Portal {
  baseUrl: string;
  dataDir: string;
  /** Output of the server so far (for failure messages). */
  logs: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

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
  const child = spawn(process.execPath, [main], {
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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
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

/** Opens `url` and waits until the app answers clicks (a server-rendered page is hydrated by then). */
export async function gotoInteractive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-interactive]', { state: 'attached' });
}

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
 * Screenshots are for people to look at: off when E2E_SCREENSHOTS=off (CI keeps no artifacts), where
 * every check and wait around them still runs.
 */
const screenshotsOn = process.env.E2E_SCREENSHOTS !== 'off';

/**
 * `name`.png in e2e/.artifacts (and in SHOTS_DIR when set, a reviewer's folder): the whole page, with
 * `viewport` what is on screen (a dialog over a long page), with `clip` that part of the whole page;
 * or an element (a card, a column) when given a locator.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  {
    viewport = false,
    clip,
  }: { viewport?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {},
): Promise<void> {
  if (!screenshotsOn) return;
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path, fullPage: !viewport, clip });
  else await target.screenshot({ path });
  const reviewDir = process.env.SHOTS_DIR;
  if (reviewDir) {
    mkdirSync(reviewDir, { recursive: true });
    copyFileSync(path, join(reviewDir, `${name}.png`));
  }
}

/** Switches the colour scheme with the header's theme toggle (no dialog may be open over it). */
export async function useScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const current = await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  if (current === scheme) return;
  await page.getByTestId('theme-toggle').click();
  await page.waitForFunction(
    (wanted) => document.documentElement.getAttribute('data-mantine-color-scheme') === wanted,
    scheme,
  );
}

/** 'Process N Payouts' asks first: waits for the summary of what the server would pay, then confirms it. */
export async function confirmPayout(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm payout' });
  await dialog.getByTestId('preview-total').waitFor();
  await dialog.getByRole('button', { name: 'Confirm payout' }).click();
}

/** Approving a partner asks first: the approval dialog's confirming button. */
export async function confirmApproval(page: Page): Promise<void> {
  await page
    .getByRole('dialog', { name: 'Approve application' })
    .getByRole('button', { name: 'Approve partner' })
    .click();
}

/** Waits until no CSS transition is running (a dialog fading in would be measured half-transparent). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getAnimations().filter((a) => a.constructor.name === 'CSSTransition' && a.playState === 'running')
        .length === 0,
  );
}

/**
 * The elements under `scope` that scroll sideways (content wider than the box, overflow-x auto or
 * scroll): a table in a scroll container that does not fit shows up here even when the page fits.
 */
export async function sidewaysScrollers(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) =>
    [root, ...Array.from(root.querySelectorAll('*'))]
      .filter(
        (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1,
      )
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${Array.from(el.classList, (c) => `.${c}`).join('')} (${el.scrollWidth} px in ${el.clientWidth} px)`,
      ),
  );
}

/** The cells under `scope` as a card shows them, each column's label (drawn by CSS) before its value; none on a table. */
export async function cardLabels(scope: Locator): Promise<string[]> {
  return scope.locator('td').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const label = getComputedStyle(cell, '::before').content;
      return label === 'none' || label === 'normal' ? [] : [`${label.replace(/^"|"$/g, '')} ${cell.textContent ?? ''}`];
    }),
  );
}

/**
 * The axe rules a colour scheme can change. The other rules read the DOM, and the DOM is the same in both
 * schemes (only the theme toggle's icon differs), so a page already checked in full in one scheme needs only
 * these in the other.
 */
const SCHEME_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core on the current page, once transitions are over: the serious and critical violations (only the rules
 * that can report one run), one line a node, with the colours and ratio of a contrast failure. `colours` runs only the rules a colour scheme can
 * change: for the second scheme of a page checked in full in the first.
 */
export async function seriousA11yViolations(page: Page, rules: 'all' | 'colours' = 'all'): Promise<string[]> {
  await settled(page);
  await page.addScriptTag({ content: axe.source });
  return page.evaluate(
    async (values) => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const axe = (window as any).axe;
      // The rules a default run has that can report a serious or critical violation: the others (landmarks,
      // heading order, region, …) declare a moderate or minor impact, which no journey fails on, and take a
      // third of a run. Without axe's rule table every default rule runs.
      const table = axe._audit?.rules as
        Array<{ id: string; impact?: string; enabled?: boolean; tags: string[] }> | undefined;
      const grave = (table ?? [])
        .filter((rule) => rule.enabled !== false && !rule.tags.includes('experimental'))
        .filter((rule) => rule.impact !== 'moderate' && rule.impact !== 'minor')
        .map((rule) => rule.id);
      const only = values ?? (grave.length ? grave : null);
      const options = only
        ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: only } }
        : { resultTypes: ['violations'] };
      const result = await axe.run(document, options);
      const found: string[] = [];
      for (const violation of result.violations as Array<{
        id: string;
        impact: string;
        nodes: Array<{ target: string[]; any: Array<{ data?: Record<string, unknown> }> }>;
      }>) {
        if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
        for (const node of violation.nodes) {
          const data = node.any[0]?.data;
          const colours =
            data && 'contrastRatio' in data
              ? ` (${String(data.fgColor)} on ${String(data.bgColor)}, ${String(data.contrastRatio)}:1)`
              : '';
          found.push(`${violation.id}: ${node.target.join(' ')}${colours}`);
        }
      }
      return found;
    },
    rules === 'colours' ? SCHEME_RULES : null,
  );
}

/** A complete partner application (POST /api/partners) for journeys that seed applicants through the API. */
export function sampleApplication(companyName: string, contactName: string) {
  return {
    companyName,
    contactName,
    companyType: 'agency',
    expectedVolume: '3-5 referrals/month',
    paymentMethod: 'Wire',
    bankName: 'First Bank of Oregon',
    bankRoutingNumber: '021000021',
    bankAccountNumber: '000123456789',
    bankAccountType: 'checking',
    bankAccountHolderName: companyName,
    bankAddress: '1 Main St, Portland, OR',
    beneficiaryAddress: '2 Side St, Portland, OR',
    agreementSigned: true,
  };
}

/** A partner the admin creates directly (approved, agreement signed); the rest of the form has defaults. */
export interface PartnerSeed {
  email: string;
  password: string;
  companyName: string;
  contactName: string;
  companyType?: string;
  expectedVolume?: string;
  website?: string;
}

export interface SeededPartner {
  id: string;
  token: string;
  referralCode: string;
  status: string;
}

/** A client the admin adds for a partner (the Add Client form's fields). */
export interface ClientSeed {
  partnerId: string;
  clientCompanyName: string;
  serviceType: string;
  monthlyValue: number | string;
  [field: string]: unknown;
}

/** Won with annual sales past the agreement's qualification threshold. */
const WON = { annualSales: '1000000.00' };

export type ApiClient = ReturnType<typeof api>;

/** A small REST client for setting up journeys through the public API. */
export function api(baseUrl: string) {
  async function call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
  }
  /** A call that must answer `expected` (one status or several): answers its body, or throws with what came back. */
  async function expectCall<T = unknown>(
    expected: number | number[],
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<T> {
    const res = await call<T>(method, path, body, token, headers);
    if (!([] as number[]).concat(expected).includes(res.status))
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  async function login(email: string, password: string): Promise<string> {
    const res = await call<{ token: string }>('POST', '/api/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token;
  }
  async function register(email: string, password: string): Promise<string> {
    const res = await call<{ token: string }>('POST', '/api/auth/register', { email, password });
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`register failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token;
  }
  return {
    call,
    expectCall,
    login,
    /** The bootstrap admin's session token. */
    adminToken: () => login(ADMIN.email, ADMIN.password),
    /**
     * The admin creates an approved partner (POST /api/admin/partners); answers its id, referral code
     * and a session of its own.
     */
    async createPartner(adminToken: string, partner: PartnerSeed): Promise<SeededPartner> {
      const { id } = await expectCall<{ id: string }>(
        201,
        'POST',
        '/api/admin/partners',
        { companyType: 'agency', expectedVolume: '3-5 referrals/month', ...partner },
        adminToken,
      );
      const token = await login(partner.email, partner.password);
      const me = await expectCall<{ referralCode: string; status: string }>(
        200,
        'GET',
        '/api/partners/me',
        undefined,
        token,
      );
      return { id, token, referralCode: me.referralCode, status: me.status };
    },
    /**
     * The admin adds a client for a partner (POST /api/admin/referrals) and moves it to Won with `won`'s
     * fields; answers the referral as the create answered it.
     */
    async addWonClient<T extends { id: string } = { id: string }>(
      adminToken: string,
      client: ClientSeed,
      won: Record<string, unknown> = WON,
    ): Promise<T> {
      const created = await expectCall<T>(201, 'POST', '/api/admin/referrals', client, adminToken);
      await expectCall(200, 'PATCH', `/api/admin/referrals/${created.id}`, { stage: 'won', ...won }, adminToken);
      return created;
    },
    /**
     * Fees from the monthly accrual instead of client payments: the admin switches the fee basis to
     * activeMonth and accrues `month`.
     */
    async accrueActiveMonth(adminToken: string, month: string): Promise<void> {
      await expectCall(200, 'PATCH', '/api/admin/program-settings', { feeBasis: 'activeMonth' }, adminToken);
      await expectCall(200, 'POST', '/api/admin/commissions/accrue', { month }, adminToken);
    },
    /** Signs up and submits a complete application (`sampleApplication` with `overrides`); answers the session and the application's id. */
    async apply(
      email: string,
      password: string,
      companyName: string,
      contactName: string,
      overrides: Record<string, unknown> = {},
    ): Promise<{ token: string; id: string }> {
      const token = await register(email, password);
      const application = { ...sampleApplication(companyName, contactName), ...overrides };
      const { id } = await expectCall<{ id: string }>(201, 'POST', '/api/partners', application, token);
      return { token, id };
    },
    /** An application the admin approves (through the approval endpoint, as the queue's button does). */
    async approve(adminToken: string, partnerId: string): Promise<void> {
      await expectCall(200, 'POST', `/api/admin/partners/${partnerId}/approve`, {}, adminToken);
    },
    register,
  };
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
