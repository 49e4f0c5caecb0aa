// A payout's partner lines: a line is "sent" only once its payout is marked sent; before that it reads
// "Not sent", beside the hint that the payout must be marked sent first. Confirm and Record return each
// run once however often they are clicked while the call is in flight.

import { PAYOUT_RAIL_MESSAGES, type Payout, type PayoutLine } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayoutLines } from '../src/features/admin/payouts/payout-lines';
import { anAdminSession } from './fixtures';
import { renderWithProviders } from './render';
import { deferred, serveTrpc } from './trpc-server';

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

  const sent = { ...payout, sentAt: '2026-11-28T11:00:00.000Z' };
  const other: PayoutLine = {
    ...line,
    partnerId: 'a0000000-0000-4000-8000-000000000002',
    companyName: 'Summit Ledger',
  };

  it('confirms a line once for a double click, its button busy from the first click until the answer', async () => {
    const answer = deferred();
    const api = serveTrpc({
      'admin.payoutLines': () => [line, other],
      'admin.confirmPayoutLine': () => answer.promise,
    });
    renderWithProviders(<PayoutLines payout={sent} />, { session: anAdminSession(['payouts:write']) });
    const confirm = await screen.findByRole<HTMLButtonElement>('button', {
      name: 'Confirm the line of Northwind Growth',
    });
    const otherConfirm = screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm the line of Summit Ledger' });
    fireEvent.click(confirm);
    expect(confirm.getAttribute('data-loading')).toBe('true');
    expect(otherConfirm.disabled).toBe(true);
    fireEvent.click(confirm);
    await waitFor(() => expect(api.inputs('admin.confirmPayoutLine')).toHaveLength(1));
    answer.resolve({ ...line, status: 'confirmed' });
    await waitFor(() => expect(confirm.getAttribute('data-loading')).toBeNull());
    expect(api.inputs('admin.confirmPayoutLine')).toEqual([{ payoutId: payout.id, partnerId: line.partnerId }]);
  });

  it('records a return once for a double click on Record return, the button saying so until the answer', async () => {
    const answer = deferred();
    const api = serveTrpc({ 'admin.payoutLines': () => [line], 'admin.returnPayoutLine': () => answer.promise });
    renderWithProviders(<PayoutLines payout={sent} />, { session: anAdminSession(['payouts:write']) });
    await userEvent.click(await screen.findByRole('button', { name: 'Record a return for Northwind Growth' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Record a returned payment' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Return code' }));
    await userEvent.click(await screen.findByRole('option', { name: /^R03 /, hidden: true }));
    const submit = dialog.getByRole<HTMLButtonElement>('button', { name: 'Record return' });
    // A red dark enough for its white words to keep AA contrast in the light scheme.
    expect(submit.style.getPropertyValue('--button-bg')).toBe('var(--mantine-color-red-9)');
    fireEvent.click(submit);
    expect(submit.disabled).toBe(true);
    expect(submit.textContent).toBe('Recording...');
    fireEvent.click(submit);
    await waitFor(() => expect(api.inputs('admin.returnPayoutLine')).toHaveLength(1));
    answer.resolve({ ...line, status: 'returned', returnCode: 'R03', returnReason: 'No account' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record a returned payment' })).toBeNull());
    expect(api.inputs('admin.returnPayoutLine')).toEqual([
      { payoutId: payout.id, partnerId: line.partnerId, returnCode: 'R03' },
    ]);
  });
});
