// Commissions tab (spec §2): the partner's own commissions as cards, newest month first,
// paged on the server and filtered by month and status; paid lines sit under their payout, and the
// failed lines of a payout that came back sit under it, marked Returned with the day and reason.

import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title, type BadgeProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import {
  COMMISSION_MESSAGES,
  PAYOUT_HISTORY_MESSAGES,
  PAYOUT_LINE_STATUS_LABELS,
  type Commission,
  type CommissionLine,
  type CommissionStatus,
  type PartnerPayout,
  type PartnerProfile,
} from '@portal/contracts';
import {
  COMMISSION_KIND_LABELS,
  COMMISSION_STATUS_LABELS,
  COMMISSION_STATUSES,
  formatDate,
  formatMoney,
  formatMonthKey,
  monthKey,
  PAYMENT_METHOD_LABELS,
  plural,
  todayIsoDate,
} from '@portal/contracts/plain';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { StatementDownloads } from '../admin/partners/partner-statements';
import { trpc } from '../../lib/trpc';
import { ListPager } from '../../components/list-pager';
import { optionsOf } from '../../lib/select-options';
import { LabelledValue } from '../../components/labelled-value';
import { useListPage } from '../../lib/list-page';
import { FilterSelect } from '../../components/filter-select';
import { DashboardQueryList } from './dashboard-list';
import { EmptyList } from '../../components/list-section';
import { PAYMENT_METHOD_ANCHOR } from './update-bank-details-card';

// Filled shades whose label keeps at least 4.5:1 contrast (autoContrast picks dark text on yellow).
export const COMMISSION_STATUS_COLORS: Record<CommissionStatus, string> = {
  pending: 'yellow.4',
  paid: 'teal.9',
  failed: 'red.9',
  voided: 'gray.7',
};

