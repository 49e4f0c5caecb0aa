// Ending a partnership (the agreement's section 2) and forfeiting fees (section 5). Notice by either party
// takes effect `noticeDays` (of the partner's terms version) after today unless a later day is given; until
// then nothing changes, from that day the partner is inactive (applied at once when the day has come, else by
// the daily timer) and fees for client payments of months before it are still earned and paid. A breach of
// non-solicitation forfeits all unpaid and future fees of the partner, logged and mailed.

import {
  ENDING_MESSAGES,
  MESSAGES,
  addDays,
  fromCents,
  toCents,
  todayIsoDate,
  type AdminPartnershipEnd,
  type PartnershipEnd,
  type terminatePartnerInput,
} from '@portal/contracts';
import type { CommissionRow, Db } from '@portal/db';
import type { z } from 'zod';
import { logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { termsOfVersion } from '../platform/program-terms';
import { clawBackRest, lockRefundClawbacks } from '../money/adjustments';
import {
  notifyFeesForfeited,
  notifyNoticeWithdrawn,
  notifyPartnerNotice,
  notifyTermination,
  type MailDeps,
} from '../notifications/notify';

type TerminateInput = z.output<typeof terminatePartnerInput>;

/** Makes the partners whose notice has run out inactive; answers how many. */
export async function applyDueTerminations(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .updateTable('partners')
    .set({ status: 'inactive', updatedAt: now })
    .where('status', '=', 'active')
    .where('terminationEffective', '<=', todayIsoDate(now))
    .returning(['id', 'terminationEffective'])
    .execute();
  for (const row of rows)
    await logActivity(db, {
      userId: null,
      action: 'partner.terminated',
      entityType: 'partner',
      entityId: row.id,
      details: { before: { status: 'active' }, after: { status: 'inactive' }, effectiveDate: row.terminationEffective },
    });
  return rows.length;
}

export async function terminatePartner(
  db: Db,
  options: {
    actorId: string;
    input: TerminateInput;
    now: Date;
    mail: MailDeps;
    /** The partner gave the notice themselves (from Settings): the administrators are mailed too. */
    byPartner?: boolean;
  },
) {
  const { input, now } = options;
  const today = todayIsoDate(now);
  if (input.effectiveDate && input.effectiveDate < today)
    throw DomainError.invalid(ENDING_MESSAGES.effectiveBeforeToday);
  return db.transaction().execute(async (trx) => {
    const partner = await trx
      .selectFrom('partners')
      .select(['id', 'status', 'termsVersion', 'terminationEffective'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!partner) throw DomainError.notFound(MESSAGES.partnerNotFound);
    if (partner.status !== 'active') throw DomainError.conflict(ENDING_MESSAGES.notActive);
    if (partner.terminationEffective)
      throw DomainError.conflict(ENDING_MESSAGES.alreadyGiven(partner.terminationEffective));
    const terms = await termsOfVersion(trx, partner.termsVersion);
    const effectiveDate = input.effectiveDate ?? addDays(today, terms.noticeDays);
    await trx
      .updateTable('partners')
      .set({
        terminationGivenBy: input.givenBy,
        terminationReason: input.reason,
        terminationEffective: effectiveDate,
        updatedAt: now,
      })
      .where('id', '=', partner.id)
      .execute();
    await logActivity(trx, {
      userId: options.actorId,
      action: 'partner.notice_given',
      entityType: 'partner',
      entityId: partner.id,
      details: { givenBy: input.givenBy, reason: input.reason, effectiveDate, noticeDays: terms.noticeDays },
    });
    await notifyTermination(trx, {
      mail: options.mail,
      now,
      partnerId: partner.id,
      givenBy: input.givenBy,
      reason: input.reason,
      effectiveDate,
    });
    if (options.byPartner)
      await notifyPartnerNotice(trx, {
        mail: options.mail,
        now,
        partnerId: partner.id,
        reason: input.reason,
        effectiveDate,
      });
    await applyDueTerminations(trx, now);
    const after = await trx
      .selectFrom('partners')
      .select('status')
      .where('id', '=', partner.id)
      .executeTakeFirstOrThrow();
    return { partnerId: partner.id, givenBy: input.givenBy, reason: input.reason, effectiveDate, status: after.status };
  });
}

/** The fees a forfeiture voids: every unpaid one, pending or failed (a payment that did not arrive is unpaid). */
const UNPAID_STATUSES = ['pending', 'failed'] as const;

type UnpaidLine = Pick<
  CommissionRow,
  'id' | 'partnerId' | 'kind' | 'amount' | 'monthYear' | 'referralId' | 'clientPaymentId'
>;

/**
 * What a forfeiture takes of the partner's unpaid lines. Every one is voided but a fee a refund of its client
 * payment already took part of back in a payout: voiding that fee would take that part twice, so it stays (with its
 * refund's unpaid clawbacks) and the rest of it, the fee less every clawback of its payment, is taken back with a
 * clawback of the forfeiture's reason. A second forfeiture finds that rest at nothing and books nothing more.
 * `lock` locks the lines and the client payments, as the forfeiture itself does; the admin's preview reads them.
 */
async function forfeiturePlan(trx: DbOrTx, options: { partnerId: string; lock: boolean }) {
  let query = trx
    .selectFrom('commissions')
    .select(['id', 'partnerId', 'kind', 'amount', 'monthYear', 'referralId', 'clientPaymentId'])
    .where('partnerId', '=', options.partnerId)
    .where('status', 'in', UNPAID_STATUSES)
    .orderBy('monthYear')
    .orderBy('id');
  if (options.lock) query = query.forUpdate();
  const unpaid: UnpaidLine[] = await query.execute();
  const stays = new Set<string>();
  const rests: { fee: UnpaidLine; restCents: number }[] = [];
  for (const fee of unpaid) {
    const { clawbacks, paidBackCents, restCents } = await lockRefundClawbacks(trx, { fee, lock: options.lock });
    if (paidBackCents === 0) continue;
    stays.add(fee.id);
    for (const clawback of clawbacks) stays.add(clawback.id);
    if (restCents > 0) rests.push({ fee, restCents });
  }
  const voids = unpaid.filter((line) => !stays.has(line.id));
  const cents =
    voids.reduce((total, line) => total + toCents(line.amount), 0) +
    rests.reduce((total, rest) => total + rest.restCents, 0);
  return { voids, rests, count: voids.length + rests.length, cents };
}

/**
 * Forfeits all unpaid and future fees of the partner: voids every unpaid fee (pending, or failed and waiting to
 * be retried) with the reason, and from the first forfeiture's moment (partners.fees_forfeited_at) no client
 * payment and no accrual earns the partner a fee. One activity row, one mail; the voided fees show on the
 * partner's statement with the reason, and a voided failed fee can no longer be retried. A fee a refund already
 * took part of back in a payout is taken back in the rest instead (see forfeiturePlan), with the clawback's own row
 * and mail. Once forfeited with nothing unpaid left it is a 409 that writes and mails nothing: forfeits of one
 * partner queue on its row, so of two at once only the first forfeits.
 */
export async function forfeitFees(
  db: Db,
  options: { actorId: string; id: string; reason: string; now: Date; mail: MailDeps },
) {
  const { now, reason } = options;
  return db.transaction().execute(async (trx) => {
    const partner = await trx
      .selectFrom('partners')
      .select(['id', 'feesForfeitedAt'])
      .where('id', '=', options.id)
      .forUpdate()
      .executeTakeFirst();
    if (!partner) throw DomainError.notFound(MESSAGES.partnerNotFound);
    const plan = await forfeiturePlan(trx, { partnerId: partner.id, lock: true });
    if (plan.count === 0 && partner.feesForfeitedAt)
      throw DomainError.conflict(ENDING_MESSAGES.alreadyForfeited(partner.feesForfeitedAt.toISOString()));
    // The future fees go with the first forfeiture: from its moment on nothing earns the partner a fee.
    const feesForfeitedAt = partner.feesForfeitedAt ?? now;
    if (!partner.feesForfeitedAt)
      await trx.updateTable('partners').set({ feesForfeitedAt, updatedAt: now }).where('id', '=', partner.id).execute();
    if (plan.voids.length > 0)
      await trx
        .updateTable('commissions')
        .set({ status: 'voided', voidedAt: now, voidReason: reason, updatedAt: now })
        .where(
          'id',
          'in',
          plan.voids.map((line) => line.id),
        )
        .execute();
    const clients = await clientNames(
      trx,
      plan.rests.map((rest) => rest.fee.referralId),
    );
    const takenInPart = [];
    for (const { fee, restCents } of plan.rests) {
      const clawback = await clawBackRest(trx, {
        fee,
        restCents,
        reason,
        clientCompanyName: (fee.referralId && clients.get(fee.referralId)) ?? null,
        actorId: options.actorId,
        now,
        mail: options.mail,
      });
      if (clawback) takenInPart.push({ commissionId: fee.id, clawbackId: clawback.id });
    }
    const amount = fromCents(plan.cents);
    await logActivity(trx, {
      userId: options.actorId,
      action: 'partner.fees_forfeited',
      entityType: 'partner',
      entityId: partner.id,
      details: {
        reason,
        voided: plan.count,
        amount,
        commissionIds: plan.voids.map((line) => line.id),
        ...(takenInPart.length ? { takenInPart } : {}),
        feesForfeitedAt: feesForfeitedAt.toISOString(),
      },
    });
    await notifyFeesForfeited(trx, { mail: options.mail, now, partnerId: partner.id, reason, amount });
    return { partnerId: partner.id, voided: plan.count, amount, feesForfeitedAt: feesForfeitedAt.toISOString() };
  });
}

/** The client company of each referral, for the lines a forfeiture books. */
async function clientNames(trx: DbOrTx, referralIds: (string | null)[]) {
  const ids = referralIds.filter((id): id is string => id !== null);
  if (!ids.length) return new Map<string, string>();
  const rows = await trx.selectFrom('referrals').select(['id', 'clientCompanyName']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.clientCompanyName]));
}

