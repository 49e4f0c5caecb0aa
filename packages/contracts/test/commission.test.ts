import { describe, expect, it } from 'vitest';
import {
  listActivityInput,
  COMMISSION_MESSAGES,
  commissionOutput,
  failCommissionInput,
  listPayoutsInput,
  listPendingCommissionsInput,
  MAX_PAGE_SIZE,
  MESSAGES,
  monthInput,
  payoutInput,
} from '../src';
import { firstMessage } from './first-message';

const id = '6f1c2b9e-8a43-4c1e-9d2a-0b7e5f3a1c44';

describe('monthInput', () => {
  it.each(['2026-01', '2026-12', '1999-07'])('accepts %s', (month) => {
    expect(monthInput.parse({ month })).toEqual({ month });
  });

  it.each(['2026-13', '2026-00', '2026-1', '26-01', '2026/01', '', 5])('refuses %j with the month message', (month) => {
    expect(firstMessage(monthInput.safeParse({ month }))).toBe(MESSAGES.invalidMonth);
  });
});

describe('payoutInput', () => {
  it('takes commission ids and an idempotency key', () => {
    expect(payoutInput.parse({ commissionIds: [id], idempotencyKey: ' 0f9a7c7e-key-1 ' })).toEqual({
      commissionIds: [id],
      idempotencyKey: '0f9a7c7e-key-1',
    });
  });

  it('requires at least one commission', () => {
    expect(firstMessage(payoutInput.safeParse({ commissionIds: [], idempotencyKey: 'abcdefgh' }))).toBe(
      'Select at least one commission',
    );
    expect(firstMessage(payoutInput.safeParse({ idempotencyKey: 'abcdefgh' }))).toBe(
      'Select at least one commission, or send `matching` (a filter) instead of commissionIds, not both',
    );
    expect(
      firstMessage(payoutInput.safeParse({ commissionIds: [id], matching: {}, idempotencyKey: 'abcdefgh' })),
    ).toMatch(/not both/);
    expect(payoutInput.safeParse({ matching: { month: '2026-10' }, idempotencyKey: 'abcdefgh' }).success).toBe(true);
  });

  it('requires an Idempotency-Key of at least 8 characters', () => {
    expect(firstMessage(payoutInput.safeParse({ commissionIds: [id] }))).toBe('An Idempotency-Key header is required');
    expect(firstMessage(payoutInput.safeParse({ commissionIds: [id], idempotencyKey: 'short' }))).toBe(
      'An Idempotency-Key header is required',
    );
  });

  it('refuses ids that are not uuids and more than 1000 at once', () => {
    expect(payoutInput.safeParse({ commissionIds: ['1; drop table'], idempotencyKey: 'abcdefgh' }).success).toBe(false);
    expect(
      firstMessage(
        payoutInput.safeParse({ commissionIds: Array.from({ length: 1001 }, () => id), idempotencyKey: 'abcdefgh' }),
      ),
    ).toBe('At most 1000 commissions per payout');
  });
});

describe('failCommissionInput', () => {
  it('requires a reason, trimmed', () => {
    expect(failCommissionInput.parse({ id, reason: '  Account closed ' })).toEqual({ id, reason: 'Account closed' });
    expect(firstMessage(failCommissionInput.safeParse({ id, reason: '   ' }))).toBe('A failure reason is required');
    expect(firstMessage(failCommissionInput.safeParse({ id }))).toBe('A failure reason is required');
  });
});

