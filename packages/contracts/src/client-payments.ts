// Client payments (DESIGN §8): a payment a referred client made for a month of service. Under the fee
// basis `clientPayment` a payment earns the referral's monthly fee for that month, scaled by the share
// of the payment left after its collection cost, rounded half-up to the cent.

import { z } from 'zod';
import { formatDate, formatMonthKey } from './dates';
import {
  DAY_INPUT_META,
  calendarDay,
  idField,
  isRealDate,
  money,
  moneyAmountField,
  moneyMonthField,
  monthKeyString,
  singleLine,
  timestamp,
} from './fields';
import { formatMoney, toCents } from './money';
import { commissionOutput } from './commission';

/** Version 1's payout days (the agreement's default); a fee is due its terms version's payout days after the client's payment. */
export const DEFAULT_PAYOUT_DAYS = 30;
/** A payment is at most this amount (numeric(12,2) leaves room; a month of service is far below it). */
export const CLIENT_PAYMENT_MAX = '10000000.00';

export const CLIENT_PAYMENT_SOURCES = ['manual', 'import', 'stripe', 'api'] as const;
export type ClientPaymentSource = (typeof CLIENT_PAYMENT_SOURCES)[number];

export const CLIENT_PAYMENT_MESSAGES = {
  amount: 'The amount must be a positive amount with at most two decimals, e.g. 1250.00',
  collectionCost: 'The collection cost must be an amount from 0.00 up to the payment amount',
  collectionCostAboveAmount: 'The collection cost cannot be more than the payment amount',
  paidAt: 'The paid date must be a real day (YYYY-MM-DD)',
  paidInFuture: 'The paid date cannot be in the future',
  monthNotStarted: (month: string) =>
    `Payments cannot be recorded for a month that has not started (${formatMonthKey(month)})`,
  referralNotFound: 'Referral not found',
  alreadyEarned: (month: string) =>
    `A fee for ${formatMonthKey(month)} was already earned by an earlier payment; this payment earns nothing more`,
  notActive: (month: string, why: string) =>
    `The client was not an active client in ${formatMonthKey(month)} (${why}); this payment earns no fee`,
  notQualifying: (why: string | null) =>
    `The client is not a qualifying client${why ? ` (${why})` : ''}; this payment earns no fee`,
  /** The tense follows `today`: a notice that has not taken effect yet says the partnership ends. */
  partnershipEnded: (effective: string, today: string) =>
    `The partnership ${effective > today ? 'ends' : 'ended'} on ${formatDate(effective)}: payments for months from then on earn no fee`,
  feesForfeited: (forfeitedAt: string) =>
    `The partner forfeited its fees on ${formatDate(forfeitedAt.slice(0, 10))} (section 5 of the agreement): no payment earns it a fee from then on`,
  openConflict:
    "The client is in an open conflict with another partner's referral; this payment earns no fee (resolve the conflict on the Conflicts screen first)",
  voidedAfterChurn: (churnDate: string) =>
    `The client churned on ${formatDate(churnDate)}: fees are earned only while the client stays active`,
  voidedAfterContractEnd: (endDate: string) =>
    `The contract ended on ${formatDate(endDate)}: fees are earned only while the client's contract runs`,
  nothingLeft: 'The collection cost takes the whole payment, so nothing is left to earn a fee on',
  accrualUnderClientPayment:
    'Fees follow client payments (fee basis "clientPayment"): the accrual creates nothing; record or import client payments instead',
  duplicateExternal: 'This payment was recorded already',
  duplicatePayment: (earlier: { id: string; periodMonth: string; amount: string; paidAt: string }) =>
    `This payment was recorded already: ${formatMoney(earlier.amount)} for ${formatMonthKey(earlier.periodMonth)}, paid on ${formatDate(earlier.paidAt)}, with the same reference (payment ${earlier.id}). Nothing was recorded; a second payment of the same month, amount and day needs its own reference.`,
  paymentNotFound: 'Client payment not found',
  refundAmount: 'The refund must be a positive amount with at most two decimals, e.g. 250.00',
  refundAboveLeft: (left: string) =>
    left === '0.00'
      ? 'This payment is refunded in full already: nothing is left to refund'
      : `The refund is more than what is left unrefunded of this payment (${formatMoney(left)})`,
  refundRecorded: 'Refund recorded',
  /**
   * When a fee earned by a payment is paid: the processor offers it from the payment date plus the hold, and
   * it is due by its deadline (a payment recorded late may be past it already).
   */
  feeSchedule: ({ offeredOn, dueBy, today }: { offeredOn: string; dueBy: string; today: string }) => {
    const due = `it ${dueBy < today ? 'was' : 'is'} due by ${formatDate(dueBy)}`;
    return offeredOn <= today
      ? `The Payout Processor offers it now; ${due}.`
      : `The Payout Processor offers it from ${formatDate(offeredOn)}, after the hold; ${due}.`;
  },
} as const;

