import { z } from 'zod';
import { pageLimitField, pageOffsetField, pageOutputOf } from './paging';
import { DEFAULT_PAGE_SIZE } from './constants';
import {
  COMPANY_TYPES,
  PARTNER_STATUS_LABELS,
  PARTNER_STATUSES,
  PAYMENT_METHODS,
  REFERRAL_STAGES,
  type PartnerStatus,
} from './enums';
import { blankToUndefined, emptyToUndefined, idField, money, multiLine, oneOf, singleLine, timestamp } from './fields';
import { partnerPayoutOutput } from './books';
import { commissionOutput } from './commission';
import { referralOutput } from './referral';

export const idInput = z.object({ id: idField });

export const PARTNER_SORTS = [
  'companyName',
  '-companyName',
  'createdAt',
  '-createdAt',
  'joinedAt',
  '-joinedAt',
  'currentMrr',
  '-currentMrr',
  'totalLifetimeCommissions',
  '-totalLifetimeCommissions',
  'status',
  '-status',
] as const;
export const REFERRAL_SORTS = [
  'createdAt',
  '-createdAt',
  'clientCompanyName',
  '-clientCompanyName',
  'monthlyValue',
  '-monthlyValue',
  'stage',
  '-stage',
] as const;

const page = {
  limit: pageLimitField(DEFAULT_PAGE_SIZE),
  offset: pageOffsetField,
  search: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
};

export const listPartnersInput = z.object({
  ...page,
  sort: oneOf('sort', PARTNER_SORTS).default('-createdAt'),
  status: z.preprocess(emptyToUndefined, oneOf('status', PARTNER_STATUSES).optional()),
});
export type ListPartnersInput = z.input<typeof listPartnersInput>;

export const listReferralsInput = z.object({
  ...page,
  sort: oneOf('sort', REFERRAL_SORTS).default('-createdAt'),
  stage: z.preprocess(emptyToUndefined, z.enum(REFERRAL_STAGES).optional()),
  partnerId: idField.optional(),
});
export type ListReferralsInput = z.input<typeof listReferralsInput>;

export const adminMetricsOutput = z.object({
  totalPartnerCommissions: money,
  activePartnerCount: z.number().int(),
  pendingPartnerCount: z.number().int(),
  monthlyReferralRevenue: money,
  /** Won ÷ all referrals × 100, one decimal. */
  conversionRate: z.number(),
});
export type AdminMetrics = z.infer<typeof adminMetricsOutput>;

export const adminPartnerRowOutput = z.object({
  id: z.uuid(),
  email: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  companyType: z.enum(COMPANY_TYPES),
  status: z.enum(PARTNER_STATUSES),
  referralCode: z.string(),
  currentMrr: money,
  totalLifetimeCommissions: money,
  applicationDate: timestamp.nullable(),
  /** When the partner joined the program (approval), null while not approved. */
  joinedAt: timestamp.nullable(),
  createdAt: timestamp,
});
export type AdminPartnerRow = z.infer<typeof adminPartnerRowOutput>;

/** The routers' name for ./paging's page of a list. */
export const pageOf = pageOutputOf;

export const partnerDetailsOutput = adminPartnerRowOutput.extend({
  phone: z.string().nullable(),
  website: z.string().nullable(),
  expectedVolume: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  approvedAt: timestamp.nullable(),
  rejectedAt: timestamp.nullable(),
  rejectionReason: z.string().nullable(),
  suspendedAt: timestamp.nullable(),
  suspensionReason: z.string().nullable(),
  agreementSigned: z.boolean(),
  agreementSignedAt: timestamp.nullable(),
  agreementVersion: z.string(),
  bankName: z.string().nullable(),
  bankAccountType: z.string().nullable(),
  bankAccountHolderName: z.string().nullable(),
  bankRoutingNumberMasked: z.string().nullable(),
  bankAccountNumberMasked: z.string().nullable(),
  /** The PayPal account's email, masked ("p•••@shoplineapps.demo"); null when none is on file. */
  paypalEmailMasked: z.string().nullable(),
});
export type PartnerDetails = z.infer<typeof partnerDetailsOutput>;

/** A rejection or a suspension, with the optional reason the partner is told. */
export const rejectPartnerInput = z.object({
  id: idField,
  reason: multiLine(
    'Reason',
    z.preprocess(blankToUndefined, z.string().trim().max(1000, 'Reason must be at most 1000 characters').optional()),
  ),
});
export const suspendPartnerInput = rejectPartnerInput;

