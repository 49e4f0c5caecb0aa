// The program terms as data (DESIGN §8): versioned rows holding the agreement's numbers and text. Version 1
// holds the agreement's original numbers (COMMISSION_BY_SERVICE, DEFAULT_PAYOUT_DAYS, AGREEMENT_DEFAULTS are
// its defaults and nothing more); a partner is on the version they accepted, and a referral earns on the
// version its partner was on when the firm accepted it.

import { z } from 'zod';
import { PARTNER_STATUSES, SERVICE_TYPES, type ServiceType } from './enums';
import { FEE_BASES } from './program-settings';
import {
  calendarDay,
  isRealDate,
  money,
  moneyAmountField,
  multiLine,
  requiredString,
  singleLine,
  timestamp,
} from './fields';
import { formatDate } from './dates';
import { formatMoney } from './money';

export const TERMS_DAYS_MAX = 3650;
export const TERMS_FEE_MAX = '100000.00';
export const TERMS_SALES_MAX = '999999999999.99';
/** Open deals whose qualification window ends within this many days are flagged on the pipeline. */
export const WINDOW_WARNING_DAYS = 14;

export const PROGRAM_TERMS_MESSAGES = {
  agreementVersion: 'The agreement version is required: a short label such as 2.0',
  agreementVersionTaken: (version: string) =>
    `Agreement version ${version} exists already; give the new version its own label`,
  fee: (service: string) => `The ${service} fee must be an amount from 0.00 to 100,000.00 with at most two decimals`,
  days: (field: string, min: number, max: number) => `${field} must be a whole number of days from ${min} to ${max}`,
  minAnnualSales: 'The minimum annual sales must be an amount of at least 0.00 with at most two decimals',
  effectiveFrom: 'The effective date must be a day in the form YYYY-MM-DD',
  effectiveInPast: 'The effective date cannot be before today',
  agreementText: 'The agreement text needs at least one section with a heading and a paragraph',
  changes: 'List what changed: at least one short line (at most 300 characters each)',
  unknownVersion: 'This version of the affiliate agreement is not known. Please reload the page.',
  notCurrentVersion:
    'A newer version of the affiliate agreement has been published. Please reload the page and accept the current agreement.',
  acceptRequired: 'You must accept the updated agreement to continue',
  extensionDays: `The extension must be a whole number of days from 1 to ${TERMS_DAYS_MAX}`,
  extensionLimit: (max: number, used: number) =>
    `Extensions of one referral add up to at most ${max} days; ${used} ${used === 1 ? 'day is' : 'days are'} used, so at most ${Math.max(0, max - used)} more`,
  notAccepted: 'The firm has not accepted this referral yet: its qualification window has not started',
  reasonRequired: 'Give a reason',
  annualSales: 'Annual sales must be an amount of at least 0.00 with at most two decimals',
  signedAt: 'The signing date must be a day in the form YYYY-MM-DD',
  signedInFuture: 'The signing date cannot be in the future',
  acceptedInFuture: 'The acceptance date cannot be in the future',
  notWon: 'Only a won referral is a qualifying client or not',
  wonInOpenConflict:
    "This client is in an open conflict with another partner's referral: resolve the conflict on the Conflicts screen before marking the deal as won",
} as const;

/** Why a won client is not a qualifying client (stored with it, shown to the admin and the partner). */
export const QUALIFICATION_REASONS = {
  signedLate: (qualifiesBy: string) => `signed after the qualification window ended on ${formatDate(qualifiesBy)}`,
  signedBeforeAcceptance: (signedAt: string, acceptedOn: string) =>
    `signed on ${formatDate(signedAt)}, before the referral was accepted on ${formatDate(acceptedOn)}`,
  salesBelow: (minimum: string) => `annual sales below ${formatMoney(minimum)}`,
  salesMissing: 'annual sales not recorded',
} as const;

export const annualSalesField = moneyAmountField(PROGRAM_TERMS_MESSAGES.annualSales, {
  max: TERMS_SALES_MAX,
  zero: true,
});

function daysField(field: string, min: number, max = TERMS_DAYS_MAX) {
  const message = PROGRAM_TERMS_MESSAGES.days(field, min, max);
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

const dayField = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isRealDate, message)
    .meta({ format: 'date' });

const agreementSectionSchema = z.object({
  heading: z.string().trim().min(1).max(200),
  paragraphs: z.array(z.string().trim().min(1).max(5000)).min(1).max(50),
});
export const agreementTextSchema = z.object(
  { title: z.string().trim().min(1).max(200), sections: z.array(agreementSectionSchema).min(1).max(50) },
  { error: PROGRAM_TERMS_MESSAGES.agreementText },
);

const feesOutput = z.object({ basic_accounting: z.string(), controller: z.string() });
export type TermsFees = z.infer<typeof feesOutput>;

