// The deal card's qualification badge: days left in an open deal's window, flagged from 14 days left, and a
// won client that is not a qualifying client.

import { QUALIFICATION_REASONS } from '@portal/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QualificationBadge } from '../src/features/admin/pipeline/qualification-badge';
import { renderWithProviders } from './render';

const NOW = new Date('2026-11-26T15:00:00Z');
const open = (qualifiesBy: string) =>
  ({ stage: 'proposal', qualifiesBy, qualifying: null, qualificationReason: null }) as const;

/** The badge of `deal` on NOW's day. */
function renderBadge(deal: Parameters<typeof QualificationBadge>[0]['deal']) {
  return renderWithProviders(<QualificationBadge deal={deal} now={NOW} />);
}

describe('the qualification badge', () => {
  it('shows the days left without a flag 15 days before the window ends', () => {
    renderBadge(open('2026-12-11'));
    const badge = screen.getByTestId('window-badge');
    expect(badge.textContent).toBe('15 days left');
    expect(badge.dataset.flagged).toBeUndefined();
  });

  it('flags a window that ends within 14 days', () => {
    renderBadge(open('2026-12-10'));
    const badge = screen.getByTestId('window-badge');
    expect(badge.textContent).toBe('14 days left');
    expect(badge.dataset.flagged).toBe('true');
  });

  it('says when the window ends today or has ended', () => {
    renderBadge(open('2026-11-26'));
    expect(screen.getByTestId('window-badge').textContent).toBe('Ends today');
  });

  it('marks a won client that is not a qualifying client', () => {
    renderBadge({
      stage: 'won',
      qualifiesBy: '2026-01-01',
      qualifying: false,
      qualificationReason: 'annual sales not recorded',
    });
    expect(screen.getByTestId('not-qualifying-badge').textContent).toBe('Not qualifying');
  });

  it('names the stored reason when pointed at, a signing before acceptance included', async () => {
    const reason = QUALIFICATION_REASONS.signedBeforeAcceptance('2026-01-15', '2026-10-01');
    renderBadge({ stage: 'won', qualifiesBy: '2026-11-30', qualifying: false, qualificationReason: reason });
    await userEvent.hover(screen.getByTestId('not-qualifying-badge'));
    expect(
      await screen.findByText('signed on Jan 15, 2026, before the referral was accepted on Oct 1, 2026'),
    ).toBeTruthy();
  });

  it('shows nothing for a qualifying client or a deal the firm has not accepted', () => {
    const { container } = renderBadge({
      stage: 'booked',
      qualifiesBy: null,
      qualifying: null,
      qualificationReason: null,
    });
    expect(container.querySelector('[data-testid="window-badge"]')).toBeNull();
  });
});
