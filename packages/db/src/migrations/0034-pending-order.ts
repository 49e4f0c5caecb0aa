// The Payout Processor lists the offered pending fees by due date (fees without one as due today), then
// created_at, then id. No index holds that order (today moves), so the list reads it as two ordered runs
// and merges the first rows of each: the fees with a deadline in (due_by, created_at, id) order, and the
// fees without one (accrued fees, adjustments) in (created_at, id) order. These partial indexes hold the
// two runs, so the first page of a million pending fees reads a page's worth of index entries, not a sort.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create index commissions_pending_due_order_idx on commissions (due_by, created_at, id) where status = 'pending' and due_by is not null`,
    `create index commissions_pending_undated_idx on commissions (created_at, id) where status = 'pending' and due_by is null`,
  ];
  // One statement per query: PGlite prepares each, and a prepared statement holds one command.
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [`drop index commissions_pending_undated_idx`, `drop index commissions_pending_due_order_idx`];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