/** The partnership's ending as it stands, and the day notice given today would take effect. */
export async function partnershipEnd(db: DbOrTx, options: { partnerId: string; now: Date }): Promise<PartnershipEnd> {
  const partner = await db
    .selectFrom('partners')
    .select(['status', 'termsVersion', 'terminationGivenBy', 'terminationReason', 'terminationEffective'])
    .where('id', '=', options.partnerId)
    .executeTakeFirst();
  if (!partner) throw DomainError.notFound(MESSAGES.partnerNotFound);
  const terms = await termsOfVersion(db, partner.termsVersion);
  return {
    status: partner.status,
    noticeDays: terms.noticeDays,
    noticeEffectiveDate: addDays(todayIsoDate(options.now), terms.noticeDays),
    termination:
      partner.terminationEffective && partner.terminationGivenBy
        ? {
            givenBy: partner.terminationGivenBy,
            reason: partner.terminationReason,
            effectiveDate: partner.terminationEffective,
          }
        : null,
  };
}

/** The admin's view: the ending, and the count and sum of the unpaid fees a forfeiture would take. */
export async function adminPartnershipEnd(
  db: DbOrTx,
  options: { partnerId: string; now: Date },
): Promise<AdminPartnershipEnd> {
  const ending = await partnershipEnd(db, options);
  const plan = await forfeiturePlan(db, { partnerId: options.partnerId, lock: false });
  const { feesForfeitedAt } = await db
    .selectFrom('partners')
    .select('feesForfeitedAt')
    .where('id', '=', options.partnerId)
    .executeTakeFirstOrThrow();
  return {
    ...ending,
    unpaidFees: { count: plan.count, amount: fromCents(plan.cents) },
    feesForfeitedAt: feesForfeitedAt ? feesForfeitedAt.toISOString() : null,
  };
}

