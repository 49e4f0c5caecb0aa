// Qualifying clients (DESIGN §8): a referral's qualification window starts when the firm accepts it and
// ends `qualificationDays` later plus any extensions (at most `maxExtensionDays` in all) — its last day is
// `qualifies_by`. A won client is a qualifying client when it signed within the window — on or after the day
// the firm accepted the referral and on or before its last day — and its annual sales are recorded and reach
// the minimum of its terms version; otherwise it is won but not qualifying, with the reason, and earns no fees. An admin's override decides it either way (logged, mailed).

import {
  PROGRAM_TERMS_MESSAGES,
  QUALIFICATION_REASONS,
  REFERRAL_MESSAGES,
  addDays,
  toCents,
  todayIsoDate,
  type Referral,
} from '@portal/contracts';
import type { Database, Db, ReferralRow, ReferralsTable } from '@portal/db';
import type { Transaction, Updateable } from 'kysely';
import { changeSet, logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { toReferral } from '../platform/mappers';
import { termsOfVersion } from '../platform/program-terms';
import { notifyQualificationDecided, type MailDeps } from '../notifications/notify';

/** Whether a won client qualifies, and why not: the rule as a pure function the edge tests read. */
export function qualificationOf(
  referral: {
    signedAt: string | null;
    acceptedAt: Date | null;
    qualifiesBy: string | null;
    annualSales: string | null;
  },
  minAnnualSales: string,
): { qualifying: boolean; reason: string | null } {
  // A client that signed before the firm accepted the partner's referral was not brought in by it.
  const acceptedOn = referral.acceptedAt ? todayIsoDate(referral.acceptedAt) : null;
  if (acceptedOn && referral.signedAt && referral.signedAt < acceptedOn)
    return { qualifying: false, reason: QUALIFICATION_REASONS.signedBeforeAcceptance(referral.signedAt, acceptedOn) };
  if (referral.qualifiesBy && referral.signedAt && referral.signedAt > referral.qualifiesBy)
    return { qualifying: false, reason: QUALIFICATION_REASONS.signedLate(referral.qualifiesBy) };
  if (referral.annualSales === null) return { qualifying: false, reason: QUALIFICATION_REASONS.salesMissing };
  if (toCents(referral.annualSales) < toCents(minAnnualSales))
    return { qualifying: false, reason: QUALIFICATION_REASONS.salesBelow(minAnnualSales) };
  return { qualifying: true, reason: null };
}

/**
 * Locks a referral's partner, then the referral (the order every writer of a partner's referrals takes,
 * so two writers on one partner queue instead of deadlocking); 404 when there is no such referral.
 */
export async function lockReferral(trx: Transaction<Database>, id: string): Promise<ReferralRow> {
  await trx
    .selectFrom('partners')
    .select('id')
    .where('id', '=', trx.selectFrom('referrals').select('partnerId').where('id', '=', id))
    .forUpdate()
    .execute();
  const row = await trx.selectFrom('referrals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw DomainError.notFound(REFERRAL_MESSAGES.referralNotFound);
  return row;
}

/** Writes a locked referral's changes, stamped `now`, and answers the row as it now stands. */
export function saveReferral(
  trx: DbOrTx,
  { id, changes, now }: { id: string; changes: Updateable<ReferralsTable>; now: Date },
): Promise<ReferralRow> {
  return trx
    .updateTable('referrals')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The fields of a referral its qualification window and decision consist of. */
type WindowField = 'extensionDays' | 'qualifiesBy' | 'qualifying' | 'qualificationReason' | 'qualificationOverridden';

/** Stores an admin's change to a referral's window or decision, with its activity row (the fields that changed). */
async function saveWindowChange(
  trx: Transaction<Database>,
  {
    current,
    changes,
    now,
    actorId,
    action,
    details,
  }: {
    current: ReferralRow;
    changes: Partial<Pick<ReferralRow, WindowField>>;
    now: Date;
    actorId: string;
    action: string;
    details?: Record<string, unknown>;
  },
): Promise<ReferralRow> {
  const updated = await saveReferral(trx, { id: current.id, changes, now });
  await logActivity(trx, {
    userId: actorId,
    action,
    entityType: 'referral',
    entityId: current.id,
    details: { partnerId: current.partnerId, ...details, ...changeSet(current, changes) },
  });
  return updated;
}

async function withPartnerName(trx: Transaction<Database>, row: ReferralRow): Promise<Referral> {
  const partner = await trx
    .selectFrom('partners')
    .select('companyName')
    .where('id', '=', row.partnerId)
    .executeTakeFirstOrThrow();
  return toReferral({ ...row, partnerCompanyName: partner.companyName });
}

/**
 * Adds days to a referral's qualification window. The extensions of one referral add up to at most the
 * terms' `maxExtensionDays` (more is 422 naming the limit); a won client not decided by an admin is
 * evaluated again against the longer window.
 */
export async function extendQualificationWindow(
  db: Db,
  options: { actorId: string; id: string; days: number; reason: string; now: Date },
): Promise<Referral> {
  return db.transaction().execute(async (trx) => {
    const current = await lockReferral(trx, options.id);
    if (!current.acceptedAt || !current.qualifiesBy) throw DomainError.conflict(PROGRAM_TERMS_MESSAGES.notAccepted);
    const terms = await termsOfVersion(trx, current.termsVersion);
    if (current.extensionDays + options.days > terms.maxExtensionDays)
      throw DomainError.unprocessable(
        PROGRAM_TERMS_MESSAGES.extensionLimit(terms.maxExtensionDays, current.extensionDays),
      );
    const next = {
      extensionDays: current.extensionDays + options.days,
      qualifiesBy: addDays(current.qualifiesBy, options.days),
      ...(current.stage === 'won' && !current.qualificationOverridden
        ? qualificationOf({ ...current, qualifiesBy: addDays(current.qualifiesBy, options.days) }, terms.minAnnualSales)
        : {}),
    };
    const decided =
      'qualifying' in next ? { qualifying: next.qualifying, qualificationReason: next.reason } : ({} as const);
    const changes = { extensionDays: next.extensionDays, qualifiesBy: next.qualifiesBy, ...decided };
    const updated = await saveWindowChange(trx, {
      current,
      changes,
      now: options.now,
      actorId: options.actorId,
      action: 'referral.window_extended',
      details: { days: options.days, reason: options.reason },
    });
    return withPartnerName(trx, updated);
  });
}

/** An admin decides whether a won client qualifies, with the reason: logged, and mailed to the partner. */
export async function overrideQualification(
  db: Db,
  options: { actorId: string; id: string; qualifying: boolean; reason: string; now: Date; mail: MailDeps },
): Promise<Referral> {
  return db.transaction().execute(async (trx) => {
    const current = await lockReferral(trx, options.id);
    if (current.stage !== 'won') throw DomainError.conflict(PROGRAM_TERMS_MESSAGES.notWon);
    const changes = {
      qualifying: options.qualifying,
      qualificationReason: options.reason,
      qualificationOverridden: true,
    };
    const updated = await saveWindowChange(trx, {
      current,
      changes,
      now: options.now,
      actorId: options.actorId,
      action: 'referral.qualification_overridden',
    });
    await notifyQualificationDecided(trx, { mail: options.mail, now: options.now, referral: updated });
    return withPartnerName(trx, updated);
  });
}
