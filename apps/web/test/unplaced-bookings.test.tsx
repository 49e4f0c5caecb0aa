// The pipeline's Unplaced bookings card: the bookings no active partner got, with why; Place with
// partner sends the chosen active partner (with an idempotency key) and Dismiss sends the reason, and
// each settled booking leaves the list. Viewers read the list without the actions; none waiting, no card.

import type { UnplacedBooking } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnplacedBookingsCard } from '../src/features/admin/pipeline/unplaced-bookings-card';
import { anAdminPartnerRow, anAdminSession, aPage } from './fixtures';
import { renderInRouter } from './render';
import { serveTrpc } from './trpc-server';

afterEach(() => vi.unstubAllGlobals());

const booking: UnplacedBooking = {
  id: 'c1111111-1111-4111-8111-111111111111',
  provider: 'calendly',
  eventType: 'invitee.created',
  receivedAt: '2026-11-26T09:00:00.000Z',
  referralCode: 'NORTHWND',
  reason: 'unknown_code',
  clientName: 'Riley Typo',
  clientCompanyName: 'Typo Traders',
  clientEmail: 'riley@typotraders.example',
  clientPhone: null,
  consultationDate: '2026-12-02T15:00:00.000Z',
  service: 'basic',
  utm: { content: 'NORTHWND' },
  resolution: null,
  referralId: null,
  dismissReason: null,
  resolvedAt: null,
};

const partner = anAdminPartnerRow({
  id: 'd2222222-2222-4222-8222-222222222222',
  email: 'maya@northwind-growth.example',
  contactName: 'Maya',
  referralCode: 'NORTHWIND',
});

/** The fake API: the list answers what is still waiting; placing and dismissing settle the booking. */
function serveBookings() {
  let waiting = [booking];
  return serveTrpc({
    'admin.unplacedBookings': () => aPage(waiting, 10),
    'admin.partners': () => aPage([partner]),
    'admin.placeUnplacedBooking': () => {
      waiting = [];
      return {
        id: booking.id,
        outcome: 'created',
        referral: { id: 'e3333333-3333-4333-8333-333333333333', partnerCompanyName: 'Northwind Growth' },
      };
    },
    'admin.dismissUnplacedBooking': (input) => {
      waiting = [];
      return { ...booking, resolution: 'dismissed', dismissReason: (input as { reason: string }).reason };
    },
    'admin.recentBookings': () => ({ thisWeek: 0, latest: [] }),
    'admin.referralConflicts': () => ({ conflicts: [], selfReferrals: [] }),
  });
}

const ADMIN = anAdminSession(['referrals:read', 'referrals:write']);

/** The card as `session` sees it with the one booking waiting; answers the fake API and the booking's row. */
async function showBooking(session = ADMIN) {
  const api = serveBookings();
  renderInRouter(<UnplacedBookingsCard />, { session });
  return { api, row: await screen.findByTestId('unplaced-booking') };
}

describe('the Unplaced bookings card', () => {
  it('lists each booking with its client, consultation, provider, the code given and why it was not placed', async () => {
    const { row } = await showBooking();
    expect(screen.getByRole('heading', { name: 'Unplaced bookings' })).toBeTruthy();
    expect(screen.getByTestId('unplaced-count').textContent).toBe('1 waiting');
    for (const text of ['Riley Typo', 'Typo Traders', 'Calendly', 'NORTHWND', 'No partner has this code'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText(/Dec 2, 2026/)).toBeTruthy();
  });

  it('places a booking with the active partner chosen in the dialog', async () => {
    const { api, row } = await showBooking();
    await userEvent.click(within(row).getByRole('button', { name: 'Place with partner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place with partner' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place booking' }));
    expect(await within(dialog).findByText('Choose an active partner')).toBeTruthy();
    expect(api.inputs('admin.placeUnplacedBooking')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Partner/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Northwind Growth', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place booking' }));
    await waitFor(() => expect(screen.queryByTestId('unplaced-booking')).toBeNull());
    const placed = api.calls.find((call) => call.path === 'admin.placeUnplacedBooking');
    expect(placed?.input).toEqual({ id: booking.id, partnerId: partner.id });
    expect(placed?.headers.get('idempotency-key')).toBeTruthy();
    expect(api.inputs('admin.partners').every((input) => (input as { status?: string }).status === 'active')).toBe(
      true,
    );
  });

  it('dismisses a booking with the reason typed', async () => {
    const { api, row } = await showBooking();
    await userEvent.click(within(row).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss booking' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'A test booking');
    const dismiss = within(dialog).getByRole('button', { name: 'Dismiss booking' });
    // A red dark enough for its white words to keep AA contrast in the light scheme.
    expect(dismiss.style.getPropertyValue('--button-bg')).toBe('var(--mantine-color-red-9)');
    await userEvent.click(dismiss);
    await waitFor(() => expect(screen.queryByTestId('unplaced-booking')).toBeNull());
    expect(api.inputs('admin.dismissUnplacedBooking')[0]).toEqual({
      id: booking.id,
      reason: 'A test booking',
    });
  });

  it('shows a viewer the list without Place or Dismiss', async () => {
    const { row } = await showBooking(anAdminSession(['referrals:read']));
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('shows no card while no booking waits', async () => {
    const api = serveTrpc({ 'admin.unplacedBookings': () => aPage([], 10) });
    renderInRouter(<UnplacedBookingsCard />, { session: ADMIN });
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByText('Loading unplaced bookings')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Unplaced bookings' })).toBeNull();
  });
});
