// "Memory": the built portal (apps/api/dist/main.js, its own process, on this benchmark's
// PostgreSQL database with the demo data) — its RSS idle, its peak RSS under 100 concurrent clients,
// and a leak check: RSS after the whole mixed-load window within 10 % of RSS after its first tenth
// (10 minutes vs 1 minute by default; BENCH_LEAK_MINUTES changes it, --quick runs 10 s vs 1 s).

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVER_NODE_FLAGS } from '../../apps/api/src/heap-policy';
import { runLoad, type LoadResult } from './load';
import { fmt } from './stats';
import type { BenchContext, BenchFigure } from './types';

const BENCHMARK = 'Memory';
const DEMO_ADMIN = { email: 'admin@partnerportal.demo', password: 'demo-password-2026' };
const DEMO_PARTNER = { email: 'maya@northwind-growth.demo', password: 'demo-password-2026' };
export const LEAK_TOLERANCE = 0.1;
const repoRoot = resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

export interface BuiltPortal {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the built portal (apps/api/dist/main.js) in its own process on `databaseUrl`. `env`
 * overrides the defaults (demo data on; fresh secrets): the admin-scale benchmark starts it without
 * demo data and with the secrets of its in-process portal, so its tokens are valid there.
 */
export async function startBuiltPortal(databaseUrl: string, overrides: NodeJS.ProcessEnv = {}): Promise<BuiltPortal> {
  const main = join(repoRoot, 'apps/api/dist/main.js');
  if (!existsSync(main)) throw new Error('build the API first: pnpm --filter @portal/api build');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-memory-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DEMO_DATA: 'true',
    ACCRUAL_TIMER: 'false',
    LOG_LEVEL: 'warn',
  };
  for (const name of ['REDIS_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'PUBLIC_URL', 'WEB_DIST']) delete env[name];
  // PostgreSQL needs the secrets given (the embedded database would keep them in DATA_DIR).
  env.JWT_SECRET = randomBytes(48).toString('base64url');
  env.DATA_ENCRYPTION_KEY = randomBytes(32).toString('base64');
  Object.assign(env, overrides);
  // Started as `pnpm start` and the Dockerfile start it (the heap policy's flags).
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the portal stopped while starting (exit ${child.exitCode}): ${output.slice(-800)}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the portal did not answer /api/health within 180 s: ${output.slice(-800)}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  if (child.pid === undefined) throw new Error('the portal has no pid');
  return { baseUrl, pid: child.pid, stop };
}

async function login(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`sign-in of ${account.email} answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

interface Target {
  url: string;
  headers?: Record<string, string>;
}

/** The mixed load: admin screens, a partner's dashboard and the server-rendered referral page. */
async function mixedTargets(baseUrl: string): Promise<Target[]> {
  const admin = { authorization: `Bearer ${await login(baseUrl, DEMO_ADMIN)}` };
  const partner = { authorization: `Bearer ${await login(baseUrl, DEMO_PARTNER)}` };
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
  let peakMb = rssMb(pid);
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 100);
  try {
    const perTarget = Math.max(1, Math.floor(clients / targets.length));
    const results = await Promise.all(
      targets.map((t) => runLoad({ url: t.url, headers: t.headers ?? {}, concurrency: perTarget, durationMs })),
    );
    return { peakMb: Math.max(peakMb, rssMb(pid)), results };
  } finally {
    clearInterval(sampler);
  }
}

export async function runMemoryBench(ctx: BenchContext): Promise<BenchFigure[]> {
  if (!ctx.databaseUrl) throw new Error('the memory benchmark needs PostgreSQL (BENCH_DATABASE_URL)');
  const portal = await startBuiltPortal(ctx.databaseUrl);
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

    const leakMs = ctx.quick ? 10_000 : Number(process.env.BENCH_LEAK_MINUTES ?? 10) * 60_000;
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
