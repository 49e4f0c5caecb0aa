// The audit log's screen at scale: newest first with (created_at, id) as the page and
// keyset order, and the action filter (an exact action or its prefix, e.g. "partner.") as a range
// of a text_pattern_ops index. Entity and user filters use 0001's indexes.

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index activity_log_created_idx on activity_log (created_at desc, id desc)`.execute(db);
  await sql`create index activity_log_action_idx on activity_log (action text_pattern_ops, created_at desc)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index activity_log_action_idx`.execute(db);
  await sql`drop index activity_log_created_idx`.execute(db);
}
