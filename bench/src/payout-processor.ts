// "Payout Processor": the admin's list of pending fees when each partner has many of them. 200 partners
// (20 with --quick) each have 1,000 pending fees (50) due over 40 days, 500 paid fees (25) over this year and
// the last, and 3 open clawbacks; half the partners have a tax profile. Times the first page and a page at
// offset 1,000 of GET /api/admin/commissions/pending over HTTP: a page of 100 names about 80 partners, and
// the page's open clawbacks, tax-profile marks and minimum-payout marks are read for each of them.
// Alone: `tsx bench/src/payout-processor.ts <postgres-url> [--quick]` seeds that (migrated, empty) database
// and leaves it for EXPLAIN.

import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { createDb, DEFAULT_DATABASE_TIMEOUTS, migrateToLatest, type Db } from '@portal/db';
import { sql } from 'kysely';
import { taxFieldContext } from '../../apps/api/src/services/money';
import type { FieldCipher } from '../../apps/api/src/services/platform';
import { seedAdminToken, withPortal, withPostgresPortal } from './portal';
import { seedActivePartners } from './seed-partners';
import { fmt, latencyFigure, median } from './stats';
import type { PostgresBenchOptions, TimedFigure } from './types';

const BENCHMARK = 'Payout Processor';
export const PROCESSOR_PAGE_TARGET_MS = 50;

export interface ProcessorSizes {
  partners: number;
  /** Per partner: pending fees (10 referrals, a tenth of them each), paid fees, open clawbacks. */
  pending: number;
  paid: number;
  clawbacks: number;
}

export const PROCESSOR_FULL: ProcessorSizes = { partners: 200, pending: 1_000, paid: 500, clawbacks: 3 };
export const PROCESSOR_QUICK: ProcessorSizes = { partners: 20, pending: 50, paid: 25, clawbacks: 3 };
const REFERRALS_PER_PARTNER = 10;

/**
 * Fills a migrated, empty database. A pending fee is earned by a client payment of one of the 40 days up to
 * `today`: payable from that day (the hold is 0, so every one is offered) and due 30 days later; its
 * creation time falls on that day at an hour spread over the partners, so each day's fees interleave the
 * partners as a real queue does. Paid fees are the referrals' earlier months, half paid this year.
 */
export async function seedProcessorQueue({
  databaseUrl,
  sizes,
  today,
  cipher,
}: {
  databaseUrl: string;
  sizes: ProcessorSizes;
  today: string;
  cipher: FieldCipher;
}): Promise<void> {
  // Statements over a million rows outlast the server's statement bound: a session of their own, without one.
  const loader = createDb({
    databaseUrl,
    poolSize: 1,
    timeouts: { ...DEFAULT_DATABASE_TIMEOUTS, statementMs: 0, queryMs: 0 },
  });
  try {
    await fillQueue(loader.db, { sizes, today, cipher });
  } finally {
    await loader.close();
  }
}

async function fillQueue(
  db: Db,
  { sizes, today, cipher }: { sizes: ProcessorSizes; today: string; cipher: FieldCipher },
): Promise<void> {
  await seedActivePartners(db, { label: 'Processor', count: sizes.partners });
  await sql`
    insert into referrals (partner_id, client_company_name, service_type, monthly_value, commission_amount, stage, contract_start_date)
    select p.id, 'Client ' || p.referral_code || '-' || r, 'basic_accounting', 1000, 50.00, 'won', date '2015-01-01'
    from partners p cross join generate_series(1, ${REFERRALS_PER_PARTNER}::int) r
    where p.referral_code like 'PROCESSOR-%'
  `.execute(db);
  const pendingMonths = Math.ceil(sizes.pending / REFERRALS_PER_PARTNER);
  const paidMonths = Math.ceil(sizes.paid / REFERRALS_PER_PARTNER);
  // Months 0 .. pendingMonths - 1 of each referral are pending; the next paidMonths are paid.
  await sql`
    insert into commissions (partner_id, referral_id, amount, month_year, status, created_at, updated_at, payable_from, due_by)
    select r.partner_id, r.id, 50.00, to_char(date '2015-01-01' + m * interval '1 month', 'YYYY-MM'), 'pending',
           f.paid_on + ((r.n * 7919 + m * 104729) % 86400) * interval '1 second', f.paid_on, f.paid_on, f.paid_on + 30
    from (select id, partner_id, row_number() over (order by id) as n from referrals) r
    cross join generate_series(0, ${pendingMonths - 1}::int) m
    cross join lateral (select ${today}::date - ((r.n * 13 + m * 7) % 40)::int as paid_on) f
  `.execute(db);
  await sql`
    insert into commissions (partner_id, referral_id, amount, month_year, status, payment_date, payment_method, payment_reference,
                             created_at, updated_at)
    select r.partner_id, r.id, 50.00, to_char(date '2015-01-01' + m * interval '1 month', 'YYYY-MM'), 'paid', t.paid_at, 'Wire',
           'PROCESSOR-PAY-' || r.n || '-' || m, t.paid_at - interval '30 days', t.paid_at
    from (select id, partner_id, row_number() over (order by id) as n from referrals) r
    cross join generate_series(${pendingMonths}::int, ${pendingMonths + paidMonths - 1}::int) m
    cross join lateral (select date_trunc('year', ${today}::date) - interval '1 year'
                               + ((m - ${pendingMonths}) * 660 / ${paidMonths}) * interval '1 day' as paid_at) t
  `.execute(db);
  await sql`
    insert into commissions (partner_id, amount, month_year, kind, status, reason, created_at, updated_at)
    select p.id, -50.00, to_char(${today}::date, 'YYYY-MM'), 'clawback', 'pending', 'Client refund',
           ${today}::date - (k * 11 + p.n % 30) * interval '1 day', ${today}::date
    from (select id, row_number() over (order by id) as n from partners where referral_code like 'PROCESSOR-%') p
    cross join generate_series(1, ${sizes.clawbacks}::int) k
  `.execute(db);
  const withProfile = await db
    .selectFrom('partners')
    .select('id')
    .where('referralCode', 'like', 'PROCESSOR-%')
    .orderBy('id')
    .execute();
  const rows = withProfile
    .filter((_, i) => i % 2 === 0)
    .map(
      ({ id }) =>
        sql`(${id}::uuid, 'Processor Payee', 'llc', 'ein', ${cipher.encrypt('123456789', taxFieldContext(id))}, '6789',
          '1 Main St, Portland, OR 97201', now())`,
    );
  for (let i = 0; i < rows.length; i += 500)
    await sql`
      insert into tax_profiles (partner_id, legal_name, tax_classification, tin_type, tin, tin_last4, address, certified_at)
      values ${sql.join(rows.slice(i, i + 500))}
    `.execute(db);
  await sql`vacuum analyze`.execute(db);
}

