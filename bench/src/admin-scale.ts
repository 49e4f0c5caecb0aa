// "Admin at scale": seeds 100,000 partners / 2,000,000
// referrals / 10,000,000 commissions (a thousandth with --quick), then times GET /api/admin/metrics, the charts (GET /api/admin/trends, GET /api/partners/earnings-by-month) and one page of GET /api/admin/partners
// with search and sort, a partner's dashboard queries (< 20 ms), over HTTP against the running
// portal, as median and p95; and streams the commissions export (every row) from the built server in
// its own process with that process's RSS sampled.

import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { explainMarkdown, explainRequest } from './explain';
import { besideInProcessPortal, startBuiltPortal, withPeakRss, type BuiltPortal } from './built-portal';
import { busiestPartnerToken, seedAdminToken, withPostgresPortal } from './portal';
import { FULL_SCALE, QUICK_SCALE, SEED_TARGET_MS, seedScale } from './seed-scale';
import { fmt, latencyFigure } from './stats';
import type { PostgresBenchOptions, TimedFigure } from './types';

const BENCHMARK = 'Admin at scale';
export const ADMIN_SCALE_TARGET_MS = 50;
/** Each query of a partner's dashboard. */
export const PARTNER_DASHBOARD_TARGET_MS = 20;
/** The server's RSS while the 10,000,000-row commissions export streams. */
export const EXPORT_RSS_TARGET_MB = 300;
const EXPLAIN_FILE = 'explain-report.md';

/** One figure of this benchmark (the runner's report line and the timings). */
export type AdminScaleFigure = TimedFigure;

async function timeRequests(url: string, headers: Record<string, string>, samples: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    const elapsed = performance.now() - started;
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    times.push(elapsed);
  }
  return times;
}

export async function runAdminScaleBench(opts: PostgresBenchOptions): Promise<AdminScaleFigure[]> {
  const sizes = opts.quick ? QUICK_SCALE : FULL_SCALE;
  return withPostgresPortal(opts, 'the admin scale benchmark', async ({ portal, databaseUrl, log }) => {
    const seedStarted = performance.now();
    const counts = await seedScale(portal.rawDb, sizes, log);
    const seedMs = performance.now() - seedStarted;
    const token = await seedAdminToken(portal.deps);
    const headers = { authorization: `Bearer ${token}` };
    const scale = `${fmt(counts.partners)} partners, ${fmt(counts.referrals)} referrals, ${fmt(counts.commissions)} commissions`;

    // The partner with the most commissions, for the partner dashboard's chart endpoint.
    const partnerHeaders = { authorization: `Bearer ${await busiestPartnerToken(portal.deps)}` };

    const cases: { name: string; path: string; headers?: Record<string, string>; targetMs?: number }[] = [
      { name: 'GET /api/admin/metrics', path: '/api/admin/metrics' },
      { name: 'GET /api/admin/trends?months=12', path: '/api/admin/trends?months=12' },
      {
        name: 'GET /api/partners/earnings-by-month?months=12 (the partner with the most commissions)',
        path: '/api/partners/earnings-by-month?months=12',
        headers: partnerHeaders,
      },
      // "acme" matches one company name in twenty; sorted by MRR, the second page.
      {
        name: 'GET /api/admin/partners?search=acme&sort=-currentMrr (one page of 25)',
        path: '/api/admin/partners?search=acme&sort=-currentMrr&limit=25&offset=25',
      },
      // The screen's first page; without `limit` the spec path answers every row (streamed, measured below).
      { name: 'GET /api/admin/partners?limit=25 (first page, default sort)', path: '/api/admin/partners?limit=25' },
      // A partner's dashboard: profile, summary cards, the first pages of both tabs (the busiest partner).
      {
        name: 'partner dashboard: GET /api/partners/me',
        path: '/api/partners/me',
        headers: partnerHeaders,
        targetMs: PARTNER_DASHBOARD_TARGET_MS,
      },
      {
        name: 'partner dashboard: GET /api/partners/metrics',
        path: '/api/partners/metrics',
        headers: partnerHeaders,
        targetMs: PARTNER_DASHBOARD_TARGET_MS,
      },
      {
        name: 'partner dashboard: GET /api/partners/referrals/page?limit=25',
        path: '/api/partners/referrals/page?limit=25',
        headers: partnerHeaders,
        targetMs: PARTNER_DASHBOARD_TARGET_MS,
      },
      {
        name: 'partner dashboard: GET /api/partners/commissions/page?limit=25',
        path: '/api/partners/commissions/page?limit=25',
        headers: partnerHeaders,
        targetMs: PARTNER_DASHBOARD_TARGET_MS,
      },
    ];
    const samples = opts.quick ? 20 : 200;
    const plans: string[] = [];
    const figures: AdminScaleFigure[] = [
      {
        name: 'seed',
        medianMs: seedMs,
        p95Ms: seedMs,
        targetMs: SEED_TARGET_MS,
        benchmark: BENCHMARK,
        figure: 'scale seed (set-based SQL)',
        value: `${fmt(seedMs / 1000, 1)} s`,
        target: `< ${fmt(SEED_TARGET_MS / 60_000)} min`,
        status: opts.quick ? 'info' : seedMs < SEED_TARGET_MS ? 'met' : 'gap',
        note: `${scale}; bench/src/seed-scale.ts (generate_series, values derived from the series, foreign keys and plain indexes rebuilt after the load, two sessions, then vacuum analyze)`,
      },
    ];
    for (const c of cases) {
      const url = `${portal.baseUrl}${c.path}`;
      await timeRequests(url, c.headers ?? headers, opts.quick ? 3 : 20); // warm-up: plans, buffers, JIT of the JS
      const loadBefore = loadavg()[0] ?? 0;
      const times = await timeRequests(url, c.headers ?? headers, samples);
      const load = `load average ${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)} on ${cpus().length} CPUs`;
      const item = latencyFigure(
        BENCHMARK,
        c.name,
        times,
        c.targetMs ?? ADMIN_SCALE_TARGET_MS,
        `${samples} sequential requests over HTTP with ${c.headers ? 'a partner' : 'an admin'} token, after warm-up; ${scale}; ${load}`,
      );
      log(`admin-scale: ${c.name}: median ${item.medianMs.toFixed(1)} ms, p95 ${item.p95Ms.toFixed(1)} ms`);
      if (item.status === 'gap') {
        // A figure that misses comes with the plans of the statements behind it.
        plans.push(
          explainMarkdown(
            `${c.name}: median ${fmt(item.medianMs, 1)} ms`,
            await explainRequest(portal, c.path, c.headers ?? headers),
          ),
        );
        item.note += `; EXPLAIN (ANALYZE, BUFFERS) in bench/${EXPLAIN_FILE}`;
      }
      figures.push(item);
    }
    if (!opts.quick && plans.length) {
      writeFileSync(
        join(import.meta.dirname, '..', EXPLAIN_FILE),
        [
          `# Plans of the admin-scale figures that missed (${new Date().toISOString()})`,
          '',
          `${scale}.`,
          '',
          ...plans,
        ].join('\n'),
      );
    }
    figures.push(...(await onBuiltServer(databaseUrl, portal.deps.config, headers, scale, log)));
    return figures;
  });
}

