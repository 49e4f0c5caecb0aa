// A deal card's qualification facts: the days left in an open deal's qualification window (flagged when it
// ends within 14 days, or has ended), and a won client that is not a qualifying client, with the reason.

import { Badge, Tooltip } from '@mantine/core';
import { WINDOW_WARNING_DAYS, formatDate, windowDaysLeft, type Referral } from '@portal/contracts';

const OPEN_STAGES = new Set(['booked', 'qualified', 'proposal']);

/** Short enough for the narrowest pipeline column; the tooltip names the window's last day. */
export function windowLabel(daysLeft: number): string {
  if (daysLeft < 0) return 'Window ended';
  if (daysLeft === 0) return 'Ends today';
  return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
}

export function QualificationBadge({
  deal,
  now = new Date(),
}: {
  deal: Pick<Referral, 'stage' | 'qualifiesBy' | 'qualifying' | 'qualificationReason'>;
  now?: Date;
}) {
  if (OPEN_STAGES.has(deal.stage) && deal.qualifiesBy) {
    const daysLeft = windowDaysLeft(deal.qualifiesBy, now);
    const flagged = daysLeft <= WINDOW_WARNING_DAYS;
    return (
      <Tooltip label={`Days left to qualify: the window ends on ${formatDate(deal.qualifiesBy)}`}>
        <Badge
          size="xs"
          variant={flagged ? 'filled' : 'light'}
          color={daysLeft < 0 ? 'red.9' : flagged ? 'orange' : 'gray'}
          autoContrast
          tt="none"
          mt={4}
          data-testid="window-badge"
          data-flagged={flagged || undefined}
        >
          {windowLabel(daysLeft)}
        </Badge>
      </Tooltip>
    );
  }
  if (deal.stage === 'won' && deal.qualifying === false)
    return (
      <Tooltip label={deal.qualificationReason ?? 'Not a qualifying client'} multiline w={240}>
        <Badge size="xs" variant="light" color="red" tt="none" mt={4} data-testid="not-qualifying-badge">
          Not qualifying
        </Badge>
      </Tooltip>
    );
  return null;
}
