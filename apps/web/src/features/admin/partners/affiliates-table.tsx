// All Affiliates (spec §2): every partner, paged, searched and sorted on the server.

import { Alert, Card, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  DEFAULT_PAGE_SIZE,
  PARTNER_STATUS_LABELS,
  PARTNER_STATUSES,
  type PartnerStatus,
} from '@portal/contracts/plain';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/errors';
import { trpc, type RouterInputs } from '../../../lib/trpc';
import { AffiliateRows, type SortField } from './affiliate-rows';
import { usePartnerDecisions } from './use-partner-decisions';
import { SuspendPartnerDialog } from './reason-decision-dialog';
import { ListPager } from '../../../components/list-pager';
import { optionsOf } from '../../../lib/select-options';
import { pageCount, useListPage } from '../../../lib/list-page';
import { SearchInput } from '../../../components/search-input';
import { FilterSelect } from '../../../components/filter-select';
import { FilteredListHeading } from '../../../components/list-section';

export const NO_AFFILIATES = 'No affiliates yet.';

type Sort = NonNullable<RouterInputs['admin']['partners']['sort']>;

/** Clicking a header sorts by it; clicking again reverses. Money and dates start largest and newest first. */
export function nextSort(current: Sort, field: SortField): Sort {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return field;
  return field === 'currentMrr' || field === 'totalLifetimeCommissions' || field === 'joinedAt' ? `-${field}` : field;
}

/** A sortable column's header: a button that sorts by it, with the direction as an arrow. */
export function SortButton({
  field,
  sort,
  onSort,
  label,
}: {
  field: SortField;
  sort: Sort;
  onSort: (sort: Sort) => void;
  label: string;
}) {
  const direction = sortDirection(sort, field);
  const Icon = direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={() => onSort(nextSort(sort, field))}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700, fontSize: 'inherit' }}
    >
      {label}
      {/* A header that wraps ("Total / Earned") squeezes its row: the arrow keeps its size. */}
      <Icon size={14} aria-hidden style={{ flexShrink: 0 }} />
    </UnstyledButton>
  );
}

const sortDirection = (sort: Sort, field: SortField) =>
  sort === field ? 'ascending' : sort === `-${field}` ? 'descending' : 'none';

const statusOptions = optionsOf(PARTNER_STATUSES, PARTNER_STATUS_LABELS);

export function AffiliatesTable({ onViewDetails }: { onViewDetails: (partnerId: string) => void }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<Sort>('-createdAt');
  const [status, setStatus] = useState<PartnerStatus | ''>('');
  const { page, setPage, offset, refilter, pager } = useListPage(DEFAULT_PAGE_SIZE);
  const decisions = usePartnerDecisions();
  // The partner a suspension is asking the reason for.
  const [suspending, setSuspending] = useState<{ id: string; companyName: string } | null>(null);

  const input = {
    limit: DEFAULT_PAGE_SIZE,
    offset,
    sort,
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(status ? { status } : {}),
  };
  const partners = trpc.admin.partners.useQuery(input, { placeholderData: keepPreviousData });
  const total = partners.data?.total ?? 0;
  const pages = pageCount(total, DEFAULT_PAGE_SIZE);
  const filtering = Boolean(debouncedSearch || status);
  // A decision can empty the last page (e.g. suspending under the Active filter): step back to a page that exists.
  useEffect(() => {
    if (partners.data && partners.data.total > 0 && page > pages) setPage(pages);
  }, [partners.data, page, pages, setPage]);

  const changeSort = refilter(setSort);

  return (
    <Card withBorder padding="lg" radius="md" data-testid="affiliates">
      <FilteredListHeading title="All Affiliates" filtersWidth={320}>
        <SearchInput
          aria-label="Search affiliates"
          placeholder="Company, contact, email or code"
          value={search}
          onSearch={refilter(setSearch)}
          style={{ flex: '1 1 240px', maxWidth: 360 }}
        />
        <FilterSelect
          aria-label="Filter by status"
          all="All statuses"
          choices={statusOptions}
          value={status}
          onFilter={refilter(setStatus)}
          w={160}
        />
      </FilteredListHeading>
      {partners.isError ? (
        <Alert color="red">{errorMessage(partners.error, 'Unable to load the affiliates.')}</Alert>
      ) : (
        <>
          {partners.data && partners.data.items.length > 0 && (
            <AffiliateRows
              partners={partners.data.items}
              dimmed={partners.isPlaceholderData}
              onViewDetails={onViewDetails}
              onSuspend={(id) => setSuspending(partners.data?.items.find((partner) => partner.id === id) ?? null)}
              onReactivate={(id) => void decisions.reactivate(id)}
              sort={{
                head: (field, label) => <SortButton field={field} sort={sort} onSort={changeSort} label={label} />,
                ariaSort: (field) => sortDirection(sort, field),
              }}
            />
          )}
          {partners.isPending && (
            <Text c="dimmed" ta="center" py="md">
              Loading affiliates...
            </Text>
          )}
          {partners.data && partners.data.items.length === 0 && (
            <Text c="dimmed" ta="center" py="md">
              {filtering ? 'No affiliates match these filters.' : NO_AFFILIATES}
            </Text>
          )}
          <ListPager {...pager} total={total} rangeTestId="affiliates-range" />
        </>
      )}
      <SuspendPartnerDialog
        partner={suspending}
        submitting={decisions.busy && suspending !== null}
        onClose={() => setSuspending(null)}
        onConfirm={async (reason) => {
          if (suspending && (await decisions.suspend(suspending.id, reason))) setSuspending(null);
        }}
      />
    </Card>
  );
}
