// A partner's own corrections: the profile (registration rules and messages) and the
// wire details. Bank details need the current password; they are sealed again with the row's
// associated data (v2), answered masked, logged, and mailed to the partner and to every admin.

import type { updateBankDetailsInput, updatePartnerProfileInput } from '@portal/contracts';
import type { Partner, PartnerUpdate } from '@portal/db';
import type { z } from 'zod';
import type { AppDeps, SessionUser } from '../../deps';
import { confirmCurrentPassword } from '../accounts/password-reset';
import { logActivity } from '../platform/activity';
import { bankFieldContext, maskLastFour } from '../platform/crypto';
import { enqueueTemplate } from '../notifications/outbox';
import { mailTime, portalLink } from '../notifications/templates';
import { getOwnProfile } from './application';

type ProfileChanges = z.output<typeof updatePartnerProfileInput>;
type BankDetails = z.output<typeof updateBankDetailsInput>;

const PROFILE_FIELDS = ['companyName', 'contactName', 'companyType', 'website', 'phone'] as const;

/** Changes only the fields given; website and phone given empty are cleared. */
export async function updateOwnProfile(deps: AppDeps, user: SessionUser, input: ProfileChanges): Promise<Partner> {
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
  await confirmCurrentPassword(deps, { user, password: input.currentPassword, ip });
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const partner = await getOwnProfile(trx, user.id);
    const updated = await trx
      .updateTable('partners')
      .set({
        paymentMethod: 'Wire',
        bankName: input.bankName,
        bankRoutingNumber: deps.cipher.encrypt(
          input.bankRoutingNumber,
          bankFieldContext(partner.id, 'bank_routing_number'),
        ),
        bankAccountNumber: deps.cipher.encrypt(
          input.bankAccountNumber,
          bankFieldContext(partner.id, 'bank_account_number'),
        ),
        bankAccountType: input.bankAccountType,
        bankAccountHolderName: input.bankAccountHolderName,
        bankAddress: input.bankAddress,
        beneficiaryAddress: input.beneficiaryAddress,
        updatedAt: now,
      })
      .where('id', '=', partner.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const masked = maskLastFour(input.bankAccountNumber);
    // Only masked numbers reach the log and the mails.
    await logActivity(trx, {
      userId: user.id,
      action: 'partner.bank_details_updated',
      entityType: 'partner',
      entityId: partner.id,
      details: {
        bankName: input.bankName,
        accountNumber: masked,
        routingNumber: maskLastFour(input.bankRoutingNumber),
      },
    });
    const changedAt = mailTime(now);
    await enqueueTemplate(trx, {
      now,
      recipient: user.email,
      kind: 'bankDetailsChanged',
      values: {
        contactName: partner.contactName,
        account: masked,
        changedAt,
        settingsUrl: portalLink(deps.config, '/dashboard', { tab: 'settings' }),
      },
    });
    const admins = await trx
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'admin')
      .where('active', '=', true)
      .orderBy('email')
      .execute();
    for (const admin of admins) {
      await enqueueTemplate(trx, {
        now,
        recipient: admin.email,
        kind: 'partnerBankDetailsChanged',
        values: {
          companyName: partner.companyName,
          contactName: partner.contactName,
          account: masked,
          changedAt,
          partnersUrl: portalLink(deps.config, '/admin'),
        },
      });
    }
    return updated;
  });
}
