// "Sign-in": requests per second and p95 of POST /api/auth/login. Each sign-in verifies
// an argon2id hash (m=19456 KiB, t=2, p=1), so the ceiling is argon2 itself: the same number of
// concurrent argon2.verify calls in this process is measured beside it and the ratio reported.

import { verifyPassword } from '../../apps/api/src/services/accounts';
import { runLoad } from './load';
import { seedActivePartner, withPortal } from './portal';
import { fmt, median, notMeasured, percentile } from './stats';
import type { BenchContext, BenchFigure } from './types';

const BENCHMARK = 'Sign-in';

async function argon2Ceiling(hash: string, password: string, concurrency: number, durationMs: number) {
  const end = performance.now() + durationMs;
  const latencies: number[] = [];
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      if (!(await verifyPassword(hash, password))) throw new Error('argon2 verify failed');
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { rps: latencies.length / ((performance.now() - started) / 1000), p95Ms: percentile(latencies, 95) };
}

export async function runSignInBench(ctx: BenchContext): Promise<BenchFigure[]> {
  if (!ctx.databaseUrl) {
    return [notMeasured(BENCHMARK, 'POST /api/auth/login', 'needs PostgreSQL (BENCH_DATABASE_URL)')];
  }
  return withPortal(ctx.databaseUrl, async (portal) => {
    const partner = await seedActivePartner(portal.deps, 'sign-in');
    const body = JSON.stringify({ email: partner.email, password: partner.password });
    const url = `${portal.baseUrl}/api/auth/login`;
    const probe = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await probe.arrayBuffer();
    if (probe.status !== 200) {
      return [
        {
          benchmark: BENCHMARK,
          figure: 'POST /api/auth/login',
          value: `answered ${probe.status}`,
          status: 'not available',
          note: 'sign-in does not answer 200 yet',
        },
      ];
    }
    const hash = (
      await portal.deps.db
        .selectFrom('users')
        .select('passwordHash')
        .where('id', '=', partner.userId)
        .executeTakeFirstOrThrow()
    ).passwordHash;

    const rounds = ctx.quick ? 1 : 3;
    const durationMs = ctx.quick ? 1500 : 5000;
    // libuv's default pool runs 4 argon2 jobs at a time; more clients only queue.
    const concurrency = 4;
    const login: { rps: number; p95Ms: number; p50Ms: number }[] = [];
    const ceiling: { rps: number; p95Ms: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      const result = await runLoad({
        url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        concurrency,
        durationMs,
        warmupMs: 300,
      });
      if (result.failed > 0)
        throw new Error(`sign-in: ${result.failed} requests failed (${JSON.stringify(result.statuses)})`);
      login.push(result);
      ceiling.push(await argon2Ceiling(hash, partner.password, concurrency, durationMs));
      ctx.log(
        `sign-in round ${round + 1}/${rounds}: ${fmt(result.rps, 1)} req/s (argon2 alone ${fmt(ceiling[round]?.rps ?? NaN, 1)}/s)`,
      );
    }
    const loginRps = median(login.map((r) => r.rps));
    const ceilingRps = median(ceiling.map((r) => r.rps));
    const how = `${rounds} round(s) of ${durationMs / 1000} s, ${concurrency} concurrent clients, medians`;
    return [
      {
        benchmark: BENCHMARK,
        figure: 'POST /api/auth/login throughput',
        value: `${fmt(loginRps, 1)} req/s`,
        status: 'info',
        note: how,
      },
      {
        benchmark: BENCHMARK,
        figure: 'POST /api/auth/login p95 latency',
        value: `${fmt(median(login.map((r) => r.p95Ms)), 1)} ms (p50 ${fmt(median(login.map((r) => r.p50Ms)), 1)} ms)`,
        status: 'info',
      },
      {
        benchmark: BENCHMARK,
        figure: 'sign-in ÷ bare argon2.verify (same concurrency)',
        value: `${fmt(loginRps / ceilingRps, 2)} (argon2 alone ${fmt(ceilingRps, 1)}/s)`,
        status: 'info',
        note: 'sign-in is bounded by argon2id at OWASP settings; the remainder is HTTP, the user lookup, throttling and signing the JWT',
      },
    ];
  });
}
