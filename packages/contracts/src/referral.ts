import { z } from 'zod';
import { BOOKING_PROVIDERS, LANDING_SERVICES, REFERRAL_STAGES, SERVICE_TYPES } from './enums';
import {
  blankToUndefined,
  calendarDay,
  emptyToNull,
  emptyToUndefined,
  idField,
  money,
  monthKeyString,
  monthlyValueField,
  multiLine,
  oneOf,
  optionalClientEmail,
  optionalDay,
  optionalInstant,
  optionalPhone,
  optionalText,
  requiredString,
  requiredText,
  singleLine,
  timestamp,
} from './fields';
import { labelledEnum } from './labelled-enum';
import { MESSAGES } from './messages';
import { annualSalesField } from './program-terms';

/** New Referral dialog of a partner (spec §5). */
export const createReferralInput = z.object({
  clientCompanyName: singleLine('Company name', requiredText(MESSAGES.companyNameRequired)),
  clientEmail: optionalClientEmail,
  clientPhone: optionalPhone,
  serviceType: z.enum(SERVICE_TYPES, { error: MESSAGES.serviceTypeRequired }).default('basic_accounting'),
  monthlyValue: monthlyValueField,
  consultationDate: optionalInstant,
  notes: multiLine('Notes', optionalText(2000)),
});
export type CreateReferralInput = z.input<typeof createReferralInput>;

/** Add Client form of an admin (spec §5). */
export const addClientInput = z.object({
  partnerId: z.uuid({ error: MESSAGES.selectAffiliate }),
  clientCompanyName: singleLine('Company name', requiredText(MESSAGES.companyNameRequired)),
  clientEmail: optionalClientEmail,
  clientPhone: optionalPhone,
  serviceType: z.enum(SERVICE_TYPES, { error: MESSAGES.serviceTypeRequired }),
  monthlyValue: monthlyValueField,
  consultationDate: optionalInstant,
  contractStartDate: optionalDay,
  contractEndDate: optionalDay,
  notes: multiLine('Notes', optionalText(2000)),
  /** When the firm accepted the client (default now); a past day for a historical client, never a future one. */
  acceptedAt: optionalInstant,
  /** The client's annual gross eCommerce sales, when known. */
  annualSales: z.preprocess(emptyToUndefined, annualSalesField.nullable().optional()),
});
export type AddClientInput = z.input<typeof addClientInput>;

/** An admin's change to a deal (PATCH /api/admin/referrals/{id}). Null clears a field. */
export const updateReferralInput = z.object({
  id: idField,
  stage: z.enum(REFERRAL_STAGES, { error: MESSAGES.invalidStage }).optional(),
  lostReason: multiLine('Lost reason', z.preprocess(emptyToNull, z.string().trim().max(1000).nullable().optional())),
  contractStartDate: optionalDay,
  contractEndDate: optionalDay,
  churnDate: optionalDay,
  notes: multiLine('Notes', z.preprocess(emptyToNull, z.string().trim().max(2000).nullable().optional())),
  /** The client's annual gross eCommerce sales; recording them on a won client re-evaluates it. */
  annualSales: z.preprocess(emptyToNull, annualSalesField.nullable().optional()),
  /** The day the client signed (entering won; default today), never in the future. */
  signedAt: optionalDay,
});
export type UpdateReferralInput = z.input<typeof updateReferralInput>;

const nullableString = z.string().nullable();

/**
 * What marking a deal won with this signing date and these annual sales would decide, before the admin
 * confirms (GET /api/admin/referrals/{id}/won-preview): the same rule the move applies.
 */
export const wonPreviewInput = z.object({
  id: idField,
  signedAt: optionalDay,
  annualSales: z.preprocess(emptyToNull, annualSalesField.nullable().optional()),
});
export type WonPreviewInput = z.input<typeof wonPreviewInput>;

export const wonPreviewOutput = z.object({
  qualifying: z.boolean().describe('Whether the client would be a qualifying client (earns fees)'),
  reason: nullableString.describe('Why it would not qualify; null when it would'),
  signedAt: calendarDay.describe('The signing date the move records (YYYY-MM-DD)'),
  qualifiesBy: calendarDay.nullable().describe("The last day of the deal's qualification window"),
  /** The minimum annual sales of the deal's terms version. */
  minAnnualSales: money,
  overridden: z.boolean().describe("An admin's decision stands instead (the deal is won and was overridden)"),
});
export type WonPreview = z.infer<typeof wonPreviewOutput>;

