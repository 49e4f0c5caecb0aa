// "Web": Lighthouse performance and accessibility scores of the landing page `/` and a
// referral page `/r/{code}`, with the mobile default (simulated slow 4G, 4× CPU) and the desktop preset.
// Starts the built portal (apps/api/dist/main.js, which also serves apps/web/dist) on an embedded
// database with the demo data, reads a real referral code through the admin API, runs Lighthouse in
// Debian's Chromium (never a downloaded browser) and stops both. Scores are medians of 5 runs (with --quick one
// run of the landing page on mobile and one of the referral page on desktop).

import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { CHROMIUM_FLAGS, chromiumPath } from './local-machine';
import { DEMO_ADMIN, repoRoot, signIn, startBuiltPortal, type BuiltPortal } from './built-portal';
import { median } from './stats';

const BENCHMARK = 'Lighthouse';
export const LIGHTHOUSE_TARGET = 0.95;
const TARGET_TEXT = `≥ ${LIGHTHOUSE_TARGET}`;
/** Performance ≥ 0.98 on mobile, 1.00 (as Lighthouse rounds it: ≥ 0.995) on desktop; accessibility stays at 0.95 or more. */
const SCORE_TARGETS: Record<Preset, Record<Category, { min: number; text: string }>> = {
  mobile: { performance: { min: 0.98, text: '≥ 0.98' }, accessibility: { min: LIGHTHOUSE_TARGET, text: TARGET_TEXT } },
  desktop: { performance: { min: 0.995, text: '1.00' }, accessibility: { min: LIGHTHOUSE_TARGET, text: TARGET_TEXT } },
};
/** The mobile metrics of both public pages (medians). */
const MOBILE_METRIC_TARGETS = [
  { key: 'fcp', label: 'FCP', max: 1200, text: '≤ 1.2 s', show: (v: number) => `${(v / 1000).toFixed(2)} s` },
  { key: 'lcp', label: 'LCP', max: 1500, text: '≤ 1.5 s', show: (v: number) => `${(v / 1000).toFixed(2)} s` },
  { key: 'tbt', label: 'TBT', max: 100, text: '≤ 100 ms', show: (v: number) => `${Math.round(v)} ms` },
  { key: 'cls', label: 'CLS', max: 0.02, text: '≤ 0.02', show: (v: number) => v.toFixed(3) },
] as const;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const CATEGORIES = ['performance', 'accessibility'] as const;
type Category = (typeof CATEGORIES)[number];
type Preset = 'mobile' | 'desktop';

export interface LighthouseRow {
  name: string;
  value: number | null;
  target: string;
  met: boolean;
  // The runner's report line (bench/src/types.ts BenchFigure).
  benchmark: string;
  figure: string;
  status: 'met' | 'gap' | 'not available';
  note: string;
}

const webDist = process.env.BENCH_WEB_DIST ? resolve(process.env.BENCH_WEB_DIST) : join(repoRoot, 'apps/web/dist');
const log = (message: string) => process.stderr.write(`${message}\n`);

/** node apps/api/dist/main.js on a fresh DATA_DIR (embedded database) with the demo data. */
function startPortalWithWeb(): Promise<BuiltPortal> {
  // BENCH_API_MAIN / BENCH_WEB_DIST measure another build (e.g. while trying a change) without touching dist/.
  return startBuiltPortal({
    ...(process.env.BENCH_API_MAIN ? { main: resolve(process.env.BENCH_API_MAIN) } : {}),
    nodeFlags: [],
    env: { WEB_DIST: webDist },
  });
}

