import { z } from 'zod';
import { REFERRAL_STAGES, SERVICE_TYPES } from './enums';
import {
  idField,
  monthlyValueField,
  multiLine,
  optionalClientEmail,
  optionalDay,
  optionalInstant,
  optionalPhone,
  optionalText,
  requiredText,
  singleLine,
} from './fields';
import { MESSAGES } from './messages';

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
});
export type AddClientInput = z.input<typeof addClientInput>;

/** An admin's change to a deal (PATCH /api/admin/referrals/{id}). Null clears a field. */
export const updateReferralInput = z.object({
  id: idField,
  stage: z.enum(REFERRAL_STAGES, { error: MESSAGES.invalidStage }).optional(),
  lostReason: multiLine(
    'Lost reason',
    z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(1000).nullable().optional()),
  ),
  contractStartDate: optionalDay,
  contractEndDate: optionalDay,
  churnDate: optionalDay,
  notes: multiLine(
    'Notes',
    z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(2000).nullable().optional()),
  ),
});
export type UpdateReferralInput = z.input<typeof updateReferralInput>;

const nullableString = z.string().nullable();

export const referralOutput = z.object({
  id: z.uuid(),
  partnerId: z.uuid(),
  partnerCompanyName: z.string().optional(),
  clientCompanyName: z.string(),
  clientEmail: nullableString,
  clientPhone: nullableString,
  serviceType: z.enum(SERVICE_TYPES),
  monthlyValue: z.string(),
  commissionAmount: z.string(),
  stage: z.enum(REFERRAL_STAGES),
  consultationDate: nullableString,
  proposalDate: nullableString,
  closeDate: nullableString,
  contractStartDate: nullableString,
  contractEndDate: nullableString,
  lostReason: nullableString,
  churnDate: nullableString,
  notes: nullableString,
  referralSource: nullableString,
  landingPage: nullableString,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Referral = z.infer<typeof referralOutput>;

export const partnerMetricsOutput = z.object({
  totalEarnings: z.string(),
  pendingCommissions: z.string(),
  thisMonthEarnings: z.string(),
  activeReferralCount: z.number().int(),
  /** The month "This Month" refers to, "YYYY-MM". */
  currentMonth: z.string(),
  linkVisitsThisMonth: z.number().int(),
});
export type PartnerMetrics = z.infer<typeof partnerMetricsOutput>;

/** Public: the referral link's partner (GET /api/referral-links/{code}). */
export const referralLinkInput = z.object({ code: z.string().trim().min(1).max(64) });
export const referralLinkOutput = z.object({ companyName: z.string(), referralCode: z.string() });

const utm = singleLine(
  'Campaign parameter',
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(200).optional()),
);
export const referralVisitInput = z.object({
  referralCode: z.string().trim().min(1).max(64),
  utmSource: utm,
  utmMedium: utm,
  utmCampaign: utm,
  landingPage: singleLine(
    'Landing page',
    z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(500).optional()),
  ),
});
export type ReferralVisitInput = z.input<typeof referralVisitInput>;
export const referralVisitOutput = z.object({ recorded: z.boolean() });

/** Server answers of the referral area, in the user's words. */
export const REFERRAL_MESSAGES = {
  referralNotFound: 'Referral not found',
  partnerNotActiveForClient: 'This affiliate is not active. Clients can only be added to active affiliates.',
  contractEndBeforeStart: 'Contract end date must be on or after the contract start date',
  referralLinkNotFound: 'This referral link is not valid',
} as const;
