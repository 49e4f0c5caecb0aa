// A partner's agreement: the terms version they are on and the one waiting for them. A partner stays on
// their own version until they accept the one in force; each acceptance is a row (who, when, from which
// address) with its activity row, in one transaction.

import { PROGRAM_TERMS_MESSAGES, type PartnerAgreement } from '@portal/contracts';
import type { Db, Partner } from '@portal/db';
import { logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { currentProgramTerms, currentTermsRow, toPublicProgramTerms } from '../platform/program-terms';

/** The agreement version waiting for the partner's acceptance, or null when they are on the one in force. */
export async function pendingAgreementVersion(
  db: DbOrTx,
  { partner, now }: { partner: Pick<Partner, 'termsVersion'>; now: Date },
): Promise<string | null> {
  const current = await currentTermsRow(db, now);
  return current.version > partner.termsVersion ? current.agreementVersion : null;
}

export async function partnerAgreement(
  db: DbOrTx,
  { partner, now }: { partner: Pick<Partner, 'termsVersion' | 'agreementVersion'>; now: Date },
): Promise<PartnerAgreement> {
  const current = await currentProgramTerms(db, now);
  if (current.version <= partner.termsVersion)
    return { agreementVersion: partner.agreementVersion, termsVersion: partner.termsVersion, pending: null };
  const between = await db
    .selectFrom('programTerms')
    .select('changes')
    .where('version', '>', partner.termsVersion)
    .where('version', '<=', current.version)
    .orderBy('version', 'asc')
    .execute();
  return {
    agreementVersion: partner.agreementVersion,
    termsVersion: partner.termsVersion,
    pending: { ...toPublicProgramTerms(current), changesSinceAccepted: between.flatMap((row) => row.changes) },
  };
}

/**
 * Records the partner's acceptance of the agreement version in force. An older or unknown version is
 * refused (the page was stale); accepting the version the partner is on already records nothing more.
 */
export async function acceptAgreement(
  db: Db,
  options: { partnerId: string; userId: string; version: string; ip: string | null; now: Date },
): Promise<PartnerAgreement> {
  const { now } = options;
  return db.transaction().execute(async (tx) => {
    const partner = await tx
      .selectFrom('partners')
      .select(['id', 'termsVersion', 'agreementVersion'])
      .where('id', '=', options.partnerId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const named = await tx
      .selectFrom('programTerms')
      .select(['version', 'agreementVersion'])
      .where('agreementVersion', '=', options.version)
      .executeTakeFirst();
    if (!named) throw DomainError.invalid(PROGRAM_TERMS_MESSAGES.unknownVersion);
    const current = await currentTermsRow(tx, now);
    if (named.version !== current.version) throw DomainError.conflict(PROGRAM_TERMS_MESSAGES.notCurrentVersion);
    if (partner.termsVersion >= current.version) return partnerAgreement(tx, { partner, now });
    await tx
      .updateTable('partners')
      .set({
        termsVersion: current.version,
        agreementVersion: current.agreementVersion,
        agreementSigned: true,
        agreementSignedAt: now,
        updatedAt: now,
      })
      .where('id', '=', partner.id)
      .execute();
    await tx
      .insertInto('agreementAcceptances')
      .values({
        partnerId: partner.id,
        userId: options.userId,
        termsVersion: current.version,
        agreementVersion: current.agreementVersion,
        acceptedAt: now,
        ipAddress: options.ip,
      })
      .execute();
    await logActivity(tx, {
      userId: options.userId,
      action: 'partner.agreement_accepted',
      entityType: 'partner',
      entityId: partner.id,
      details: {
        before: { agreementVersion: partner.agreementVersion, termsVersion: partner.termsVersion },
        after: { agreementVersion: current.agreementVersion, termsVersion: current.version },
        ip: options.ip,
      },
    });
    return partnerAgreement(tx, {
      partner: { termsVersion: current.version, agreementVersion: current.agreementVersion },
      now,
    });
  });
}
