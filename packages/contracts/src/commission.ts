import { z } from 'zod';
import { COMMISSION_KINDS, COMMISSION_STATUSES, PAYMENT_METHODS, PAYOUT_WAIT_REASONS } from './enums';
import { payoutMethodTotalOutput } from './payment-methods';
import {
  isRealDate,
  calendarDay,
  idField,
  money,
  moneyInput,
  moneyMonthField,
  monthKeyString,
  multiLine,
  requiredString,
  timestamp,
} from './fields';
import { MONTH_KEY, formatMonthKey } from './dates';
import { MESSAGES } from './messages';
import { ADJUSTMENT_MAX, MAX_PAGE_SIZE } from './constants';
import { pageLimitField, pageOffsetField, pageOutputOf } from './paging';
import { formatMoney, normaliseMoney, toCents } from './money';

export const monthInput = z.object({
  month: z.string({ error: MESSAGES.invalidMonth }).regex(MONTH_KEY, MESSAGES.invalidMonth),
});
export const accrualResultOutput = z.object({
  month: monthKeyString,
  created: z.number().int(),
  skipped: z.number().int(),
  /** Why the run created nothing by rule (the fee basis is clientPayment). */
  reason: z.string().optional(),
});

const nullableString = z.string().nullable();

export const commissionOutput = z.object({
  id: z.uuid(),
  partnerId: z.uuid(),
  /** Null on a bonus or clawback that names no referral. */
  referralId: z.uuid().nullable(),
  clientCompanyName: z.string().nullable().optional(),
  /** Signed decimal string: a clawback is negative. */
  amount: money,
  monthYear: monthKeyString,
  kind: z.enum(COMMISSION_KINDS),
  status: z.enum(COMMISSION_STATUSES),
  /** Why a bonus or clawback was made. */
  reason: nullableString,
  voidedAt: timestamp.nullable(),
  voidReason: nullableString,
  paymentDate: timestamp.nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  paymentReference: nullableString,
  failureReason: nullableString,
  /** When a fee earned by a client payment is due (YYYY-MM-DD); null on older fees and adjustments. */
  dueBy: calendarDay.nullable().optional(),
  /** The client's payment date behind the fee (YYYY-MM-DD), where the listing reads it. */
  clientPaidAt: calendarDay.nullable().optional(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Commission = z.infer<typeof commissionOutput>;

export const pendingCommissionOutput = z.object({
  id: z.uuid(),
  amount: money,
  monthYear: monthKeyString,
  kind: z.enum(COMMISSION_KINDS),
  reason: z.string().nullable(),
  referralId: z.uuid().nullable(),
  partnerId: z.uuid(),
  partnerCompanyName: z.string(),
  clientCompanyName: z.string().nullable(),
  /** The partner has no tax profile and its payouts this year would reach the 1099-NEC threshold. */
  taxProfileMissing: z.boolean().optional(),
  /** When the fee is due (the client's payment date + the payout days); null on fees accrued before client payments. */
  dueBy: calendarDay.nullable().optional(),
  /** The client's payment date behind the fee, or null. */
  clientPaidAt: calendarDay.nullable().optional(),
  /** The partner's payable total is below the program's minimum payout: the fee waits for a later run. */
  belowMinimum: z.boolean().optional(),
});
export type PendingCommission = z.infer<typeof pendingCommissionOutput>;

const monthFilter = z.string({ error: MESSAGES.invalidMonth }).regex(MONTH_KEY, MESSAGES.invalidMonth);

const DUE_BY_MESSAGE = 'The due date must be a day in the form YYYY-MM-DD';
const dueByFilter = z
  .string({ error: DUE_BY_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DUE_BY_MESSAGE)
  .refine(isRealDate, DUE_BY_MESSAGE)
  .meta({ format: 'date' });

/**
 * The Payout Processor's filter: one partner, one month (YYYY-MM), fees due by a day (YYYY-MM-DD; fees
 * without a due date count as due today), or any of them together; none is every pending commission.
 */
export const pendingFilter = z.object({
  partnerId: idField.optional(),
  month: monthFilter.optional(),
  dueBy: dueByFilter.optional(),
});
export type PendingFilter = z.infer<typeof pendingFilter>;

/** The commissions a payout takes: by id, or `matching`, a filter the server resolves. */
const payoutSelection = z.object({
  commissionIds: z
    .array(idField, { error: 'Select at least one commission' })
    .min(1, 'Select at least one commission')
    .max(1000, 'At most 1000 commissions per payout')
    .optional(),
  matching: pendingFilter.strict().optional(),
});
const isOneSelection = (input: z.infer<typeof payoutSelection>) =>
  (input.commissionIds === undefined) !== (input.matching === undefined);
const ONE_SELECTION = {
  message: 'Select at least one commission, or send `matching` (a filter) instead of commissionIds, not both',
  path: ['commissionIds'],
};

/**
 * Either the chosen commissions by id, or `matching`: every pending commission the filter matches,
 * chosen on the server when the payout runs ("Select all N matching"). Exactly one of the two.
 */
export const payoutInput = payoutSelection
  .extend({
    idempotencyKey: z
      .string({ error: 'An Idempotency-Key header is required' })
      .trim()
      .min(8, 'An Idempotency-Key header is required')
      .max(200),
  })
  .refine(isOneSelection, ONE_SELECTION);
export type PayoutInput = z.input<typeof payoutInput>;

/** What a payout would do, asked before it runs: the same selection, no idempotency key (nothing is written). */
export const payoutPreviewInput = payoutSelection.refine(isOneSelection, ONE_SELECTION);
export type PayoutPreviewInput = z.input<typeof payoutPreviewInput>;

const partnerNet = z.object({
  partnerId: z.uuid(),
  companyName: z.string(),
  net: money,
  reason: z.enum(PAYOUT_WAIT_REASONS),
});

/**
 * The confirmation's summary: the fees, partners and total that would be paid, per payment method
 * (which files the payout makes), the partners below the minimum payout who wait, and the reason the
 * server would refuse the payout, if it would.
 */
export const payoutPreviewOutput = z.object({
  commissionCount: z.number().int(),
  partnerCount: z.number().int(),
  total: money,
  methods: z.array(payoutMethodTotalOutput),
  minimumPayout: money,
  /** Partners below the minimum payout: left out of a filter's payout, refused in a hand-made selection. */
  waiting: z.array(partnerNet),
  /** The 422 message processing this selection answers with; null when it would be paid. */
  refusal: z.string().nullable(),
});
export type PayoutPreview = z.infer<typeof payoutPreviewOutput>;

const adjustmentMaxCents = toCents(ADJUSTMENT_MAX);
/** An adjustment identical to one added this many minutes before (partner, amount, month, reason) is a duplicate. */
export const ADJUSTMENT_DUPLICATE_MINUTES = 10;
const ADJUSTMENT_AMOUNT_MESSAGE = 'The amount must be a number with at most two decimals, e.g. 250.00 or -75.50';

/** A signed amount: non-zero and at most 100,000.00 either way; normalised to "-25.00". */
export const adjustmentAmountField = moneyInput(
  z.union([z.string(), z.number()], { error: ADJUSTMENT_AMOUNT_MESSAGE }),
).transform((value, ctx) => {
  let cents: number;
  try {
    cents = toCents(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: ADJUSTMENT_AMOUNT_MESSAGE });
    return z.NEVER;
  }
  if (cents === 0) {
    ctx.addIssue({
      code: 'custom',
      message: 'The amount cannot be zero: a positive amount is a bonus, a negative one a clawback',
    });
    return z.NEVER;
  }
  if (Math.abs(cents) > adjustmentMaxCents) {
    ctx.addIssue({ code: 'custom', message: `An adjustment is at most ${formatMoney(ADJUSTMENT_MAX)} either way` });
    return z.NEVER;
  }
  return normaliseMoney(value);
});

const reasonField = (label: string, required: string) =>
  multiLine(label, requiredString(required, 500, `${label} is at most 500 characters`));

/** POST /api/admin/commissions/adjustments: a bonus (amount > 0) or clawback (amount < 0) for a partner. */
export const adjustmentInput = z.object({
  partnerId: idField,
  amount: adjustmentAmountField,
  reason: reasonField('Reason', 'A reason is required for an adjustment'),
  referralId: idField.optional(),
  /** The month the adjustment belongs to, from 2000-01 up to the current month; the current month when absent. */
  month: moneyMonthField.optional(),
});
export type AdjustmentInput = z.input<typeof adjustmentInput>;

/** POST /api/admin/commissions/{id}/void. */
export const voidCommissionInput = z.object({
  id: idField,
  reason: reasonField('Void reason', 'A reason is required to void a commission'),
});
export type VoidCommissionInput = z.input<typeof voidCommissionInput>;

export const payoutOutput = z.object({
  id: z.uuid(),
  reference: z.string(),
  total: money,
  commissionCount: z.number().int(),
  partnerCount: z.number().int(),
  paidAt: timestamp,
  /** When its files went out; each partner's line is then confirmed or returned. */
  sentAt: timestamp.nullable(),
  /** Partners and total per payment method: which files the payout has. */
  methods: z.array(payoutMethodTotalOutput),
  /** Lines the bank or PayPal sent back, and their sum: `total` less it is what reached the partners. */
  returnedCount: z.number().int(),
  returnedTotal: money,
});
export type Payout = z.infer<typeof payoutOutput>;

export const failCommissionInput = z.object({
  id: idField,
  reason: multiLine('Failure reason', requiredString('A failure reason is required', 500)),
});

/** One page of the pending list: oldest months first, so the earliest fees are paid first; optionally filtered. */
export const listPendingCommissionsInput = z
  .object({
    partnerId: idField.optional(),
    month: monthFilter.optional(),
    dueBy: dueByFilter.optional(),
    limit: pageLimitField(MAX_PAGE_SIZE),
    offset: pageOffsetField,
  })
  .default({ limit: MAX_PAGE_SIZE, offset: 0 });
export type ListPendingCommissionsInput = z.input<typeof listPendingCommissionsInput>;

export const pendingCommissionsPageOutput = z.object({
  items: z.array(pendingCommissionOutput),
  /** The pending clawbacks of the partners on this page (offered with their next commissions). */
  openClawbacks: z.array(pendingCommissionOutput),
  /** All pending commissions the filter matches, not only this page. */
  total: z.number().int(),
  /** Sum of all pending commissions the filter matches (the net: clawbacks are negative), as a decimal string. */
  totalAmount: money,
  limit: z.number().int(),
  offset: z.number().int(),
  /** The program's minimum payout (decimal string); partners below it wait. */
  minimumPayout: money.optional(),
  /** The next payout day the program proposes (YYYY-MM-DD, from its payout day of the month). */
  proposedPayoutDate: calendarDay.optional(),
  /**
   * The pending fees of this partner and month that the processor does not offer yet: due later than today
   * less the hold. They are pending on the partner's page but not payable; `firstOfferedOn` is the first
   * day one of them is offered.
   */
  notYetOffered: z.object({ count: z.number().int(), amount: money, firstOfferedOn: calendarDay.nullable() }),
});
export type PendingCommissionsPage = z.infer<typeof pendingCommissionsPageOutput>;

/** Payouts newest first, one page at a time (the Payout Processor's recent list asks for a few). */
export const listPayoutsInput = z
  .object({ limit: pageLimitField(10), offset: pageOffsetField })
  .default({ limit: 10, offset: 0 });
export type ListPayoutsInput = z.input<typeof listPayoutsInput>;

export const payoutsPageOutput = pageOutputOf(payoutOutput);

export const commissionsListOutput = z.array(commissionOutput);

/** The texts of the commissions area. */
export const COMMISSION_MESSAGES = {
  noCommissionsYet: 'No commissions yet. Start referring clients to earn your first commission!',
  commissionNotFound: (id: string) => `Commission ${id} was not found`,
  commissionNotPending: (id: string, status: string) =>
    status === 'paid' ? `Commission ${id} is already paid` : `Commission ${id} is ${status} and cannot be paid`,
  commissionNotFailable: (id: string, status: string) => `Commission ${id} is already ${status}`,
  clawbackNotFailable: (id: string) =>
    `Commission ${id} is a clawback: nothing is paid out for it, so it cannot fail; void it instead`,
  commissionNotVoidable: (id: string, status: string) =>
    status === 'paid'
      ? `Commission ${id} is already paid and cannot be voided; record a clawback instead`
      : `Commission ${id} is ${status} and cannot be voided`,
  duplicateAdjustment: (earlier: { id: string; kind: string; amount: string; monthYear: string }) =>
    `The same ${earlier.kind} (${formatMoney(earlier.amount)} for ${formatMonthKey(earlier.monthYear)}, with the same reason) was added in the last ${ADJUSTMENT_DUPLICATE_MINUTES} minutes as commission ${earlier.id}. Nothing was added; to add a second one, give it its own reason.`,
  adjustmentMonthNotStarted: (month: string) =>
    `Adjustments cannot be added for a month that has not started (${formatMonthKey(month)})`,
  partnerNotAdjustable: (companyName: string, status: string) =>
    `Adjustments are only for active or suspended partners; ${companyName} is ${status}`,
  referralOfOtherPartner: 'The referral does not belong to this partner',
  referralNotFound: 'Referral not found',
  partnerNotFound: 'Partner not found',
  netNotPositive: (partners: readonly { companyName: string; net: string }[]) =>
    `Nothing can be paid: the selected commissions of ${partners.map((p) => `${p.companyName} net to ${formatMoney(p.net)}`).join('; ')}. A payout must be more than zero; select more of their commissions or leave them out.`,
  nothingMatches: 'No pending commissions match the filter',
  adjustmentAdded: 'Adjustment added',
  commissionVoided: 'Commission voided',
  belowMinimum: (partners: readonly { companyName: string; net: string }[], minimum: string) =>
    `Nothing can be paid: ${partners.map((p) => `${p.companyName} (${formatMoney(p.net)})`).join('; ')} ${partners.length === 1 ? 'is' : 'are'} below the minimum payout of ${formatMoney(minimum)} and wait for a later payout. Leave them out of the selection.`,
  achNotReady: (partners: readonly { companyName: string }[]) =>
    `Nothing can be paid: ${partners.map((p) => p.companyName).join('; ')} ${partners.length === 1 ? 'is' : 'are'} paid by ACH, and this server has no ACH originator settings to make the bank file with (ACH_IMMEDIATE_DESTINATION and the others). Set them, or leave ${partners.length === 1 ? 'this partner' : 'these partners'} out of the selection.`,
  paymentDetailsMissing: (partners: readonly { companyName: string; paymentMethod: string }[]) =>
    `Nothing can be paid: ${partners.map((p) => `${p.companyName} has no ${p.paymentMethod === 'PayPal' ? 'PayPal email' : `${p.paymentMethod} bank details`} on file`).join('; ')}. The fees would be booked paid with nothing to send them to: ask ${partners.length === 1 ? 'the partner' : 'the partners'} to add the details in Settings, or leave ${partners.length === 1 ? 'this partner' : 'these partners'} out of the selection.`,
  paymentFailedWaiting: (partners: readonly { companyName: string }[]) =>
    `Nothing can be paid: ${partners.length === 1 ? `a payment to ${partners[0]?.companyName} failed and has not been settled, so this one` : `payments to ${partners.map((p) => p.companyName).join('; ')} failed and have not been settled, so these`} would go to the same payment details. ${partners.length === 1 ? 'The partner is' : 'The partners are'} paid again once the payment details change (their failed fees then return to the processor) or an admin retries the failed fees; until then leave ${partners.length === 1 ? 'this partner' : 'these partners'} out of the selection.`,
  nothingPayable: (partners: readonly { companyName: string; net: string; reason: string }[], minimum: string) =>
    `Nothing can be paid: every partner selected waits (${partners
      .map(
        (p) =>
          `${p.companyName}: ${
            p.reason === 'noPaymentDetails'
              ? 'no payment details on file'
              : p.reason === 'paymentFailed'
                ? 'a payment to them failed, and their details have not changed since'
                : p.reason === 'netNotPositive'
                  ? `clawbacks outweigh the fees, net ${formatMoney(p.net)}`
                  : `${formatMoney(p.net)}, below the minimum payout of ${formatMoney(minimum)}`
          }`,
      )
      .join('; ')})`,
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different set of commissions',
  payoutNotFound: 'Payout not found',
  payoutsProcessed: 'Payouts processed',
  payoutFailed: 'Payout failed',
  commissionMarkedFailed: 'Commission marked as failed',
  accrualDone: 'Accrual complete',
  accrualFailed: 'Accrual failed',
} as const;
