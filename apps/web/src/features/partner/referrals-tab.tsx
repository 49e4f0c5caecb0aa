// Referrals tab (spec §2): the partner's own referrals as cards, searched, filtered by stage
// and paged on the server, and the New Referral dialog.

import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  DEFAULT_PAGE_SIZE,
  formatDate,
  formatMoney,
  formatMonthKey,
  REFERRAL_STAGE_LABELS,
  REFERRAL_STAGES,
  SERVICE_TYPE_LABELS,
  todayIsoDate,
  type Referral,
  type ReferralStage,
} from '@portal/contracts';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { NewReferralDialog } from './new-referral-dialog';
import { ListPager } from '../../components/list-pager';
import { optionsOf } from '../../lib/select-options';
import { LabelledValue } from '../../components/labelled-value';
import { useListPage } from '../../lib/list-page';
import { SearchInput } from '../../components/search-input';
import { FilterSelect } from '../../components/filter-select';
import { DashboardQueryList } from './dashboard-list';

// Filled shades whose label keeps at least 4.5:1 contrast (autoContrast picks dark text on yellow).
export const STAGE_COLORS: Record<ReferralStage, string> = {
  booked: 'blue.8',
  qualified: 'cyan.9',
  proposal: 'yellow.4',
  won: 'teal.9',
  lost: 'red.9',
};

export function StageBadge({ stage }: { stage: ReferralStage }) {
  return (
    <Badge color={STAGE_COLORS[stage]} variant="filled" autoContrast>
      {REFERRAL_STAGE_LABELS[stage]}
    </Badge>
  );
}

/**
 * A won client that has stopped (churned, or its contract ended) on or before `today`: it earns no
 * fees after that month and is not among the dashboard's Active Clients once the month is over.
 */
export function stoppedClient(referral: Referral, today: string): { label: string; date: string } | null {
  if (referral.stage !== 'won') return null;
  if (referral.churnDate && referral.churnDate <= today) return { label: 'Churned', date: referral.churnDate };
  if (referral.contractEndDate && referral.contractEndDate < today) {
    return { label: 'Contract ended', date: referral.contractEndDate };
  }
  return null;
}

/**
 * Beside a won deal's stage: the client has stopped ("Churned", "Contract ended"); the tooltip gives the day and
 * what it means for fees. Nothing for a client still active.
 */
export function StoppedClientBadge({
  referral,
  today = todayIsoDate(),
  size = 'md',
}: {
  referral: Referral;
  today?: string;
  size?: 'xs' | 'md';
}) {
  const stopped = stoppedClient(referral, today);
  if (!stopped) return null;
  return (
    <Tooltip label={`${stopped.label} on ${formatDate(stopped.date)}: no fees after that month`}>
      <Badge size={size} color="gray.7" variant="filled" data-testid="client-stopped">
        {stopped.label}
      </Badge>
    </Tooltip>
  );
}

/**
 * The day of a referral's consultation, as the other dates read ("Dec 3, 2026"). A day entered in a form
 * is kept as that day's midnight UTC and reads as that day in any time zone; a booked consultation is
 * a moment, read in the viewer's time zone.
 */
export function consultationDay(referral: Pick<Referral, 'consultationDate' | 'bookingProvider'>): string | null {
  const value = referral.consultationDate;
  if (!value) return null;
  const enteredDay = referral.bookingProvider === null && value.endsWith('T00:00:00.000Z');
  return formatDate(enteredDay ? value.slice(0, 10) : value);
}

