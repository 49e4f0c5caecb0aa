// A suspension says when and why: the partner reads the reason on their status screen and in the mail,
// the admin on the partner's details. Reactivation clears both.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('partners')
    .addColumn('suspended_at', 'timestamptz')
    .addColumn('suspension_reason', 'text', (c) => c.check(sql`char_length(suspension_reason) between 1 and 1000`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('partners').dropColumn('suspension_reason').dropColumn('suspended_at').execute();
}
