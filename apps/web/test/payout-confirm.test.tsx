import type { PayoutPreview } from '@portal/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayoutSummary } from '../src/features/admin/payouts/payout-confirm-dialog';
import { PayoutProcessor } from '../src/features/admin/payouts/payout-processor';
import { aPage, aPendingCommission } from './fixtures';
import { renderInRouter, renderWithProviders } from './render';
import { deferred, serveTrpc } from './trpc-server';

const fee = (n: number, partner: string) =>
  aPendingCommission({
    id: `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    amount: '120.00',
    referralId: null,
    partnerId: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    partnerCompanyName: partner,
    clientCompanyName: `Client ${n}`,
  });

const PREVIEW: PayoutPreview = {
  commissionCount: 2,
  partnerCount: 2,
  total: '240.00',
  methods: [
    { paymentMethod: 'ACH', partnerCount: 1, total: '120.00' },
    { paymentMethod: 'PayPal', partnerCount: 1, total: '120.00' },
  ],
  minimumPayout: '50.00',
  waiting: [
    {
      partnerId: 'a0000000-0000-4000-8000-000000000009',
      companyName: 'Tiny Referrals',
      net: '12.00',
      reason: 'belowMinimum',
    },
  ],
  refusal: null,
};

const HELD = { count: 3, amount: '150.00', firstOfferedOn: '2026-12-20' };

const PAID = {
  id: 'b0000000-0000-4000-8000-000000000001',
  reference: 'PO-20261126-AAAAAA',
  total: '240.00',
  commissionCount: 2,
  partnerCount: 2,
  paidAt: '2026-11-26T08:00:00.000Z',
  sentAt: null,
  methods: PREVIEW.methods,
  returnedCount: 0,
  returnedTotal: '0.00',
};

function serve(
  preview: PayoutPreview,
  {
    offered = true,
    pay = () => PAID,
    loaded = Promise.resolve(),
  }: { offered?: boolean; pay?: () => unknown; loaded?: Promise<void> } = {},
) {
  const items = offered ? [fee(1, 'Ach Agency'), fee(2, 'PayPal Studio')] : [];
  return serveTrpc({
    'admin.pendingCommissions': async () => {
      await loaded;
      return {
        items,
        openClawbacks: [],
        total: items.length,
        totalAmount: offered ? '240.00' : '0.00',
        limit: 25,
        offset: 0,
        minimumPayout: '50.00',
        notYetOffered: HELD,
      };
    },
    'admin.payouts': () => aPage([], 5),
    'admin.partners': () => aPage([]),
    'admin.failedCommissions': () => [],
    'admin.programSettings': () => ({
      feeBasis: 'clientPayment',
      minimumPayout: '50.00',
      payoutHoldDays: 0,
      payoutDay: 15,
      updatedAt: '2026-11-01T00:00:00.000Z',
      updatedBy: null,
    }),
    'admin.payoutPreview': () => preview,
    'admin.processPayout': pay,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('Process N Payouts asks first', () => {
  it('sums up partners, fees, total, each payment method with its file and who waits, and pays only on Confirm', async () => {
    const api = serve(PREVIEW);
    renderInRouter(<PayoutProcessor />);
    await userEvent.click(await screen.findByLabelText('Select all'));
    expect(screen.getByTestId('pending-total').textContent).toBe('All due, net of clawbacks: $240.00');
    await userEvent.click(screen.getByRole('button', { name: 'Process 2 Payouts' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm payout' }));
    expect((await dialog.findByTestId('preview-total')).textContent).toBe('$240.00');
    expect(dialog.getByTestId('preview-partners').textContent).toBe('2');
    expect(dialog.getByTestId('preview-fees').textContent).toBe('2');
    expect(dialog.getByTestId('preview-method-ACH').textContent).toContain('Makes the ACH file (NACHA)');
    expect(dialog.getByTestId('preview-method-PayPal').textContent).toContain('Makes the PayPal batch (CSV)');
    expect(dialog.getByTestId('preview-waiting').textContent).toContain('Tiny Referrals: $12.00');
    expect(dialog.getByText('1 partner waits: below the minimum payout of $50.00')).toBeTruthy();
    const ids = [fee(1, '').id, fee(2, '').id];
    expect(api.inputs('admin.payoutPreview')[0]).toEqual({ commissionIds: ids });
    expect(api.inputs('admin.processPayout')).toEqual([]);

    await userEvent.click(dialog.getByRole('button', { name: 'Confirm payout' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm payout' })).toBeNull());
    const paid = api.inputs('admin.processPayout');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ commissionIds: ids, idempotencyKey: expect.any(String) });
  });

  it('pays once for a double click on Confirm: the button is busy from the first click until the payout settles', async () => {
    const answer = deferred<unknown>();
    const api = serve(PREVIEW, { pay: () => answer.promise });
    renderInRouter(<PayoutProcessor />);
    await userEvent.click(await screen.findByLabelText('Select all'));
    await userEvent.click(screen.getByRole('button', { name: 'Process 2 Payouts' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm payout' }));
    await dialog.findByTestId('preview-total');
    const confirm = dialog.getByRole<HTMLButtonElement>('button', { name: 'Confirm payout' });
    fireEvent.click(confirm);
    expect(confirm.getAttribute('data-loading')).toBe('true');
    expect(confirm.disabled).toBe(true);
    fireEvent.click(confirm);
    await waitFor(() => expect(api.inputs('admin.processPayout')).toHaveLength(1));
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    answer.resolve(PAID);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm payout' })).toBeNull());
    expect(api.inputs('admin.processPayout')).toHaveLength(1);
  });

  it('says why the server would refuse a selection and offers no Confirm; Cancel pays nothing', async () => {
    const refusal = 'Nothing can be paid: Tiny Referrals ($12.00) is below the minimum payout of $50.00';
    const api = serve({ ...PREVIEW, commissionCount: 0, partnerCount: 0, total: '0.00', methods: [], refusal });
    renderInRouter(<PayoutProcessor />);
    await userEvent.click(await screen.findByLabelText('Select all'));
    await userEvent.click(screen.getByRole('button', { name: 'Process 2 Payouts' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm payout' }));
    expect((await dialog.findByText(refusal)).textContent).toBe(refusal);
    expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Confirm payout' }).disabled).toBe(true);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm payout' })).toBeNull());
    expect(api.inputs('admin.processPayout')).toEqual([]);
  });

  it('Pay all due asks the server for everything the rules offer today, whatever is selected, and pays that', async () => {
    const api = serve(PREVIEW);
    renderInRouter(<PayoutProcessor />);
    const payAll = await screen.findByRole('button', { name: 'Pay all due' });
    // The badge counts what is offered; the fees pending but within their hold are named beside it.
    expect(screen.getByTestId('pending-count').textContent).toBe('2 due');
    expect(screen.getByTestId('not-yet-offered').textContent).toBe(
      '3 more fees ($150.00) are pending but not payable yet; the first is offered on Dec 20, 2026.',
    );
    await userEvent.click(payAll);
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm payout' }));
    expect((await dialog.findByTestId('preview-total')).textContent).toBe('$240.00');
    expect(api.inputs('admin.payoutPreview')[0]).toEqual({ matching: {} });
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm payout' }));
    await waitFor(() => expect(api.inputs('admin.processPayout')).not.toEqual([]));
    expect(api.inputs('admin.processPayout')[0]).toMatchObject({
      matching: {},
      idempotencyKey: expect.any(String),
    });
  });
});

describe('the due count', () => {
  it('shows no count while the queue loads, then the number due', async () => {
    const queue = deferred<void>();
    serve(PREVIEW, { loaded: queue.promise });
    renderInRouter(<PayoutProcessor />);
    await screen.findByRole('status', { name: 'Loading pending commissions' });
    // "0 due" while nothing has answered would say there is nothing to pay.
    expect(screen.queryByTestId('pending-count')).toBeNull();
    queue.resolve();
    expect((await screen.findByTestId('pending-count')).textContent).toBe('2 due');
  });
});

describe('fees held after the client payment', () => {
  it('names the held fees and says nothing is payable yet, never that there are no pending commissions', async () => {
    serve(PREVIEW, { offered: false });
    renderInRouter(<PayoutProcessor />);
    await screen.findByText('Nothing is payable yet: every pending fee is within its hold.');
    expect(screen.getByTestId('pending-count').textContent).toBe('0 due');
    expect(screen.getByTestId('not-yet-offered').textContent).toBe(
      '3 fees ($150.00) are pending but not payable yet; the first is offered on Dec 20, 2026.',
    );
    expect(screen.queryByText(/No pending commissions/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay all due' })).toBeNull();
  });
});

describe('who waits in a payout by filter', () => {
  it('names each waiting partner with its reason: no payment details, clawbacks that outweigh the fees, or below the minimum', () => {
    renderWithProviders(
      <PayoutSummary
        preview={{
          ...PREVIEW,
          waiting: [
            {
              partnerId: 'a0000000-0000-4000-8000-000000000009',
              companyName: 'Tiny Referrals',
              net: '12.00',
              reason: 'belowMinimum',
            },
            {
              partnerId: 'a0000000-0000-4000-8000-000000000010',
              companyName: 'Shopline Apps',
              net: '-125.00',
              reason: 'netNotPositive',
            },
            {
              partnerId: 'a0000000-0000-4000-8000-000000000011',
              companyName: 'Audit One LLC',
              net: '1253.00',
              reason: 'noPaymentDetails',
            },
          ],
        }}
      />,
    );
    expect(
      screen.getByText(
        '3 partners wait: no payment details on file, or open clawbacks outweigh the fees, or below the minimum payout of $50.00',
      ),
    ).toBeTruthy();
    const list = screen.getByTestId('preview-waiting').textContent;
    expect(list).toContain('Shopline Apps: -$125.00 (open clawbacks outweigh the fees)');
    expect(list).toContain('Tiny Referrals: $12.00 (below the minimum payout of $50.00)');
    expect(list).toContain('Audit One LLC: $1,253.00 (no payment details on file)');
  });
});
