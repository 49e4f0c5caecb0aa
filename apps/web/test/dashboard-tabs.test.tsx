// The partner dashboard's open tab comes from the address (?tab=), so a reload and Back keep it.

import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PartnerDashboard } from '../src/features/partner/partner-dashboard';
import { Route } from '../src/routes/_partner/dashboard';
import { SessionStore } from '../src/lib/session';
import { aPartnerMetrics } from './fixtures';
import { renderInRouter } from './render';
import { serveTrpc } from './trpc-server';

afterEach(() => vi.unstubAllGlobals());

const metrics = aPartnerMetrics();

describe('the partner dashboard tabs', () => {
  it('opens the tab the address names and reports a change of tab to be put in the address', async () => {
    serveTrpc({
      'partner.metrics': () => metrics,
      'partner.earningsByMonth': () => [],
      'partner.commissionsPage': () => ({ items: [], total: 0, nextCursor: null }),
      'partner.commissions': () => [],
    });
    const onTabChange = vi.fn();
    const session = new SessionStore({
      user: { id: 'u1', email: 'maya@example.com', role: 'partner', permissions: ['partner:self'] },
      partner: { contactName: 'Maya Chen', status: 'active', referralCode: 'NORTHW-7K2Q' },
    } as never);
    renderInRouter(<PartnerDashboard tab="commissions" onTabChange={onTabChange} />, { session });
    const commissions = await screen.findByRole('tab', { name: /Commissions/ });
    expect(commissions.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: /Referrals/ }).getAttribute('aria-selected')).toBe('false');
    fireEvent.click(screen.getByRole('tab', { name: /Marketing/ }));
    expect(onTabChange).toHaveBeenCalledWith('marketing');
  });

  it('reads the tab from the search, ignoring an unknown one', () => {
    const validate = Route.options.validateSearch as (search: Record<string, unknown>) => unknown;
    expect(validate({ tab: 'settings' })).toEqual({ tab: 'settings' });
    expect(validate({ tab: 'nope' })).toEqual({});
    expect(validate({})).toEqual({});
  });
});