/** A partner's own written notice: effective the notice days of their terms version after today; the team hears. */
export async function givePartnerNotice(
  db: Db,
  options: { partnerId: string; actorId: string; reason: string; now: Date; mail: MailDeps },
) {
  return terminatePartner(db, {
    actorId: options.actorId,
    input: { id: options.partnerId, givenBy: 'partner', reason: options.reason },
    now: options.now,
    mail: options.mail,
    byPartner: true,
  });
}

/**
 * Withdraws the notice given, before its day: the partnership continues as if none had been given. The firm
 * (an administrator) may withdraw either party's notice; a partner only its own. Logged, and mailed to the partner
 * (and to the administrators when the partner withdrew it).
 */
export async function withdrawNotice(
  db: Db,
  options: { partnerId: string; actorId: string; by: 'firm' | 'partner'; now: Date; mail: MailDeps },
): Promise<PartnershipEnd> {
  const { partnerId, now } = options;
  return db.transaction().execute(async (trx) => {
    const partner = await trx
      .selectFrom('partners')
      .select(['id', 'status', 'terminationGivenBy', 'terminationEffective'])
      .where('id', '=', partnerId)
      .forUpdate()
      .executeTakeFirst();
    if (!partner) throw DomainError.notFound(MESSAGES.partnerNotFound);
    const { terminationEffective: effectiveDate, terminationGivenBy: givenBy } = partner;
    if (!effectiveDate || !givenBy) throw DomainError.conflict(ENDING_MESSAGES.noNotice);
    // A notice whose day has come has ended the partnership, whether or not the daily timer has run yet.
    if (partner.status !== 'active' || effectiveDate <= todayIsoDate(now))
      throw DomainError.conflict(ENDING_MESSAGES.alreadyEnded(effectiveDate));
    if (options.by === 'partner' && givenBy === 'firm') throw DomainError.conflict(ENDING_MESSAGES.firmNotice);
    await trx
      .updateTable('partners')
      .set({ terminationGivenBy: null, terminationReason: null, terminationEffective: null, updatedAt: now })
      .where('id', '=', partner.id)
      .execute();
    await logActivity(trx, {
      userId: options.actorId,
      action: 'partner.notice_withdrawn',
      entityType: 'partner',
      entityId: partner.id,
      details: { givenBy, withdrawnBy: options.by, before: { effectiveDate }, after: { effectiveDate: null } },
    });
    await notifyNoticeWithdrawn(trx, { mail: options.mail, now, partnerId: partner.id, by: options.by, effectiveDate });
    return partnershipEnd(trx, { partnerId: partner.id, now });
  });
}

/** The firm withdraws a notice (either party's), answered with the partner page's view of the partnership's end. */
export async function withdrawNoticeAsFirm(
  db: Db,
  options: { partnerId: string; actorId: string; now: Date; mail: MailDeps },
): Promise<AdminPartnershipEnd> {
  await withdrawNotice(db, { ...options, by: 'firm' });
  return adminPartnershipEnd(db, { partnerId: options.partnerId, now: options.now });
}
