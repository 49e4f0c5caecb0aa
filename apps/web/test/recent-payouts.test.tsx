// Recent Payouts names what came back: a payout whose line was returned shows the returned sum under its
// total, since the total is what was sent and only the rest reached the partners. Mark sent runs once.

import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Payout } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentPayouts } from '../src/features/admin/payouts/recent-payouts';
import { renderWithProviders } from './render';
import { serveTrpc } from './trpc-server';

const payout = (overrides: Partial<Payout>): Payout => ({
  id: '00000000-0000-4000-8000-000000000001',
  reference: 'PO-20261127-KJ9BXW',
  total: '1553.00',
  commissionCount: 21,
  partnerCount: 3,
  paidAt: '2026-11-27T12:00:00.000Z',
  sentAt: '2026-11-27T15:00:00.000Z',
  methods: [
    { paymentMethod: 'ACH', partnerCount: 1, total: '200.00' },
    { paymentMethod: 'Wire', partnerCount: 2, total: '1353.00' },
  ],
  returnedCount: 0,
  returnedTotal: '0.00',
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('Recent Payouts', () => {
  it('shows the sum of returned lines under the total, and nothing of the kind when none came back', () => {
    serveTrpc({});
    renderWithProviders(
      <RecentPayouts
        payouts={[
          payout({ returnedCount: 1, returnedTotal: '200.00' }),
          payout({ id: '00000000-0000-4000-8000-000000000002', reference: 'PO-20261120-AAAAAA' }),
        ]}
      />,
    );
    expect(screen.getByText('1 return')).toBeTruthy();
    expect(screen.getAllByTestId('payout-returned-total').map((node) => node.textContent)).toEqual([
      '$200.00 came back',
    ]);
    expect(screen.getAllByText('$1,553.00')).toHaveLength(2);
  });

  it('marks a payout sent once for a double click, its button busy from the first click until the answer', async () => {
    let answer!: (value: unknown) => void;
    const api = serveTrpc({ 'admin.markPayoutSent': () => new Promise((resolve) => (answer = resolve)) });
    renderWithProviders(
      <RecentPayouts
        payouts={[
          payout({ sentAt: null }),
          payout({ id: '00000000-0000-4000-8000-000000000002', reference: 'PO-20261120-AAAAAA', sentAt: null }),
        ]}
      />,
    );
    const [first, second] = screen.getAllByRole<HTMLButtonElement>('button', { name: 'Mark sent' });
    fireEvent.click(first!);
    expect(first!.getAttribute('data-loading')).toBe('true');
    expect(second!.disabled).toBe(true);
    fireEvent.click(first!);
    fireEvent.click(second!);
    await waitFor(() => expect(api.inputs('admin.markPayoutSent')).toHaveLength(1));
    answer({ ok: true });
    await waitFor(() => expect(first!.getAttribute('data-loading')).toBeNull());
    expect(second!.disabled).toBe(false);
    expect(api.inputs('admin.markPayoutSent')).toEqual([{ payoutId: '00000000-0000-4000-8000-000000000001' }]);
  });
});
