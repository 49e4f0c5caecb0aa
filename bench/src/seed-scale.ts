// Seeds a program at scale (the admin-at-scale figures, ten times over): by default 100,000 partners,
// 2,000,000 referrals and 10,000,000 commissions, with set-based SQL (generate_series) so it takes
// minutes, not hours (target: under 10 minutes).
// Usage: tsx bench/src/seed-scale.ts <postgres-url> [--quick]   (quick: a hundredth of the sizes)
//
// What makes it fast (1,000,000 commissions took 150 s before, see README):
// - every id and value is derived from the series number: ids are deterministic, ascending uuids (no
//   gen_random_uuid(), no random inserts all over the primary keys), a referral's partner, a
//   commission's referral and partner are computed, not joined;
// - the plain indexes and the foreign keys of `referrals` and `commissions` are dropped during the
//   load and recreated after it (one sorted build per index, one join per foreign key instead of a
//   lookup per row);
// - the big inserts and the index builds are split over two sessions (`SEED_SESSIONS`, default 2);
// - each session: work_mem 256MB, maintenance_work_mem 512MB, synchronous_commit off, no JIT.

import { pathToFileURL } from 'node:url';
import { createDb, migrateToLatest, type Db } from '@portal/db';
import { sql, type RawBuilder } from 'kysely';
import { activeInMonthSql } from '../../apps/api/src/services/referrals';
import { bankFieldContext, type FieldCipher } from '../../apps/api/src/services/platform';

export interface ScaleSizes {
  partners: number;
  referrals: number;
  commissions: number;
}

export const FULL_SCALE: ScaleSizes = { partners: 100_000, referrals: 2_000_000, commissions: 10_000_000 };
/** The full seed in under 10 minutes. */
export const SEED_TARGET_MS = 10 * 60 * 1000;
export const QUICK_SCALE: ScaleSizes = { partners: 100, referrals: 2_000, commissions: 10_000 };
/** Parallel sessions for the big inserts and the index builds (the pool must allow as many connections to gain). */
const SESSIONS = Math.max(1, Number(process.env.SEED_SESSIONS ?? 2));

const WORDS_A = [
  'Acme',
  'Blue',
  'Cedar',
  'Delta',
  'Evergreen',
  'Falcon',
  'Granite',
  'Harbor',
  'Iron',
  'Juniper',
  'Keystone',
  'Lumen',
  'Maple',
  'North',
  'Orbit',
  'Pioneer',
  'Quartz',
  'Ridge',
  'Summit',
  'Tidal',
];
const WORDS_B = [
  'Ledger',
  'Growth',
  'Commerce',
  'Digital',
  'Partners',
  'Advisors',
  'Media',
  'Labs',
  'Capital',
  'Works',
];
const SUFFIXES = ['LLC', 'Inc', 'Co', 'Group', 'Agency'];
const FIRST = [
  'Alex',
  'Blair',
  'Casey',
  'Dana',
  'Eli',
  'Frankie',
  'Gale',
  'Harper',
  'Indy',
  'Jordan',
  'Kai',
  'Lee',
  'Morgan',
  'Noor',
  'Oakley',
  'Parker',
];
const LAST = [
  'Nguyen',
  'Smith',
  'Garcia',
  'Khan',
  'Olsen',
  'Rossi',
  'Tanaka',
  'Dubois',
  'Novak',
  'Silva',
  'Kowalski',
  'Moreau',
];

const textArray = (words: readonly string[]) => sql`array[${sql.join(words.map((w) => sql.lit(w)))}]::text[]`;

/**
 * A deterministic uuid (version 4 layout, so strict validators accept it) for row `n` of a table:
 * ascending with n, so the primary key fills its rightmost page instead of random pages.
 */
const TABLE_PREFIX = {
  users: '10000000',
  partners: '20000000',
  referrals: '30000000',
  commissions: '40000000',
} as const;
const seedId = (table: keyof typeof TABLE_PREFIX, n: RawBuilder<unknown>) =>
  sql`(${sql.lit(`${TABLE_PREFIX[table]}-5ca1-4000-8000-`)} || lpad(to_hex(${n}), 12, '0'))::uuid`;

