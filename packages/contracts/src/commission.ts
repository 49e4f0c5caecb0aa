import { z } from 'zod';
import { COMMISSION_STATUSES, PAYMENT_METHODS } from './enums';
import { idField, multiLine } from './fields';
import { MONTH_KEY } from './dates';
import { MESSAGES } from './messages';
import { MAX_PAGE_SIZE } from './constants';

export const monthInput = z.object({ month: z.string({ error: MESSAGES.invalidMonth }).regex(MONTH_KEY, MESSAGES.invalidMonth) });
export const accrualResultOutput = z.object({ month: z.string(), created: z.number().int(), skipped: z.number().int() });

const nullableString = z.string().nullable();

export const commissionOutput = z.object({
  id: z.uuid(),
  partnerId: z.uuid(),
  referralId: z.uuid(),
  clientCompanyName: z.string().optional(),
  amount: z.string(),
  monthYear: z.string(),
  status: z.enum(COMMISSION_STATUSES),
  paymentDate: nullableString,
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  paymentReference: nullableString,
  failureReason: nullableString,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Commission = z.infer<typeof commissionOutput>;

export const pendingCommissionOutput = z.object({
  id: z.uuid(),
  amount: z.string(),
  monthYear: z.string(),
  referralId: z.uuid(),
  partnerId: z.uuid(),
  partnerCompanyName: z.string(),
  clientCompanyName: z.string(),
  /** Issue 17: the partner has no tax profile and its payouts this year would reach the 1099-NEC threshold. */
  taxProfileMissing: z.boolean().optional(),
});
export type PendingCommission = z.infer<typeof pendingCommissionOutput>;

export const payoutInput = z.object({
  commissionIds: z.array(idField, { error: 'Select at least one commission' }).min(1, 'Select at least one commission').max(1000, 'At most 1000 commissions per payout'),
  idempotencyKey: z.string({ error: 'An Idempotency-Key header is required' }).trim().min(8, 'An Idempotency-Key header is required').max(200),
});
export type PayoutInput = z.input<typeof payoutInput>;

export const payoutOutput = z.object({
  id: z.uuid(),
  reference: z.string(),
  total: z.string(),
  commissionCount: z.number().int(),
  partnerCount: z.number().int(),
  paidAt: z.string(),
});
export type Payout = z.infer<typeof payoutOutput>;

export const failCommissionInput = z.object({ id: idField, reason: multiLine('Failure reason', z.string({ error: 'A failure reason is required' }).trim().min(1, 'A failure reason is required').max(500)) });

/** One page of the pending list: oldest months first, so the earliest fees are paid first. */
export const listPendingCommissionsInput = z
  .object({
    limit: z.coerce.number({ error: 'limit must be a whole number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`).default(MAX_PAGE_SIZE),
    offset: z.coerce.number({ error: 'offset must be a whole number' }).int('offset must be a whole number').min(0, 'offset must be at least 0').max(10_000_000).default(0),
  })
  .default({ limit: MAX_PAGE_SIZE, offset: 0 });
export type ListPendingCommissionsInput = z.input<typeof listPendingCommissionsInput>;

export const pendingCommissionsPageOutput = z.object({
  items: z.array(pendingCommissionOutput),
  /** All pending commissions, not only this page. */
  total: z.number().int(),
  /** Sum of all pending commissions, as a decimal string. */
  totalAmount: z.string(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type PendingCommissionsPage = z.infer<typeof pendingCommissionsPageOutput>;

export const listPayoutsInput = z
  .object({ limit: z.coerce.number({ error: 'limit must be a whole number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`).default(10) })
  .default({ limit: 10 });

export const payoutsListOutput = z.array(payoutOutput);

export const commissionsListOutput = z.array(commissionOutput);

/** The texts of the commissions area. */
export const COMMISSION_MESSAGES = {
  noCommissionsYet: 'No commissions yet. Start referring clients to earn your first commission!',
  commissionNotFound: (id: string) => `Commission ${id} was not found`,
  commissionNotPending: (id: string, status: string) =>
    status === 'paid' ? `Commission ${id} is already paid` : `Commission ${id} is ${status} and cannot be paid`,
  commissionNotFailable: (id: string, status: string) => `Commission ${id} is already ${status}`,
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different set of commissions',
  payoutNotFound: 'Payout not found',
  payoutsProcessed: 'Payouts processed',
  payoutFailed: 'Payout failed',
  commissionMarkedFailed: 'Commission marked as failed',
  accrualDone: 'Accrual complete',
  accrualFailed: 'Accrual failed',
} as const;