/** Growth of the server's RSS allowed while a whole list streams out. */
export const STREAM_RSS_GROWTH_TARGET_MB = 64;

/**
 * Reads the whole body of GET `url` chunk by chunk (keeping none of it) while sampling the RSS of the
 * server process `pid` every 20 ms.
 */
async function streamBody(
  url: string,
  headers: Record<string, string>,
  pid: number,
  onChunk: (chunk: Uint8Array) => void,
): Promise<{ bytes: number; elapsedMs: number; rssBefore: number; peak: number }> {
  const started = performance.now();
  let bytes = 0;
  const { beforeMb, peakMb } = await withPeakRss(pid, 20, async () => {
    const res = await fetch(url, { headers });
    if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}`);
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      onChunk(chunk);
    }
  });
  return { bytes, elapsedMs: performance.now() - started, rssBefore: beforeMb, peak: peakMb };
}

/**
 * A spec list path without `limit` answers every row, streamed in keyset batches: reads the whole
 * body chunk by chunk (keeping none of it) while sampling the server process's RSS, and reports the peak growth.
 */
async function streamEveryRow(
  url: string,
  headers: Record<string, string>,
  pid: number,
  path: string,
  scale: string,
  log: (message: string) => void,
): Promise<AdminScaleFigure> {
  const decoder = new TextDecoder();
  let rows = 0;
  const { bytes, elapsedMs, rssBefore, peak } = await streamBody(url, headers, pid, (chunk) => {
    rows += decoder.decode(chunk, { stream: true }).split('{"id":').length - 1;
  });
  const growthMb = peak - rssBefore;
  log(
    `admin-scale: ${path} (every row): ${rows} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${elapsedMs.toFixed(0)} ms, RSS +${growthMb.toFixed(1)} MB`,
  );
  return {
    name: `${path} (every row, streamed)`,
    medianMs: elapsedMs,
    p95Ms: elapsedMs,
    targetMs: Number.POSITIVE_INFINITY,
    benchmark: BENCHMARK,
    figure: `${path} without limit (every row, streamed): peak RSS growth`,
    value: `+${fmt(growthMb, 1)} MB (${fmt(rows)} rows, ${fmt(bytes / 1024 / 1024, 1)} MB of JSON in ${fmt(elapsedMs / 1000, 1)} s)`,
    target: `≤ ${STREAM_RSS_GROWTH_TARGET_MB} MB`,
    status: growthMb <= STREAM_RSS_GROWTH_TARGET_MB ? 'met' : 'gap',
    note: `one request read chunk by chunk and discarded; VmRSS of the server process (node apps/api/dist/main.js, pid ${pid}) from /proc every 20 ms, ${fmt(rssBefore, 0)} MB before; ${scale}`,
  };
}

/**
 * Target: "the commissions export of 10,000,000 rows streams with the server's RSS under 300 MB".
 * The built server (apps/api/dist/main.js, started as `pnpm start` starts it) runs in its own process
 * on the seeded database, with the in-process portal's secrets so the admin token is valid there, and
 * its RSS is read from /proc: the bench's own memory (the HTTP client, the in-process portal) is not
 * in the figures. The two whole lists stream from it first, then the export.
 */
async function onBuiltServer(
  databaseUrl: string,
  config: { jwtSecret?: string; dataEncryptionKey?: string },
  headers: Record<string, string>,
  scale: string,
  log: (message: string) => void,
): Promise<AdminScaleFigure[]> {
  let server: BuiltPortal;
  try {
    server = await startBuiltPortal({ databaseUrl, env: besideInProcessPortal(config) });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return [
      {
        ...EXPORT_FIGURE,
        medianMs: 0,
        p95Ms: 0,
        value: 'not measured',
        status: 'not available',
        note: `the built server did not start: ${reason}`,
      },
    ];
  }
  try {
    const figures: AdminScaleFigure[] = [];
    for (const path of ['/api/admin/referrals', '/api/admin/commissions/pending']) {
      figures.push(await streamEveryRow(`${server.baseUrl}${path}`, headers, server.pid, path, scale, log));
    }
    figures.push(
      await streamExport(`${server.baseUrl}/api/admin/exports/commissions.csv`, headers, server.pid, scale, log),
    );
    return figures;
  } finally {
    await server.stop();
  }
}

const EXPORT_FIGURE = {
  name: 'commissions export',
  targetMs: Number.POSITIVE_INFINITY,
  benchmark: BENCHMARK,
  figure: 'GET /api/admin/exports/commissions.csv (every row, streamed): peak RSS of the server process',
  target: `< ${EXPORT_RSS_TARGET_MB} MB`,
} as const;

/** Streams the commissions CSV export (every row) and reports the peak RSS (VmRSS) of the server process `pid`. */
async function streamExport(
  url: string,
  headers: Record<string, string>,
  pid: number,
  scale: string,
  log: (message: string) => void,
): Promise<AdminScaleFigure> {
  let lines = 0;
  const {
    bytes,
    elapsedMs,
    rssBefore,
    peak: peakMb,
  } = await streamBody(url, headers, pid, (chunk) => {
    for (const byte of chunk) if (byte === 10) lines++;
  });
  log(
    `admin-scale: commissions export: ${lines} lines, ${(bytes / 1024 / 1024).toFixed(0)} MB in ${elapsedMs.toFixed(0)} ms, peak RSS ${peakMb.toFixed(0)} MB`,
  );
  return {
    ...EXPORT_FIGURE,
    medianMs: elapsedMs,
    p95Ms: elapsedMs,
    value: `${fmt(peakMb, 0)} MB (${fmt(lines - 1)} rows, ${fmt(bytes / 1024 / 1024, 0)} MB of CSV in ${fmt(elapsedMs / 1000, 1)} s)`,
    status: peakMb < EXPORT_RSS_TARGET_MB ? 'met' : 'gap',
    note: `VmRSS of the server process (node apps/api/dist/main.js, pid ${pid}, started for this figure on the seeded database) from /proc every 20 ms, ${fmt(rssBefore, 0)} MB before the request; ${scale}`,
  };
}

/** `tsx bench/src/admin-scale.ts [--quick]`: this benchmark alone, on a fresh database; writes bench/admin-scale-report.md. */
async function main() {
  const { createDb, migrateToLatest } = await import('@portal/db');
  const { sql } = await import('kysely');
  const { writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const quick = process.argv.includes('--quick');
  const serverUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `portal_admin_scale_${randomBytes(4).toString('hex')}`;
  const server = createDb({ databaseUrl: serverUrl, poolSize: 1 });
  await sql`create database ${sql.raw(name)}`.execute(server.db);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const handle = createDb({ databaseUrl: url.toString(), poolSize: 1 });
    await migrateToLatest(handle.db);
    const { rows } = await sql<{ version: string }>`select version() as version`.execute(handle.db);
    await handle.close();
    const log = (message: string) => process.stderr.write(`${message}\n`);
    const figures = await runAdminScaleBench({ databaseUrl: url.toString(), quick, log });
    const report = [
      `# Admin at scale${quick ? ' (quick)' : ''}`,
      '',
      `Measured by \`tsx bench/src/admin-scale.ts${quick ? ' --quick' : ''}\` on ${new Date().toISOString()}; ${rows[0]?.version ?? ''}; Node.js ${process.version}.`,
      '',
      '| Request | Median | p95 | Target | Result | How |',
      '| --- | --- | --- | --- | --- | --- |',
      ...figures.map(
        (f) =>
          `| ${f.name} | ${fmt(f.medianMs, 1)} ms | ${fmt(f.p95Ms, 1)} ms | ${f.target} | ${f.status === 'met' ? '✅ met' : '❌ gap'} | ${f.note} |`,
      ),
      '',
    ].join('\n');
    if (!quick) writeFileSync(join(import.meta.dirname, '..', 'admin-scale-report.md'), report);
    process.stdout.write(report);
  } finally {
    await sql`drop database if exists ${sql.raw(name)} with (force)`.execute(server.db);
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) await main();
