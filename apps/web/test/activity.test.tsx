// Audit log: the Activity screen sends its filters, pages, shows each entry's actor and
// before/after, and downloads the filtered CSV with a busy button.

import type { ActivityEntry, ActivityPage } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivityScreen } from '../src/features/admin/activity/activity-screen';
import { renderInRouter } from './render';
import { serveTrpc } from './trpc-server';
import { aPage } from './fixtures';

const PARTNER_ID = '5f0c8a8e-8f2e-4c59-9d4b-7a1f2d3c4b5a';

const approval: ActivityEntry = {
  id: '11111111-1111-4111-8111-111111111111',
  createdAt: '2026-10-05T09:30:00.000Z',
  action: 'partner.approved',
  entityType: 'partner',
  entityId: PARTNER_ID,
  subject: 'Northwind Growth',
  partnerName: 'Northwind Growth',
  actor: { kind: 'user', id: 'a', label: 'admin@example.com', email: 'admin@example.com', name: null },
  changes: [{ field: 'status', before: 'pending', after: 'active' }],
  details: null,
};
const accrual: ActivityEntry = {
  id: '22222222-2222-4222-8222-222222222222',
  createdAt: '2026-10-01T00:05:00.000Z',
  action: 'commissions.accrued',
  entityType: 'commission',
  entityId: null,
  subject: null,
  partnerName: null,
  actor: { kind: 'system', id: null, label: 'System (timer / worker)', email: null, name: null },
  changes: [],
  details: { month: '2026-09', created: 4 },
};

const stageMove: ActivityEntry = {
  id: '33333333-3333-4333-8333-333333333333',
  createdAt: '2026-10-06T14:05:00.000Z',
  action: 'referral.stage_changed',
  entityType: 'referral',
  entityId: '44444444-4444-4444-8444-444444444444',
  subject: 'Nimbus Pet Supply',
  partnerName: 'Northwind Growth',
  actor: {
    kind: 'user',
    id: 'b',
    label: 'Alex Rivera <alex@example.com>',
    email: 'alex@example.com',
    name: 'Alex Rivera',
  },
  changes: [{ field: 'stage', before: 'proposal', after: 'won' }],
  details: { partnerId: PARTNER_ID },
};
const payment: ActivityEntry = {
  id: '55555555-5555-4555-8555-555555555555',
  createdAt: '2026-10-07T10:00:00.000Z',
  action: 'client_payment.recorded',
  entityType: 'client_payment',
  entityId: '66666666-6666-4666-8666-666666666666',
  subject: 'Nimbus Pet Supply',
  partnerName: 'Northwind Growth',
  actor: { kind: 'user', id: 'a', label: 'admin@example.com', email: 'admin@example.com', name: null },
  changes: [],
  details: { partnerId: PARTNER_ID, amount: '2000.00', periodMonth: '2026-09', fee: '100.00' },
};
const clawback: ActivityEntry = {
  ...payment,
  id: '77777777-7777-4777-8777-777777777777',
  action: 'commission.clawback_added',
  entityType: 'commission',
  actor: { kind: 'system', id: null, label: 'System (timer / worker)', email: null, name: null },
  details: { partnerId: PARTNER_ID, amount: '-25.00', monthYear: '2026-09', reason: 'Client refunded' },
};

type Input = Record<string, unknown>;

function serveActivity(total = 2) {
  return serveTrpc({
    'admin.activity': (input): ActivityPage => {
      const { limit = 25, offset = 0 } = input as Input as { limit?: number; offset?: number };
      return { items: [approval, accrual], total, limit, offset };
    },
  });
}

