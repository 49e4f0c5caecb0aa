// "Client payments import": a billing system's month of 100,000 client payments (2,000 with --quick)
// imported as one CSV through POST /api/admin/client-payments/import, each row found by the client's email,
// checked, recorded and earning its fee, all in one transaction. The built server runs in its own process
// (as `pnpm start` starts it) so its peak RSS during the import is the server's alone.

import { formatMoney } from '@portal/contracts';
import { sql } from 'kysely';
import { besideInProcessPortal, startBuiltPortal, withPeakRss } from './built-portal';
import { seedAdminToken, startPortal } from './portal';
import { seedActivePartners } from './seed-partners';
import { fmt, latencyFigure } from './stats';
import type { BenchContext, BenchFigure } from './types';

const BENCHMARK = 'Client payments import';
const MONTH = '2026-10';
/** 100,000 payment rows imported and their fees earned in under 30 s on PostgreSQL. */
export const IMPORT_TARGET_MS = 30_000;

export async function runPaymentsImportBench(ctx: BenchContext): Promise<BenchFigure[]> {
  if (!ctx.databaseUrl) throw new Error('the import benchmark needs PostgreSQL (BENCH_DATABASE_URL)');
  const rows = ctx.quick ? 2_000 : 100_000;
  const partnerCount = rows / 100;
  const portal = await startPortal(ctx.databaseUrl);
  const db = portal.rawDb;
  let token: string;
  try {
    await seedActivePartners(db, { label: 'Import', count: partnerCount });
    // Won clients active since 2025, each with its billing email; a third on the controller fee.
    await sql`
      insert into referrals (partner_id, client_company_name, client_email, service_type, monthly_value, commission_amount, stage, contract_start_date)
      select p.id, 'Client ' || i, 'billing' || i || '@client.example',
             case when i % 3 = 0 then 'controller' else 'basic_accounting' end, 1500,
             case when i % 3 = 0 then 100.00 else 50.00 end, 'won', date '2025-01-01' + (i % 365)
      from generate_series(0, ${rows - 1}) i
      join partners p on p.referral_code = 'IMPORT-' || (1 + i % ${partnerCount})
    `.execute(db);
    await sql`analyze`.execute(db);
    token = await seedAdminToken(portal.deps);
  } finally {
    await portal.close();
  }
  ctx.log(`payments import: seeded ${fmt(rows)} won clients for ${fmt(partnerCount)} partners`);

  // A collection cost on one row in ten; every amount and reference its own.
  const lines = ['client_email,period,amount,paid_date,collection_cost,reference'];
  for (let i = 0; i < rows; i++) {
    const amount = 1000 + (i % 900);
    lines.push(
      `billing${i}@client.example,${MONTH},${amount}.00,2026-11-03,${i % 10 === 0 ? '35.00' : '0.00'},INV-${MONTH}-${i}`,
    );
  }
  const csv = lines.join('\n');

  const server = await startBuiltPortal({
    databaseUrl: ctx.databaseUrl,
    env: besideInProcessPortal(portal.deps.config),
  });
  try {
    type ImportReport = { recorded?: number; feesCreated?: number; feeTotal?: string; errorCount?: number };
    const started = performance.now();
    const {
      result: report,
      beforeMb: rssBefore,
      peakMb: peak,
    } = await withPeakRss(server.pid, 20, async () => {
      const res = await fetch(`${server.baseUrl}/api/admin/client-payments/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: csv,
      });
      const body = (await res.json()) as ImportReport;
      if (!res.ok) throw new Error(`the import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    });
    const elapsedMs = performance.now() - started;
    if (report.recorded !== rows || report.feesCreated !== rows)
      throw new Error(
        `the import recorded ${report.recorded} payments and ${report.feesCreated} fees, expected ${rows}`,
      );
    ctx.log(
      `payments import: ${fmt(rows)} rows in ${fmt(elapsedMs)} ms, fees ${formatMoney(report.feeTotal ?? '0.00')}, server RSS ${fmt(rssBefore)} → ${fmt(peak)} MB`,
    );
    const scale = `${fmt(rows)} rows (${fmt(csv.length / 1024 / 1024, 1)} MB of CSV) for ${fmt(rows)} won clients of ${fmt(partnerCount)} partners, matched by client email`;
    return [
      latencyFigure(
        BENCHMARK,
        `POST /api/admin/client-payments/import (${fmt(rows)} rows, ${fmt(rows)} fees earned)`,
        [elapsedMs],
        IMPORT_TARGET_MS,
        `one request with an admin token: every row checked, then recorded in bulk with its fee in one transaction (fees ${formatMoney(report.feeTotal ?? '0.00')}); ${scale}`,
      ),
      {
        benchmark: BENCHMARK,
        figure: 'server peak RSS during the import',
        value: `${fmt(peak, 0)} MB (${fmt(rssBefore, 0)} MB before)`,
        status: 'info',
        note: `VmRSS of the built server (node apps/api/dist/main.js, pid ${server.pid}) from /proc every 20 ms; the CSV and every row's report are held in memory for the one transaction`,
      },
    ];
  } finally {
    await server.stop();
  }
}
