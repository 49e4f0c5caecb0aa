// The agreement's section 5: a partner who breaches non-solicitation forfeits all unpaid and future fees. The
// moment of the forfeiture is kept on the partner (partners.fees_forfeited_at): from then on no client payment
// and no accrual earns the partner a fee. Partners whose unpaid fees were forfeited before the column existed
// get the moment of their last forfeiture, from its activity row.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table partners add column fees_forfeited_at timestamptz`.execute(db);
  await sql`
    update partners p
       set fees_forfeited_at = f.at
      from (select entity_id, max(created_at) as at from activity_log
             where action = 'partner.fees_forfeited' and entity_type = 'partner' group by entity_id) f
     where f.entity_id = p.id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table partners drop column fees_forfeited_at`.execute(db);
}