describe('list inputs', () => {
  it('pages pending commissions with a default of the largest page, coercing query strings', () => {
    expect(listPendingCommissionsInput.parse(undefined)).toEqual({ limit: MAX_PAGE_SIZE, offset: 0 });
    expect(listPendingCommissionsInput.parse({ limit: '10', offset: '20' })).toEqual({ limit: 10, offset: 20 });
    expect(firstMessage(listPendingCommissionsInput.safeParse({ limit: MAX_PAGE_SIZE + 1 }))).toBe(
      `limit must be at most ${MAX_PAGE_SIZE}`,
    );
    expect(firstMessage(listPendingCommissionsInput.safeParse({ offset: -1 }))).toBe('offset must be at least 0');
  });

  it('pages payouts like every list: ten from the first by default, past any number with offset', () => {
    expect(listPayoutsInput.parse(undefined)).toEqual({ limit: 10, offset: 0 });
    expect(listPayoutsInput.parse({ limit: '100', offset: '100' })).toEqual({ limit: 100, offset: 100 });
    expect(firstMessage(listPayoutsInput.safeParse({ offset: -1 }))).toBe('offset must be at least 0');
  });

  it('takes a real calendar day of 1900 to 2200 as a due-by and an activity day, as every date field does', () => {
    const dueBy = (day: string) => listPendingCommissionsInput.safeParse({ dueBy: day }).success;
    const from = (day: string) => listActivityInput.safeParse({ from: day }).success;
    for (const accepts of [dueBy, from]) {
      expect(['2026-11-30', '2028-02-29', '1900-01-01', '2200-12-31'].map(accepts)).toEqual([true, true, true, true]);
      expect(['2026-02-30', '2027-02-29', '1899-12-31', '2201-01-01'].map(accepts)).toEqual([
        false,
        false,
        false,
        false,
      ]);
    }
    expect(firstMessage(listPendingCommissionsInput.safeParse({ dueBy: '2026-02-30' }))).toBe(
      'The due date must be a day in the form YYYY-MM-DD',
    );
  });

  it('names the largest offset in the same words on every paged list, the activity log included', () => {
    for (const input of [listPayoutsInput, listPendingCommissionsInput, listActivityInput])
      expect(firstMessage(input.safeParse({ offset: 10_000_001 }))).toBe('offset must be at most 10000000');
  });
});

describe('commissionOutput', () => {
  it('carries money as a decimal string and the status of spec §3', () => {
    const base = {
      id,
      partnerId: id,
      referralId: id,
      amount: '50.00',
      monthYear: '2026-10',
      kind: 'recurring',
      reason: null,
      voidedAt: null,
      voidReason: null,
      status: 'paid',
      paymentDate: '2026-11-22T10:00:00.000Z',
      paymentMethod: 'Wire',
      paymentReference: 'PO-20261122-7K2Q9X',
      failureReason: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
    };
    expect(commissionOutput.parse(base)).toEqual(base);
    expect(commissionOutput.safeParse({ ...base, status: 'cancelled' }).success).toBe(false);
  });
});

describe('COMMISSION_MESSAGES', () => {
  it('names the commission that cannot be paid', () => {
    expect(COMMISSION_MESSAGES.commissionNotPending(id, 'paid')).toBe(`Commission ${id} is already paid`);
    expect(COMMISSION_MESSAGES.commissionNotPending(id, 'failed')).toContain(id);
  });

  it('names one partner whose payment failed in the singular and several in the plural', () => {
    expect(COMMISSION_MESSAGES.paymentFailedWaiting([{ companyName: 'Summit Ledger' }])).toMatch(
      /^Nothing can be paid: a payment to Summit Ledger failed and has not been settled, so this one would go to the same payment details\. The partner is paid again/,
    );
    expect(
      COMMISSION_MESSAGES.paymentFailedWaiting([{ companyName: 'Summit Ledger' }, { companyName: 'Shopline, Inc.' }]),
    ).toMatch(
      /^Nothing can be paid: payments to Summit Ledger; Shopline, Inc\. failed and have not been settled, so these would go to the same payment details\. The partners are paid again/,
    );
  });

  it('has the empty state of the Commissions tab verbatim', () => {
    expect(COMMISSION_MESSAGES.noCommissionsYet).toBe(
      'No commissions yet. Start referring clients to earn your first commission!',
    );
  });
});
