// Monthly accrual: one pending commission per referral active in the month, in one set-based
// statement. The unique (referral_id, month_year) index of recurring commissions makes a second run — or a run on
// another replica at the same moment — create nothing more.

import { MESSAGES, monthKey, type monthInput } from '@portal/contracts';
import type { Db } from '@portal/db';
import { DomainError } from './errors';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppDeps } from '../deps';
import { logActivity } from './activity';
import { enqueueWebhookEvent } from './webhooks';
import { notifyMonthlySummaries, type MailDeps } from './notifications/notify';
import { activeInMonthSql } from './active-referrals';

export interface AccrualResult {
  month: string;
  /** Commissions written by this run. */
  created: number;
  /** Active referrals that already had a commission for the month. */
  skipped: number;
}

export type Month = z.infer<typeof monthInput>['month'];

/**
 * `mail` sends each partner that earned in this run its month's summary; the demo seed and the
 * benchmarks accrue without it.
 */
export async function accrueMonth(db: Db, month: Month, now: Date, actorId: string | null = null, mail?: MailDeps): Promise<AccrualResult> {
  // Month keys compare correctly as text ("2026-09" < "2026-10").
  if (month > monthKey(now)) throw DomainError.invalid(MESSAGES.futureMonth);

  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ active: number; created: number; earned: { partnerId: string; count: number; amount: string }[] | null }>`
      with active as (
        select r.id, r.partner_id, r.commission_amount from referrals r where ${activeInMonthSql(month)}
      ), inserted as (
        insert into commissions (partner_id, referral_id, amount, month_year)
        select a.partner_id, a.id, a.commission_amount, ${month} from active a
        -- No anti-join here: against a table whose statistics say "empty" the planner scans the heap
        -- once per row, including the rows this statement writes (quadratic). The unique index does it.
        on conflict (referral_id, month_year) where kind = 'recurring' do nothing
        returning partner_id, amount
      )
      select (select count(*) from active)::int as active, (select count(*) from inserted)::int as created,
        (select json_agg(json_build_object('partnerId', partner_id, 'count', n, 'amount', total::text) order by partner_id)
           from (select partner_id, count(*)::int as n, sum(amount)::numeric(12, 2) as total from inserted group by partner_id) p) as earned
    `.execute(trx);
    const active = Number(rows[0]?.active ?? 0);
    const created = Number(rows[0]?.created ?? 0);
    const result = { month, created, skipped: Math.max(0, active - created) };
    await logActivity(trx, { userId: actorId, action: 'commissions.accrued', entityType: 'commission', entityId: null, details: { ...result } });
    if (mail) await notifyMonthlySummaries(trx, mail, now, month, rows[0]?.earned ?? []);
    if (created > 0) await enqueueWebhookEvent(trx, 'commissions.accrued', { ...result, partners: rows[0]?.earned ?? [] }, now);
    return result;
  });
}

/** accrueMonth counted in the instance's metrics (runs by result, commissions created); a refused month is no run. */
export async function runAccrual(deps: Pick<AppDeps, 'db' | 'metrics'>, month: Month, now: Date, actorId: string | null = null, mail?: MailDeps): Promise<AccrualResult> {
  try {
    const result = await accrueMonth(deps.db, month, now, actorId, mail);
    deps.metrics.accrualRuns.inc({ result: 'ok' });
    deps.metrics.accrualRowsCreated.inc(result.created);
    return result;
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'invalid')) deps.metrics.accrualRuns.inc({ result: 'error' });
    throw error;
  }
}
