// The program's support address: the one mailbox a partner is told to write to when their
// application is rejected (the status screen and the rejection mail name it). Empty until an admin
// sets it in the program settings; the screens then fall back to replying to the program's mail.

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('program_settings').addColumn('support_email', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('program_settings').dropColumn('support_email').execute();
}
