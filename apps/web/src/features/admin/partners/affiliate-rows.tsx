// One row per partner in the affiliates table: contact, type, status, code, MRR, earnings, joined
// date and an actions menu (details, suspend or reactivate).

import { ActionIcon, Anchor, Menu, Table } from '@mantine/core';
import type { AdminPartnerRow } from '@portal/contracts';
import { COMPANY_TYPE_LABELS, formatDate, formatMoney } from '@portal/contracts/plain';
import { IconDots, IconExternalLink, IconEye, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCan } from '../../../lib/permissions';
import { PartnerStatusBadge } from './partner-status-badge';

export const NO_WRAP = { whiteSpace: 'nowrap' } as const;

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

export function AffiliateRows({
  partners,
  onViewDetails,
  onSuspend,
  onReactivate,
}: {
  partners: AdminPartnerRow[];
  onViewDetails: (id: string) => void;
  onSuspend: (id: string) => void;
  onReactivate: (id: string) => void;
}) {
  const navigate = useNavigate();
  const canDecide = useCan('partners:approve');
  return (
    <>
      {partners.map((partner) => (
        <Table.Tr key={partner.id}>
          <Table.Td fw={600}>
            <PartnerPageLink id={partner.id}>{partner.companyName}</PartnerPageLink>
          </Table.Td>
          <Table.Td>{partner.contactName}</Table.Td>
          <Table.Td>{partner.email}</Table.Td>
          <Table.Td>{COMPANY_TYPE_LABELS[partner.companyType]}</Table.Td>
          <Table.Td>
            <PartnerStatusBadge status={partner.status} />
          </Table.Td>
          <Table.Td ff="monospace" style={NO_WRAP}>
            {partner.referralCode}
          </Table.Td>
          <Table.Td ta="right" style={NO_WRAP}>
            {formatMoney(partner.currentMrr)}
          </Table.Td>
          <Table.Td ta="right" style={NO_WRAP}>
            {formatMoney(partner.totalLifetimeCommissions)}
          </Table.Td>
          <Table.Td style={NO_WRAP}>{formatDate(partner.joinedAt)}</Table.Td>
          <Table.Td>
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
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}