/** The table once the first page has come (generous: the machine may be busy). */
const findTable = () => screen.findByRole('table', { name: 'Activity' }, { timeout: 10_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Activity screen', () => {
  it('names each actor and shows a change as before → after', async () => {
    serveActivity();
    renderInRouter(<ActivityScreen />, { path: '/admin/activity' });
    const table = await findTable();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // The address in two halves that wrap after the @.
    expect(within(rows[1] as HTMLElement).getByText('admin@').parentElement?.textContent).toBe('admin@example.com');
    expect(rows[1]?.querySelector('del')?.textContent).toBe('pending');
    expect(rows[1]?.querySelector('ins')?.textContent).toBe('active');
    expect(within(rows[2] as HTMLElement).getByText('System (timer / worker)')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('month: 2026-09 · created: 4')).toBeTruthy();
    expect(screen.getByTestId('activity-total').textContent).toBe('2 entries');
  });

  it('reads each entry as a sentence with the names of the actor, the client and the partner', async () => {
    serveTrpc({
      'admin.activity': (): ActivityPage => aPage([stageMove, payment, clawback, approval], 25),
    });
    renderInRouter(<ActivityScreen />, { path: '/admin/activity' });
    await findTable();
    expect(screen.getAllByTestId('activity-sentence').map((cell) => cell.textContent)).toEqual([
      'Alex Rivera moved Nimbus Pet Supply to Won',
      'admin@example.com recorded Nimbus Pet Supply’s payment of $2,000.00 for September 2026, earning Northwind Growth $100.00',
      'The system added a $25.00 clawback for Northwind Growth (September 2026): Client refunded',
      'admin@example.com approved Northwind Growth',
    ]);
    // The entity by its name, not its id.
    expect(screen.getAllByText('Nimbus Pet Supply').length).toBeGreaterThan(0);
    expect(screen.queryByText('44444444…')).toBeNull();
  });

  it('sends the filters that are set and starts again at the first page', async () => {
    const api = serveActivity(60);
    const user = userEvent.setup();
    renderInRouter(<ActivityScreen />, { path: '/admin/activity' });
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(api.calls.at(-1)?.input).toEqual({ limit: 25, offset: 25 }));

    await user.type(screen.getByLabelText('Actor'), 'maya@');
    await user.type(screen.getByLabelText('Entity id'), PARTNER_ID);
    await user.type(screen.getByLabelText('Action'), 'partner');
    await user.type(screen.getByLabelText('From'), '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.input).toEqual({
        actor: 'maya@',
        entityId: PARTNER_ID,
        action: 'partner',
        from: '2026-10-01',
        limit: 25,
        offset: 0,
      }),
    );
  });

  it('names a malformed entity id and date range before calling the server', async () => {
    const api = serveActivity();
    const user = userEvent.setup();
    renderInRouter(<ActivityScreen />, { path: '/admin/activity' });
    await findTable();
    const before = api.calls.length;
    await user.type(screen.getByLabelText('Entity id'), 'abc');
    await user.type(screen.getByLabelText('From'), '2026-10-05');
    await user.type(screen.getByLabelText('To'), '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('entityId must be a UUID', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('to must not be before from')).toBeTruthy();
    expect(api.calls.length).toBe(before);
  });

  it('downloads the filtered CSV, busy while it loads', async () => {
    serveActivity();
    const trpcFetch = globalThis.fetch;
    let finish: (response: Response) => void = () => undefined;
    const csvUrls: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.startsWith('/api/admin/activity.csv')) return trpcFetch(input, init);
      csvUrls.push(url);
      return new Promise<Response>((resolve) => (finish = resolve));
    });
    const objectUrls = { create: vi.fn(() => 'blob:activity'), revoke: vi.fn() };
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: objectUrls.create, revokeObjectURL: objectUrls.revoke }),
    );
    const user = userEvent.setup();
    renderInRouter(<ActivityScreen />, { path: '/admin/activity' });
    await findTable();
    await user.type(screen.getByLabelText('Action'), 'partner.approved');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    const button = screen.getByRole('button', { name: 'Export CSV' });
    await user.click(button);
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'));
    expect(csvUrls).toEqual(['/api/admin/activity.csv?action=partner.approved']);
    finish(
      new Response('"Time (UTC)"\r\n', {
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="activity-2026-10-05.csv"',
        },
      }),
    );
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull());
    expect(objectUrls.create).toHaveBeenCalledTimes(1);
  });
});
