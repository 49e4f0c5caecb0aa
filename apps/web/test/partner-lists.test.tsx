// The partner page's Commissions list: a pending fee shows when it is due, since the Payout Processor offers it
// only from then; a paid or failed fee shows no due date.

import type { Commission } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartnerCommissions } from '../src/features/admin/partners/partner-page/partner-lists';
import { renderInRouter } from './render';
import { serveTrpc } from './trpc-server';

const PARTNER = '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b00';

function aCommission(fields: Partial<Commission>): Commission {
  return {
    id: '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b01',
    partnerId: PARTNER,
    referralId: null,
    clientCompanyName: 'Lumen Skincare',
    amount: '100.00',
    monthYear: '2026-11',
    kind: 'recurring',
    status: 'pending',
    reason: null,
    voidedAt: null,
    voidReason: null,
    paymentDate: null,
    paymentMethod: null,
    paymentReference: null,
    failureReason: null,
    dueBy: null,
    clientPaidAt: null,
    createdAt: '2026-11-03T12:00:00.000Z',
    updatedAt: '2026-11-03T12:00:00.000Z',
    ...fields,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the partner page's commissions", () => {
  it('shows the day a pending fee is due, and none on a paid one', async () => {
    const items = [
      aCommission({ dueBy: '2026-12-03' }),
      aCommission({
        id: '0b6a3c1e-2f4d-4e5a-9b7c-8d9e0f1a2b02',
        monthYear: '2026-09',
        status: 'paid',
        dueBy: '2026-10-03',
        paymentDate: '2026-10-20T12:00:00.000Z',
      }),
    ];
    serveTrpc({ 'admin.partnerCommissions': () => ({ items, total: 2, limit: 10, offset: 0 }) });
    renderInRouter(<PartnerCommissions partnerId={PARTNER} />);
    const [pending, paid] = (await screen.findAllByRole('row')).filter(
      (row) => within(row).queryAllByRole('cell').length,
    );
    expect(within(pending!).getByText('Dec 3, 2026')).toBeTruthy();
    expect(within(paid!).queryByText('Oct 3, 2026')).toBeNull();
    expect(within(paid!).getByText('Oct 20, 2026')).toBeTruthy();
  });
});
