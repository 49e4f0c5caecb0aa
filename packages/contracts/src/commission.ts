import { z } from 'zod';
import { COMMISSION_STATUSES, PAYMENT_METHODS } from './enums';
import { idField } from './fields';
import { MONTH_KEY } from './dates';
import { MESSAGES } from './messages';

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

export const failCommissionInput = z.object({ id: idField, reason: z.string({ error: 'A failure reason is required' }).trim().min(1, 'A failure reason is required').max(500) });