/** Referral number i is won when i % 20 < 7 (35 %), lost when < 10, else in the pipeline. */
const wonCount = (referrals: number) => Math.floor(referrals / 20) * 7 + Math.min(referrals % 20, 7);

/**
 * Seals wire bank details, as a partner enters them in Settings, for every partner with a pending commission:
 * a payout pays nobody without them. They are sealed with the portal's own key (bound to each partner's row),
 * so the seed needs the cipher of the DATA_ENCRYPTION_KEY the portal starts with. Returns how many partners.
 */
export async function sealBankDetails(db: Db, cipher: FieldCipher): Promise<number> {
  const partners = await db
    .selectFrom('commissions')
    .select('partnerId')
    .distinct()
    .where('status', '=', 'pending')
    .execute();
  for (let i = 0; i < partners.length; i += 500) {
    const rows = partners.slice(i, i + 500).map(
      ({ partnerId }) =>
        sql`(${partnerId}::uuid, ${cipher.encrypt('021000021', bankFieldContext(partnerId, 'bank_routing_number'))},
          ${cipher.encrypt('000123456789', bankFieldContext(partnerId, 'bank_account_number'))})`,
    );
    await sql`
      update partners p set bank_routing_number = v.routing, bank_account_number = v.account,
        bank_name = 'First Bank of Oregon', bank_account_type = 'checking', bank_account_holder_name = p.company_name
      from (values ${sql.join(rows)}) as v(id, routing, account)
      where p.id = v.id
    `.execute(db);
  }
  return partners.length;
}

