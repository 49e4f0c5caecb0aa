// The Failed card of the Payout Processor: a fee marked failed joins it at once, and Retry offers a
// failed fee again once, however often it is clicked while the call is in flight.

import type { FailedCommission } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommissionActionDialog } from '../src/features/admin/payouts/commission-reason-dialog';
import { FailedCommissions } from '../src/features/admin/payouts/failed-commissions';
import { aPendingCommission, anAdminSession } from './fixtures';
import { renderWithProviders } from './render';
import { deferred, serveTrpc } from './trpc-server';

afterEach(() => vi.unstubAllGlobals());

const failedBefore: FailedCommission = {
  id: 'f1111111-1111-4111-8111-111111111111',
  partnerId: '22222222-2222-4222-8222-222222222222',
  partnerCompanyName: 'Harbor Books',
  paymentMethod: 'Wire',
  clientCompanyName: 'Beta Shop',
  amount: '120.00',
  monthYear: '2026-09',
  failureReason: 'R03 No account',
  failedAt: '2026-11-02T10:00:00.000Z',
};

const pending = aPendingCommission();

/** The failed fee the pending one becomes once it is marked failed. */
const markedFailed: FailedCommission = {
  ...failedBefore,
  id: pending.id,
  partnerId: pending.partnerId,
  partnerCompanyName: pending.partnerCompanyName,
  clientCompanyName: pending.clientCompanyName,
  amount: pending.amount,
  monthYear: pending.monthYear,
  failureReason: 'Bank account closed',
};

describe('the Failed card', () => {
  it("is a section like the others on a partner's page: a level-2 heading, in their padding", async () => {
    serveTrpc({ 'admin.failedCommissions': () => [failedBefore] });
    renderWithProviders(<FailedCommissions partnerId={pending.partnerId} />, {
      session: anAdminSession(['commissions:write']),
    });
    const section = await screen.findByRole('region', { name: 'Failed' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Failed' })).toBeTruthy();
    expect(section.dataset.testid).toBe('failed-commissions');
  });

  it('lists a fee marked failed as soon as the dialog confirms, with the new count', async () => {
    let failed = [failedBefore];
    serveTrpc({
      'admin.failedCommissions': () => failed,
      'admin.failCommission': () => {
        failed = [markedFailed, failedBefore];
        return {};
      },
    });
    renderWithProviders(
      <>
        <CommissionActionDialog action="fail" item={pending} onClose={() => {}} />
        <FailedCommissions />
      </>,
      { session: anAdminSession(['commissions:write']) },
    );
    const card = await screen.findByTestId('failed-commissions');
    expect(within(card).getByText('1')).toBeTruthy();

    const dialog = within(screen.getByRole('dialog', { name: 'Mark commission failed' }));
    fireEvent.change(dialog.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Bank account closed' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Mark failed' }));

    await waitFor(() => expect(within(screen.getByTestId('failed-commissions')).getByText('2')).toBeTruthy());
    expect(within(screen.getByTestId('failed-commissions')).getAllByText('Bank account closed').length).toBeGreaterThan(
      0,
    );
  });

  it('retries a failed fee once for a double click and tells only its success', async () => {
    const answer = deferred<object>();
    const api = serveTrpc({
      'admin.failedCommissions': () => [failedBefore],
      'admin.retryCommission': () => answer.promise,
    });
    renderWithProviders(<FailedCommissions />, { session: anAdminSession(['commissions:write']) });
    const retry = await screen.findByRole('button', { name: 'Retry $120.00 of Harbor Books' });
    fireEvent.click(retry);
    fireEvent.click(retry);
    answer.resolve({});

    expect(await screen.findByText('Commission offered again')).toBeTruthy();
    expect(api.inputs('admin.retryCommission')).toHaveLength(1);
    expect(screen.queryByText('Retry failed')).toBeNull();
  });
});
