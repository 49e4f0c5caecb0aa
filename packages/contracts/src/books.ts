// The partner's payout history, the paged Commissions tab, monthly statements and the tax
// profile (W-9 facts) behind the 1099-NEC report.

import { z } from 'zod';
import { pageLimitField, pageOffsetField, pageOutputOf } from './paging';
import { commissionOutput } from './commission';
import { MONTH_KEY } from './dates';
import { COMMISSION_STATUSES, PAYMENT_METHODS } from './enums';
import { blankToUndefined, idField, money, oneOf, requiredString, singleLine, timestamp } from './fields';
import { TAX_CLASSIFICATIONS, TAX_MESSAGES, TIN_TYPES } from './tax-enums';
import { MESSAGES } from './messages';
import { PAYOUT_LINE_STATUSES, type PayoutLineStatus } from './payment-methods';

/**
 * The partner's line in one payout it was part of: the amount sent to it, and what became of it. A
 * returned line stays in the history with its code, reason and day; its fees are failed and still owed.
 */
export const partnerPayoutOutput = z.object({
  id: z.uuid(),
  reference: z.string(),
  paidAt: timestamp,
  method: z.enum(PAYMENT_METHODS),
  /** The partner's share of the payout: the amount of its line (the sum of its commissions when paid). */
  amount: money,
  commissionCount: z.number().int(),
  status: z.enum(PAYOUT_LINE_STATUSES),
  /** An ACH return code, or OTHER for a PayPal or wire return; null unless returned. */
  returnCode: z.string().nullable(),
  /** Why the line came back ("R02 Account closed"); null unless returned. */
  returnReason: z.string().nullable(),
  /** When the line was confirmed or came back; null while it is on its way. */
  resolvedAt: timestamp.nullable(),
});
export type PartnerPayout = z.infer<typeof partnerPayoutOutput>;
export const partnerPayoutsOutput = z.array(partnerPayoutOutput);
export const partnerPayoutDetailOutput = partnerPayoutOutput.extend({ commissions: z.array(commissionOutput) });
export type PartnerPayoutDetail = z.infer<typeof partnerPayoutDetailOutput>;
export const payoutIdInput = z.object({ id: idField });

/** How the partner reads what became of their line in a payout. */
export const PAYOUT_LINE_STATUS_LABELS: Record<PayoutLineStatus, string> = {
  sent: 'Sent',
  confirmed: 'Confirmed',
  returned: 'Returned',
};

export const PAYOUT_HISTORY_MESSAGES = {
  /** A returned payout's fees are failed: paid again once the details change or an admin retries them. */
  returnedStillOwed:
    'The fees in this payout are still owed: they are paid again with a later payout once your payment details are fixed.',
} as const;

/** The Commissions tab's page: optionally one month and one status. */
export const commissionsPageInput = z
  .object({
    limit: pageLimitField(20),
    offset: pageOffsetField,
    month: z.preprocess(
      blankToUndefined,
      z.string({ error: 'month must be YYYY-MM' }).regex(MONTH_KEY, 'month must be YYYY-MM').optional(),
    ),
    status: z.preprocess(blankToUndefined, oneOf('status', COMMISSION_STATUSES).optional()),
  })
  .default({ limit: 20, offset: 0 });
export type CommissionsPageInput = z.input<typeof commissionsPageInput>;

/** A line of the Commissions tab: the commission and the payout that paid it. */
export const commissionLineOutput = commissionOutput.extend({ payoutId: z.uuid().nullable() });
export type CommissionLine = z.infer<typeof commissionLineOutput>;

export const commissionsPageOutput = pageOutputOf(commissionLineOutput).extend({
  /**
   * The payouts of the paid lines on this page, and of failed lines whose payout line came back, so the
   * tab groups them under reference, date, amount and what became of the payout.
   */
  payouts: z.array(partnerPayoutOutput),
});
export type CommissionsPage = z.infer<typeof commissionsPageOutput>;

/** Digits of a TIN as typed: 9 digits, dashes and spaces allowed between them. */
export const tinField = z
  .string({ error: TAX_MESSAGES.tinInvalid })
  .trim()
  .refine((value) => /^[0-9][0-9 -]*$/.test(value) && value.replace(/[ -]/g, '').length === 9, TAX_MESSAGES.tinInvalid)
  .transform((value) => value.replace(/[ -]/g, ''));

const required = (label: string, message: string, max: number) =>
  singleLine(label, requiredString(message, max, `${label} must be at most ${max} characters`));

export const taxProfileInput = z.object({
  legalName: required('Legal name', TAX_MESSAGES.legalNameRequired, 200),
  businessName: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : (v ?? undefined)),
    singleLine('Business name', z.string().max(200, 'Business name must be at most 200 characters').optional()),
  ),
  taxClassification: z.enum(TAX_CLASSIFICATIONS, { error: TAX_MESSAGES.classificationRequired }),
  tinType: z.enum(TIN_TYPES, { error: TAX_MESSAGES.tinTypeRequired }),
  tin: tinField,
  address: required('Address', TAX_MESSAGES.addressRequired, 500),
  certified: z.literal(true, { error: TAX_MESSAGES.certificationRequired }),
  /** Asked when tax information on file is replaced (as for new bank details); not for the first save. */
  currentPassword: z.string().max(256, MESSAGES.passwordMax).optional(),
});
export type TaxProfileInput = z.input<typeof taxProfileInput>;

export const taxProfileOutput = z.object({
  legalName: z.string(),
  businessName: z.string().nullable(),
  taxClassification: z.enum(TAX_CLASSIFICATIONS),
  tinType: z.enum(TIN_TYPES),
  /** Masked: only the last four digits. */
  tinMasked: z.string(),
  address: z.string(),
  certifiedAt: timestamp,
  updatedAt: timestamp,
});
export type TaxProfile = z.infer<typeof taxProfileOutput>;
/** null while the partner has not filled it in. */
export const taxProfileResultOutput = taxProfileOutput.nullable();

/** "YYYY-MM" of a statement in a path, in the years a tax year may be (2000 to 2100). */
export const statementMonth = z
  .string({ error: TAX_MESSAGES.invalidStatementMonth })
  .regex(MONTH_KEY, TAX_MESSAGES.invalidStatementMonth)
  .refine((month) => month >= '2000-01' && month <= '2100-12', TAX_MESSAGES.invalidStatementMonth);
export const taxYear = z.coerce
  .number({ error: TAX_MESSAGES.invalidTaxYear })
  .int(TAX_MESSAGES.invalidTaxYear)
  .min(2000, TAX_MESSAGES.invalidTaxYear)
  .max(2100, TAX_MESSAGES.invalidTaxYear);
