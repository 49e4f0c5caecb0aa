// Every state of the onboarding screen (spec §2), from a session in that state.

import { MESSAGES, PRODUCT_NAME } from '@portal/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OnboardingScreen } from '../src/features/onboarding/onboarding-screen';
import { SessionStore, type SessionState } from '../src/lib/session';
import { aPartnerProfile } from './fixtures';
import { renderRoutes } from './render';
import { serveTrpc } from './trpc-server';

const partnerUser = { id: '00000000-0000-4000-8000-000000000001', email: 'pat@example.com', role: 'partner' as const };

const profile = aPartnerProfile;

function renderScreen(state: Partial<SessionState>) {
  return renderRoutes(
    {
      '/onboarding': OnboardingScreen,
      '/dashboard': () => <p>partner dashboard</p>,
      '/': () => <p>landing page</p>,
      '/admin': () => <p>admin dashboard</p>,
    },
    { path: '/onboarding', session: new SessionStore(state) },
  );
}

describe('the onboarding screen', () => {
  it("shows 'Loading your partner profile...' while the profile loads", async () => {
    renderScreen({ user: partnerUser, partnerLoading: true });
    expect(await screen.findByText('Loading your partner profile...')).toBeTruthy();
  });

  it("shows 'Connection Error' with Retry and Sign Out when the profile failed to load", async () => {
    renderScreen({ user: partnerUser, partnerError: new Error('network down') });
    expect(await screen.findByText('Connection Error')).toBeTruthy();
    expect(
      screen.getByText('Unable to load your partner profile. Please check your connection and try again.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('shows the registration form with its heading, badge and Sign Out when there is no partner record', async () => {
    renderScreen({ user: partnerUser, partner: null });
    expect(await screen.findByText(`Welcome to ${PRODUCT_NAME} Partners`)).toBeTruthy();
    expect(screen.getByText('Partner Registration')).toBeTruthy();
    expect(screen.getByText('Complete Your Partner Registration')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit Partner Application' })).toBeTruthy();
  });

  it("shows 'Application Under Review' with company, contact, status, submitted date and what happens next", async () => {
    renderScreen({ user: partnerUser, partner: profile({ applicationDate: '2026-11-20T15:00:00.000Z' }) });
    expect(await screen.findByText('Application Under Review')).toBeTruthy();
    expect(screen.getByText('Acme Growth Partners')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Nov 20, 2026')).toBeTruthy();
    expect(screen.getByText('What happens next?')).toBeTruthy();
    expect(screen.getByText(/within 1-2 business days/)).toBeTruthy();
    expect(screen.getByText(/email notification/)).toBeTruthy();
    expect(screen.getByText(/access to your partner dashboard/)).toBeTruthy();
    expect(screen.getByText(/unique referral code and marketing materials/)).toBeTruthy();
  });

  it('says the application is still under review when Check Status finds no decision, and opens the dashboard once approved', async () => {
    let status: 'pending' | 'active' = 'pending';
    serveTrpc({ 'partner.me': () => profile({ status }) });
    renderScreen({ user: partnerUser, partner: profile() });
    await userEvent.click(await screen.findByRole('button', { name: 'Check Status' }));
    expect(await screen.findByText(MESSAGES.stillUnderReview)).toBeTruthy();
    status = 'active';
    await userEvent.click(await screen.findByRole('button', { name: 'Check Status' }));
    expect(await screen.findByText('partner dashboard')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  // Each status shows its own reason: a rejection's or a suspension's, never the other's.
  it.each([
    ['rejected', 'Account Status: Rejected', 'Your application was not approved.', 'Outside our market'],
    ['suspended', 'Account Status: Suspended', 'Your partner account is not active.', 'Bids on our brand name'],
    ['inactive', 'Account Status: Inactive', 'Your partner account is not active.', null],
  ] as const)(
    "shows 'Account Status' for a %s partner with company, status, what it means, its reason and support advice",
    async (status, heading, meaning, reason) => {
      renderScreen({
        user: partnerUser,
        partner: profile({ status, rejectionReason: 'Outside our market', suspensionReason: 'Bids on our brand name' }),
      });
      expect(await screen.findByText(heading)).toBeTruthy();
      expect(screen.getByText('Acme Growth Partners')).toBeTruthy();
      expect(screen.getByText(new RegExp(meaning))).toBeTruthy();
      expect(screen.getByText(/contact the partner program team/)).toBeTruthy();
      expect(screen.queryByText('Application Under Review')).toBeNull();
      const shown = ['Outside our market', 'Bids on our brand name'].filter((text) => screen.queryByText(text));
      expect(shown).toEqual(reason ? [reason] : []);
    },
  );

  it("names the program's support address on the rejected screen, as a mail link", async () => {
    renderScreen({
      user: partnerUser,
      partner: profile({
        status: 'rejected',
        rejectionReason: 'Outside our market',
        supportEmail: 'partners@ledgerline.example',
      }),
    });
    const link = await screen.findByRole('link', { name: 'partners@ledgerline.example' });
    expect(link.getAttribute('href')).toBe('mailto:partners@ledgerline.example');
  });

  it('sends an active partner to /dashboard', async () => {
    const { router } = renderScreen({ user: partnerUser, partner: profile({ status: 'active' }) });
    expect(await screen.findByText('partner dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the landing page to a visitor who is not signed in', async () => {
    const { router } = renderScreen({ user: null });
    expect(await screen.findByText('landing page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends an admin to the admin dashboard (admins have no application to make)', async () => {
    renderScreen({ user: { ...partnerUser, role: 'admin' } });
    expect(await screen.findByText('admin dashboard')).toBeTruthy();
  });
});