export function CommissionStatusBadge({ status, ...badge }: { status: CommissionStatus } & BadgeProps) {
  return (
    <Badge color={COMMISSION_STATUS_COLORS[status]} variant="filled" autoContrast {...badge}>
      {COMMISSION_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A failed payment is offered again once the details it went to are right: the way to them. */
function PaymentDetailsLink() {
  return (
    <Anchor
      size="sm"
      fw={600}
      mt={4}
      display="inline-block"
      renderRoot={(props) => (
        <Link to="/dashboard" search={{ tab: 'settings' }} hash={PAYMENT_METHOD_ANCHOR} {...props} />
      )}
    >
      Check your payment details
    </Anchor>
  );
}

/**
 * A commission as a card. Under a returned payout, `returnExplained` leaves the failure reason and the
 * way to the payment details to the payout, which says them once for all its lines.
 */
export function CommissionCard({
  commission,
  returnExplained = false,
}: {
  commission: Commission;
  returnExplained?: boolean;
}) {
  return (
    <Card withBorder padding="md" radius="md" data-testid="commission-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          {/* A voided fee is not owed: its amount is struck through and dimmed. */}
          <Text
            fw={700}
            fz="xl"
            data-testid="commission-amount"
            {...(commission.status === 'voided' ? { td: 'line-through', c: 'dimmed' } : {})}
          >
            {formatMoney(commission.amount)}
          </Text>
          <Text size="sm" c="dimmed">
            {formatMonthKey(commission.monthYear)}
            {commission.kind !== 'recurring' ? ` · ${COMMISSION_KIND_LABELS[commission.kind]}` : ''}
            {commission.clientCompanyName ? ` · ${commission.clientCompanyName}` : ''}
          </Text>
        </div>
        <CommissionStatusBadge status={commission.status} style={{ flexShrink: 0 }} data-testid="commission-status" />
      </Group>
      {commission.dueBy && (
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" mt="md" data-testid="commission-due">
          <LabelledValue label="Client Paid" value={formatDate(commission.clientPaidAt ?? null)} />
          <LabelledValue
            label="Due By"
            value={
              <>
                {formatDate(commission.dueBy)}
                {/* The agreement pays a fee within its days after the client's payment: past them, it is late. */}
                {commission.status === 'pending' && commission.dueBy < todayIsoDate() && (
                  <Badge color="red" variant="light" size="sm" ml={6} data-testid="commission-overdue">
                    Overdue
                  </Badge>
                )}
              </>
            }
          />
        </SimpleGrid>
      )}
      {commission.status === 'paid' && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mt="md">
          <LabelledValue label="Paid Date" value={formatDate(commission.paymentDate)} />
          <LabelledValue label="Reference" value={commission.paymentReference ?? 'N/A'} />
          <LabelledValue
            label="Method"
            value={commission.paymentMethod ? PAYMENT_METHOD_LABELS[commission.paymentMethod] : 'N/A'}
          />
        </SimpleGrid>
      )}
      {commission.reason && (
        <Text size="sm" mt="sm" style={{ overflowWrap: 'anywhere' }} data-testid="commission-reason">
          {COMMISSION_KIND_LABELS[commission.kind]} reason: {commission.reason}
        </Text>
      )}
      {commission.status === 'voided' && commission.voidReason && (
        <Text size="sm" c="dimmed" mt="sm" style={{ overflowWrap: 'anywhere' }}>
          Voided: {commission.voidReason}
        </Text>
      )}
      {commission.status === 'failed' && !returnExplained && (
        <>
          {commission.failureReason && (
            <Text size="sm" c="var(--mantine-color-error)" mt="sm" style={{ overflowWrap: 'anywhere' }}>
              Failure reason: {commission.failureReason}
            </Text>
          )}
          <PaymentDetailsLink />
        </>
      )}
    </Card>
  );
}

export function CommissionList({ commissions }: { commissions: readonly Commission[] }) {
  if (commissions.length === 0) return <EmptyList card>{COMMISSION_MESSAGES.noCommissionsYet}</EmptyList>;
  return (
    <Stack gap="sm">
      {commissions.map((commission) => (
        <CommissionCard key={commission.id} commission={commission} />
      ))}
    </Stack>
  );
}

/**
 * Paid lines under their payout, and failed lines under the payout that came back (they keep it until
 * they are offered again), in the order the page lists them; other lines on their own.
 */
export type CommissionGroup =
  | { kind: 'single'; line: CommissionLine }
  | { kind: 'payout'; payout: PartnerPayout | undefined; payoutId: string; lines: CommissionLine[] };

export function groupByPayout(lines: readonly CommissionLine[], payouts: readonly PartnerPayout[]): CommissionGroup[] {
  const byId = new Map(payouts.map((payout) => [payout.id, payout]));
  const groups: CommissionGroup[] = [];
  const open = new Map<string, Extract<CommissionGroup, { kind: 'payout' }>>();
  for (const line of lines) {
    if ((line.status !== 'paid' && line.status !== 'failed') || !line.payoutId) {
      groups.push({ kind: 'single', line });
      continue;
    }
    const existing = open.get(line.payoutId);
    if (existing) existing.lines.push(line);
    else {
      const group = {
        kind: 'payout' as const,
        payoutId: line.payoutId,
        payout: byId.get(line.payoutId),
        lines: [line],
      };
      open.set(line.payoutId, group);
      groups.push(group);
    }
  }
  return groups;
}

/**
 * A payout whose line came back: the day and the bank's reason, and that its fees are still owed and
 * paid again once the partner's payment details are fixed.
 */
function ReturnedPayout({ payout }: { payout: PartnerPayout }) {
  return (
    <Stack gap={4} mb="sm" data-testid="payout-returned">
      <Alert
        color="red"
        variant="light"
        p="sm"
        title={`Returned${payout.resolvedAt ? ` on ${formatDate(payout.resolvedAt)}` : ''}`}
      >
        <Stack gap={4}>
          {(payout.returnReason ?? payout.returnCode) && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="payout-return-reason">
              Reason: {payout.returnReason ?? payout.returnCode}
            </Text>
          )}
          <Text size="sm">{PAYOUT_HISTORY_MESSAGES.returnedStillOwed}</Text>
        </Stack>
      </Alert>
      {/* On the card, not the red tint: the link's blue keeps AA contrast there. */}
      <div>
        <PaymentDetailsLink />
      </div>
    </Stack>
  );
}

export function PayoutGroup({
  payout,
  lines,
}: {
  payout: PartnerPayout | undefined;
  lines: readonly CommissionLine[];
}) {
  const returned = payout?.status === 'returned';
  return (
    <Card withBorder padding="md" radius="md" data-testid="payout-group">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" mb="sm">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            Payout
          </Text>
          <Text fw={700} data-testid="payout-reference" style={{ overflowWrap: 'anywhere' }}>
            {payout?.reference ?? lines[0]?.paymentReference ?? 'N/A'}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDate(payout?.paidAt ?? lines[0]?.paymentDate)}
            {payout?.method ? ` · ${PAYMENT_METHOD_LABELS[payout.method]}` : ''}
            {payout
              ? ` · ${payout.commissionCount} ${payout.commissionCount === 1 ? 'commission' : 'commissions'}`
              : ''}
          </Text>
        </div>
        {payout && (
          <Group gap="xs" wrap="nowrap">
            {returned && (
              <Badge color="red.9" variant="filled" autoContrast data-testid="payout-status">
                {PAYOUT_LINE_STATUS_LABELS.returned}
              </Badge>
            )}
            <Text fw={700} fz="lg" data-testid="payout-amount">
              {formatMoney(payout.amount)}
            </Text>
          </Group>
        )}
      </Group>
      {payout && returned && <ReturnedPayout payout={payout} />}
      <Stack gap="xs">
        {lines.map((line) => (
          <CommissionCard key={line.id} commission={line} returnExplained={returned} />
        ))}
      </Stack>
    </Card>
  );
}

