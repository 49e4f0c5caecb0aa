// "API overhead": requests per second of the portal's GET /api/partners/me (REST) and
// partner.me (tRPC GET) against a bare Fastify route in the same process that replays exactly the
// SQL the portal sent for that call (recorded from one real request) on the same pool and database.
// The three are measured in alternation, round after round, and compared as medians.

import Fastify from 'fastify';
import { CompiledQuery } from 'kysely';
import { runLoad, type LoadResult } from './load';
import { seedActivePartner, startPortal } from './portal';
import { fmt, median, notMeasured } from './stats';
import type { BenchContext, BenchFigure } from './types';

const BENCHMARK = 'API overhead';
export const API_OVERHEAD_TARGET = 0.5;
/** REST ≥ 0.75 and tRPC ≥ 0.70 of the bare route. */
export const API_OVERHEAD_TARGETS = { rest: 0.75, trpc: 0.7 } as const;

export async function runApiOverheadBench(ctx: BenchContext): Promise<BenchFigure[]> {
  if (!ctx.databaseUrl) {
    return [notMeasured(BENCHMARK, 'partner.me vs bare route', 'needs PostgreSQL (BENCH_DATABASE_URL)')];
  }
  const portal = await startPortal(ctx.databaseUrl);
  const bare = Fastify({ logger: false });
  try {
    const partner = await seedActivePartner(portal.deps, 'overhead');
    const headers = { authorization: `Bearer ${partner.token}` };

    const probe = await portal.capture(() => portal.app.inject({ method: 'GET', url: '/api/partners/me', headers }));
    if (probe.result.statusCode !== 200) {
      return [
        {
          benchmark: BENCHMARK,
          figure: 'GET /api/partners/me',
          value: `answered ${probe.result.statusCode}`,
          status: 'not available',
          note: 'the route does not answer 200 for an active partner yet',
        },
      ];
    }
    const queries = probe.queries;
    ctx.log(`api-overhead: partner.me sends ${queries.length} queries; the bare route replays them`);

    // The bare route: no auth, no tRPC, no validation; the same statements with the same parameters.
    bare.get('/bare/partners/me', async () => {
      let rows: unknown[] = [];
      for (const query of queries)
        rows = (await portal.rawDb.executeQuery(CompiledQuery.raw(query.sql, [...query.parameters]))).rows;
      return rows[0] ?? null;
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    const targets = {
      bare: `${bareUrl}/bare/partners/me`,
      rest: `${portal.baseUrl}/api/partners/me`,
      trpc: `${portal.baseUrl}/trpc/partner.me`,
    } as const;
    for (const [name, url] of Object.entries(targets)) {
      const res = await fetch(url, { headers });
      if (!res.ok) throw new Error(`${name} answered ${res.status} before the run`);
      await res.arrayBuffer();
    }

    const rounds = ctx.quick ? 1 : 5;
    const durationMs = ctx.quick ? 1000 : 5000;
    const warmupMs = ctx.quick ? 300 : 1000;
    const concurrency = 10;
    const results: Record<keyof typeof targets, LoadResult[]> = { bare: [], rest: [], trpc: [] };
    for (let round = 0; round < rounds; round++) {
      for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
        const result = await runLoad({ url: targets[name], headers, concurrency, durationMs, warmupMs });
        if (result.failed > 0)
          throw new Error(`${name}: ${result.failed} requests failed (${JSON.stringify(result.statuses)})`);
        results[name].push(result);
        ctx.log(
          `api-overhead round ${round + 1}/${rounds} ${name}: ${fmt(result.rps)} req/s, p95 ${fmt(result.p95Ms, 2)} ms`,
        );
      }
    }

    const rps = (name: keyof typeof targets) => median(results[name].map((r) => r.rps));
    const p95 = (name: keyof typeof targets) => median(results[name].map((r) => r.p95Ms));
    const how = `${rounds} round(s) of ${durationMs / 1000} s, ${concurrency} concurrent keep-alive clients, medians`;
    const ratioFigure = (name: 'rest' | 'trpc', label: string): BenchFigure => {
      const ratio = rps(name) / rps('bare');
      const target = API_OVERHEAD_TARGETS[name];
      return {
        benchmark: BENCHMARK,
        figure: `${label} ÷ bare route (req/s)`,
        value: `${fmt(ratio, 2)} (${fmt(rps(name))} vs ${fmt(rps('bare'))} req/s)`,
        target: `≥ ${fmt(target, 2)}`,
        status: ratio >= target ? 'met' : 'gap',
        note:
          ratio >= target
            ? how
            : `${how}; the gap is the per-request work the bare route skips: Kysely building the two queries (the bare route replays compiled SQL), the procedure's middlewares (metrics, permission), the JWT's HMAC, output validation and the mapper, the hooks and security headers (profile in bench/profile-report.md)`,
      };
    };
    return [
      {
        benchmark: BENCHMARK,
        figure: `bare Fastify route, same ${queries.length} SQL statement(s)`,
        value: `${fmt(rps('bare'))} req/s, p95 ${fmt(p95('bare'), 2)} ms`,
        status: 'info',
        note: how,
      },
      ratioFigure('rest', 'GET /api/partners/me (REST)'),
      {
        benchmark: BENCHMARK,
        figure: 'GET /api/partners/me p95 latency',
        value: `${fmt(p95('rest'), 2)} ms`,
        status: 'info',
      },
      ratioFigure('trpc', 'partner.me (tRPC GET /trpc/partner.me)'),
      {
        benchmark: BENCHMARK,
        figure: 'partner.me (tRPC) p95 latency',
        value: `${fmt(p95('trpc'), 2)} ms`,
        status: 'info',
      },
    ];
  } finally {
    await bare.close();
    await portal.close();
  }
}