export const programTermsOutput = z.object({
  version: z.number().int(),
  agreementVersion: z.string(),
  fees: feesOutput,
  qualificationDays: z.number().int(),
  maxExtensionDays: z.number().int(),
  payoutDays: z.number().int(),
  /** Decimal string: a won client below it is not a qualifying client. */
  minAnnualSales: money,
  noticeDays: z.number().int(),
  feeBasis: z.enum(FEE_BASES),
  /** YYYY-MM-DD: the version governs from this day. */
  effectiveFrom: calendarDay,
  agreementText: agreementTextSchema,
  /** Short lines shown to partners first when they review the version. */
  changes: z.array(z.string()),
  createdAt: timestamp,
  /** The email of the member who published it; null for version 1. */
  createdBy: z.string().nullable(),
  /** The publishing member's name (as the activity log names them); null for version 1 or a member without one. */
  createdByName: z.string().nullable(),
});
export type ProgramTerms = z.infer<typeof programTermsOutput>;

export const programTermsOverviewOutput = z.object({
  current: programTermsOutput,
  /** Every version, newest first (the current one included; a version effective later is listed too). */
  history: z.array(programTermsOutput),
});
export type ProgramTermsOverview = z.infer<typeof programTermsOverviewOutput>;

/** What anyone may read of the terms in force: the fees and the agreement's text (landing page, onboarding). */
export const publicProgramTermsOutput = programTermsOutput.pick({
  version: true,
  agreementVersion: true,
  fees: true,
  qualificationDays: true,
  minAnnualSales: true,
  payoutDays: true,
  noticeDays: true,
  effectiveFrom: true,
  agreementText: true,
  changes: true,
});
export type PublicProgramTerms = z.infer<typeof publicProgramTermsOutput>;

/** A new terms version; numbers left out keep the current version's. */
export const publishProgramTermsInput = z
  .object({
    agreementVersion: requiredString(
      PROGRAM_TERMS_MESSAGES.agreementVersion,
      20,
      PROGRAM_TERMS_MESSAGES.agreementVersion,
    ).regex(/^[0-9A-Za-z.-]+$/, PROGRAM_TERMS_MESSAGES.agreementVersion),
    fees: z
      .object(
        Object.fromEntries(
          SERVICE_TYPES.map((service) => [
            service,
            moneyAmountField(PROGRAM_TERMS_MESSAGES.fee(service), { max: TERMS_FEE_MAX, zero: true }).optional(),
          ]),
        ) as Record<ServiceType, z.ZodOptional<ReturnType<typeof moneyAmountField>>>,
      )
      .strict()
      .optional(),
    qualificationDays: daysField('Qualification days', 1).optional(),
    maxExtensionDays: daysField('Maximum extension days', 0).optional(),
    payoutDays: daysField('Payout days', 0, 365).optional(),
    minAnnualSales: moneyAmountField(PROGRAM_TERMS_MESSAGES.minAnnualSales, {
      max: TERMS_SALES_MAX,
      zero: true,
    }).optional(),
    noticeDays: daysField('Notice days', 0, 365).optional(),
    feeBasis: z.enum(FEE_BASES).optional(),
    effectiveFrom: dayField(PROGRAM_TERMS_MESSAGES.effectiveFrom).optional(),
    agreementText: agreementTextSchema,
    changes: z
      .array(
        singleLine(
          'Change',
          z.string().trim().min(1, PROGRAM_TERMS_MESSAGES.changes).max(300, PROGRAM_TERMS_MESSAGES.changes),
        ),
        {
          error: PROGRAM_TERMS_MESSAGES.changes,
        },
      )
      .min(1, PROGRAM_TERMS_MESSAGES.changes)
      .max(30, PROGRAM_TERMS_MESSAGES.changes),
  })
  .strict();
export type PublishProgramTermsInput = z.input<typeof publishProgramTermsInput>;

/** POST /api/partners/agreement: the partner accepts the agreement version in force. */
export const acceptAgreementInput = z.object({
  version: requiredString(PROGRAM_TERMS_MESSAGES.unknownVersion, 20),
  accepted: z.literal(true, { error: PROGRAM_TERMS_MESSAGES.acceptRequired }),
});

/** The partner's agreement: the version they are on and, while one waits, the version to review. */
export const partnerAgreementOutput = z.object({
  agreementVersion: z.string(),
  termsVersion: z.number().int(),
  pending: publicProgramTermsOutput
    .extend({
      /** What changed in every version since the partner's own, oldest first. */
      changesSinceAccepted: z.array(z.string()),
    })
    .nullable(),
});
export type PartnerAgreement = z.infer<typeof partnerAgreementOutput>;

/** Why an admin extends, overrides or ends something: required, on the record. */
const reasonField = multiLine('Reason', requiredString(PROGRAM_TERMS_MESSAGES.reasonRequired, 1000));

