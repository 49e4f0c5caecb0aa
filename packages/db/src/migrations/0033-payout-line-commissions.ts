// Which commissions each partner's line of a payout paid, kept for good: a returned line's fees are offered
// again and paid in a later payout, and `commissions.payout_id` then names only the latest, so the payout
// that came back would no longer say what it carried. Backfilled from every commission paid or failed in a
// payout today.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table payout_line_commissions (
       payout_id uuid not null,
       partner_id uuid not null,
       commission_id uuid not null references commissions (id) on delete cascade,
       primary key (payout_id, partner_id, commission_id),
       foreign key (payout_id, partner_id) references payout_lines (payout_id, partner_id) on delete cascade
     )`,
    `create index payout_line_commissions_commission_idx on payout_line_commissions (commission_id)`,
    `insert into payout_line_commissions (payout_id, partner_id, commission_id)
       select c.payout_id, c.partner_id, c.id from commissions c
       join payout_lines l on l.payout_id = c.payout_id and l.partner_id = c.partner_id
       where c.payout_id is not null`,
  ];
  // One statement per query: PGlite prepares each, and a prepared statement holds one command.
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table payout_line_commissions`.execute(db);
}
