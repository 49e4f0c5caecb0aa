// The program per UTC month (10x scale), kept by triggers in the same transaction as the
// change, so the admin's MRR and the trends chart read a few hundred rows instead of millions:
// - mrr_delta: each won referral with a start date adds its monthly value in its start month and takes
//   it away in the month after it stops (least of churn and contract end), never before its start
//   month; the running sum up to a month is the monthly value of the referrals active in it (the
//   active rule of DESIGN §4, in the per-month form of activeValueByMonthSql);
// - new_referrals: referrals by month of created_at; deals_won: won referrals by month of close_date;
// - commissions_paid: paid commissions' amounts by month of payment_date.
// Statement-level triggers with transition tables, as in 0004: a statement's rows are aggregated once
// per month and upserted, so a bulk insert of millions of rows is one grouped upsert; an update counts
// its new rows and takes away its old ones, so an update that moves nothing touches no month.

import { sql, type Kysely } from 'kysely';

/**
 * What each referral of `rows` adds to the months, times `sign`: one row per (month, contribution),
 * read in one pass over the rows. The month arithmetic is on timestamps without time zone (dates) or in
 * UTC (instants), so no session time zone can move a row to another month.
 */
const referralChanges = (rows: string, sign: number) => `
  select change.month, ${sign} * change.mrr_delta as mrr_delta, ${sign} * change.new_referrals as new_referrals, ${sign} * change.deals_won as deals_won
  from ${rows} r
  cross join lateral (values
    (case when r.stage = 'won' and r.contract_start_date is not null
      then date_trunc('month', r.contract_start_date::timestamp)::date end, r.monthly_value, 0, 0),
    (case when r.stage = 'won' and r.contract_start_date is not null and least(r.churn_date, r.contract_end_date) is not null
      then greatest(date_trunc('month', r.contract_start_date::timestamp),
                    date_trunc('month', least(r.churn_date, r.contract_end_date)::timestamp) + interval '1 month')::date end, -r.monthly_value, 0, 0),
    (date_trunc('month', r.created_at at time zone 'UTC')::date, 0, 1, 0),
    (case when r.stage = 'won' and r.close_date is not null
      then date_trunc('month', r.close_date at time zone 'UTC')::date end, 0, 0, 1)
  ) as change(month, mrr_delta, new_referrals, deals_won)
  where change.month is not null`;

/** What each commission of `rows` adds to the months, times `sign`: paid amounts by month of payment. */
const commissionChanges = (rows: string, sign: number) => `
  select date_trunc('month', c.payment_date at time zone 'UTC')::date as month, ${sign} * c.amount as commissions_paid
  from ${rows} c
  where c.status = 'paid' and c.payment_date is not null`;

/**
 * One upsert of the changes summed per month; months whose sums are all zero (an update that moved
 * nothing, or moved a row within its month) are left alone and unlocked. Rows are upserted in month
 * order, so two transactions never wait on each other in a cycle.
 */
function applyReferralChanges(changes: string): string {
  return `insert into program_months (month, mrr_delta, new_referrals, deals_won)
    select month, sum(mrr_delta), sum(new_referrals), sum(deals_won) from (${changes}) as changes
    group by month
    having sum(mrr_delta) <> 0 or sum(new_referrals) <> 0 or sum(deals_won) <> 0
    order by month
    on conflict (month) do update set
      mrr_delta = program_months.mrr_delta + excluded.mrr_delta,
      new_referrals = program_months.new_referrals + excluded.new_referrals,
      deals_won = program_months.deals_won + excluded.deals_won`;
}

function applyCommissionChanges(changes: string): string {
  return `insert into program_months (month, commissions_paid)
    select month, sum(commissions_paid) from (${changes}) as changes
    group by month
    having sum(commissions_paid) <> 0
    order by month
    on conflict (month) do update set commissions_paid = program_months.commissions_paid + excluded.commissions_paid`;
}

const triggerFunction = (
  name: string,
  body: string,
) => `create function ${name}() returns trigger language plpgsql as $fn$
    begin
      ${body};
      return null;
    end
  $fn$`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Sums of up to millions of numeric(10,2) values: 18 digits hold 10^8 rows at the largest amount.
  // No check that the counts stay >= 0: PostgreSQL checks the row an upsert proposes before it finds
  // the conflict, and a change proposes negative deltas (a referral leaving a month).
  await sql`create table program_months (
    month date primary key check (extract(day from month) = 1),
    mrr_delta numeric(18, 2) not null default 0,
    new_referrals bigint not null default 0,
    deals_won bigint not null default 0,
    commissions_paid numeric(18, 2) not null default 0
  )`.execute(db);
  await sql.raw(applyReferralChanges(referralChanges('referrals', 1))).execute(db);
  await sql.raw(applyCommissionChanges(commissionChanges('commissions', 1))).execute(db);

  await sql
    .raw(triggerFunction('program_months_on_referrals_insert', applyReferralChanges(referralChanges('inserted', 1))))
    .execute(db);
  await sql
    .raw(triggerFunction('program_months_on_referrals_delete', applyReferralChanges(referralChanges('deleted', -1))))
    .execute(db);
  await sql
    .raw(
      triggerFunction(
        'program_months_on_referrals_update',
        applyReferralChanges(`${referralChanges('new_rows', 1)} union all ${referralChanges('old_rows', -1)}`),
      ),
    )
    .execute(db);
  await sql
    .raw(
      triggerFunction('program_months_on_commissions_insert', applyCommissionChanges(commissionChanges('inserted', 1))),
    )
    .execute(db);
  await sql
    .raw(
      triggerFunction('program_months_on_commissions_delete', applyCommissionChanges(commissionChanges('deleted', -1))),
    )
    .execute(db);
  await sql
    .raw(
      triggerFunction(
        'program_months_on_commissions_update',
        applyCommissionChanges(`${commissionChanges('new_rows', 1)} union all ${commissionChanges('old_rows', -1)}`),
      ),
    )
    .execute(db);

  await sql`create trigger referrals_program_months_insert after insert on referrals referencing new table as inserted
    for each statement execute function program_months_on_referrals_insert()`.execute(db);
  await sql`create trigger referrals_program_months_delete after delete on referrals referencing old table as deleted
    for each statement execute function program_months_on_referrals_delete()`.execute(db);
  await sql`create trigger referrals_program_months_update after update on referrals referencing old table as old_rows new table as new_rows
    for each statement execute function program_months_on_referrals_update()`.execute(db);
  await sql`create trigger commissions_program_months_insert after insert on commissions referencing new table as inserted
    for each statement execute function program_months_on_commissions_insert()`.execute(db);
  await sql`create trigger commissions_program_months_delete after delete on commissions referencing old table as deleted
    for each statement execute function program_months_on_commissions_delete()`.execute(db);
  await sql`create trigger commissions_program_months_update after update on commissions referencing old table as old_rows new table as new_rows
    for each statement execute function program_months_on_commissions_update()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['commissions', 'referrals']) {
    for (const event of ['update', 'delete', 'insert']) {
      await sql`drop trigger ${sql.id(`${table}_program_months_${event}`)} on ${sql.table(table)}`.execute(db);
      await sql`drop function ${sql.id(`program_months_on_${table}_${event}`)}()`.execute(db);
    }
  }
  await sql`drop table program_months`.execute(db);
}
