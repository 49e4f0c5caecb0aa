// Payout rails: how an ACH credit is classed (a business account gets CCD, a person's account PPD),
// and one line per partner of each payout, the unit a bank confirms or returns. A payout is marked
// sent once its files went to the bank and PayPal; each line is then confirmed or returned with an
// ACH return code. Existing payouts get their lines from the commissions they paid.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('partners')
    .addColumn('payee_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('business')
        .check(sql`payee_type in ('business', 'individual')`),
    )
    .execute();
  await db.schema.alterTable('payouts').addColumn('sent_at', 'timestamptz').execute();
  await db.schema
    .createTable('payout_lines')
    .addColumn('payout_id', 'uuid', (c) => c.notNull().references('payouts.id').onDelete('cascade'))
    .addColumn('partner_id', 'uuid', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('payment_method', 'text', (c) => c.notNull().check(sql`payment_method in ('Wire', 'ACH', 'PayPal')`))
    .addColumn('amount', sql`numeric(14, 2)`, (c) => c.notNull())
    .addColumn('commission_count', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('sent')
        .check(sql`status in ('sent', 'confirmed', 'returned')`),
    )
    .addColumn('return_code', 'text')
    .addColumn('return_reason', 'text')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('payout_lines_pkey', ['payout_id', 'partner_id'])
    .execute();
  await db.schema.createIndex('payout_lines_partner_idx').on('payout_lines').column('partner_id').execute();
  await sql`
    insert into payout_lines (payout_id, partner_id, payment_method, amount, commission_count)
    select c.payout_id, c.partner_id, coalesce(min(c.payment_method), 'Wire'), sum(c.amount), count(*)
    from commissions c
    where c.payout_id is not null
    group by c.payout_id, c.partner_id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payout_lines').execute();
  await db.schema.alterTable('payouts').dropColumn('sent_at').execute();
  await db.schema.alterTable('partners').dropColumn('payee_type').execute();
}
