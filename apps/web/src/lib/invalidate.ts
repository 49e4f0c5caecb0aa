// The cache after each domain event, in one place: a screen that changes something calls the
// function for what happened, and every list, total and metric that shows it is refetched.
// (Invalidating a query nobody has loaded costs nothing, so one function serves both areas.)

import type { trpc } from './trpc';

export type TrpcUtils = ReturnType<typeof trpc.useUtils>;

/** A team member was invited, given another role or deactivated. */
export function afterTeamChange(utils: TrpcUtils): Promise<unknown> {
  return utils.admin.team.invalidate();
}

/** A referral was added (by a partner or an admin): the lists, MRR, revenue and conversion move. */
export function afterReferralChange(utils: TrpcUtils): Promise<unknown> {
  return Promise.all([
    utils.admin.referrals.invalidate(),
    utils.admin.pipelineColumn.invalidate(),
    utils.admin.partnerActivity.invalidate(),
    utils.partner.referralsPage.invalidate(),
    utils.admin.metrics.invalidate(),
    utils.admin.partners.invalidate(),
    utils.partner.referrals.invalidate(),
    utils.partner.metrics.invalidate(),
    utils.admin.trends.invalidate(),
    utils.partner.earningsByMonth.invalidate(),
    utils.admin.emails.invalidate(),
    utils.admin.clientsMissingPayment.invalidate(),
  ]);
}

/** A deal moved stage in the pipeline (which updated its own page in the cache): the totals it feeds, and the won clients awaiting a payment. */
export function afterStageChange(utils: TrpcUtils): Promise<unknown> {
  return Promise.all([
    utils.admin.metrics.invalidate(),
    utils.admin.partners.invalidate(),
    utils.admin.trends.invalidate(),
    utils.admin.emails.invalidate(),
    utils.admin.referrals.invalidate(),
    utils.admin.partnerActivity.invalidate(),
    utils.admin.partner.invalidate(),
    utils.admin.clientsMissingPayment.invalidate(),
  ]);
}

/** Partners were paid (or a payout was refused): the queue, the payout history and the totals. */
export function afterPayout(utils: TrpcUtils): Promise<unknown> {
  return Promise.all([
    utils.admin.pendingCommissions.invalidate(),
    utils.partner.commissionsPage.invalidate(),
    utils.partner.payouts.invalidate(),
    utils.admin.payouts.invalidate(),
    utils.admin.metrics.invalidate(),
    utils.admin.partners.invalidate(),
    utils.admin.trends.invalidate(),
    utils.admin.emails.invalidate(),
    utils.admin.partnerCommissions.invalidate(),
    utils.admin.partnerPayouts.invalidate(),
    utils.admin.partnerActivity.invalidate(),
    utils.admin.partner.invalidate(),
  ]);
}

/** Commissions were accrued, one was marked failed or voided, or an adjustment was added: the payout queue, the partner's lines and figures, the earnings chart. */
export function afterCommissionChange(utils: TrpcUtils): Promise<unknown> {
  return Promise.all([
    utils.admin.pendingCommissions.invalidate(),
    utils.partner.earningsByMonth.invalidate(),
    utils.partner.commissions.invalidate(),
    utils.partner.metrics.invalidate(),
    utils.admin.emails.invalidate(),
    utils.admin.partnerCommissions.invalidate(),
    utils.admin.partnerActivity.invalidate(),
  ]);
}

/** A partner was approved, rejected, suspended, reactivated or created: every admin list and metric. */
export function afterPartnerDecision(utils: TrpcUtils): Promise<unknown> {
  return utils.admin.invalidate();
}

/** A material was added, edited, activated or deactivated: the admin library and the partners' list. */
export function afterMaterialChange(utils: TrpcUtils): Promise<unknown> {
  return Promise.all([utils.admin.materials.invalidate(), utils.partner.materials.invalidate()]);
}

/** A mail was queued again from the Email log: the log shows the new copy. */
export function afterEmailResent(utils: TrpcUtils): Promise<unknown> {
  return utils.admin.emails.invalidate();
}

/** An API key was created or revoked: the key list. */
export function afterApiKeyChange(utils: TrpcUtils): Promise<unknown> {
  return utils.admin.apiKeys.invalidate();
}

/** A webhook endpoint was added, changed or deleted: the endpoints and their deliveries. */
export function afterWebhookChange(utils: TrpcUtils): Promise<unknown> {
  return Promise.all([utils.admin.webhooks.invalidate(), utils.admin.webhookDeliveries.invalidate()]);
}

/** A test event or a resend was queued: the deliveries list shows it. */
export function afterWebhookDelivery(utils: TrpcUtils): Promise<unknown> {
  return utils.admin.webhookDeliveries.invalidate();
}

/** The partner saved its tax information: the card, and the processor's missing-profile marks. */
export function afterTaxProfileSaved(utils: TrpcUtils): Promise<unknown> {
  return Promise.all([utils.partner.taxProfile.invalidate(), utils.admin.pendingCommissions.invalidate()]);
}

/** An admin settled a conflict between two partners: the conflicts, the pipeline and the totals it feeds. */
export function afterConflictResolved(utils: TrpcUtils): Promise<unknown> {
  return Promise.all([
    utils.admin.referralConflicts.invalidate(),
    utils.admin.pipelineColumn.invalidate(),
    utils.admin.funnel.invalidate(),
    afterStageChange(utils),
  ]);
}