/** The fee a payment earns, in cents: fee × (amount − cost) ÷ amount, half-up; integers only. */
export function feeForPaymentCents(feeCents: number, amountCents: number, costCents: number): number {
  if (amountCents <= 0) return 0;
  const numerator = BigInt(feeCents) * BigInt(amountCents - costCents);
  const amount = BigInt(amountCents);
  // Half-up for a non-negative quotient: floor((2n + d) / 2d).
  return Number((2n * numerator + amount) / (2n * amount));
}

/** "YYYY-MM-DD" plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const costField = moneyAmountField(CLIENT_PAYMENT_MESSAGES.collectionCost, { max: CLIENT_PAYMENT_MAX, zero: true });

export const periodMonthField = moneyMonthField;
export const paidDayField = z
  .string({ error: CLIENT_PAYMENT_MESSAGES.paidAt })
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && isRealDate(v), CLIENT_PAYMENT_MESSAGES.paidAt)
  .transform((v) => v.slice(0, 10))
  .meta(DAY_INPUT_META);

const clientPaymentShape = {
  periodMonth: periodMonthField,
  amount: moneyAmountField(CLIENT_PAYMENT_MESSAGES.amount, { max: CLIENT_PAYMENT_MAX, zero: false }),
  paidAt: paidDayField,
  collectionCost: costField.optional(),
  reference: singleLine('Reference', z.string().trim().max(200, 'The reference is at most 200 characters').optional()),
};
const costWithinAmount = (p: { amount: string; collectionCost?: string | undefined }) =>
  p.collectionCost === undefined || toCents(p.collectionCost) <= toCents(p.amount);
const costWithinAmountIssue = { message: CLIENT_PAYMENT_MESSAGES.collectionCostAboveAmount, path: ['collectionCost'] };

/** The payment fields, as an admin types them or a CSV row holds them. */
export const clientPaymentFields = z.object(clientPaymentShape).refine(costWithinAmount, costWithinAmountIssue);

/** POST /api/admin/referrals/{id}/payments. */
export const recordClientPaymentInput = z
  .object({ id: idField, ...clientPaymentShape })
  .refine(costWithinAmount, costWithinAmountIssue);
export type RecordClientPaymentInput = z.input<typeof recordClientPaymentInput>;

export const clientPaymentOutput = z.object({
  id: z.uuid(),
  referralId: z.uuid(),
  clientCompanyName: z.string().optional(),
  partnerCompanyName: z.string().optional(),
  periodMonth: monthKeyString,
  amount: money,
  paidAt: calendarDay,
  collectionCost: money,
  reference: z.string().nullable(),
  source: z.enum(CLIENT_PAYMENT_SOURCES),
  externalId: z.string().nullable(),
  refundedAmount: money.nullable(),
  refundedAt: timestamp.nullable(),
  /** The fee this payment earned (its amount), or null. */
  feeAmount: money.nullable().optional(),
  createdAt: timestamp,
});
export type ClientPayment = z.infer<typeof clientPaymentOutput>;

/**
 * POST /api/admin/client-payments/{id}/refunds: money given back to the client, part or all of what is left
 * unrefunded of the payment; refunds add up.
 */
export const refundClientPaymentInput = z.object({
  id: idField,
  amount: moneyAmountField(CLIENT_PAYMENT_MESSAGES.refundAmount, { max: CLIENT_PAYMENT_MAX, zero: false }),
});
export type RefundClientPaymentInput = z.input<typeof refundClientPaymentInput>;

