// A partner's own corrections: the profile (registration rules and messages) and how they are
// paid (wire, ACH or PayPal). Bank details need the current password; they are sealed again with the row's
// associated data (v2), answered masked, logged, and mailed to the partner and to every admin.

import type { updateBankDetailsInput, updatePartnerProfileInput, updatePaymentMethodInput } from '@portal/contracts';
import type { Partner, PartnerUpdate } from '@portal/db';
import type { z } from 'zod';
import type { AppDeps, SessionUser } from '../../deps';
import { confirmCurrentPassword } from '../accounts/password-reset';
import { logActivity, type DbOrTx } from '../platform/activity';
import { bankFieldContext, maskEmail, maskLastFour, type BankNumberColumn } from '../platform/crypto';
import { DomainError } from '../platform/errors';
import { reofferFailedCommissions } from '../money/payout-lines';
import { notifyDetailsChanged } from '../notifications/notify';
import { firstFeeMonth } from '../money/statements';
import { supportEmail } from '../platform/program-settings';
import { pendingAgreementVersion } from './agreement';
import { getOwnProfile, partnerOfUser } from './application';

type ProfileChanges = z.output<typeof updatePartnerProfileInput>;
type BankDetails = z.output<typeof updateBankDetailsInput>;
type PaymentMethodDetails = z.output<typeof updatePaymentMethodInput>;

const PARTNER_PAYMENT_METHOD_NOT_ACTIVE = 'ACH and PayPal can be chosen once your partnership is active';

const PROFILE_FIELDS = ['companyName', 'contactName', 'companyType', 'website', 'phone'] as const;

/** What a partner user's own record answers with: null until they have applied. */
export interface OwnPartnerRecord {
  partner: Partner;
  /** The agreement version waiting for their acceptance, or null. */
  pendingAgreementVersion: string | null;
  supportEmail: string | null;
  /** The first month a fee was earned for, or null before any. */
  firstFeeMonth: string | null;
}

export async function ownPartnerRecord(
  db: DbOrTx,
  { userId, now }: { userId: string; now: Date },
): Promise<OwnPartnerRecord | null> {
  const partner = await partnerOfUser(db, userId);
  if (!partner) return null;
  return {
    partner,
    pendingAgreementVersion: await pendingAgreementVersion(db, { partner, now }),
    supportEmail: await supportEmail(db),
    firstFeeMonth: await firstFeeMonth(db, partner.id),
  };
}

/** Changes only the fields given; website and phone given empty are cleared. */
export async function updateOwnProfile(
  deps: AppDeps,
  { user, changes: input }: { user: SessionUser; changes: ProfileChanges },
): Promise<Partner> {
  return deps.db.transaction().execute(async (trx) => {
    const partner = await getOwnProfile(trx, user.id);
    const changes: PartnerUpdate = {};
    const before: Record<string, string | null> = {};
    for (const field of PROFILE_FIELDS) {
      const value = input[field];
      if (value === undefined || value === partner[field]) continue;
      before[field] = partner[field];
      if (field === 'website' || field === 'phone') changes[field] = value;
      else if (value !== null) changes[field] = value;
    }
    if (Object.keys(changes).length === 0) return partner;
    const updated = await trx
      .updateTable('partners')
      .set({ ...changes, updatedAt: deps.now() })
      .where('id', '=', partner.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      userId: user.id,
      action: 'partner.profile_updated',
      entityType: 'partner',
      entityId: partner.id,
      details: { before, after: changes },
    });
    return updated;
  });
}

/** New wire details after the current password (wrong: 400, counted as a failed sign-in). */
export async function updateOwnBankDetails(
  deps: AppDeps,
  { user, input, ip }: { user: SessionUser; input: BankDetails; ip: string },
): Promise<Partner> {
  return updateOwnPaymentMethod(deps, { user, input: { ...input, paymentMethod: 'Wire' }, ip });
}

