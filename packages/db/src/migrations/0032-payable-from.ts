// A fee earned by a client payment is payable from the client's payment date (payable_from) and due by
// due_by, the agreement's deadline: the Payout Processor offers it once payable_from plus the program's
// hold has come, so it is paid on a payout day before its deadline. Fees without a client payment (accrued
// ones, adjustments) keep payable_from null and are payable at once. The fees held back are few, and the
// processor's pending count subtracts them from the pending_months rollup through a partial index on
// pending payable_from, which replaces the one on pending due_by.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `alter table commissions add column payable_from date`,
    `update commissions c set payable_from = p.paid_at
       from client_payments p
       where p.id = c.client_payment_id and c.kind = 'recurring'`,
    `drop index commissions_pending_due_idx`,
    `create index commissions_pending_payable_idx on commissions (payable_from) include (amount, month_year, partner_id) where status = 'pending' and payable_from is not null`,
  ];
  // One statement per query: PGlite prepares each, and a prepared statement holds one command.
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `drop index commissions_pending_payable_idx`,
    `create index commissions_pending_due_idx on commissions (due_by) include (amount, month_year, partner_id) where status = 'pending' and due_by is not null`,
    `alter table commissions drop column payable_from`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