export const partnerStatusChangeOutput = z.object({
  id: z.uuid(),
  companyName: z.string(),
  status: z.enum(PARTNER_STATUSES),
});

/** Which statuses each admin decision may start from (DESIGN §4); the server and the screen share it. */
export const PARTNER_TRANSITIONS = {
  approve: { from: ['pending', 'rejected'], to: 'active' },
  reject: { from: ['pending'], to: 'rejected' },
  suspend: { from: ['active'], to: 'suspended' },
  reactivate: { from: ['suspended', 'inactive'], to: 'active' },
} as const satisfies Record<string, { from: readonly PartnerStatus[]; to: PartnerStatus }>;
export type PartnerTransition = keyof typeof PARTNER_TRANSITIONS;

const TRANSITION_VERBS: Record<PartnerTransition, string> = {
  approve: 'approved',
  reject: 'rejected',
  suspend: 'suspended',
  reactivate: 'reactivated',
};

/** The 409 message when a decision does not fit the partner's current status. */
export const partnerTransitionRefused = (transition: PartnerTransition, status: PartnerStatus) =>
  `This partner is ${PARTNER_STATUS_LABELS[status].toLowerCase()} and cannot be ${TRANSITION_VERBS[transition]}`;

/** Deals per pipeline column and "Load more". */
export const PIPELINE_PAGE_SIZE = 20;

const optionalSearch = singleLine('Search', z.preprocess(blankToUndefined, z.string().trim().max(200).optional()));

/** One page of one pipeline column, newest first; `cursor` is the previous page's `nextCursor`. */
export const pipelineColumnInput = z.object({
  stage: oneOf('stage', REFERRAL_STAGES),
  search: optionalSearch,
  partnerId: z.preprocess(blankToUndefined, idField.optional()),
  limit: pageLimitField(PIPELINE_PAGE_SIZE),
  cursor: z.string().max(500).nullish(),
});
export type PipelineColumnInput = z.input<typeof pipelineColumnInput>;

export const pipelineColumnOutput = z.object({
  items: z.array(referralOutput),
  /** Every deal of the column that matches the filters, not only the loaded ones. */
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type PipelineColumn = z.infer<typeof pipelineColumnOutput>;

/** A page of one partner's records on its admin page. */
export const partnerPageInput = z.object({ partnerId: idField, limit: pageLimitField(10), offset: pageOffsetField });
export type PartnerPageInput = z.input<typeof partnerPageInput>;

/** A commission on the partner page: a fee whose payment came back says when. */
export const partnerCommissionOutput = commissionOutput.extend({
  /** When the payout line that paid the fee came back (the fee is failed); null otherwise. */
  returnedAt: timestamp.nullable(),
});
export type PartnerCommission = z.infer<typeof partnerCommissionOutput>;
export const partnerCommissionsPageOutput = pageOf(partnerCommissionOutput);

/**
 * The partner's line in one payout it was part of, as the partner page lists it: the line's amount and
 * count, and what became of it (sent, confirmed, or returned with its code and reason).
 */
export const partnerPayoutLineOutput = partnerPayoutOutput.extend({
  /** When the payout was marked sent; null while it waits to be sent. */
  sentAt: timestamp.nullable(),
});
export type PartnerPayoutLine = z.infer<typeof partnerPayoutLineOutput>;

/** One activity_log row about a partner, its user, or one of its referrals, commissions or payouts. */
export const partnerActivityEntryOutput = z.object({
  id: z.uuid(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** The actor's name where the portal knows one (a partner's contact); else null. */
  actorName: z.string().nullable(),
  /** The entity's name (a company, a client, a payout reference); null when it is gone. */
  subject: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: timestamp,
});
export type PartnerActivityEntry = z.infer<typeof partnerActivityEntryOutput>;

/** A partner's own Referrals tab: search, a stage filter and pages. */
export const ownReferralsInput = z.object({
  search: optionalSearch,
  stage: z.preprocess(blankToUndefined, oneOf('stage', REFERRAL_STAGES).optional()),
  limit: pageLimitField(DEFAULT_PAGE_SIZE),
  offset: pageOffsetField,
});
export type OwnReferralsInput = z.input<typeof ownReferralsInput>;
