// The partner page's lists, each paged on the server: referrals, commissions, payouts, activity.

import { Badge, Code, Table, Text } from '@mantine/core';
import { COMMISSION_STATUS_LABELS, formatDate, formatMoney, formatMonthKey, REFERRAL_STAGE_LABELS, SERVICE_TYPE_LABELS } from '@portal/contracts/plain';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { COMMISSION_STATUS_COLORS } from '../../partner/commissions-tab';
import { STAGE_COLORS } from '../../partner/referrals-tab';
import { formatDateTime } from '../email-log';
import { PagedTable, PARTNER_PAGE_SIZE } from './paged-table';

const pageInput = (partnerId: string, page: number) => ({ partnerId, limit: PARTNER_PAGE_SIZE, offset: (page - 1) * PARTNER_PAGE_SIZE });

export function PartnerReferrals({ partnerId }: { partnerId: string }) {
  const [page, setPage] = useState(1);
  const referrals = trpc.admin.referrals.useQuery({ partnerId, sort: '-createdAt', limit: PARTNER_PAGE_SIZE, offset: (page - 1) * PARTNER_PAGE_SIZE }, { placeholderData: keepPreviousData });
  return (
    <PagedTable
      title="Referrals"
      result={referrals}
      page={page}
      onPage={setPage}
      empty="No referrals yet."
      head={
        <Table.Tr>
          <Table.Th>Client</Table.Th>
          <Table.Th>Service</Table.Th>
          <Table.Th>Stage</Table.Th>
          <Table.Th ta="right">Monthly value</Table.Th>
          <Table.Th>Created</Table.Th>
        </Table.Tr>
      }
    >
      {referrals.data?.items.map((referral) => (
        <Table.Tr key={referral.id}>
          <Table.Td fw={600}>{referral.clientCompanyName}</Table.Td>
          <Table.Td>{SERVICE_TYPE_LABELS[referral.serviceType]}</Table.Td>
          <Table.Td>
            <Badge color={STAGE_COLORS[referral.stage]} variant="filled" autoContrast>
              {REFERRAL_STAGE_LABELS[referral.stage]}
            </Badge>
          </Table.Td>
          <Table.Td ta="right">{formatMoney(referral.monthlyValue)}</Table.Td>
          <Table.Td>{formatDate(referral.createdAt)}</Table.Td>
        </Table.Tr>
      ))}
    </PagedTable>
  );
}

export function PartnerCommissions({ partnerId }: { partnerId: string }) {
  const [page, setPage] = useState(1);
  const commissions = trpc.admin.partnerCommissions.useQuery(pageInput(partnerId, page), { placeholderData: keepPreviousData });
  return (
    <PagedTable
      title="Commissions"
      result={commissions}
      page={page}
      onPage={setPage}
      empty="No commissions yet."
      head={
        <Table.Tr>
          <Table.Th>Month</Table.Th>
          <Table.Th>Client</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Paid</Table.Th>
        </Table.Tr>
      }
    >
      {commissions.data?.items.map((commission) => (
        <Table.Tr key={commission.id}>
          <Table.Td>{formatMonthKey(commission.monthYear)}</Table.Td>
          <Table.Td>{commission.clientCompanyName}</Table.Td>
          <Table.Td ta="right">{formatMoney(commission.amount)}</Table.Td>
          <Table.Td>
            <Badge color={COMMISSION_STATUS_COLORS[commission.status]} variant="filled" autoContrast>
              {COMMISSION_STATUS_LABELS[commission.status]}
            </Badge>
          </Table.Td>
          <Table.Td>{commission.paymentDate ? formatDate(commission.paymentDate) : '—'}</Table.Td>
        </Table.Tr>
      ))}
    </PagedTable>
  );
}

export function PartnerPayouts({ partnerId }: { partnerId: string }) {
  const [page, setPage] = useState(1);
  const payouts = trpc.admin.partnerPayouts.useQuery(pageInput(partnerId, page), { placeholderData: keepPreviousData });
  return (
    <PagedTable
      title="Payouts"
      result={payouts}
      page={page}
      onPage={setPage}
      empty="No payouts yet."
      minWidth={480}
      head={
        <Table.Tr>
          <Table.Th>Reference</Table.Th>
          <Table.Th>Paid</Table.Th>
          <Table.Th ta="right">Commissions</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      }
    >
      {payouts.data?.items.map((payout) => (
        <Table.Tr key={payout.id}>
          <Table.Td ff="monospace">{payout.reference}</Table.Td>
          <Table.Td>{formatDate(payout.paidAt)}</Table.Td>
          <Table.Td ta="right">{payout.commissionCount}</Table.Td>
          <Table.Td ta="right">{formatMoney(payout.amount)}</Table.Td>
        </Table.Tr>
      ))}
    </PagedTable>
  );
}

/** 'referral.stage_changed' → 'Referral stage changed'. */
export const activityLabel = (action: string) => {
  const text = action.replace(/[._]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The few details a person reads in the activity list: which client, which move. */
function activitySummary(details: Record<string, unknown> | null): string {
  if (!details) return '';
  const parts: string[] = [];
  if (typeof details.clientCompanyName === 'string') parts.push(details.clientCompanyName);
  if (typeof details.from === 'string' && typeof details.to === 'string') parts.push(`${details.from} → ${details.to}`);
  if (typeof details.reason === 'string') parts.push(details.reason);
  return parts.join(' · ');
}

export function PartnerActivity({ partnerId }: { partnerId: string }) {
  const [page, setPage] = useState(1);
  const activity = trpc.admin.partnerActivity.useQuery(pageInput(partnerId, page), { placeholderData: keepPreviousData });
  return (
    <PagedTable
      title="Activity"
      result={activity}
      page={page}
      onPage={setPage}
      empty="No activity recorded yet."
      head={
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>What</Table.Th>
          <Table.Th>Details</Table.Th>
          <Table.Th>By</Table.Th>
        </Table.Tr>
      }
    >
      {activity.data?.items.map((entry) => (
        <Table.Tr key={entry.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</Table.Td>
          <Table.Td>
            <Text size="sm" fw={500}>
              {activityLabel(entry.action)}
            </Text>
            <Code fz="xs">{entry.action}</Code>
          </Table.Td>
          <Table.Td>{activitySummary(entry.details)}</Table.Td>
          <Table.Td>{entry.actorEmail ?? 'System'}</Table.Td>
        </Table.Tr>
      ))}
    </PagedTable>
  );
}