export const referralOutput = z.object({
  id: z.uuid(),
  partnerId: z.uuid(),
  partnerCompanyName: z.string().optional(),
  clientCompanyName: z.string(),
  clientEmail: nullableString,
  clientPhone: nullableString,
  serviceType: z.enum(SERVICE_TYPES),
  monthlyValue: money,
  commissionAmount: money,
  stage: z.enum(REFERRAL_STAGES),
  consultationDate: timestamp.nullable(),
  proposalDate: timestamp.nullable(),
  closeDate: timestamp.nullable(),
  contractStartDate: calendarDay.nullable(),
  contractEndDate: calendarDay.nullable(),
  lostReason: nullableString,
  churnDate: calendarDay.nullable(),
  notes: nullableString,
  referralSource: nullableString,
  landingPage: nullableString,
  createdAt: timestamp,
  updatedAt: timestamp,
  clientName: nullableString,
  utm: z
    .record(z.string(), z.string())
    .nullable()
    .describe('Campaign parameters: source, medium, campaign, term, content (utm_source, ... without the prefix)'),
  bookingProvider: z.enum(BOOKING_PROVIDERS).nullable().describe('The scheduling service the booking came from'),
  conflictOf: z
    .uuid()
    .nullable()
    .describe("Admins only: the other partner's referral that introduced this client first (null for partners)"),
  clientAlreadyIntroduced: z
    .boolean()
    .describe('The client was introduced by another partner first; an admin decides who keeps them'),
  selfReferral: z.boolean().describe("The client's email is on the partner's own domain: flagged for review"),
  termsVersion: z
    .number()
    .int()
    .nullable()
    .describe('The program terms version the partner was on when the firm accepted the referral; its fee and window'),
  acceptedAt: timestamp
    .nullable()
    .describe('When the firm accepted the referral: the start of its qualification window'),
  qualifiesBy: calendarDay
    .nullable()
    .describe(
      'The last day (YYYY-MM-DD) the client may sign and qualify: acceptance + qualification days + extensions',
    ),
  extensionDays: z.number().int().describe('Days an admin added to the qualification window'),
  annualSales: money.nullable().describe("The client's annual gross eCommerce sales, once recorded"),
  signedAt: calendarDay.nullable().describe('The day the client signed its service agreement (YYYY-MM-DD), once won'),
  qualifying: z
    .boolean()
    .nullable()
    .describe('Won: whether the client is a qualifying client (earns fees); null while the deal is open'),
  qualificationReason: nullableString.describe(
    "Why the won client does not qualify, or the reason of an admin's override",
  ),
});
export type Referral = z.infer<typeof referralOutput>;

export const partnerMetricsOutput = z.object({
  totalEarnings: money,
  pendingCommissions: money,
  /** Fees whose payment failed (returned or marked failed): still owed, paid again once the details are fixed. */
  failedCommissions: money,
  thisMonthEarnings: money,
  activeReferralCount: z.number().int(),
  /** The month "This Month" refers to, "YYYY-MM". */
  currentMonth: monthKeyString,
  linkVisitsThisMonth: z.number().int(),
});
export type PartnerMetrics = z.infer<typeof partnerMetricsOutput>;

/** Public: the referral link's partner (GET /api/referral-links/{code}). */
export const referralLinkInput = z.object({ code: z.string().trim().min(1).max(64) });
export const referralLinkOutput = z.object({ companyName: z.string(), referralCode: z.string() });

const utm = singleLine('Campaign parameter', z.preprocess(blankToUndefined, z.string().trim().max(200).optional()));
export const referralVisitInput = z.object({
  referralCode: z.string().trim().min(1).max(64),
  utmSource: utm,
  utmMedium: utm,
  utmCampaign: utm,
  landingPage: singleLine('Landing page', z.preprocess(blankToUndefined, z.string().trim().max(500).optional())),
});
export type ReferralVisitInput = z.input<typeof referralVisitInput>;
export const referralVisitOutput = z.object({ recorded: z.boolean() });

const utmValue = z.string().trim().max(200, 'A campaign parameter must be at most 200 characters');

