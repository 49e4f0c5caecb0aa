// The partner page's Commissions list: a pending fee shows when it is due, since the Payout Processor offers it
// only from then; a paid or failed fee shows no due date, and only a paid one a paid date. Its Payouts list
// has every payout the partner was in, with the partner's line and what became of it.

import type { PartnerCommission, PartnerPayoutLine } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartnerCommissions, PartnerPayouts } from '../src/features/admin/partners/partner-page/partner-lists';
import { aCommission, aPage } from './fixtures';
import { renderInRouter } from './render';
import { serveTrpc } from './trpc-server';

const PARTNER = '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b00';

/** A pending fee of the partner's for November 2026, with no due, client-paid or return day. */
function aPartnerCommission(fields: Partial<PartnerCommission>): PartnerCommission {
  return {
    ...aCommission({
      partnerId: PARTNER,
      referralId: null,
      clientCompanyName: 'Lumen Skincare',
      amount: '100.00',
      monthYear: '2026-11',
    }),
    dueBy: null,
    clientPaidAt: null,
    returnedAt: null,
    ...fields,
  };
}

afterEach(() => vi.unstubAllGlobals());

/** The partner's list that `procedure` pages, `items` its one page: the table's body rows, in order. */
async function listRows(procedure: string, list: ReactElement, items: unknown[]) {
  serveTrpc({ [procedure]: () => aPage(items, 10) });
  renderInRouter(list);
  return (await screen.findAllByRole('row')).filter((row) => within(row).queryAllByRole('cell').length);
}

const commissionRows = (items: PartnerCommission[]) =>
  listRows('admin.partnerCommissions', <PartnerCommissions partnerId={PARTNER} />, items);
const payoutRows = (items: PartnerPayoutLine[]) =>
  listRows('admin.partnerPayouts', <PartnerPayouts partnerId={PARTNER} />, items);

describe("the partner page's commissions", () => {
  it('shows the day a pending fee is due, and none on a paid one', async () => {
    const items = [
      aPartnerCommission({ dueBy: '2026-12-03' }),
      aPartnerCommission({
        id: '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b02',
        monthYear: '2026-09',
        status: 'paid',
        dueBy: '2026-10-03',
        paymentDate: '2026-10-20T12:00:00.000Z',
      }),
    ];
    const [pending, paid] = await commissionRows(items);
    expect(within(pending!).getByText('Dec 3, 2026')).toBeTruthy();
    expect(within(paid!).queryByText('Oct 3, 2026')).toBeNull();
    expect(within(paid!).getByText('Oct 20, 2026')).toBeTruthy();
  });

  it('gives a failed fee no paid date: the day its payment came back, or nothing', async () => {
    const items = [
      aPartnerCommission({
        status: 'failed',
        paymentDate: '2026-10-20T15:00:00.000Z',
        failureReason: 'Returned: R02 Account closed',
        returnedAt: '2026-10-23T15:00:00.000Z',
      }),
      aPartnerCommission({
        id: '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b02',
        monthYear: '2026-09',
        status: 'failed',
        paymentDate: '2026-09-20T15:00:00.000Z',
      }),
    ];
    const [returned, failed] = await commissionRows(items);
    expect(within(returned!).getByText('Returned on Oct 23, 2026')).toBeTruthy();
    expect(within(returned!).queryByText('Oct 20, 2026')).toBeNull();
    expect(within(failed!).queryByText('Sep 20, 2026')).toBeNull();
  });
});

describe("the partner page's payouts", () => {
  const line = (fields: Partial<PartnerPayoutLine>): PartnerPayoutLine => ({
    id: '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b10',
    reference: 'PO-202610-DEMO',
    paidAt: '2026-10-20T15:00:00.000Z',
    sentAt: '2026-10-21T15:00:00.000Z',
    method: 'ACH',
    amount: '100.00',
    commissionCount: 1,
    status: 'confirmed',
    returnCode: null,
    returnReason: null,
    resolvedAt: '2026-10-21T15:00:00.000Z',
    ...fields,
  });

  it('lists payouts whose lines came back, each with the amount, the code and the reason', async () => {
    const items = [
      line({
        status: 'returned',
        returnCode: 'R02',
        returnReason: 'R02 Account closed',
        resolvedAt: '2026-10-23T15:00:00.000Z',
      }),
      line({
        id: '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b11',
        reference: 'PO-202609-DEMO',
        paidAt: '2026-09-20T15:00:00.000Z',
        method: 'PayPal',
        amount: '50.00',
        status: 'returned',
        returnCode: 'OTHER',
        returnReason: 'PayPal returned the payment: the receiving account is restricted',
        resolvedAt: '2026-09-23T15:00:00.000Z',
      }),
    ];
    const [ach, paypal] = await payoutRows(items);
    expect(screen.queryByText('No payouts yet.')).toBeNull();
    expect(within(ach!).getByText('$100.00')).toBeTruthy();
    expect(within(ach!).getByText('Returned R02')).toBeTruthy();
    expect(within(ach!).getByTestId('payout-return').textContent).toBe('Oct 23, 2026 · R02 Account closed');
    expect(within(paypal!).getByText('Returned')).toBeTruthy();
    expect(within(paypal!).getByTestId('payout-return').textContent).toContain('receiving account is restricted');
  });

  it('says a line arrived, or that its payout is not sent yet', async () => {
    const items = [
      line({ sentAt: null, status: 'sent', resolvedAt: null }),
      line({ id: '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b12', reference: 'PO-202609-DEMO' }),
    ];
    const [waiting, confirmed] = await payoutRows(items);
    expect(within(waiting!).getByText('Not sent')).toBeTruthy();
    expect(within(confirmed!).getByText('confirmed')).toBeTruthy();
    expect(screen.queryByTestId('payout-return')).toBeNull();
  });
});