export async function runPayoutProcessorBench(opts: PostgresBenchOptions): Promise<TimedFigure[]> {
  const sizes = opts.quick ? PROCESSOR_QUICK : PROCESSOR_FULL;
  return withPostgresPortal(opts, 'the payout processor benchmark', async ({ portal, databaseUrl, log }) => {
    // The server's today: the UTC day of the real clock.
    const today = new Date().toISOString().slice(0, 10);
    await seedProcessorQueue({ databaseUrl, sizes, today, cipher: portal.deps.cipher });
    log(`payout processor: seeded ${fmt(sizes.partners)} partners with ${fmt(sizes.pending)} pending fees each`);
    const token = await seedAdminToken(portal.deps);
    const samples = opts.quick ? 10 : 100;
    const warmUp = opts.quick ? 3 : 10;
    const timePage = async (path: string) => {
      const url = `${portal.baseUrl}${path}`;
      const times: number[] = [];
      let partners = 0;
      const loadBefore = loadavg()[0] ?? 0;
      for (let i = 0; i < samples + warmUp; i++) {
        const started = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
        // The REST list answers the page's rows; the procedure behind it reads the clawbacks and marks too.
        const rows = (await res.json()) as { partnerId: string }[];
        if (i >= warmUp) times.push(performance.now() - started);
        partners = new Set(rows.map((row) => row.partnerId)).size;
      }
      const load = `load average ${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)} on ${cpus().length} CPUs`;
      return { times, partners, load };
    };
    const first = await timePage('/api/admin/commissions/pending?limit=100');
    const deep = await timePage('/api/admin/commissions/pending?limit=100&offset=1000');
    log(
      `payout processor: first page ${fmt(median(first.times), 1)} ms, offset 1,000 ${fmt(median(deep.times), 1)} ms`,
    );
    const scale = `${fmt(sizes.partners)} partners, each with ${fmt(sizes.pending)} pending fees (due over 40 days), ${fmt(sizes.paid)} paid fees and ${sizes.clawbacks} open clawbacks; half with a tax profile`;
    const note = ({ partners, load }: { partners: number; load: string }) =>
      `${samples} sequential requests over HTTP with an admin token, after ${warmUp} of warm-up; the page names ${partners} partners; ${scale}; ${load}`;
    return [
      latencyFigure(
        BENCHMARK,
        'GET /api/admin/commissions/pending (first page of 100)',
        first.times,
        PROCESSOR_PAGE_TARGET_MS,
        note(first),
      ),
      latencyFigure(
        BENCHMARK,
        'GET /api/admin/commissions/pending (page of 100 at offset 1,000)',
        deep.times,
        PROCESSOR_PAGE_TARGET_MS,
        note(deep),
      ),
    ];
  });
}

async function main() {
  const url = process.argv[2];
  if (!url) throw new Error('usage: tsx bench/src/payout-processor.ts <postgres-url> [--quick]');
  const handle = createDb({ databaseUrl: url, poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  await withPortal(url, async (portal) => {
    const today = new Date().toISOString().slice(0, 10);
    const sizes = process.argv.includes('--quick') ? PROCESSOR_QUICK : PROCESSOR_FULL;
    await seedProcessorQueue({ databaseUrl: url, sizes, today, cipher: portal.deps.cipher });
    process.stdout.write(`${JSON.stringify(sizes)}\n`);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