export const refundClientPaymentOutput = z.object({
  /** The payment with its refunded total. */
  payment: clientPaymentOutput,
  /** The share of the fee taken back, or null when there was nothing to take back. */
  clawback: commissionOutput.nullable(),
  /** What the refund did, in a sentence. */
  detail: z.string(),
});
export type RefundClientPaymentResult = z.infer<typeof refundClientPaymentOutput>;

export const recordClientPaymentOutput = z.object({
  payment: clientPaymentOutput,
  commission: commissionOutput.nullable(),
  /**
   * The first day the Payout Processor offers the fee earned (YYYY-MM-DD): the client's payment date plus the
   * program's hold days; today or earlier means it is offered now. Absent when no fee was earned.
   */
  offeredOn: calendarDay.optional(),
  /** Why the payment earned no fee. */
  reason: z.string().optional(),
});
export type RecordClientPaymentResult = z.infer<typeof recordClientPaymentOutput>;

export const referralIdInput = z.object({ id: idField });
export const clientPaymentsListOutput = z.array(clientPaymentOutput);

/** Won clients active last month with no payment recorded for it. */
export const missingPaymentOutput = z.object({
  referralId: z.uuid(),
  clientCompanyName: z.string(),
  clientEmail: z.string().nullable(),
  partnerCompanyName: z.string(),
  commissionAmount: money,
  month: monthKeyString,
});
export const missingPaymentsOutput = z.object({ month: monthKeyString, items: z.array(missingPaymentOutput) });

/** One row of an import's report. */
export const importRowReport = z.object({
  row: z.number().int(),
  ok: z.boolean(),
  message: z.string().nullable(),
  referralId: z.uuid().nullable(),
  clientCompanyName: z.string().nullable(),
  periodMonth: monthKeyString.nullable(),
  amount: money.nullable(),
  /** The fee the row earns (or would earn), "0.00" when none, null on an error row. */
  fee: money.nullable(),
  /** The row was recorded by an earlier import (same referral, month and reference): it is not recorded again. */
  alreadyImported: z.boolean(),
});
export type ImportRowReport = z.infer<typeof importRowReport>;
export const importReportOutput = z.object({
  dryRun: z.boolean(),
  written: z.boolean(),
  rows: z.array(importRowReport),
  okCount: z.number().int(),
  errorCount: z.number().int(),
  recorded: z.number().int(),
  feesCreated: z.number().int(),
  feeTotal: money,
});
export type ImportReport = z.infer<typeof importReportOutput>;

/** The CSV text of an import (the REST path takes it as a text/csv body). */
export const importClientPaymentsInput = z.object({
  csv: z
    .string({ error: 'Send the CSV text' })
    .min(1, 'The file is empty')
    .max(32 * 1024 * 1024, 'The file is larger than 32 MB'),
  dryRun: z.boolean().default(false),
});

export const unmatchedStripePaymentOutput = z.object({
  eventId: z.string(),
  /** invoice.paid (a payment naming no client) or charge.refunded (a refund of no recorded payment). */
  type: z.string(),
  customerId: z.string().nullable(),
  customerEmail: z.string().nullable(),
  invoiceId: z.string().nullable(),
  periodMonth: monthKeyString.nullable(),
  amount: money.nullable(),
  paidAt: calendarDay.nullable(),
  /** Why the portal could not act on it by itself. */
  detail: z.string().nullable(),
  receivedAt: timestamp,
});
export type UnmatchedStripePayment = z.infer<typeof unmatchedStripePaymentOutput>;
export const unmatchedStripePaymentsOutput = z.array(unmatchedStripePaymentOutput);
export const stripeEventIdInput = z.object({ eventId: z.string().min(1).max(255) });
export const stripeEventResolvedOutput = z.object({
  eventId: z.string(),
  clientPaymentId: z.uuid().optional(),
  detail: z.string(),
});
export const paidMonthsOutput = z.array(z.object({ referralId: z.uuid(), months: z.array(z.string()) }));
export const matchStripePaymentInput = z.object({ eventId: z.string().min(1).max(255), referralId: idField });