/** The referral code of an active demo partner, read as the demo admin. */
async function activeReferralCode(baseUrl: string): Promise<string> {
  const token = await signIn(baseUrl, DEMO_ADMIN);
  const res = await fetch(`${baseUrl}/api/admin/partners?status=active`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET /api/admin/partners answered ${res.status}`);
  const body: unknown = await res.json();
  const list = (
    Array.isArray(body)
      ? body
      : ((body as { items?: unknown[]; partners?: unknown[] }).items ??
        (body as { partners?: unknown[] }).partners ??
        [])
  ) as Array<{ status?: string; referralCode?: string }>;
  const code = list.find((p) => p.status === 'active' && p.referralCode)?.referralCode;
  if (!code) throw new Error('no active demo partner with a referral code');
  return code;
}

interface LighthouseResult {
  scores: Record<Category, number | null>;
  metrics: { fcp?: number; lcp?: number; tbt?: number; cls?: number; si?: number };
  failedA11y: string[];
  /** Lighthouse's measure of this machine's speed at the time (its 4× mobile CPU slowdown assumes a fast, idle desktop). */
  benchmarkIndex?: number;
}

/** The part of chrome-launcher (not a direct dependency: the copy Lighthouse itself uses) needed here. */
interface ChromeLauncher {
  launch(options: {
    chromePath: string;
    chromeFlags: string[];
    logLevel?: 'silent' | 'error' | 'info' | 'verbose';
  }): Promise<{ port: number; kill(): void | Promise<void> }>;
}

interface LighthouseApi {
  run(url: string, preset: Preset): Promise<LighthouseResult>;
  close(): Promise<void>;
}

/** Lighthouse driving one Chromium (Debian's, via chrome-launcher, Lighthouse's own dependency). */
async function openLighthouse(): Promise<LighthouseApi> {
  const chromePath = chromiumPath();
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (set CHROMIUM_PATH)`);
  const lighthouseDir = realpathSync(join(import.meta.dirname, '../node_modules/lighthouse'));
  const fromLighthouse = createRequire(join(lighthouseDir, 'package.json'));
  const chromeLauncher = (await import(fromLighthouse.resolve('chrome-launcher'))) as ChromeLauncher;
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  return {
    async run(url, preset) {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const numeric = (id: string) => lhr.audits[id]?.numericValue;
      const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => ref.id);
      return {
        scores: {
          performance: lhr.categories.performance?.score ?? null,
          accessibility: lhr.categories.accessibility?.score ?? null,
        },
        metrics: {
          fcp: numeric('first-contentful-paint'),
          lcp: numeric('largest-contentful-paint'),
          tbt: numeric('total-blocking-time'),
          cls: numeric('cumulative-layout-shift'),
          si: numeric('speed-index'),
        },
        failedA11y,
        benchmarkIndex: lhr.environment?.benchmarkIndex,
      };
    },
    async close() {
      await chrome.kill();
    },
  };
}

