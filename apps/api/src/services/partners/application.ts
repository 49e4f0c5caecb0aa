// A partner user's own record: reading it, and applying (spec §2 Onboarding, §5 registration form).

import { randomUUID } from 'node:crypto';
import { MESSAGES, type partnerApplicationInput } from '@portal/contracts';
import type { Db, Partner } from '@portal/db';
import { DomainError } from '../platform/errors';
import type { z } from 'zod';
import { bankFieldContext, type BankNumberColumn, type FieldCipher } from '../platform/crypto';
import { logActivity, type DbOrTx } from '../platform/activity';
import { enqueueWebhookEvent, partnerEventData } from '../integrations/webhooks';
import { notifyApplication, type MailDeps } from '../notifications/notify';
import { allocateReferralCode } from './referral-codes';
import { preparedLookup } from '../platform/prepared';
import { currentTermsRow } from '../platform/program-terms';

export type PartnerApplication = z.output<typeof partnerApplicationInput>;

/** The partner record of a user (every partner call reads it), compiled once per handle. */
export const partnerOfUser = preparedLookup((db: DbOrTx, userId: string) =>
  db.selectFrom('partners').selectAll().where('userId', '=', userId),
);

export async function getOwnProfile(db: DbOrTx, userId: string): Promise<Partner> {
  const partner = await partnerOfUser(db, userId);
  if (!partner) throw DomainError.notFound(MESSAGES.partnerProfileNotFound);
  return partner;
}

interface UniqueViolation {
  code: '23505';
  constraint?: string;
  detail?: string;
}

function uniqueViolation(error: unknown): UniqueViolation | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return e as UniqueViolation;
  }
  return undefined;
}

const touches = (violation: UniqueViolation, column: string) =>
  Boolean(violation.constraint?.includes(column) || violation.detail?.includes(`(${column})`));

/** A partner's profile columns from the registration form's fields, an absent optional one stored as null. */
export function profileColumns(
  form: Pick<
    PartnerApplication,
    'companyName' | 'contactName' | 'companyType' | 'website' | 'phone' | 'expectedVolume' | 'paymentMethod'
  >,
) {
  return {
    companyName: form.companyName,
    contactName: form.contactName,
    companyType: form.companyType,
    website: form.website ?? null,
    phone: form.phone ?? null,
    expectedVolume: form.expectedVolume,
    paymentMethod: form.paymentMethod,
  };
}

export interface ApplyDeps extends MailDeps {
  db: Db;
  cipher: FieldCipher;
  now: () => Date;
}

/**
 * Stores a partner application as `pending`, with a fresh referral code, the agreement version the
 * partner accepted and the bank numbers encrypted, in one transaction with its activity row.
 * One application per user: the unique `user_id` constraint decides, so two racing submissions
 * give one record and one 409.
 */
export async function applyAsPartner(
  deps: ApplyDeps,
  { userId, input, ip = null }: { userId: string; input: PartnerApplication; ip?: string | null },
): Promise<Partner> {
  const known = await deps.db
    .selectFrom('programTerms')
    .select('version')
    .where('agreementVersion', '=', input.agreementVersion)
    .executeTakeFirst();
  if (!known) throw DomainError.invalid(MESSAGES.unknownAgreementVersion);
  // An older version the applicant read in a stale page: they must accept the one in force.
  const terms = await currentTermsRow(deps.db, deps.now());
  if (known.version !== terms.version) throw DomainError.conflict(MESSAGES.outdatedAgreementVersion);
  // The id is chosen here so the bank numbers can be sealed to their row before it exists.
  const id = randomUUID();
  const encrypt = (value: string | undefined, column: BankNumberColumn) =>
    value ? deps.cipher.encrypt(value, bankFieldContext(id, column)) : null;

  // A referral code taken between its check and the insert is drawn again; anything else is final.
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction().execute(async (trx) => {
        const now = deps.now();
        const referralCode = await allocateReferralCode(trx, input.companyName);
        const partner = await trx
          .insertInto('partners')
          .values({
            id,
            userId,
            ...profileColumns(input),
            bankName: input.bankName ?? null,
            bankRoutingNumber: encrypt(input.bankRoutingNumber, 'bank_routing_number'),
            bankAccountNumber: encrypt(input.bankAccountNumber, 'bank_account_number'),
            bankAccountType: input.bankAccountType ?? null,
            bankAccountHolderName: input.bankAccountHolderName ?? null,
            bankAddress: input.bankAddress ?? null,
            beneficiaryAddress: input.beneficiaryAddress ?? null,
            status: 'pending',
            referralCode,
            applicationDate: now,
            agreementSigned: true,
            agreementSignedAt: now,
            agreementVersion: input.agreementVersion,
            termsVersion: terms.version,
            createdAt: now,
            updatedAt: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('agreementAcceptances')
          .values({
            partnerId: partner.id,
            userId,
            termsVersion: terms.version,
            agreementVersion: terms.agreementVersion,
            acceptedAt: now,
            ipAddress: ip,
          })
          .execute();
        await logActivity(trx, {
          userId,
          action: 'partner.applied',
          entityType: 'partner',
          entityId: partner.id,
          details: { companyName: partner.companyName, referralCode, agreementVersion: partner.agreementVersion },
        });
        await notifyApplication(trx, { mail: deps, now, partnerId: partner.id });
        await enqueueWebhookEvent(trx, { type: 'partner.applied', data: partnerEventData(partner), now });
        return partner;
      });
    } catch (error) {
      const violation = uniqueViolation(error);
      if (violation && touches(violation, 'user_id')) throw DomainError.conflict(MESSAGES.alreadyApplied, error);
      if (violation && touches(violation, 'referral_code') && attempt < 3) continue;
      throw error;
    }
  }
}