/**
 * How the partner is paid: wire, ACH or PayPal, after the current password. Numbers and the PayPal
 * email are sealed; the other method's details are cleared so a file never reads stale ones. Fees
 * that failed (a returned credit, a bad account) are offered again: the details they failed on
 * are gone.
 */
export async function updateOwnPaymentMethod(
  deps: AppDeps,
  { user, input, ip }: { user: SessionUser; input: PaymentMethodDetails; ip: string },
): Promise<Partner> {
  await confirmCurrentPassword(deps, { user, password: input.currentPassword, ip });
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const partner = await getOwnProfile(trx, user.id);
    if (input.paymentMethod !== 'Wire' && partner.status !== 'active')
      throw DomainError.conflict(PARTNER_PAYMENT_METHOD_NOT_ACTIVE);
    const seal = (value: string, column: BankNumberColumn) =>
      deps.cipher.encrypt(value, bankFieldContext(partner.id, column));
    const noBank = {
      bankName: null,
      bankRoutingNumber: null,
      bankAccountNumber: null,
      bankAccountType: null,
      bankAccountHolderName: null,
      bankAddress: null,
      beneficiaryAddress: null,
    } as const;
    const changes: PartnerUpdate =
      input.paymentMethod === 'Wire'
        ? {
            bankName: input.bankName,
            bankRoutingNumber: seal(input.bankRoutingNumber, 'bank_routing_number'),
            bankAccountNumber: seal(input.bankAccountNumber, 'bank_account_number'),
            bankAccountType: input.bankAccountType,
            bankAccountHolderName: input.bankAccountHolderName,
            bankAddress: input.bankAddress,
            beneficiaryAddress: input.beneficiaryAddress,
            paypalEmail: null,
          }
        : input.paymentMethod === 'ACH'
          ? {
              ...noBank,
              bankName: input.bankName || null,
              bankRoutingNumber: seal(input.bankRoutingNumber, 'bank_routing_number'),
              bankAccountNumber: seal(input.bankAccountNumber, 'bank_account_number'),
              bankAccountType: input.bankAccountType,
              bankAccountHolderName: input.bankAccountHolderName,
              payeeType: input.payeeType,
              paypalEmail: null,
            }
          : { ...noBank, paypalEmail: seal(input.paypalEmail, 'paypal_email') };
    const updated = await trx
      .updateTable('partners')
      .set({ ...changes, paymentMethod: input.paymentMethod, updatedAt: now })
      .where('id', '=', partner.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const reoffered = await reofferFailedCommissions(trx, { partnerId: partner.id, actorId: user.id, now });
    // Only masked numbers reach the log and the mails.
    const masked = input.paymentMethod === 'PayPal' ? null : maskLastFour(input.bankAccountNumber);
    const destination =
      input.paymentMethod === 'PayPal'
        ? `PayPal to ${maskEmail(input.paypalEmail)}`
        : input.paymentMethod === 'ACH'
          ? `ACH to the account ending ${input.bankAccountNumber.slice(-4)}`
          : undefined;
    await logActivity(trx, {
      userId: user.id,
      action: 'partner.bank_details_updated',
      entityType: 'partner',
      entityId: partner.id,
      details: {
        paymentMethod: input.paymentMethod,
        ...(input.paymentMethod === 'PayPal'
          ? { paypalEmail: maskEmail(input.paypalEmail) }
          : {
              bankName: input.bankName || null,
              accountNumber: masked,
              routingNumber: maskLastFour(input.bankRoutingNumber),
            }),
        ...(input.paymentMethod === 'ACH' ? { payeeType: input.payeeType } : {}),
        ...(reoffered > 0 ? { failedCommissionsReoffered: reoffered } : {}),
      },
    });
    await notifyDetailsChanged(trx, {
      mail: deps,
      now,
      partner: { companyName: partner.companyName, contactName: partner.contactName, email: user.email },
      change: 'bankDetails',
      details: { account: masked, ...(destination ? { destination } : {}) },
      roles: ['admin'],
      partnersPath: '/admin',
    });
    return updated;
  });
}
