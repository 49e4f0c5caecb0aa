// The Payout Processor's page and what it reads beside the page, when partners have thousands of pending fees.
// - Open clawbacks: the screen offers every pending clawback of the page's partners. A partner's pending fees can
//   number thousands while its clawbacks are a few; a partial index holds the clawbacks alone, so the look-up
//   reads a few entries per partner instead of every pending fee of each one.
// - The page's two ordered runs (migration 0034) keep only the fees offered today, payable from today less the
//   hold or earlier. The same two indexes carry payable_from, so a run is read from its index alone: a page at
//   offset n reads n + limit index entries, not as many table rows scattered over the whole table.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create index commissions_pending_clawback_idx on commissions (partner_id, created_at, id) where status = 'pending' and kind = 'clawback'`,
    `drop index commissions_pending_due_order_idx`,
    `create index commissions_pending_due_order_idx on commissions (due_by, created_at, id) include (payable_from) where status = 'pending' and due_by is not null`,
    `drop index commissions_pending_undated_idx`,
    `create index commissions_pending_undated_idx on commissions (created_at, id) include (payable_from) where status = 'pending' and due_by is null`,
  ];
  // One statement per query: PGlite prepares each, and a prepared statement holds one command.
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `drop index commissions_pending_undated_idx`,
    `create index commissions_pending_undated_idx on commissions (created_at, id) where status = 'pending' and due_by is null`,
    `drop index commissions_pending_due_order_idx`,
    `create index commissions_pending_due_order_idx on commissions (due_by, created_at, id) where status = 'pending' and due_by is not null`,
    `drop index commissions_pending_clawback_idx`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
