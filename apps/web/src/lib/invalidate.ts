// The cache after each domain event, in one place: a screen that changes something calls the
// function for what happened, and every list, total and metric that shows it is refetched.
// (Invalidating a query nobody has loaded costs nothing, so one function serves both areas.)

import type { trpc } from './trpc';

export type TrpcUtils = ReturnType<typeof trpc.useUtils>;

/** Refetches each of these queries (or every query of a router) wherever it is loaded. */
function refetch(...queries: { invalidate: () => Promise<unknown> }[]): Promise<unknown> {
  return Promise.all(queries.map((query) => query.invalidate()));
}

/** The admin's figures most events move: the dashboard's metrics and trends, the partners' totals, the mail log. */
const adminFigures = ({ admin }: TrpcUtils) => [admin.metrics, admin.partners, admin.trends, admin.emails];

/** Where a deal shows to an admin: the referral lists, the partners' activity, the won clients awaiting a payment, and the figures it feeds. */
const dealViews = (utils: TrpcUtils) => [
  ...adminFigures(utils),
  utils.admin.referrals,
  utils.admin.partnerActivity,
  utils.admin.clientsMissingPayment,
];

/**
 * Where a fee shows to an admin: the payout queue, the failed fees (a fee marked failed or returned joins
 * them; a retried or voided one leaves), and the partner page's fees and activity.
 */
const feeViews = ({ admin }: TrpcUtils) => [
  admin.pendingCommissions,
  admin.failedCommissions,
  admin.partnerCommissions,
  admin.partnerActivity,
];

/** A won client's contract dates changed: the deal's views, and the fees a stop voided. */
export function afterContractChange(utils: TrpcUtils): Promise<unknown> {
  return refetch(...dealViews(utils), ...feeViews(utils), utils.admin.pipelineColumn, utils.admin.partner);
}

/** A team member was invited, given another role or deactivated. */
export function afterTeamChange(utils: TrpcUtils): Promise<unknown> {
  return utils.admin.team.invalidate();
}

/** A referral was added (by a partner or an admin): the lists, MRR, revenue and conversion move. */
export function afterReferralChange(utils: TrpcUtils): Promise<unknown> {
  const { admin, partner } = utils;
  return refetch(
    ...dealViews(utils),
    admin.pipelineColumn,
    partner.referralsPage,
    partner.referrals,
    partner.metrics,
    partner.earningsByMonth,
  );
}

/** A deal moved stage in the pipeline (which updated its own page in the cache): the totals it feeds, and the won clients awaiting a payment. */
export function afterStageChange(utils: TrpcUtils): Promise<unknown> {
  return refetch(...dealViews(utils), utils.admin.partner);
}

/** Partners were paid, a payout line was confirmed or returned, or a failed fee was offered again: the queue, the failed fees, the payout history and the totals. */
export function afterPayout(utils: TrpcUtils): Promise<unknown> {
  const { admin, partner } = utils;
  return refetch(
    ...adminFigures(utils),
    ...feeViews(utils),
    admin.payouts,
    admin.partnerPayouts,
    admin.partner,
    partner.commissionsPage,
    partner.payouts,
  );
}

/** Commissions were accrued, one was marked failed or voided, or an adjustment was added: the payout queue, the failed fees, the partner's lines and figures, the earnings chart. */
export function afterCommissionChange(utils: TrpcUtils): Promise<unknown> {
  const { admin, partner } = utils;
  return refetch(...feeViews(utils), admin.emails, partner.earningsByMonth, partner.commissions, partner.metrics);
}

/** A partner was approved, rejected, suspended, reactivated or created: every admin list and metric. */
export function afterPartnerDecision(utils: TrpcUtils): Promise<unknown> {
  return utils.admin.invalidate();
}

/** A material was added, edited, activated or deactivated: the admin library and the partners' list. */
export function afterMaterialChange(utils: TrpcUtils): Promise<unknown> {
  return refetch(utils.admin.materials, utils.partner.materials);
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
  return refetch(utils.admin.webhooks, utils.admin.webhookDeliveries);
}

/** A test event or a resend was queued: the deliveries list shows it. */
export function afterWebhookDelivery(utils: TrpcUtils): Promise<unknown> {
  return utils.admin.webhookDeliveries.invalidate();
}

/** The partner saved its tax information: the card, and the processor's missing-profile marks. */
export function afterTaxProfileSaved(utils: TrpcUtils): Promise<unknown> {
  return refetch(utils.partner.taxProfile, utils.admin.pendingCommissions);
}

/** An admin settled a conflict between two partners: the conflicts, the pipeline and the totals it feeds. */
export function afterConflictResolved(utils: TrpcUtils): Promise<unknown> {
  return Promise.all([
    refetch(utils.admin.referralConflicts, utils.admin.pipelineColumn, utils.admin.funnel),
    afterStageChange(utils),
  ]);
}

/** An admin placed a booking no partner got: it leaves the unplaced bookings and joins the pipeline as a new referral. */
export function afterBookingPlaced(utils: TrpcUtils): Promise<unknown> {
  return Promise.all([
    refetch(
      utils.admin.unplacedBookings,
      utils.admin.recentBookings,
      utils.admin.referralConflicts,
      utils.admin.funnel,
    ),
    afterReferralChange(utils),
  ]);
}

/** An admin dismissed a booking no partner got: it leaves the unplaced bookings. */
export function afterBookingDismissed(utils: TrpcUtils): Promise<unknown> {
  return utils.admin.unplacedBookings.invalidate();
}
