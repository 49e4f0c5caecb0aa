// The lead funnel: its totals always, its months as a table the switch folds; on a phone the months start
// folded, since as cards they would push what follows the funnel far down.

import type { Funnel } from '@portal/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FunnelCard } from '../src/features/leads/funnel-card';
import { atPhoneWidth, renderWithProviders } from './render';

const counts = { visits: 10, bookings: 4, accepted: 3, won: 2, paying: 1 };
const funnel: Funnel = {
  months: [
    { month: '2026-10', ...counts },
    { month: '2026-11', ...counts },
  ],
  total: { visits: 20, bookings: 8, accepted: 6, won: 4, paying: 2 },
  enteredByHand: 0,
};

describe('the lead funnel', () => {
  it('shows the months on a wide screen, and the switch folds them away while the totals stay', async () => {
    renderWithProviders(<FunnelCard funnel={funnel} description="By month" />);
    expect(screen.getByText('Nov 2026')).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Month by month' }));
    expect(screen.queryByText('Nov 2026')).toBeNull();
    expect(screen.getByTestId('funnel-visits').textContent).toContain('20');
  });

  it('says how many referrals entered by hand it leaves out, and says nothing when there are none', () => {
    const { unmount } = renderWithProviders(
      <FunnelCard funnel={{ ...funnel, enteredByHand: 3 }} description="By month" />,
    );
    expect(screen.getByTestId('funnel-by-hand').textContent).toBe(
      '3 referrals entered by hand in these months are not counted here: they did not come through the referral link.',
    );
    unmount();
    renderWithProviders(<FunnelCard funnel={funnel} description="By month" />);
    expect(screen.queryByTestId('funnel-by-hand')).toBeNull();
  });

  it('starts with the months folded on a phone, and shows them on demand', async () => {
    atPhoneWidth();
    renderWithProviders(<FunnelCard funnel={funnel} description="By month" />);
    expect(screen.getByTestId('funnel-visits').textContent).toContain('20');
    expect(screen.queryByText('Nov 2026')).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Month by month' }));
    expect(screen.getByText('Nov 2026')).toBeTruthy();
  });
});
