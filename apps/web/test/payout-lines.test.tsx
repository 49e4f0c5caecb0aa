// A payout's partner lines: a line is "sent" only once its payout is marked sent; before that it reads
// "Not sent", beside the hint that the payout must be marked sent first.

import { PAYOUT_RAIL_MESSAGES, type Payout, type PayoutLine } from '@portal/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayoutLines } from '../src/features/admin/payouts/payout-lines';
import { anAdminSession } from './fixtures';
import { renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';

afterEach(() => vi.unstubAllGlobals());

const payout: Payout = {
  id: '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  reference: 'PO-20261128-ETZAW8',
  total: '75.00',
  commissionCount: 1,
  partnerCount: 1,
  paidAt: '2026-11-28T10:00:00.000Z',
  sentAt: null,
  methods: [],
  returnedCount: 0,
  returnedTotal: '0.00',
};

const line: PayoutLine = {
  partnerId: '5f0c8a8e-8f2e-4c59-9d4b-7a1f2d3c4b5a',
  companyName: 'Northwind Growth',
  paymentMethod: 'Wire',
  amount: '75.00',
  commissionCount: 1,
  status: 'sent',
  returnCode: null,
  returnReason: null,
};

describe("a payout's partner lines", () => {
  it('reads "Not sent" until the payout is marked sent, with the hint', async () => {
    serveTrpc({ 'admin.payoutLines': () => [line] });
    renderWithProviders(<PayoutLines payout={payout} />, { session: anAdminSession(['payouts:write']) });
    expect(await screen.findByText('Not sent')).toBeTruthy();
    expect(screen.getByText(`${PAYOUT_RAIL_MESSAGES.payoutNotSent}.`, { exact: false })).toBeTruthy();
    expect(screen.queryByText('sent', { exact: true })).toBeNull();
  });

  it('reads "sent" once the payout is marked sent, and offers to confirm or return the line', async () => {
    serveTrpc({ 'admin.payoutLines': () => [line] });
    renderWithProviders(<PayoutLines payout={{ ...payout, sentAt: '2026-11-28T11:00:00.000Z' }} />, {
      session: anAdminSession(['payouts:write']),
    });
    expect(await screen.findByText('sent', { exact: true })).toBeTruthy();
    expect(screen.queryByText('Not sent')).toBeNull();
  });
});
