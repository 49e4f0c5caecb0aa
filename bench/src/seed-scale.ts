// Seeds a program at scale (issue 5 §3, ten times that in issue 19): by default 100,000 partners,
// 2,000,000 referrals and 10,000,000 commissions, with set-based SQL (generate_series) so it takes
// minutes, not hours (target: under 10 minutes).
// Usage: tsx bench/src/seed-scale.ts <postgres-url> [--quick]   (quick: a hundredth of the sizes)

import { pathToFileURL } from 'node:url';
import { createDb, migrateToLatest, type Db } from '@portal/db';
import { sql } from 'kysely';
import { activeInMonthSql } from '../../apps/api/src/services/active-referrals';

export interface ScaleSizes {
  partners: number;
  referrals: number;
  commissions: number;
}

export const FULL_SCALE: ScaleSizes = { partners: 100_000, referrals: 2_000_000, commissions: 10_000_000 };
/** Issue 19: the full seed in under 10 minutes. */
export const SEED_TARGET_MS = 10 * 60 * 1000;
export const QUICK_SCALE: ScaleSizes = { partners: 100, referrals: 2_000, commissions: 10_000 };

const WORDS_A = ['Acme', 'Blue', 'Cedar', 'Delta', 'Evergreen', 'Falcon', 'Granite', 'Harbor', 'Iron', 'Juniper', 'Keystone', 'Lumen', 'Maple', 'North', 'Orbit', 'Pioneer', 'Quartz', 'Ridge', 'Summit', 'Tidal'];
const WORDS_B = ['Ledger', 'Growth', 'Commerce', 'Digital', 'Partners', 'Advisors', 'Media', 'Labs', 'Capital', 'Works'];
const SUFFIXES = ['LLC', 'Inc', 'Co', 'Group', 'Agency'];
const FIRST = ['Alex', 'Blair', 'Casey', 'Dana', 'Eli', 'Frankie', 'Gale', 'Harper', 'Indy', 'Jordan', 'Kai', 'Lee', 'Morgan', 'Noor', 'Oakley', 'Parker'];
const LAST = ['Nguyen', 'Smith', 'Garcia', 'Khan', 'Olsen', 'Rossi', 'Tanaka', 'Dubois', 'Novak', 'Silva', 'Kowalski', 'Moreau'];

const textArray = (words: readonly string[]) => sql`array[${sql.join(words.map((w) => sql.lit(w)))}]::text[]`;

/** Fills an empty, migrated database. Returns the number of rows written per table. */
export async function seedScale(pool: Db, sizes: ScaleSizes, log: (message: string) => void = () => {}): Promise<ScaleSizes> {
  // One connection with settings for a bulk load: memory for the hash joins and sorts of the
  // statements below (and the indexes they fill), no wait for the WAL flush at each commit.
  return pool.connection().execute(async (db) => {
    await sql`set work_mem = '256MB'`.execute(db);
    await sql`set maintenance_work_mem = '512MB'`.execute(db);
    await sql`set synchronous_commit = off`.execute(db);
    return seedOn(db, sizes, log);
  });
}

/**
 * Runs a bulk insert into `table` with its plain indexes dropped and recreated afterwards (one
 * sorted build each instead of millions of single-row index insertions). Indexes that back a
 * constraint (primary key, unique) stay.
 */
