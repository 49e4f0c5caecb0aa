// Monthly accrual: one pending commission per referral active in the month, in one set-based
// statement. Runs of one month are serialised by an advisory lock, so a second run — or a run on another
// replica at the same moment — creates nothing more; the unique (referral_id, month_year) index of
// recurring commissions guarantees it.

import { CLIENT_PAYMENT_MESSAGES, MESSAGES, monthBounds, monthKey, type monthInput } from '@portal/contracts';
import type { Db } from '@portal/db';
import { DomainError } from '../platform/errors';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { logActivity } from '../platform/activity';
import { enqueueWebhookEvent } from '../integrations/webhooks';
import { notifyMonthlySummaries, type MailDeps } from '../notifications/notify';
import { activeInMonthSql } from '../referrals/active-referrals';
import { getProgramSettings } from '../platform/program-settings';

export interface AccrualResult {
  month: string;
  /** Commissions written by this run. */
  created: number;
  /** Active referrals that already had a commission for the month. */
  skipped: number;
  /** Why nothing was accrued by rule: fees follow client payments (program setting feeBasis). */
  reason?: string;
}

export type Month = z.infer<typeof monthInput>['month'];

export interface AccrualOptions {
  month: Month;
  now: Date;
  /** The admin who asked for the run; null (the default) for the timer, the CLI and the seed. */
  actorId?: string | null;
  /** Sends each partner that earned in this run its month's summary; the demo seed and the benchmarks accrue without it. */
  mail?: MailDeps | undefined;
}

export async function accrueMonth(
  db: Db,
  { month, now, actorId = null, mail }: AccrualOptions,
): Promise<AccrualResult> {
  // Month keys compare correctly as text ("2026-09" < "2026-10").
  if (month > monthKey(now)) throw DomainError.invalid(MESSAGES.futureMonth);

  return db.transaction().execute(async (trx) => {
    // Runs of the same month queue behind each other (another replica's timer, a second click), so each
    // sees what the one before it wrote; the unique (referral_id, month_year) index stays the backstop.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`accrual:${month}`}, 0))`.execute(trx);
    // The referrals already paid for this month are found by a hash join over the month's commissions:
    // a nested loop, picked from statistics that still say "empty", would rescan the heap per row,
    // including the pages this statement writes (quadratic).
    await sql`set local enable_nestloop = off`.execute(trx);
    const { rows } = await sql<{
      active: number;
      created: number;
      earned: { partnerId: string; count: number; amount: string }[] | null;
    }>`
      with active as (
        select r.id, r.partner_id, r.commission_amount, c.referral_id is not null as accrued
        from referrals r
        left join commissions c on c.referral_id = r.id and c.month_year = ${month} and c.kind = 'recurring'
        -- A won client that is not a qualifying client earns no fees, nor does a referral in an open conflict
        -- with another partner's (one client, one partner), nor one of a partner who forfeited its fees.
        where ${activeInMonthSql(month)} and r.qualifying is not false and r.conflict_of is null
          and not exists (select 1 from partners p where p.id = r.partner_id
            and (p.termination_effective <= ${monthBounds(month).start}::date or p.fees_forfeited_at is not null))
      ), inserted as (
        -- A plain insert (no ON CONFLICT: its speculative insertion costs a third of the run) in partner
        -- order, so the partner indexes are walked once; the ids (portal_uuid_v7) append to the primary key.
        -- Booked now, on the run's clock: a statement lists a fee in the month it was booked.
        insert into commissions (partner_id, referral_id, amount, month_year, created_at, updated_at)
        select a.partner_id, a.id, a.commission_amount, ${month}, ${now}::timestamptz, ${now}::timestamptz
        from active a where not a.accrued order by a.partner_id
        returning partner_id, amount
      )
      select (select count(*) from active)::int as active, (select count(*) from inserted)::int as created,
        (select json_agg(json_build_object('partnerId', partner_id, 'count', n, 'amount', total::text) order by partner_id)
           from (select partner_id, count(*)::int as n, sum(amount)::numeric(12, 2) as total from inserted group by partner_id) p) as earned
    `.execute(trx);
    await sql`set local enable_nestloop to default`.execute(trx);
    const active = Number(rows[0]?.active ?? 0);
    const created = Number(rows[0]?.created ?? 0);
    const result = { month, created, skipped: Math.max(0, active - created) };
    // A person's run is always recorded (who ran it and what it found); the timer's only when it wrote
    // something: every replica runs it daily, and its no-op runs would bury the log.
    if (actorId !== null || created > 0) {
      await logActivity(trx, {
        userId: actorId,
        action: 'commissions.accrued',
        entityType: 'commission',
        entityId: null,
        details: { ...result },
      });
    }
    if (mail) await notifyMonthlySummaries(trx, { mail, now, month, earned: rows[0]?.earned ?? [] });
    if (created > 0)
      await enqueueWebhookEvent(trx, {
        type: 'commissions.accrued',
        data: { ...result, partners: rows[0]?.earned ?? [] },
        now,
      });
    return result;
  });
}

/**
 * The instance's accrual of a month, now, under the program's fee basis: with `clientPayment` (the
 * default, the agreement's rule) fees come from client payments and the run creates nothing, saying
 * why; with `activeMonth` it is accrueMonth counted in its metrics (runs by result,
 * commissions created; a refused month is no run). It mails the monthly summaries when the deps can
 * address mail (the server, the CLI); a bare timer's deps (tests) cannot.
 */
export async function runAccrual(
  deps: Pick<AppDeps, 'db' | 'metrics' | 'now'> & Partial<MailDeps>,
  { month, actorId = null }: { month: Month; actorId?: string | null },
): Promise<AccrualResult> {
  const mail = deps.config && deps.cipher ? { config: deps.config, cipher: deps.cipher } : undefined;
  try {
    const { feeBasis } = await getProgramSettings(deps.db);
    if (feeBasis === 'clientPayment') {
      if (month > monthKey(deps.now())) throw DomainError.invalid(MESSAGES.futureMonth);
      deps.metrics.accrualRuns.inc({ result: 'skipped' });
      return { month, created: 0, skipped: 0, reason: CLIENT_PAYMENT_MESSAGES.accrualUnderClientPayment };
    }
    const result = await accrueMonth(deps.db, { month, now: deps.now(), actorId, mail });
    deps.metrics.accrualRuns.inc({ result: 'ok' });
    deps.metrics.accrualRowsCreated.inc(result.created);
    return result;
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'invalid')) deps.metrics.accrualRuns.inc({ result: 'error' });
    throw error;
  }
}