/** Fills an empty, migrated database. Returns the number of rows written per table. */
export async function seedScale(
  pool: Db,
  sizes: ScaleSizes,
  log: (message: string) => void = () => {},
): Promise<ScaleSizes> {
  const started = performance.now();
  const step = (label: string) => log(`seed-scale: ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  // One connection with settings for a bulk load: memory for the sorts (and the index builds), no
  // wait for the WAL flush at each commit, no JIT compilation of the per-row expressions.
  const session = <T>(work: (db: Db) => Promise<T>) =>
    pool.connection().execute(async (db) => {
      await sql`set work_mem = '256MB'`.execute(db);
      await sql`set maintenance_work_mem = '512MB'`.execute(db);
      await sql`set synchronous_commit = off`.execute(db);
      await sql`set jit = off`.execute(db);
      return work(db);
    });
  /** Runs `work` for each of `parts` consecutive slices of [0, count) on up to SESSIONS connections. */
  const inSlices = async (count: number, work: (db: Db, from: number, to: number) => Promise<unknown>) => {
    const parts = Math.max(1, Math.min(SESSIONS, count));
    const size = Math.ceil(count / parts);
    await Promise.all(
      Array.from({ length: parts }, (_, p) => session((db) => work(db, p * size, Math.min(count, (p + 1) * size) - 1))),
    );
  };
  /** Runs the statements on up to SESSIONS connections, each taking the next one left. */
  const inParallel = async (statements: string[]) => {
    const queue = [...statements];
    await Promise.all(
      Array.from({ length: Math.min(SESSIONS, queue.length) }, () =>
        session(async (db) => {
          for (let next = queue.shift(); next !== undefined; next = queue.shift()) await sql.raw(next).execute(db);
        }),
      ),
    );
  };

  // Plain indexes (not backing a constraint) and foreign keys of the two big tables, dropped for the load.
  const dropped = await session(async (db) => {
    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = current_schema() and i.tablename in ('referrals', 'commissions')
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
    `.execute(db);
    const { rows: foreignKeys } = await sql<{ table: string; name: string; definition: string }>`
      select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c
      where c.contype = 'f' and c.conrelid in ('referrals'::regclass, 'commissions'::regclass)
    `.execute(db);
    for (const fk of foreignKeys)
      await sql`alter table ${sql.table(fk.table)} drop constraint ${sql.id(fk.name)}`.execute(db);
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
    return { indexes, foreignKeys };
  });

  try {
    await session(async (db) => {
      await sql`
        insert into users (id, email, password_hash, role, created_at, updated_at)
        select ${seedId('users', sql`n`)}, 'partner' || lpad(n::text, 6, '0') || '@scale.example', '!unusable', 'partner',
               timestamptz '2023-01-01' + (n * interval '2 hours'), timestamptz '2023-01-01' + (n * interval '2 hours')
        from generate_series(1, ${sizes.partners}) n
      `.execute(db);
      step(`${sizes.partners} users`);

      // Statuses: 80 % active, 5 % each pending, inactive, suspended, rejected.
      await sql`
        insert into partners (id, user_id, company_name, contact_name, company_type, website, phone, status, expected_volume,
                              referral_code, application_date, approved_at, rejected_at, agreement_signed, agreement_signed_at,
                              created_at, updated_at)
        select ${seedId('partners', sql`n`)}, ${seedId('users', sql`n`)},
               (${textArray(WORDS_A)})[1 + n % ${WORDS_A.length}] || ' ' || (${textArray(WORDS_B)})[1 + (n / ${WORDS_A.length}) % ${WORDS_B.length}]
                 || ' ' || (${textArray(SUFFIXES)})[1 + (n / ${WORDS_A.length * WORDS_B.length}) % ${SUFFIXES.length}] || ' ' || n,
               (${textArray(FIRST)})[1 + n % ${FIRST.length}] || ' ' || (${textArray(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}],
               (array['agency','consultant','saas','influencer','client','cfo','marketing_agency','other'])[1 + n % 8],
               'https://partner' || n || '.example.com', '+1 555 ' || lpad(n::text, 7, '0'),
               case when n % 20 = 1 then 'pending' when n % 20 = 2 then 'inactive' when n % 20 = 3 then 'suspended' when n % 20 = 4 then 'rejected' else 'active' end,
               (array['1-2 referrals/month','3-5 referrals/month','5-10 referrals/month','10+ referrals/month'])[1 + n % 4],
               'SCALE-' || lpad(n::text, 6, '0'),
               t.created_at,
               case when n % 20 in (1, 4) then null else t.created_at + interval '2 days' end,
               case when n % 20 = 4 then t.created_at + interval '2 days' end,
               true, t.created_at, t.created_at, t.created_at
        from generate_series(1, ${sizes.partners}) n
        cross join lateral (select timestamptz '2023-01-01' + (n * interval '2 hours') as created_at) t
      `.execute(db);
      step(`${sizes.partners} partners`);
    });

    // Referral i goes to partner 1 + (i * 7919) % partners (a multiplicative spread); 35 % won,
    // 15 % lost, the rest in the pipeline.
    await inSlices(sizes.referrals, (db, from, to) =>
      sql`
      insert into referrals (id, partner_id, client_company_name, client_email, service_type, monthly_value, commission_amount, stage,
                             consultation_date, close_date, contract_start_date, contract_end_date, churn_date, created_at, updated_at)
      select ${seedId('referrals', sql`i`)},
             ${seedId('partners', sql`(1 + (i * 7919) % ${sizes.partners})`)},
             'Client ' || i || ' Store',
             'owner' || i || '@client.example',
             case when i % 3 = 0 then 'controller' else 'basic_accounting' end,
             (500 + (i * 37) % 4500)::numeric(10, 2),
             case when i % 3 = 0 then 100.00 else 50.00 end,
             case when i % 20 < 7 then 'won' when i % 20 < 10 then 'lost' when i % 20 < 14 then 'booked' when i % 20 < 17 then 'qualified' else 'proposal' end,
             t.created_at,
             case when i % 20 < 10 then timestamptz '2023-01-15' + ((i * 7) % 700) * interval '1 day' end,
             case when i % 20 < 7 then date '2023-02-01' + ((i * 7) % 700)::int end,
             case when i % 20 < 7 and i % 50 = 0 then date '2025-12-31' end,
             case when i % 20 < 7 and i % 40 = 3 then date '2026-03-31' end,
             t.created_at, t.created_at
      from generate_series(${from}::bigint, ${to}::bigint) i
      cross join lateral (select timestamptz '2023-01-01' + ((i * 7) % 1000) * interval '1 day' as created_at) t
    `.execute(db),
    );
    step(`${sizes.referrals} referrals`);

    // Commissions: the won referrals, numbered k = 0 .. won - 1 (referral i = 20 (k / 7) + k % 7),
    // each get the months m = 0, 1, … after their contract start, commission number j = m * won + k
    // (round-robin over the won referrals) below the size, so (referral, month) stays unique.
    // 90 % paid, 8 % pending, 2 % failed. Ids ascend with (k, m), the order of the insert.
    const won = wonCount(sizes.referrals);
    if (sizes.commissions > 0 && won === 0) throw new Error('seed-scale: commissions need at least one won referral');
    const stride = Math.ceil(sizes.commissions / Math.max(won, 1));
    await inSlices(Math.min(won, sizes.commissions), (db, from, to) =>
      sql`
      insert into commissions (id, partner_id, referral_id, amount, month_year, status, payment_date, payment_method, payment_reference,
                               failure_reason, created_at, updated_at)
      select ${seedId('commissions', sql`(k * ${stride} + m)`)},
             ${seedId('partners', sql`(1 + (r.i * 7919) % ${sizes.partners})`)},
             ${seedId('referrals', sql`r.i`)},
             case when r.i % 3 = 0 then 100.00 else 50.00 end,
             to_char(t.at, 'YYYY-MM'),
             case when j % 50 = 0 then 'failed' when j % 50 < 5 then 'pending' else 'paid' end,
             case when j % 50 >= 5 then t.at + interval '40 days' end,
             case when j % 50 >= 5 then 'Wire' end,
             case when j % 50 >= 5 then 'SCALE-PAY-' || j end,
             case when j % 50 = 0 then 'Bank rejected the transfer' end,
             t.at, t.at
      from generate_series(${from}::bigint, ${to}::bigint) k
      cross join lateral (select 20 * (k / 7) + k % 7 as i) r
      cross join lateral generate_series(0::bigint, (${sizes.commissions - 1}::bigint - k) / ${won}) m
      cross join lateral (select m * ${won} + k as j,
                                 (date '2023-02-01' + ((r.i * 7) % 700)::int) + m * interval '1 month' as at) t
    `.execute(db),
    );
    step(`${sizes.commissions} commissions`);
  } finally {
    // One sorted build per index, spread over the sessions (CREATE INDEX takes a SHARE lock: builds
    // on one table run side by side), then each foreign key checked by one join.
    await inParallel(dropped.indexes.map((index) => index.definition));
    step(`${dropped.indexes.length} indexes rebuilt`);
    await session(async (db) => {
      for (const fk of dropped.foreignKeys)
        await sql`alter table ${sql.table(fk.table)} add constraint ${sql.id(fk.name)} ${sql.raw(fk.definition)}`.execute(
          db,
        );
    });
    step(`${dropped.foreignKeys.length} foreign keys checked`);
  }

  return session(async (db) => {
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

    // A freshly loaded table has no statistics and no visibility map until autovacuum visits it. The
    // monthly rollups (migrations 0016 and 0019) were kept by the triggers during the inserts: a few
    // hundred rows each, rewritten by every insert statement.
    await sql`vacuum analyze users, partners, referrals, commissions, program_months, pending_months`.execute(db);
    step('vacuum analyze');

    const count = async (table: 'partners' | 'referrals' | 'commissions') =>
      Number(
        (await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0,
      );
    return {
      partners: await count('partners'),
      referrals: await count('referrals'),
      commissions: await count('commissions'),
    };
  });
}

async function main() {
  const url = process.argv[2];
  if (!url) throw new Error('usage: tsx bench/src/seed-scale.ts <postgres-url> [--quick]');
  const handle = createDb({ databaseUrl: url, poolSize: SESSIONS });
  try {
    await migrateToLatest(handle.db);
    const counts = await seedScale(handle.db, process.argv.includes('--quick') ? QUICK_SCALE : FULL_SCALE, (m) =>
      process.stderr.write(`${m}\n`),
    );
    process.stdout.write(`${JSON.stringify(counts)}\n`);
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
