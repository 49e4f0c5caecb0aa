// The pending commissions per month_year (10x scale), kept in the same transaction as the
// change, so the Payout Processor's count and sum of every pending commission (or of one month) read a
// few hundred rows instead of a million index entries. Any kind counts (recurring, bonus, clawback),
// amounts signed. The commission triggers of 0016 keep this table too: their functions are replaced,
// each statement still runs one function that reads its transition tables, with one more grouped
// upsert over them (an accrual's insert of a million rows pays one more aggregate, no more triggers).

import { sql, type Kysely } from 'kysely';

/** 0016's paid amounts by month of payment (its text, frozen here so `down` can put it back). */
const commissionChanges = (rows: string, sign: number) => `
  select date_trunc('month', c.payment_date at time zone 'UTC')::date as month, ${sign} * c.amount as commissions_paid
  from ${rows} c
  where c.status = 'paid' and c.payment_date is not null`;

function applyCommissionChanges(changes: string): string {
  return `insert into program_months (month, commissions_paid)
    select month, sum(commissions_paid) from (${changes}) as changes
    group by month
    having sum(commissions_paid) <> 0
    order by month
    on conflict (month) do update set commissions_paid = program_months.commissions_paid + excluded.commissions_paid`;
}

/** What each pending commission of `rows` adds to its month_year, times `sign`: one row, its amount. */
const pendingChanges = (rows: string, sign: number) => `
  select c.month_year, ${sign} as pending_count, ${sign} * c.amount as pending_amount
  from ${rows} c
  where c.status = 'pending'`;

/**
 * One upsert of the changes summed per month_year, as 0016 does for program_months: groups whose sums
 * are zero (an update that leaves the pending set as it was) are left alone and unlocked, and rows are
 * upserted in month_year order, so two transactions never wait on each other in a cycle.
 */
function applyPendingChanges(changes: string): string {
  return `insert into pending_months (month_year, pending_count, pending_amount)
    select month_year, sum(pending_count), sum(pending_amount) from (${changes}) as changes
    group by month_year
    having sum(pending_count) <> 0 or sum(pending_amount) <> 0
    order by month_year
    on conflict (month_year) do update set
      pending_count = pending_months.pending_count + excluded.pending_count,
      pending_amount = pending_months.pending_amount + excluded.pending_amount`;
}

const triggerFunction = (
  name: string,
  ...statements: string[]
) => `create or replace function ${name}() returns trigger language plpgsql as $fn$
    begin
      ${statements.join(';\n      ')};
      return null;
    end
  $fn$`;

const updated = (changes: (rows: string, sign: number) => string) =>
  `${changes('new_rows', 1)} union all ${changes('old_rows', -1)}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // No commission changes between the backfill and the new functions: a writer waits for this
  // migration's commit (and one already writing is committed before the backfill reads).
  await sql`lock table commissions in share mode`.execute(db);
  // Sums of numeric(10,2) amounts: 18 digits hold 10^8 rows at the largest amount. No check that the
  // counts stay >= 0, as in 0016: an upsert's proposed row carries the negative delta.
  await sql`create table pending_months (
    month_year text primary key,
    pending_count bigint not null default 0,
    pending_amount numeric(18, 2) not null default 0
  )`.execute(db);
  await sql.raw(applyPendingChanges(pendingChanges('commissions', 1))).execute(db);

  await sql
    .raw(
      triggerFunction(
        'program_months_on_commissions_insert',
        applyCommissionChanges(commissionChanges('inserted', 1)),
        applyPendingChanges(pendingChanges('inserted', 1)),
      ),
    )
    .execute(db);
  await sql
    .raw(
      triggerFunction(
        'program_months_on_commissions_delete',
        applyCommissionChanges(commissionChanges('deleted', -1)),
        applyPendingChanges(pendingChanges('deleted', -1)),
      ),
    )
    .execute(db);
  await sql
    .raw(
      triggerFunction(
        'program_months_on_commissions_update',
        applyCommissionChanges(updated(commissionChanges)),
        applyPendingChanges(updated(pendingChanges)),
      ),
    )
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`lock table commissions in share mode`.execute(db);
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
    .raw(triggerFunction('program_months_on_commissions_update', applyCommissionChanges(updated(commissionChanges))))
    .execute(db);
  await sql`drop table pending_months`.execute(db);
}