/** A referral as its partner sees it; `paidMonths` are the months its client paid for (months only, no amounts). */
export function ReferralCard({
  referral,
  paidMonths = [],
  today = todayIsoDate(),
}: {
  referral: Referral;
  paidMonths?: readonly string[];
  today?: string;
}) {
  const stopped = stoppedClient(referral, today);
  const consultation = consultationDay(referral);
  return (
    <Card withBorder padding="md" radius="md" data-testid="referral-card">
      {/* The stage sits beside the name; the email and the longer badges take the card's whole width
          under it, so on a phone the name and email are not cut short. */}
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }} data-testid="referral-client">
          {referral.clientCompanyName}
        </Text>
        <div style={{ flexShrink: 0 }}>
          <StageBadge stage={referral.stage} />
        </div>
      </Group>
      {referral.clientEmail && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="referral-email">
          {referral.clientEmail}
        </Text>
      )}
      {(stopped || referral.clientAlreadyIntroduced) && (
        <Group gap={6} mt={6} wrap="wrap" data-testid="referral-flags">
          <StoppedClientBadge referral={referral} today={today} />
          {referral.clientAlreadyIntroduced && (
            <Badge color="orange" variant="light" data-testid="already-introduced">
              Client already introduced
            </Badge>
          )}
        </Group>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" mt="md">
        <LabelledValue label="Monthly Value" value={formatMoney(referral.monthlyValue)} />
        <LabelledValue label="Service" value={SERVICE_TYPE_LABELS[referral.serviceType]} />
        <LabelledValue label="Commission" value={`${formatMoney(referral.commissionAmount)}/month`} />
        {consultation && <LabelledValue label="Consultation" value={consultation} />}
        <LabelledValue label="Created" value={formatDate(referral.createdAt)} />
        <LabelledValue label="Updated" value={formatDate(referral.updatedAt)} />
        {stopped && <LabelledValue label={stopped.label} value={formatDate(stopped.date)} />}
        {referral.qualifiesBy && referral.stage !== 'won' && referral.stage !== 'lost' && (
          <LabelledValue label="Sign by" value={formatDate(referral.qualifiesBy)} />
        )}
        {referral.stage === 'lost' && referral.closeDate && (
          <LabelledValue label="Lost on" value={formatDate(referral.closeDate)} />
        )}
      </SimpleGrid>
      {referral.stage === 'lost' && referral.lostReason && (
        <Text size="sm" mt="sm" style={{ overflowWrap: 'anywhere' }} data-testid="lost-reason">
          <Text span size="sm" c="dimmed">
            Why it was lost:{' '}
          </Text>
          {referral.lostReason}
        </Text>
      )}
      {referral.stage === 'won' && referral.qualifying === false && (
        <Text size="sm" mt="sm" c="var(--mantine-color-error)" data-testid="not-qualifying">
          Not a qualifying client{referral.qualificationReason ? `: ${referral.qualificationReason}` : ''}. Its payments
          earn no fees.
        </Text>
      )}
      {referral.notes && (
        <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Text span size="sm" c="dimmed">
            Notes:{' '}
          </Text>
          {referral.notes}
        </Text>
      )}
      {paidMonths.length > 0 && (
        <Text size="sm" mt="sm" data-testid="paid-months">
          <Text span size="sm" c="dimmed">
            Client paid for:{' '}
          </Text>
          {paidMonths.map(formatMonthKey).join(', ')}
        </Text>
      )}
    </Card>
  );
}

const stageOptions = optionsOf(REFERRAL_STAGES, REFERRAL_STAGE_LABELS);

/** Your Referrals: searched, filtered by stage and paged on the server (an agency may bring hundreds). */
export function ReferralsTab() {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [stage, setStage] = useState<ReferralStage | ''>('');
  const { offset, refilter, pager } = useListPage(DEFAULT_PAGE_SIZE);
  const input = {
    limit: DEFAULT_PAGE_SIZE,
    offset,
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(stage ? { stage } : {}),
  };
  const referrals = trpc.partner.referralsPage.useQuery(input, { placeholderData: keepPreviousData });
  const paid = trpc.partner.referralPaidMonths.useQuery();
  const paidMonthsOf = new Map((paid.data ?? []).map((row) => [row.referralId, row.months]));
  const total = referrals.data?.total ?? 0;
  const filtering = Boolean(debouncedSearch || stage);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} size="h4">
          Your Referrals
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialogOpen(true)}>
          New Referral
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap">
        <SearchInput
          aria-label="Search referrals"
          placeholder="Search client or email"
          value={search}
          onSearch={refilter(setSearch)}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        <FilterSelect
          aria-label="Filter by stage"
          all="All stages"
          choices={stageOptions}
          value={stage}
          onFilter={refilter(setStage)}
          w={160}
        />
      </Group>
      <DashboardQueryList
        query={referrals}
        loading="Loading referrals"
        failure="Unable to load your referrals."
        empty={
          filtering
            ? 'No referrals match these filters.'
            : 'No referrals yet. Create your first referral to get started!'
        }
        pager={<ListPager {...pager} total={total} rangeTestId="referrals-range" />}
      >
        {({ items }) => (
          <Stack gap="sm" style={{ opacity: referrals.isPlaceholderData ? 0.6 : 1 }}>
            {items.map((referral) => (
              <ReferralCard key={referral.id} referral={referral} paidMonths={paidMonthsOf.get(referral.id)} />
            ))}
          </Stack>
        )}
      </DashboardQueryList>
      <NewReferralDialog opened={dialogOpen} onClose={() => setDialogOpen(false)} />
    </Stack>
  );
}
