// "Memory": the built portal (apps/api/dist/main.js, its own process, on this benchmark's
// PostgreSQL database with the demo data) — its RSS idle, its peak RSS under 100 concurrent clients,
// and a leak check: RSS after the whole mixed-load window within 10 % of RSS after its first tenth
// (10 minutes vs 1 minute by default; BENCH_LEAK_MINUTES changes it, --quick runs 5 s vs 0.5 s).

import { DEMO_ADMIN, DEMO_PARTNER, rssMb, signIn, startBuiltPortal, withPeakRss } from './built-portal';
import { runLoad, type LoadResult } from './load';
import { fmt } from './stats';
import type { BenchContext, BenchFigure } from './types';

const BENCHMARK = 'Memory';
export const LEAK_TOLERANCE = 0.1;

interface Target {
  url: string;
  headers?: Record<string, string>;
}

/** The mixed load: admin screens, a partner's dashboard and the server-rendered referral page. */
async function mixedTargets(baseUrl: string): Promise<Target[]> {
  const admin = { authorization: `Bearer ${await signIn(baseUrl, DEMO_ADMIN)}` };
  const partner = { authorization: `Bearer ${await signIn(baseUrl, DEMO_PARTNER)}` };
  const me = (await (await fetch(`${baseUrl}/api/partners/me`, { headers: partner })).json()) as {
    referralCode: string;
  };
  return [
    { url: `${baseUrl}/api/admin/metrics`, headers: admin },
    { url: `${baseUrl}/api/admin/partners?limit=25&sort=-currentMrr`, headers: admin },
    { url: `${baseUrl}/api/partners/metrics`, headers: partner },
    { url: `${baseUrl}/api/partners/referrals/page?limit=25`, headers: partner },
    { url: `${baseUrl}/r/${me.referralCode}?utm_campaign=bench` },
  ];
}

/** `clients` closed-loop clients split over the targets for `durationMs`, sampling the portal's RSS; returns the peak. */
async function loadWithRss(
  pid: number,
  targets: Target[],
  clients: number,
  durationMs: number,
): Promise<{ peakMb: number; results: LoadResult[] }> {
  const perTarget = Math.max(1, Math.floor(clients / targets.length));
  const { result: results, peakMb } = await withPeakRss(pid, 100, () =>
    Promise.all(
      targets.map((t) => runLoad({ url: t.url, headers: t.headers ?? {}, concurrency: perTarget, durationMs })),
    ),
  );
  return { peakMb, results };
}

export async function runMemoryBench(ctx: BenchContext): Promise<BenchFigure[]> {
  if (!ctx.databaseUrl) throw new Error('the memory benchmark needs PostgreSQL (BENCH_DATABASE_URL)');
  const portal = await startBuiltPortal({ databaseUrl: ctx.databaseUrl });
  try {
    const targets = await mixedTargets(portal.baseUrl);
    // Idle: after one request to each target (code loaded, pools open) and a pause.
    for (const t of targets) await (await fetch(t.url, { headers: t.headers })).arrayBuffer();
    await new Promise((done) => setTimeout(done, 2000));
    const idleMb = rssMb(portal.pid);
    ctx.log(`memory: idle RSS ${idleMb.toFixed(0)} MB`);

    const burstMs = ctx.quick ? 3000 : 30_000;
    const burst = await loadWithRss(portal.pid, targets, 100, burstMs);
    const failed = burst.results.reduce((n, r) => n + r.failed, 0);
    const ok = burst.results.reduce((n, r) => n + r.ok, 0);
    ctx.log(`memory: 100 clients: peak RSS ${burst.peakMb.toFixed(0)} MB (${ok} answers, ${failed} failed)`);

    const leakMs = ctx.quick ? 5_000 : Number(process.env.BENCH_LEAK_MINUTES ?? 10) * 60_000;
    const segmentMs = leakMs / 10;
    const samples: number[] = [];
    for (let segment = 0; segment < 10; segment++) {
      await loadWithRss(portal.pid, targets, 20, segmentMs);
      samples.push(rssMb(portal.pid));
      ctx.log(`memory: leak check ${segment + 1}/10: RSS ${samples.at(-1)?.toFixed(0)} MB`);
    }
    const first = samples[0] ?? 0;
    const last = samples.at(-1) ?? 0;
    const growth = (last - first) / first;
    const span = (ms: number) => (ms >= 60_000 ? `${fmt(ms / 60_000, 1)} min` : `${fmt(ms / 1000, 0)} s`);
    const window = `${span(leakMs)} vs ${span(segmentMs)}`;
    return [
      {
        benchmark: BENCHMARK,
        figure: 'RSS of the portal, idle',
        value: `${fmt(idleMb, 0)} MB`,
        status: 'info',
        note: 'node apps/api/dist/main.js on PostgreSQL with the demo data, after one request per endpoint and 2 s idle',
      },
      {
        benchmark: BENCHMARK,
        figure: 'peak RSS under 100 concurrent clients',
        value: `${fmt(burst.peakMb, 0)} MB`,
        status: failed === 0 ? 'info' : 'gap',
        note: `${fmt(burstMs / 1000, 0)} s of closed-loop load, 20 clients on each of: admin metrics, affiliates page, partner metrics, partner referrals, /r/{code} (server-rendered); ${fmt(ok)} answers, ${fmt(failed)} failed; RSS sampled every 100 ms`,
      },
      {
        benchmark: BENCHMARK,
        figure: `leak check: RSS after ${window} of mixed load`,
        value: `${fmt(first, 0)} MB → ${fmt(last, 0)} MB (${growth >= 0 ? '+' : ''}${fmt(growth * 100, 1)} %)`,
        target: `within ${LEAK_TOLERANCE * 100} %`,
        status: Math.abs(growth) <= LEAK_TOLERANCE ? 'met' : 'gap',
        note: `20 closed-loop clients over the same five endpoints; ${ctx.quick ? 'quick: a short window, indicative only' : 'BENCH_LEAK_MINUTES sets the window'}; RSS per tenth: ${samples.map((s) => fmt(s, 0)).join(', ')} MB`,
      },
    ];
  } finally {
    await portal.stop();
  }
}
