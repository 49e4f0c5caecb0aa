// The notifications of issue 14: who hears about which change, written into the outbox inside the
// transaction of that change (a change that rolls back mails nobody).

import { formatMoney, formatMonthKey, PAYMENT_METHOD_LABELS, type PaymentMethod } from '@portal/contracts';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../activity';
import { decryptOrNull } from '../mappers';
import { maskLastFour, type FieldCipher } from '../crypto';
import { enqueueTemplate } from './outbox';
import { portalLink } from './templates';

/** What a service needs to address mail: absolute links, and the cipher for masked account numbers. */
export interface MailDeps {
  config: Pick<AppConfig, 'publicUrl' | 'host' | 'port'>;
  cipher: FieldCipher;
}

async function partnerContact(trx: DbOrTx, partnerId: string) {
  return trx
    .selectFrom('partners')
    .innerJoin('users', 'users.id', 'partners.userId')
    .select(['partners.id', 'partners.companyName', 'partners.contactName', 'partners.referralCode', 'partners.paymentMethod', 'partners.bankAccountNumber', 'partners.paypalEmail', 'users.email'])
    .where('partners.id', '=', partnerId)
    .executeTakeFirstOrThrow();
}

/** A new application: the applicant hears it arrived, every admin hears there is one to review. */
export async function notifyApplication(trx: DbOrTx, mail: MailDeps, now: Date, partnerId: string): Promise<void> {
  const partner = await partnerContact(trx, partnerId);
  await enqueueTemplate(trx, now, partner.email, 'applicationReceived', {
    contactName: partner.contactName,
    companyName: partner.companyName,
    statusUrl: portalLink(mail.config, '/onboarding'),
  });
  const admins = await trx.selectFrom('users').select('email').where('role', '=', 'admin').orderBy('email').execute();
  for (const admin of admins) {
    await enqueueTemplate(trx, now, admin.email, 'newApplication', {
      companyName: partner.companyName,
      contactName: partner.contactName,
      email: partner.email,
      queueUrl: portalLink(mail.config, '/admin'),
    });
  }
}

export type PartnerDecision = 'approve' | 'reject' | 'suspend' | 'reactivate';

/** An admin's decision on a partner, told to the partner. */
export async function notifyPartnerDecision(trx: DbOrTx, mail: MailDeps, now: Date, partnerId: string, decision: PartnerDecision, reason?: string | null): Promise<void> {
  const partner = await partnerContact(trx, partnerId);
  const names = { contactName: partner.contactName, companyName: partner.companyName };
  const dashboardUrl = portalLink(mail.config, '/dashboard');
  if (decision === 'approve') {
    await enqueueTemplate(trx, now, partner.email, 'applicationApproved', { ...names, dashboardUrl, referralUrl: portalLink(mail.config, `/r/${encodeURIComponent(partner.referralCode)}`) });
  } else if (decision === 'reject') {
    await enqueueTemplate(trx, now, partner.email, 'applicationRejected', { ...names, reason: reason ?? null });
  } else if (decision === 'suspend') {
    await enqueueTemplate(trx, now, partner.email, 'partnerSuspended', names);
  } else {
    await enqueueTemplate(trx, now, partner.email, 'partnerReactivated', { ...names, dashboardUrl });
  }
}

/** A payout: each partner in it hears what it was paid, with the reference and a masked account. */
export async function notifyPayoutSent(trx: DbOrTx, mail: MailDeps, now: Date, payout: { id: string; reference: string }): Promise<void> {
  const perPartner = await trx
    .selectFrom('commissions')
    .select(['partnerId', (eb) => eb.fn.countAll<string>().as('count'), (eb) => eb.fn.sum<string>('amount').as('amount')])
    .where('payoutId', '=', payout.id)
    .groupBy('partnerId')
    .orderBy('partnerId')
    .execute();
  for (const row of perPartner) {
    const partner = await partnerContact(trx, row.partnerId);
    const method = partner.paymentMethod as PaymentMethod | null;
    const account = method === 'PayPal' ? partner.paypalEmail : maskLastFour(decryptOrNull(mail.cipher, partner.bankAccountNumber));
    await enqueueTemplate(trx, now, partner.email, 'payoutSent', {
      contactName: partner.contactName,
      amount: formatMoney(row.amount),
      reference: payout.reference,
      method: method ? (PAYMENT_METHOD_LABELS[method] ?? method) : 'Not set',
      account,
      commissionCount: Number(row.count),
      dashboardUrl: portalLink(mail.config, '/dashboard'),
    });
  }
}

/** A commission whose payment failed, told to its partner with the reason. */
export async function notifyPayoutFailed(trx: DbOrTx, mail: MailDeps, now: Date, commission: { partnerId: string; amount: string; monthYear: string; reason: string }): Promise<void> {
  const partner = await partnerContact(trx, commission.partnerId);
  await enqueueTemplate(trx, now, partner.email, 'payoutFailed', {
    contactName: partner.contactName,
    amount: formatMoney(commission.amount),
    month: formatMonthKey(commission.monthYear),
    reason: commission.reason,
    dashboardUrl: portalLink(mail.config, '/dashboard'),
  });
}