/** A trace that Chromium failed to record (NO_NAVSTART, NO_FCP under heavy load) is retried twice. */
async function runWithRetry(
  browser: LighthouseApi,
  url: string,
  preset: Preset,
  say: (message: string) => void,
): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await browser.run(url, preset);
    } catch (error) {
      if (attempt >= 3) throw error;
      say(`  retrying after: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

const seconds = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);

function describe(results: LighthouseResult[], category: Category): string {
  const runs = results.map((r) => (r.scores[category] ?? Number.NaN).toFixed(2)).join(', ');
  if (category === 'accessibility') {
    const failed = [...new Set(results.flatMap((r) => r.failedA11y))];
    return `runs: ${runs}${failed.length ? `; failed audits: ${failed.join(', ')}` : '; no failed audit'}`;
  }
  const m = (key: keyof LighthouseResult['metrics']) =>
    median(results.map((r) => r.metrics[key]).filter((v): v is number => v !== undefined));
  const benchmarkIndex = median(results.map((r) => r.benchmarkIndex).filter((v): v is number => v !== undefined));
  return `runs: ${runs}; median FCP ${seconds(m('fcp'))}, LCP ${seconds(m('lcp'))}, SI ${seconds(m('si'))}, TBT ${Math.round(m('tbt'))} ms, CLS ${m('cls').toFixed(3)}; Lighthouse benchmarkIndex ${Number.isFinite(benchmarkIndex) ? Math.round(benchmarkIndex) : 'n/a'}`;
}

export async function runLighthouseBench(opts: {
  quick: boolean;
  log?: (message: string) => void;
}): Promise<LighthouseRow[]> {
  const say = opts.log ?? log;
  const runs = opts.quick ? 1 : 5;
  if (!existsSync(join(webDist, 'index.html'))) {
    return [
      {
        name: 'Lighthouse for / and /r/{code}',
        value: null,
        target: TARGET_TEXT,
        met: false,
        benchmark: BENCHMARK,
        figure: 'Lighthouse for / and /r/{code}',
        status: 'not available',
        note: 'build the web app first: pnpm --filter @portal/web build',
      },
    ];
  }
  const portal = await startPortalWithWeb();
  let browser: LighthouseApi | null = null;
  try {
    const code = await activeReferralCode(portal.baseUrl);
    browser = await openLighthouse();
    const pages = [
      { label: '/', url: `${portal.baseUrl}/` },
      { label: '/r/{code}', url: `${portal.baseUrl}/r/${encodeURIComponent(code)}` },
    ];
    // Quick mode only keeps the benchmark working: one run of each page and of each preset (the landing page on
    // the mobile default, the referral page on the desktop preset) instead of every pairing.
    const plan = opts.quick
      ? [
          { page: pages[0]!, preset: 'mobile' as const },
          { page: pages[1]!, preset: 'desktop' as const },
        ]
      : pages.flatMap((page) => (['mobile', 'desktop'] as const).map((preset) => ({ page, preset })));
    const rows: LighthouseRow[] = [];
    for (const { page, preset } of plan) {
      const results: LighthouseResult[] = [];
      for (let i = 0; i < runs; i++) {
        say(`  Lighthouse ${page.label} (${preset}) run ${i + 1}/${runs}`);
        results.push(await runWithRetry(browser, page.url, preset, say));
      }
      for (const category of CATEGORIES) {
        const values = results.map((r) => r.scores[category]).filter((v): v is number => v !== null);
        const value = values.length ? median(values) : null;
        const target = SCORE_TARGETS[preset][category];
        const met = value !== null && value >= target.min;
        const name = `${category} ${page.label} (${preset})`;
        rows.push({
          name,
          value,
          target: target.text,
          met,
          benchmark: BENCHMARK,
          figure: `${category}, ${page.label} (${preset === 'mobile' ? 'mobile default: slow 4G, 4× CPU' : 'desktop preset'})`,
          status: value === null ? 'not available' : met ? 'met' : 'gap',
          note: `median of ${runs} run(s); ${describe(results, category)}${page.label === '/r/{code}' ? ` (code ${code})` : ''}`,
        });
      }
      if (preset !== 'mobile') continue;
      for (const metric of MOBILE_METRIC_TARGETS) {
        const values = results.map((r) => r.metrics[metric.key]).filter((v): v is number => v !== undefined);
        const value = values.length ? median(values) : null;
        const met = value !== null && value <= metric.max;
        rows.push({
          name: `${metric.label} ${page.label} (mobile)`,
          value,
          target: metric.text,
          met,
          benchmark: BENCHMARK,
          figure: `${metric.label}, ${page.label} (mobile default: slow 4G, 4× CPU)`,
          status: value === null ? 'not available' : met ? 'met' : 'gap',
          note: `median of ${runs} run(s): ${value === null ? 'n/a' : metric.show(value)}; runs: ${values.map((v) => metric.show(v)).join(', ')}`,
        });
      }
    }
    return rows;
  } finally {
    await browser?.close().catch(() => {});
    await portal.stop();
  }
}

// `npx tsx bench/src/lighthouse.ts [--quick]` runs this benchmark alone.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const rows = await runLighthouseBench({ quick: process.argv.includes('--quick') });
  for (const row of rows) log(`${row.figure}: ${row.value ?? 'n/a'} (${row.status}) — ${row.note}`);
}
