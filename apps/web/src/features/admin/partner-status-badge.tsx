import { Badge } from '@mantine/core';
import { PARTNER_STATUS_LABELS, type PartnerStatus } from '@portal/contracts/plain';

const STATUS_COLORS: Record<PartnerStatus, string> = { pending: 'yellow', active: 'teal', inactive: 'gray', suspended: 'orange', rejected: 'red' };

export function PartnerStatusBadge({ status }: { status: PartnerStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {PARTNER_STATUS_LABELS[status]}
    </Badge>
  );
}
