// The partner page's lists, each paged on the server: referrals, commissions, payouts, activity.

import { Code, Group, Stack, Text } from '@mantine/core';
import type { PartnerCommission } from '@portal/contracts';
import { formatDate, formatMoney, formatMonthKey, SERVICE_TYPE_LABELS } from '@portal/contracts/plain';
import { keepPreviousData } from '@tanstack/react-query';
import { partnerEntrySentence } from '../../activity/activity-sentence';
import { trpc } from '../../../../lib/trpc';
import { CommissionStatusBadge } from '../../../partner/commissions-tab';
import { StageBadge, StoppedClientBadge } from '../../../partner/referrals-tab';
import { formatDateTime } from '../../emails/email-log';
import { PayoutLineStatusBadge } from '../../payouts/payout-lines';
import { PagedTable } from './paged-table';
import { MonoText } from '../../../../components/mono-text';

/** A list keeps its page on screen while the next one loads. */
const KEEP_PAGE = { placeholderData: keepPreviousData };

export function PartnerReferrals({ partnerId }: { partnerId: string }) {
  return (
    <PagedTable
      title="Referrals"
      usePage={(window) => trpc.admin.referrals.useQuery({ partnerId, sort: '-createdAt', ...window }, KEEP_PAGE)}
      empty="No referrals yet."
      columns={[
        { header: 'Client', strong: true, truncate: 260, cell: (referral) => referral.clientCompanyName },
        { header: 'Service', cell: (referral) => SERVICE_TYPE_LABELS[referral.serviceType] },
        {
          header: 'Stage',
          cell: (referral) => (
            <Group gap={4}>
              <StageBadge stage={referral.stage} />
              <StoppedClientBadge referral={referral} />
            </Group>
          ),
        },
        { header: 'Monthly value', numeric: true, cell: (referral) => formatMoney(referral.monthlyValue) },
        { header: 'Created', cell: (referral) => formatDate(referral.createdAt) },
      ]}
    />
  );
}

export function PartnerCommissions({ partnerId }: { partnerId: string }) {
  return (
    <PagedTable
      title="Commissions"
      usePage={(window) => trpc.admin.partnerCommissions.useQuery({ partnerId, ...window }, KEEP_PAGE)}
      empty="No commissions yet."
      columns={[
        { header: 'Month', cell: (commission) => formatMonthKey(commission.monthYear) },
        { header: 'Client', truncate: 240, cell: (commission) => commission.clientCompanyName },
        { header: 'Amount', numeric: true, cell: (commission) => formatMoney(commission.amount) },
        { header: 'Status', cell: (commission) => <CommissionStatusBadge status={commission.status} /> },
        // A pending fee is due by the client's payment date plus the payout days; the Payout Processor offers it from
        // the payment date plus the program's hold, so a fee within its hold is here and not there yet.
        {
          header: 'Due by',
          cell: (commission) =>
            commission.status === 'pending' && commission.dueBy ? formatDate(commission.dueBy) : '—',
        },
        { header: 'Paid', cell: (commission) => <CommissionPaidOn commission={commission} /> },
      ]}
    />
  );
}

/**
 * A fee is paid on its payout's day only while it stays paid: a fee whose payment came back was never
 * paid, so it says when it came back instead.
 */
function CommissionPaidOn({ commission }: { commission: PartnerCommission }) {
  if (commission.status === 'paid' && commission.paymentDate) return formatDate(commission.paymentDate);
  if (commission.status === 'failed' && commission.returnedAt)
    return (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        Returned on {formatDate(commission.returnedAt)}
      </Text>
    );
  return '—';
}

/** Every payout the partner was in, with its line: the amount, and whether it went out, arrived or came back. */
export function PartnerPayouts({ partnerId }: { partnerId: string }) {
  return (
    <PagedTable
      title="Payouts"
      usePage={(window) => trpc.admin.partnerPayouts.useQuery({ partnerId, ...window }, KEEP_PAGE)}
      empty="No payouts yet."
      columns={[
        {
          header: 'Reference',
          noWrap: true,
          cell: (payout) => (
            <MonoText span inherit>
              {payout.reference}
            </MonoText>
          ),
        },
        { header: 'Paid', noWrap: true, cell: (payout) => formatDate(payout.paidAt) },
        { header: 'Method', cell: (payout) => payout.method },
        { header: 'Commissions', numeric: true, cell: (payout) => payout.commissionCount },
        { header: 'Amount', numeric: true, cell: (payout) => formatMoney(payout.amount) },
        {
          header: 'Status',
          cell: (payout) => (
            <Stack gap={2} align="flex-start">
              <PayoutLineStatusBadge line={payout} payoutSent={payout.sentAt !== null} />
              {payout.status === 'returned' && (
                <Text size="xs" c="dimmed" data-testid="payout-return">
                  {payout.resolvedAt ? `${formatDate(payout.resolvedAt)} · ` : ''}
                  {payout.returnReason}
                </Text>
              )}
            </Stack>
          ),
        },
      ]}
    />
  );
}

/** What happened to the partner, a sentence a row, newest first (local times). */
export function PartnerActivity({ partnerId, companyName }: { partnerId: string; companyName: string }) {
  return (
    <PagedTable
      title="Activity"
      usePage={(window) => trpc.admin.partnerActivity.useQuery({ partnerId, ...window }, KEEP_PAGE)}
      empty="No activity recorded yet."
      columns={[
        { header: 'When', noWrap: true, cell: (entry) => formatDateTime(entry.createdAt) },
        {
          header: 'What happened',
          card: 'full',
          cell: (entry) => (
            <>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="activity-sentence">
                {partnerEntrySentence(entry, companyName)}
              </Text>
              <Code fz="xs">{entry.action}</Code>
            </>
          ),
        },
      ]}
    />
  );
}
