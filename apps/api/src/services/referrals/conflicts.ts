// Conflicts between partners over one client (DESIGN §8), for an admin to settle: keep the first
// partner (the second referral is lost), move the client to the second (the first is lost and the
// second's conflict cleared), or reject the second. The change and its activity row share a transaction.

import {
  REFERRAL_MESSAGES,
  type ConflictResolution,
  type ReferralConflict,
  type ReferralStage,
} from '@portal/contracts';
import type { ReferralRow } from '@portal/db';
import { enqueueWebhookEvent, referralEventData } from '../integrations/webhooks';
import { notifyDealClosed, type MailDeps } from '../notifications/notify';
import { logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { inTransaction } from '../platform/idempotency';
import { refreshPartnerTotals } from '../partners/partner-totals';
import { saveReferral } from './qualification';
import { stageChange } from './referrals';

type Side = ReferralConflict['second'];

const sideOf = (row: ReferralRow & { partnerCompanyName: string }): Side => ({
  referralId: row.id,
  partnerId: row.partnerId,
  partnerCompanyName: row.partnerCompanyName,
  clientCompanyName: row.clientCompanyName,
  clientEmail: row.clientEmail,
  stage: row.stage,
  referralSource: row.referralSource,
  createdAt: row.createdAt.toISOString(),
});

/** Referrals with their partner's company name, as both sides of a conflict are shown. */
const referralsWithPartner = (db: DbOrTx) =>
  db
    .selectFrom('referrals')
    .innerJoin('partners', 'partners.id', 'referrals.partnerId')
    .selectAll('referrals')
    .select('partners.companyName as partnerCompanyName');

/** Open conflicts, oldest first (the order they should be settled in), with both sides. */
export async function listReferralConflicts(db: DbOrTx, { limit = 200 }: { limit?: number } = {}) {
  const seconds = await referralsWithPartner(db)
    .where('referrals.conflictOf', 'is not', null)
    .orderBy('referrals.createdAt', 'asc')
    .orderBy('referrals.id', 'asc')
    .limit(limit)
    .execute();
  const firstIds = [...new Set(seconds.map((row) => row.conflictOf as string))];
  const firsts =
    firstIds.length === 0 ? [] : await referralsWithPartner(db).where('referrals.id', 'in', firstIds).execute();
  const firstById = new Map(firsts.map((row) => [row.id, row]));
  return seconds.map((row): ReferralConflict => {
    const first = firstById.get(row.conflictOf as string);
    return { id: row.id, second: sideOf(row), first: first ? sideOf(first) : null, selfReferral: row.selfReferral };
  });
}

/** Open referrals flagged as self-referrals, newest first, for review beside the conflicts. */
export async function listSelfReferrals(db: DbOrTx, { limit = 100 }: { limit?: number } = {}): Promise<Side[]> {
  const rows = await referralsWithPartner(db)
    .where('referrals.selfReferral', '=', true)
    .where('referrals.stage', '!=', 'lost')
    .orderBy('referrals.createdAt', 'desc')
    .limit(limit)
    .execute();
  return rows.map(sideOf);
}

/** The admin's review list: open conflicts beside the open self-referrals. */
export async function referralConflictsReview(
  db: DbOrTx,
): Promise<{ conflicts: ReferralConflict[]; selfReferrals: Side[] }> {
  const [conflicts, selfReferrals] = await Promise.all([listReferralConflicts(db), listSelfReferrals(db)]);
  return { conflicts, selfReferrals };
}

async function loseReferral(
  trx: DbOrTx,
  { current, reason, now, mail }: { current: ReferralRow; reason: string; now: Date; mail: MailDeps },
): Promise<ReferralRow> {
  const changes = current.stage === 'lost' ? {} : stageChange(current, { stage: 'lost', lostReason: reason }, now);
  const updated = await saveReferral(trx, { id: current.id, changes: { ...changes, conflictOf: null }, now });
  if (current.stage !== 'lost') {
    await enqueueWebhookEvent(trx, {
      type: 'referral.stage_changed',
      data: { ...referralEventData(updated), previousStage: current.stage },
      now,
    });
    await notifyDealClosed(trx, { mail, now, referral: { ...updated, stage: 'lost' } });
  }
  return updated;
}

/** Settles the conflict of the second referral `id`; answers the second referral's new stage. */
export async function resolveReferralConflict(
  db: DbOrTx,
  {
    id,
    resolution,
    actorId,
    now,
    mail,
  }: { id: string; resolution: ConflictResolution; actorId: string; now: Date; mail: MailDeps },
): Promise<{ id: string; resolution: ConflictResolution; stage: ReferralStage; firstStage: ReferralStage | null }> {
  return inTransaction(db, async (trx) => {
    const second = await trx.selectFrom('referrals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!second?.conflictOf) throw DomainError.notFound(REFERRAL_MESSAGES.conflictNotFound);
    const first = await trx
      .selectFrom('referrals')
      .selectAll()
      .where('id', '=', second.conflictOf)
      .forUpdate()
      .executeTakeFirst();
    let secondAfter: ReferralRow;
    let firstAfter: ReferralRow | undefined = first;
    if (resolution === 'keep_first') {
      secondAfter = await loseReferral(trx, {
        current: second,
        reason: REFERRAL_MESSAGES.conflictKeptFirst,
        now,
        mail,
      });
    } else if (resolution === 'reject') {
      secondAfter = await loseReferral(trx, { current: second, reason: REFERRAL_MESSAGES.conflictRejected, now, mail });
    } else {
      if (first)
        firstAfter = await loseReferral(trx, {
          current: first,
          reason: REFERRAL_MESSAGES.conflictMovedAway,
          now,
          mail,
        });
      secondAfter = await trx
        .updateTable('referrals')
        .set({ conflictOf: null, updatedAt: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    await refreshPartnerTotals(trx, { partnerIds: [second.partnerId, ...(first ? [first.partnerId] : [])], now });
    await logActivity(trx, {
      userId: actorId,
      action: 'referral.conflict_resolved',
      entityType: 'referral',
      entityId: id,
      details: {
        resolution,
        partnerId: second.partnerId,
        firstReferralId: second.conflictOf,
        firstPartnerId: first?.partnerId ?? null,
        stage: { from: second.stage, to: secondAfter.stage },
        ...(first && firstAfter && first.stage !== firstAfter.stage
          ? { firstStage: { from: first.stage, to: firstAfter.stage } }
          : {}),
      },
    });
    return { id, resolution, stage: secondAfter.stage, firstStage: firstAfter?.stage ?? null };
  });
}
