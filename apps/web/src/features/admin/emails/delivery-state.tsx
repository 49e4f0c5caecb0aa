// How a mail's delivery reads on the Email log and in an opened mail: its status badge, and its
// times in the viewer's time zone.

import { Badge } from '@mantine/core';
import { EMAIL_STATUS_LABELS, type EmailStatus } from '@portal/contracts';
import { formatDate } from '@portal/contracts/plain';

const STATUS_COLOURS: Record<EmailStatus, string> = { pending: 'blue', sent: 'teal', failed: 'red', not_sent: 'gray' };

/** 'Nov 22, 2026 14:05' in the viewer's time zone, or an em dash. */
export function formatDateTime(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return `${formatDate(date)} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** A span, so it may stand inside a line of text. */
export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return (
    <Badge
      component="span"
      color={STATUS_COLOURS[status]}
      variant="light"
      styles={{ root: { overflow: 'visible', maxWidth: 'none' }, label: { overflow: 'visible' } }}
    >
      {EMAIL_STATUS_LABELS[status]}
    </Badge>
  );
}
