import { Badge } from '@mantine/core';
import { PARTNER_STATUS_LABELS, type PartnerStatus } from '@portal/contracts/plain';

// Filled shades whose label keeps at least 4.5:1 contrast (autoContrast picks dark text on yellow).
const STATUS_COLORS: Record<PartnerStatus, string> = {
  pending: 'yellow.4',
  active: 'teal.9',
  inactive: 'gray.7',
  suspended: 'orange.4',
  rejected: 'red.9',
};

export function PartnerStatusBadge({ status }: { status: PartnerStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" autoContrast style={{ minWidth: 'max-content' }}>
      {PARTNER_STATUS_LABELS[status]}
    </Badge>
  );
}
