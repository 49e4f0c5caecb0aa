// A client's payments: the admin picks the client, sees its payments with what was refunded, and records a
// refund of one (at most what is left), sent once with an Idempotency-Key; the toast says what was taken back.

import { screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLIENT_PAYMENT_MESSAGES } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientPaymentList } from '../src/features/admin/payouts/client-payment-list';
import { anAdminSession, aPage } from './fixtures';
import { renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';

afterEach(() => vi.unstubAllGlobals());

const partner = { id: '22222222-2222-4222-8222-222222222222', companyName: 'Northwind Advisors', status: 'active' };
const client = {
  id: '33333333-3333-4333-8333-333333333331',
  clientCompanyName: 'Alpha Store',
  monthlyValue: '1500.00',
};
const payment = (overrides: Record<string, unknown> = {}) => ({
  id: '44444444-4444-4444-8444-444444444441',
  referralId: client.id,
  clientCompanyName: client.clientCompanyName,
  periodMonth: '2026-10',
  amount: '1500.00',
  paidAt: '2026-11-01',
  collectionCost: '0.00',
  reference: 'INV-7',
  source: 'manual',
  externalId: null,
  refundedAmount: '500.00',
  refundedAt: '2026-11-20T10:00:00.000Z',
  feeAmount: '100.00',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

function serve() {
  return serveTrpc({
    'admin.partners': () => aPage([partner]),
    'admin.referrals': () => aPage([client], 100),
    'admin.clientPayments': () => [
      payment(),
      payment({ id: '44444444-4444-4444-8444-444444444442', periodMonth: '2026-09', refundedAmount: '1500.00' }),
    ],
    'admin.refundClientPayment': () => ({
      payment: payment({ refundedAmount: '1500.00' }),
      clawback: null,
      detail: '$1,000.00 of the October 2026 payment refunded; $66.67 of the fee taken back',
    }),
  });
}

async function choose(field: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function openRefund(): Promise<BoundFunctions<typeof queries>> {
  renderWithProviders(<ClientPaymentList />, { session: anAdminSession(['commissions:write']) });
  await choose('Partner', 'Northwind Advisors');
  await choose('Client', 'Alpha Store');
  // A payment refunded in full offers no refund.
  expect(await screen.findByText('Refunded in full')).toBeTruthy();
  expect(screen.getAllByRole('button', { name: /Record refund/ })).toHaveLength(1);
  await userEvent.click(screen.getByRole('button', { name: 'Record refund of the October 2026 payment' }));
  return within(await screen.findByRole('dialog', { name: 'Record a refund' }));
}

describe('Record refund', () => {
  it('starts from what is left and refuses an empty, malformed or too large amount under the field', async () => {
    const api = serve();
    const dialog = await openRefund();
    const amount = dialog.getByRole<HTMLInputElement>('textbox', { name: 'Amount refunded' });
    expect(amount.value).toBe('1000.00');
    expect(dialog.getByText(/At most \$1,000\.00 is left to refund/)).toBeTruthy();
    const cases: [string, string][] = [
      ['', 'Enter the amount refunded'],
      ['1e3', CLIENT_PAYMENT_MESSAGES.refundAmount],
      ['1000.01', CLIENT_PAYMENT_MESSAGES.refundAboveLeft('1000.00')],
    ];
    for (const [typed, message] of cases) {
      await userEvent.clear(amount);
      if (typed) await userEvent.type(amount, typed);
      await userEvent.click(dialog.getByRole('button', { name: 'Record refund' }));
      expect(await dialog.findByText(message)).toBeTruthy();
    }
    expect(api.inputs('admin.refundClientPayment')).toEqual([]);
  });

  it('records the refund with an Idempotency-Key, says what was taken back and closes', async () => {
    const api = serve();
    const dialog = await openRefund();
    await userEvent.click(dialog.getByRole('button', { name: 'Record refund' }));
    expect(
      await screen.findByText('$1,000.00 of the October 2026 payment refunded; $66.67 of the fee taken back.'),
    ).toBeTruthy();
    expect(screen.getByText(CLIENT_PAYMENT_MESSAGES.refundRecorded)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record a refund' })).toBeNull());
    const call = api.calls.find((c) => c.path === 'admin.refundClientPayment');
    expect(call?.input).toEqual({ id: '44444444-4444-4444-8444-444444444441', amount: '1000.00' });
    expect(call?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