async function withoutSecondaryIndexes(db: Db, table: string, step: (label: string) => void, insert: () => Promise<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select i.indexname as name, i.indexdef as definition from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = ${table}
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
  `.execute(db);
  for (const index of rows) await sql`drop index ${sql.id(index.name)}`.execute(db);
  try {
    await insert();
  } finally {
    for (const index of rows) await sql.raw(index.definition).execute(db);
  }
  step(`${table}: ${rows.length} indexes rebuilt`);
}

async function seedOn(db: Db, sizes: ScaleSizes, log: (message: string) => void): Promise<ScaleSizes> {
  const started = performance.now();
  const step = (label: string) => log(`seed-scale: ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

  await sql`
    insert into users (email, password_hash, role, created_at, updated_at)
    select 'partner' || lpad(n::text, 6, '0') || '@scale.example', '!unusable', 'partner',
           timestamptz '2023-01-01' + (n * interval '2 hours'), timestamptz '2023-01-01' + (n * interval '2 hours')
    from generate_series(1, ${sizes.partners}) n
  `.execute(db);
  step(`${sizes.partners} users`);

  // Statuses: 80 % active, 5 % each pending, inactive, suspended, rejected.
  await sql`
    insert into partners (user_id, company_name, contact_name, company_type, website, phone, status, expected_volume,
                          referral_code, application_date, approved_at, rejected_at, agreement_signed, agreement_signed_at,
                          created_at, updated_at)
    select u.id,
           (${textArray(WORDS_A)})[1 + n % ${WORDS_A.length}] || ' ' || (${textArray(WORDS_B)})[1 + (n / ${WORDS_A.length}) % ${WORDS_B.length}]
             || ' ' || (${textArray(SUFFIXES)})[1 + (n / ${WORDS_A.length * WORDS_B.length}) % ${SUFFIXES.length}] || ' ' || n,
           (${textArray(FIRST)})[1 + n % ${FIRST.length}] || ' ' || (${textArray(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}],
           (array['agency','consultant','saas','influencer','client','cfo','marketing_agency','other'])[1 + n % 8],
           'https://partner' || n || '.example.com', '+1 555 ' || lpad(n::text, 7, '0'),
           case when n % 20 = 1 then 'pending' when n % 20 = 2 then 'inactive' when n % 20 = 3 then 'suspended' when n % 20 = 4 then 'rejected' else 'active' end,
           (array['1-2 referrals/month','3-5 referrals/month','5-10 referrals/month','10+ referrals/month'])[1 + n % 4],
           'SCALE-' || lpad(n::text, 6, '0'),
           u.created_at,
           case when n % 20 in (1, 4) then null else u.created_at + interval '2 days' end,
           case when n % 20 = 4 then u.created_at + interval '2 days' end,
           true, u.created_at, u.created_at, u.created_at
    from generate_series(1, ${sizes.partners}) n
    join users u on u.email = 'partner' || lpad(n::text, 6, '0') || '@scale.example'
  `.execute(db);
  step(`${sizes.partners} partners`);

  // Referrals go to partners spread by a multiplicative hash; 35 % won, 15 % lost, the rest in the pipeline.
  await withoutSecondaryIndexes(db, 'referrals', step, () => sql`
    insert into referrals (partner_id, client_company_name, client_email, service_type, monthly_value, commission_amount, stage,
                           consultation_date, close_date, contract_start_date, contract_end_date, churn_date, created_at, updated_at)
    select p.id,
           'Client ' || i || ' Store',
           'owner' || i || '@client.example',
           case when i % 3 = 0 then 'controller' else 'basic_accounting' end,
           (500 + (i * 37) % 4500)::numeric(10, 2),
           case when i % 3 = 0 then 100.00 else 50.00 end,
           case when i % 20 < 7 then 'won' when i % 20 < 10 then 'lost' when i % 20 < 14 then 'booked' when i % 20 < 17 then 'qualified' else 'proposal' end,
           timestamptz '2023-01-01' + ((i * 7) % 1000) * interval '1 day',
           case when i % 20 < 10 then timestamptz '2023-01-15' + ((i * 7) % 700) * interval '1 day' end,
           case when i % 20 < 7 then date '2023-02-01' + ((i * 7) % 700) end,
           case when i % 20 < 7 and i % 50 = 0 then date '2025-12-31' end,
           case when i % 20 < 7 and i % 40 = 3 then date '2026-03-31' end,
           timestamptz '2023-01-01' + ((i * 7) % 1000) * interval '1 day',
           timestamptz '2023-01-01' + ((i * 7) % 1000) * interval '1 day'
    from generate_series(0, ${sizes.referrals - 1}) i
    join partners p on p.referral_code = 'SCALE-' || lpad((1 + (i::bigint * 7919) % ${sizes.partners})::text, 6, '0')
  `.execute(db));
  step(`${sizes.referrals} referrals`);

  // Commissions: the k-th month after each won referral's start, round-robin over the won referrals,
  // so (referral, month) stays unique. 90 % paid, 8 % pending, 2 % failed.
  await withoutSecondaryIndexes(db, 'commissions', step, () => sql`
    with won as (
      select id, partner_id, commission_amount, contract_start_date, (row_number() over (order by id)) - 1 as k
      from referrals where stage = 'won'
    ), counted as (select count(*)::bigint as w from won)
    insert into commissions (partner_id, referral_id, amount, month_year, status, payment_date, payment_method, payment_reference,
                             failure_reason, created_at, updated_at)
    select won.partner_id, won.id, won.commission_amount,
           to_char(won.contract_start_date + ((i / counted.w)::int * interval '1 month'), 'YYYY-MM'),
           case when i % 50 = 0 then 'failed' when i % 50 < 5 then 'pending' else 'paid' end,
           case when i % 50 >= 5 then won.contract_start_date + ((i / counted.w)::int * interval '1 month') + interval '40 days' end,
           case when i % 50 >= 5 then 'Wire' end,
           case when i % 50 >= 5 then 'SCALE-PAY-' || i end,
           case when i % 50 = 0 then 'Bank rejected the transfer' end,
           won.contract_start_date + ((i / counted.w)::int * interval '1 month'),
           won.contract_start_date + ((i / counted.w)::int * interval '1 month')
    from generate_series(0, ${sizes.commissions - 1}) i
    cross join counted
    join won on won.k = i % counted.w
  `.execute(db));
  step(`${sizes.commissions} commissions`);

  // The stored totals, set-based (what refreshPartnerTotals keeps up to date row by row).
  const month = new Date().toISOString().slice(0, 7);
  await sql`
    update partners p set
      current_mrr = coalesce(m.mrr, 0),
      total_lifetime_commissions = coalesce(c.paid, 0),
      first_referral_date = f.first_at,
      last_referral_date = f.last_at
    from partners p2
    left join (
      select r.partner_id, sum(r.monthly_value) as mrr from referrals r
      where ${activeInMonthSql(month)}
      group by r.partner_id
    ) m on m.partner_id = p2.id
    left join (select partner_id, sum(amount) as paid from commissions where status = 'paid' group by partner_id) c on c.partner_id = p2.id
    left join (select partner_id, min(created_at) as first_at, max(created_at) as last_at from referrals group by partner_id) f on f.partner_id = p2.id
    where p.id = p2.id
  `.execute(db);
  step('partner totals');

  // A freshly loaded table has no statistics and no visibility map until autovacuum visits it.
  await sql`vacuum analyze users, partners, referrals, commissions`.execute(db);
  step('vacuum analyze');

  const count = async (table: 'partners' | 'referrals' | 'commissions') =>
    Number((await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0);
  return { partners: await count('partners'), referrals: await count('referrals'), commissions: await count('commissions') };
}

async function main() {
  const url = process.argv[2];
  if (!url) throw new Error('usage: tsx bench/src/seed-scale.ts <postgres-url> [--quick]');
  const handle = createDb({ databaseUrl: url, poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
    const counts = await seedScale(handle.db, process.argv.includes('--quick') ? QUICK_SCALE : FULL_SCALE, (m) => process.stderr.write(`${m}\n`));
    process.stdout.write(`${JSON.stringify(counts)}\n`);
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