/** A lead from the firm's own forms and tools (POST /api/leads, an API key with leads:write). */
export const leadInput = z
  .object({
    referralCode: requiredString('referralCode is required', 64, 'referralCode must be at most 64 characters'),
    clientEmail: z
      .string({ error: MESSAGES.invalidClientEmail })
      .trim()
      .toLowerCase()
      .max(254, MESSAGES.invalidClientEmail)
      .pipe(z.email(MESSAGES.invalidClientEmail)),
    clientName: singleLine('Client name', optionalText(200)),
    clientCompanyName: singleLine('Company name', optionalText(200)),
    clientPhone: optionalPhone,
    consultationDate: optionalInstant,
    service: oneOf('service', [...SERVICE_TYPES, ...LANDING_SERVICES, 'general']).optional(),
    utm: z
      .object({
        source: utmValue.optional(),
        medium: utmValue.optional(),
        campaign: utmValue.optional(),
        term: utmValue.optional(),
        content: utmValue.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type LeadInput = z.input<typeof leadInput>;

/** How an admin settles a conflict: the first partner keeps the client, the second gets it, or the second is refused. */
export const CONFLICT_RESOLUTIONS = ['keep_first', 'move_to_second', 'reject'] as const;
export type ConflictResolution = (typeof CONFLICT_RESOLUTIONS)[number];

export const resolveConflictInput = z.object({
  id: idField,
  resolution: oneOf('resolution', CONFLICT_RESOLUTIONS),
});
export type ResolveConflictInput = z.input<typeof resolveConflictInput>;
export const resolveConflictOutput = z.object({
  id: z.uuid(),
  resolution: z.enum(CONFLICT_RESOLUTIONS),
  stage: z.enum(REFERRAL_STAGES).describe("The second referral's stage after the decision"),
  firstStage: z.enum(REFERRAL_STAGES).nullable().describe("The first referral's stage after the decision"),
});

const conflictSide = z.object({
  referralId: z.uuid(),
  partnerId: z.uuid(),
  partnerCompanyName: z.string(),
  clientCompanyName: z.string(),
  clientEmail: nullableString,
  stage: z.enum(REFERRAL_STAGES),
  referralSource: nullableString,
  createdAt: timestamp,
});

/** An open conflict: the referral that claims the client second, and the one that introduced it first. */
export const referralConflictOutput = z.object({
  id: z.uuid().describe('The second referral (the one to resolve)'),
  second: conflictSide,
  first: conflictSide.nullable().describe('Null when the first referral was removed'),
  selfReferral: z.boolean(),
});
export type ReferralConflict = z.infer<typeof referralConflictOutput>;

/** The Conflicts screen: open conflicts, and open referrals flagged as self-referrals for review. */
export const referralConflictsOutput = z.object({
  conflicts: z.array(referralConflictOutput),
  selfReferrals: z.array(conflictSide),
});
export type ReferralConflicts = z.infer<typeof referralConflictsOutput>;

/** The program's or one partner's funnel by month: visits → bookings → accepted → won → paying. */
export const { values: FUNNEL_STEPS, labels: FUNNEL_STEP_LABELS } = labelledEnum([
  ['visits', 'Link visits'],
  ['bookings', 'Bookings'],
  ['accepted', 'Referrals accepted'],
  ['won', 'Won'],
  ['paying', 'Paying'],
]);
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
/** One whole-number count per funnel step, in the steps' order. */
export const funnelCounts = z.object(
  Object.fromEntries(FUNNEL_STEPS.map((step) => [step, z.number().int()])) as Record<FunnelStep, z.ZodNumber>,
);
export type FunnelCounts = z.infer<typeof funnelCounts>;
export const funnelInput = z.object({
  months: z.coerce.number().int().min(1).max(24).default(6),
});
export const adminFunnelInput = funnelInput.extend({
  partnerId: z.preprocess(emptyToUndefined, z.uuid({ error: 'partnerId must be a UUID' }).optional()),
});
export const funnelOutput = z.object({
  months: z.array(funnelCounts.extend({ month: monthKeyString.describe('YYYY-MM') })),
  total: funnelCounts,
  enteredByHand: z
    .number()
    .int()
    .describe('Referrals of these months entered by hand (by the partner or an admin): not in the funnel'),
});
export type Funnel = z.infer<typeof funnelOutput>;

/** The admin dashboard's new bookings: this week's count and the latest few. */
export const recentBookingsOutput = z.object({
  thisWeek: z.number().int(),
  latest: z.array(referralOutput),
});
export type RecentBookings = z.infer<typeof recentBookingsOutput>;

/** Server answers of the referral area, in the user's words. */
export const REFERRAL_MESSAGES = {
  referralNotFound: 'Referral not found',
  partnerNotActiveForClient: 'This affiliate is not active. Clients can only be added to active affiliates.',
  contractEndBeforeStart: 'Contract end date must be on or after the contract start date',
  referralLinkNotFound: 'This referral link is not valid',
  referralCodeUnknown: 'No active partner has this referral code',
  clientAlreadyIntroduced: 'Client already introduced by another partner',
  clientAlreadyReferred: 'You have already referred this client: a referral with this email is in your referrals',
  clientAlreadyWithPartner: 'This partner already has a referral with this client email in their pipeline',
  conflictNotFound: 'No open conflict for this referral',
  conflictKeptFirst: 'Client already introduced by another partner',
  conflictMovedAway: 'Client moved to another partner by an admin',
  conflictRejected: 'Referral rejected by an admin',
  consultationCancelled: 'Consultation cancelled',
  unplacedBookingNotFound: 'No unplaced booking with this id',
  unplacedBookingPlaced: 'This booking is already placed with a partner',
  unplacedBookingDismissed: 'This booking was dismissed and cannot be placed',
  unplacedBookingDismissedAlready: 'This booking is already dismissed',
  unplacedPartnerNotActive: 'Bookings can only be placed with an active partner',
  unplacedPartnerNotFound: 'Partner not found',
} as const;