export const extendReferralInput = z.object({
  id: z.uuid({ error: 'Not a valid id' }),
  days: z
    .number({ error: PROGRAM_TERMS_MESSAGES.extensionDays })
    .int(PROGRAM_TERMS_MESSAGES.extensionDays)
    .min(1, PROGRAM_TERMS_MESSAGES.extensionDays)
    .max(TERMS_DAYS_MAX, PROGRAM_TERMS_MESSAGES.extensionDays),
  reason: reasonField,
});

export const qualificationOverrideInput = z.object({
  id: z.uuid({ error: 'Not a valid id' }),
  qualifying: z.boolean({ error: 'qualifying must be true or false' }),
  reason: reasonField,
});

/** A day (YYYY-MM-DD) given to a terms rule: a signing date, an acceptance date, an effective date. */
export const termsDay = dayField;

/** Whole days from `now`'s day (UTC) to the last day of a qualification window: 0 on the day, negative after. */
export function windowDaysLeft(qualifiesBy: string, now: Date = new Date()): number {
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return Math.round((Date.parse(`${qualifiesBy}T00:00:00Z`) - today) / 86_400_000);
}

export const TERMINATION_GIVERS = ['firm', 'partner'] as const;

export const ENDING_MESSAGES = {
  givenBy: "givenBy must be 'firm' or 'partner'",
  effectiveBeforeToday: 'The effective date cannot be before today',
  notActive: 'Only an active partnership can be ended',
  alreadyGiven: (effective: string) => `Notice was already given: the partnership ends on ${effective}`,
  noNotice: 'No notice has been given: the partnership continues',
  alreadyEnded: (effective: string) => `The notice took effect on ${effective}: the partnership has ended`,
  firmNotice: 'The firm gave this notice: only the firm can withdraw it',
  alreadyForfeited: (forfeitedAt: string) =>
    `This partner forfeited its fees on ${formatDate(forfeitedAt.slice(0, 10))} and no fee is unpaid since: there is nothing left to forfeit`,
} as const;

/** POST /api/admin/partners/{id}/terminate: written notice by either party; it takes effect on its day. */
export const terminatePartnerInput = z.object({
  id: z.uuid({ error: 'Not a valid id' }),
  givenBy: z.enum(TERMINATION_GIVERS, { error: ENDING_MESSAGES.givenBy }),
  reason: reasonField,
  effectiveDate: dayField(PROGRAM_TERMS_MESSAGES.effectiveFrom).optional(),
});

export const terminationOutput = z.object({
  partnerId: z.uuid(),
  givenBy: z.enum(TERMINATION_GIVERS),
  reason: z.string(),
  /** YYYY-MM-DD: from this day the partner is inactive; fees of client payments for months before it stay earned. */
  effectiveDate: calendarDay,
  status: z.string(),
});

/**
 * POST /api/admin/partners/{id}/forfeit: a breach of non-solicitation forfeits all unpaid and future fees: every
 * unpaid fee is voided, and from then on nothing earns the partner a fee.
 */
export const forfeitFeesInput = z.object({ id: z.uuid({ error: 'Not a valid id' }), reason: reasonField });
export const forfeitFeesOutput = z.object({
  partnerId: z.uuid(),
  voided: z.number().int(),
  /** Decimal string: the sum of the fees voided. */
  amount: money,
  /** When the partner forfeited its future fees: this forfeiture, or the first one. */
  feesForfeitedAt: timestamp,
});

/** A partnership's ending as it stands: the notice given (if any), and what notice given today would mean. */
export const partnershipEndOutput = z.object({
  status: z.enum(PARTNER_STATUSES),
  /** The notice days of the partner's terms version. */
  noticeDays: z.number().int(),
  /** YYYY-MM-DD: the day notice given today takes effect (today + noticeDays). */
  noticeEffectiveDate: calendarDay,
  /** The notice given, by whom and why, and the day it takes (or took) effect; null while none is. */
  termination: z
    .object({ givenBy: z.enum(TERMINATION_GIVERS), reason: z.string().nullable(), effectiveDate: calendarDay })
    .nullable(),
});
export type PartnershipEnd = z.infer<typeof partnershipEndOutput>;

/** The admin's view adds the unpaid fees a forfeiture would void. */
export const adminPartnershipEndOutput = partnershipEndOutput.extend({
  unpaidFees: z.object({
    count: z.number().int(),
    /** Decimal string: the sum of the partner's pending fees. */
    amount: money,
  }),
  /** When the partner forfeited all unpaid and future fees; null while it has not. */
  feesForfeitedAt: timestamp.nullable(),
});
export type AdminPartnershipEnd = z.infer<typeof adminPartnershipEndOutput>;

/** POST /api/partners/notice: the partner ends the partnership with the notice days of their terms version. */
export const givePartnerNoticeInput = z.object({ reason: reasonField });
