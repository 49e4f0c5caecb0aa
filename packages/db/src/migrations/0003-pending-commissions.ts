// The Payout Processor at scale: one page of pending commissions, oldest first, and
// their count and sum, read from one small partial index that paid and failed rows never enter.

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index commissions_pending_idx on commissions (created_at, id) include (amount) where status = 'pending'`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index commissions_pending_idx`.execute(db);
}
