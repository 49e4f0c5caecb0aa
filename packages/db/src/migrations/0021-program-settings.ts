// The program's settings: one row the admin edits, read by the fee rules (whether fees follow client
// payments or every active month) and the payout rules (a minimum payout, a hold after a fee is due,
// the day of the month the processor proposes). The row exists from the start with the agreement's
// defaults, so readers never meet an absent row.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('program_settings')
    .addColumn('id', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`id`),
    )
    .addColumn('fee_basis', 'text', (c) =>
      c
        .notNull()
        .defaultTo('clientPayment')
        .check(sql`fee_basis in ('clientPayment', 'activeMonth')`),
    )
    .addColumn('minimum_payout', sql`numeric(14, 2)`, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`minimum_payout >= 0`),
    )
    .addColumn('payout_hold_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`payout_hold_days between 0 and 365`),
    )
    .addColumn('payout_day', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`payout_day between 1 and 28`),
    )
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into program_settings (id) values (true)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('program_settings').execute();
}
