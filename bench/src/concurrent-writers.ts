// "Concurrent writers": 8 clients add clients to one partner and move each to Won, on two replicas
// of one PostgreSQL database, for 60 s (5 s with --quick), over HTTP. Target: no answer of 5xx —
// deadlocks between the writers are retried inside the server and the partner's row is locked first.

import { randomBytes } from 'node:crypto';
import { fmt } from './stats';
import { seedActivePartner, seedAdminToken, startPortal, type RunningPortal } from './portal';
import type { BenchContext, BenchFigure } from './types';

const BENCHMARK = 'Concurrent writers';
const CLIENTS = 8;

export async function runConcurrentWritersBench(ctx: BenchContext): Promise<BenchFigure[]> {
  if (!ctx.databaseUrl) throw new Error('concurrent writers need PostgreSQL (BENCH_DATABASE_URL)');
  const seconds = ctx.quick ? 5 : 60;
  const jwtSecret = randomBytes(48).toString('base64url');
  const replicas: RunningPortal[] = [];
  try {
    for (let i = 0; i < 2; i++) replicas.push(await startPortal(ctx.databaseUrl, { jwtSecret }));
    const [first] = replicas as [RunningPortal, RunningPortal];
    const token = await seedAdminToken(first.deps);
    const partner = await seedActivePartner(first.deps, 'writers');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const until = Date.now() + seconds * 1000;
    ctx.log(`${CLIENTS} writers on 2 replicas for ${seconds} s`);

    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const replica = replicas[client % 2] as RunningPortal;
        for (let round = 0; Date.now() < until; round++) {
          const added = await fetch(`${replica.baseUrl}/api/admin/referrals`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              partnerId: partner.partnerId,
              clientCompanyName: `Writer ${client}-${round}`,
              serviceType: round % 2 ? 'controller' : 'basic_accounting',
              monthlyValue: '1000.00',
            }),
          });
          count(added.status);
          const body = (await added.json()) as { id?: string };
          if (added.status !== 201 || !body.id) continue;
          const won = await fetch(`${replica.baseUrl}/api/admin/referrals/${body.id}`, {
            method: 'PATCH',
            headers,
            body: JSON.stringify({ stage: 'won', contractStartDate: '2026-01-01' }),
          });
          count(won.status);
          await won.arrayBuffer();
        }
      }),
    );

    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const serverErrors = [...statuses].filter(([status]) => status >= 500).reduce((a, [, n]) => a + n, 0);
    const breakdown = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    return [
      {
        benchmark: BENCHMARK,
        figure: `answers of 5xx (${CLIENTS} writers, one partner, 2 replicas, ${seconds} s)`,
        value: String(serverErrors),
        target: '0',
        status: serverErrors === 0 ? 'met' : 'gap',
        note: `${total} calls (${fmt(total / seconds)} a second): ${breakdown}`,
      },
    ];
  } finally {
    for (const replica of replicas) await replica.close();
  }
}