type MonthOption = { value: string; label: string };

/** Month options from `last` back to `first` ("YYYY-MM"), newest first; none when `last` comes before `first`. */
export function monthsBetween(first: string, last: string): MonthOption[] {
  const months: MonthOption[] = [];
  const [year, month] = last.split('-').map(Number) as [number, number];
  for (let back = 0; ; back++) {
    const key = monthKey(new Date(Date.UTC(year, month - 1 - back, 1)));
    if (key < first) return months;
    months.push({ value: key, label: formatMonthKey(key) });
  }
}

/**
 * The months a partner may pick, from their first month in the program (the earliest of their
 * application, approval and account, or of their first fee). Statements run to the latest closed month: a month still under
 * way has no statement yet. The commission filter runs to the current month, where an adjustment
 * made today lands.
 */
export function partnerMonths(
  partner: Pick<PartnerProfile, 'applicationDate' | 'approvedAt' | 'createdAt' | 'firstFeeMonth'>,
  now: Date = new Date(),
): { first: string; statements: MonthOption[]; commissions: MonthOption[] } {
  const starts = [partner.applicationDate, partner.approvedAt, partner.createdAt].filter((value) => value !== null);
  // A fee for a month before the account (a client added with an earlier contract) has its month too.
  const first =
    [
      ...starts.map((value) => monthKey(new Date(value))),
      ...(partner.firstFeeMonth ? [partner.firstFeeMonth] : []),
    ].sort()[0] ?? monthKey(now);
  const current = monthKey(now);
  const lastClosed = monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  return { first, statements: monthsBetween(first, lastClosed), commissions: monthsBetween(first, current) };
}

/** How a statement reads: what happened in its month, so a closed month stays as it was. */
const STATEMENT_RULE =
  'Each statement lists what happened in its month: fees as they are earned or voided, payouts as they are made or come back. A month’s statement stays the same once the month is over.';

/** The Monthly statements card: a closed month's PDF or CSV, or when the first one is ready. */
function MonthlyStatements({ partner }: { partner: PartnerProfile }) {
  const { first, statements } = partnerMonths(partner);
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs">
        <Text fw={600}>Monthly statements</Text>
        <Text size="sm" c="dimmed" data-testid="statement-rule">
          {STATEMENT_RULE}
        </Text>
        {statements.length > 0 ? (
          <StatementDownloads
            fileLabel="statement"
            months={statements}
            pathOf={(m, format) => `/api/partners/statements/${m}.${format}`}
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="no-statement-yet">
            No statement yet: your first one is ready once {formatMonthKey(first)} ends.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

const PAGE_SIZE = 20;
const STATUS_OPTIONS = optionsOf(COMMISSION_STATUSES, COMMISSION_STATUS_LABELS);

export function CommissionsTab({ partner }: { partner: PartnerProfile }) {
  const [month, setMonth] = useState('');
  const [status, setStatus] = useState<CommissionStatus | ''>('');
  const { offset, refilter, pager } = useListPage(PAGE_SIZE);
  const monthOptions = partnerMonths(partner).commissions;
  const query = trpc.partner.commissionsPage.useQuery(
    {
      limit: PAGE_SIZE,
      offset,
      month: month || undefined,
      status: status || undefined,
    },
    { placeholderData: keepPreviousData },
  );
  const filtered = month !== '' || status !== '';
  const total = query.data?.total ?? 0;

  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        Your Commissions
      </Title>
      <MonthlyStatements partner={partner} />
      <Group gap="sm" wrap="wrap">
        <FilterSelect
          label="Month"
          all="All months"
          choices={monthOptions}
          value={month}
          onFilter={refilter(setMonth)}
          w={200}
        />
        <FilterSelect
          label="Status"
          all="All statuses"
          choices={STATUS_OPTIONS}
          value={status}
          onFilter={refilter(setStatus)}
          w={170}
        />
      </Group>
      <DashboardQueryList
        query={query}
        loading="Loading commissions"
        failure="Unable to load your commissions."
        empty={filtered ? 'No commissions match these filters.' : COMMISSION_MESSAGES.noCommissionsYet}
        pager={<ListPager {...pager} total={total} summary={plural(total, 'commission', 'commissions')} />}
      >
        {({ items, payouts }) => (
          <Stack gap="sm">
            {groupByPayout(items, payouts).map((group) =>
              group.kind === 'single' ? (
                <CommissionCard key={group.line.id} commission={group.line} />
              ) : (
                <PayoutGroup key={group.payoutId} payout={group.payout} lines={group.lines} />
              ),
            )}
          </Stack>
        )}
      </DashboardQueryList>
    </Stack>
  );
}
