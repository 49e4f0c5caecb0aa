// The affiliates table's rows, one per partner: contact, type, status, code, MRR, earnings, joined
// date and an actions menu (details, suspend or reactivate).

import { ActionIcon, Anchor, Menu, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AdminPartnerRow } from '@portal/contracts';
import { COMPANY_TYPE_LABELS, formatDate, formatMoney } from '@portal/contracts/plain';
import { IconDots, IconExternalLink, IconEye, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { ColumnTable, type TableColumn } from '../../../components/column-table';
import { TruncatedText } from '../../../components/truncated-text';
import { useCan } from '../../../lib/permissions';
import { PartnerStatusBadge } from './partner-status-badge';
import { MonoText } from '../../../components/mono-text';

/** A partner's name that opens its page (/admin/partners/$id). */
export function PartnerPageLink({ id, children }: { id: string; children: string }) {
  return (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/admin/partners/$id" params={{ id }} />}
      inherit
      c="inherit"
      underline="hover"
    >
      {children}
    </Anchor>
  );
}

/** The columns the spec sorts by, and a header cell's content for one (a sort button). */
export type SortField = 'companyName' | 'status' | 'currentMrr' | 'totalLifetimeCommissions' | 'joinedAt';
export interface SortHeads {
  head: (field: SortField, label: string) => ReactNode;
  ariaSort: (field: SortField) => 'ascending' | 'descending' | 'none';
}

/** The affiliates' rows in the shared column table; with `sort`, the spec's columns have sort buttons. */
export function AffiliateRows({
  partners,
  onViewDetails,
  onSuspend,
  onReactivate,
  sort,
  dimmed = false,
}: {
  partners: readonly AdminPartnerRow[];
  onViewDetails: (id: string) => void;
  onSuspend: (id: string) => void;
  onReactivate: (id: string) => void;
  sort?: SortHeads;
  /** Shown faded (the previous page while the next loads). */
  dimmed?: boolean;
}) {
  const navigate = useNavigate();
  const canDecide = useCan('partners:approve');
  const sortable = (field: SortField, label: string) =>
    sort ? { head: sort.head(field, label), headProps: { 'aria-sort': sort.ariaSort(field) } } : {};
  const columns: TableColumn<AdminPartnerRow>[] = [
    {
      header: 'Company / Type',
      card: 'title',
      strong: true,
      ...sortable('companyName', 'Company / Type'),
      // The company over its type, and the contact over the email: two lines a row, so that every
      // column stays in view at 1366 px beside the sidebar.
      cell: (partner) => (
        <>
          <TruncatedText maxWidth={190}>
            <PartnerPageLink id={partner.id}>{partner.companyName}</PartnerPageLink>
          </TruncatedText>
          <Text span size="xs" c="dimmed" fw={400} display="block">
            {COMPANY_TYPE_LABELS[partner.companyType]}
          </Text>
        </>
      ),
    },
    {
      header: 'Contact / Email',
      cell: (partner) => (
        <>
          <TruncatedText maxWidth={170}>{partner.contactName}</TruncatedText>
          <Text span size="xs" c="dimmed" display="block">
            <TruncatedText maxWidth={170}>{partner.email}</TruncatedText>
          </Text>
        </>
      ),
    },
    {
      header: 'Status',
      ...sortable('status', 'Status'),
      cell: (partner) => <PartnerStatusBadge status={partner.status} />,
    },
    {
      header: 'Referral Code',
      noWrap: true,
      cell: (partner) => (
        <MonoText span inherit>
          {partner.referralCode}
        </MonoText>
      ),
    },
    {
      header: 'MRR',
      numeric: true,
      noWrap: true,
      ...sortable('currentMrr', 'MRR'),
      cell: (partner) => formatMoney(partner.currentMrr),
    },
    {
      header: 'Total Earned',
      numeric: true,
      noWrap: true,
      ...sortable('totalLifetimeCommissions', 'Total Earned'),
      cell: (partner) => formatMoney(partner.totalLifetimeCommissions),
    },
    {
      header: 'Joined',
      noWrap: true,
      ...sortable('joinedAt', 'Joined'),
      cell: (partner) => formatDate(partner.joinedAt),
    },
    {
      header: 'Actions',
      hideHeader: true,
      card: 'aside',
      cell: (partner) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${partner.companyName}`}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconEye size={14} />} onClick={() => onViewDetails(partner.id)}>
              View details
            </Menu.Item>
            <Menu.Item
              leftSection={<IconExternalLink size={14} />}
              onClick={() => void navigate({ to: '/admin/partners/$id', params: { id: partner.id } })}
            >
              Open partner page
            </Menu.Item>
            {canDecide && partner.status === 'active' && (
              <Menu.Item
                leftSection={<IconPlayerPause size={14} />}
                color="orange"
                onClick={() => onSuspend(partner.id)}
              >
                Suspend
              </Menu.Item>
            )}
            {canDecide && (partner.status === 'suspended' || partner.status === 'inactive') && (
              <Menu.Item leftSection={<IconPlayerPlay size={14} />} onClick={() => onReactivate(partner.id)}>
                Reactivate
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];
  return (
    <ColumnTable
      striped
      highlightOnHover
      verticalSpacing="xs"
      minWidth={860}
      horizontalSpacing={8}
      style={{ opacity: dimmed ? 0.6 : 1 }}
      columns={columns}
      rows={partners}
    />
  );
}
