// A payout's NACHA file is made once: its creation date and time, its file ID modifier and its
// effective date are fixed the first time it is built, so every later download is the same file
// and a bank's duplicate-file check (destination, origin, date, time, modifier) tells two payouts'
// files apart. The modifier is unique per creation date: A–Z, then 0–9.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ach_files')
    .addColumn('payout_id', 'uuid', (c) => c.primaryKey().references('payouts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('creation_date', 'date', (c) => c.notNull())
    .addColumn('file_id_modifier', 'char(1)', (c) => c.notNull().check(sql`file_id_modifier ~ '^[A-Z0-9]$'`))
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addUniqueConstraint('ach_files_modifier_per_day', ['creation_date', 'file_id_modifier'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ach_files').execute();
}
