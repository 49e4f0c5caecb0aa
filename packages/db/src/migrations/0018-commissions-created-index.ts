// The commissions CSV export reads every commission in (created_at, id) order, a keyset batch of 1,000 at
// a time. Only pending commissions had an index in that order (partial, migration 0003), so each batch of
// the whole table was a full scan and a sort: at 10,000,000 commissions about eight seconds per batch, and
// the export never finished (found by the 10x benchmark). This index makes each batch a range
// read. New rows append to it: created_at is the insert time and the ids are time-ordered (migration 0015).

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index commissions_created_idx on commissions (created_at, id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index commissions_created_idx`.execute(db);
}
