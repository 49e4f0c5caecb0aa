// partners.current_mrr and partners.total_lifetime_commissions are stored for fast lists, and
// recomputed from the rows inside the transaction of every change that moves them.

import { monthKey } from '@portal/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../platform/activity';
import { activeInMonthSql } from '../referrals/active-referrals';

export async function refreshPartnerTotals(
  tx: DbOrTx,
  { partnerIds, now }: { partnerIds: readonly string[]; now: Date },
): Promise<void> {
  if (partnerIds.length === 0) return;
  const month = monthKey(now);
  await sql`
    update partners p set
      current_mrr = coalesce((select sum(r.monthly_value) from referrals r where r.partner_id = p.id and ${activeInMonthSql(month)}), 0),
      total_lifetime_commissions = coalesce((select sum(c.amount) from commissions c where c.partner_id = p.id and c.status = 'paid'), 0),
      updated_at = now()
    where p.id in (${sql.join([...new Set(partnerIds)])})
  `.execute(tx);
}
