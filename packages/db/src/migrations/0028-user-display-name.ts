// A team member's display name: admins have no partner record, so without it the activity log could
// only name them by email. Optional, given when an invitation is accepted (the demo admin has one);
// the activity sentences prefer it to the email.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('display_name', 'text', (c) => c.check(sql`char_length(display_name) between 1 and 100`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('display_name').execute();
}
