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

describe('the qualification badge', () => {
  it('shows the days left without a flag 15 days before the window ends', () => {
    renderWithProviders(<QualificationBadge deal={open('2026-12-11')} now={NOW} />);
    const badge = screen.getByTestId('window-badge');
    expect(badge.textContent).toBe('15 days left');
    expect(badge.dataset.flagged).toBeUndefined();
  });

  it('flags a window that ends within 14 days', () => {
    renderWithProviders(<QualificationBadge deal={open('2026-12-10')} now={NOW} />);
    const badge = screen.getByTestId('window-badge');
    expect(badge.textContent).toBe('14 days left');
    expect(badge.dataset.flagged).toBe('true');
  });

  it('says when the window ends today or has ended', () => {
    renderWithProviders(<QualificationBadge deal={open('2026-11-26')} now={NOW} />);
    expect(screen.getByTestId('window-badge').textContent).toBe('Ends today');
  });

  it('marks a won client that is not a qualifying client', () => {
    renderWithProviders(
      <QualificationBadge
        deal={{
          stage: 'won',
          qualifiesBy: '2026-01-01',
          qualifying: false,
          qualificationReason: 'annual sales not recorded',
        }}
        now={NOW}
      />,
    );
    expect(screen.getByTestId('not-qualifying-badge').textContent).toBe('Not qualifying');
  });

  it('names the stored reason when pointed at, a signing before acceptance included', async () => {
    const reason = QUALIFICATION_REASONS.signedBeforeAcceptance('2026-01-15', '2026-10-01');
    renderWithProviders(
      <QualificationBadge
        deal={{ stage: 'won', qualifiesBy: '2026-11-30', qualifying: false, qualificationReason: reason }}
        now={NOW}
      />,
    );
    await userEvent.hover(screen.getByTestId('not-qualifying-badge'));
    expect(
      await screen.findByText('signed on Jan 15, 2026, before the referral was accepted on Oct 1, 2026'),
    ).toBeTruthy();
  });

  it('shows nothing for a qualifying client or a deal the firm has not accepted', () => {
    const { container } = renderWithProviders(
      <QualificationBadge
        deal={{ stage: 'booked', qualifiesBy: null, qualifying: null, qualificationReason: null }}
        now={NOW}
      />,
    );
    expect(container.querySelector('[data-testid="window-badge"]')).toBeNull();
  });
});
