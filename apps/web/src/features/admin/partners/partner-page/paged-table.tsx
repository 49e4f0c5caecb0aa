// One server-paged list of the partner page: a heading with the count, the rows (the shared column
// table: a table where the list has room, cards where it has not), the pager. The list keeps its page
// and asks `usePage` for the rows of it.

import { Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ColumnTable, type TableColumn } from '../../../../components/column-table';
import { QueryList } from '../../../../components/list-section';
import { ListPager } from '../../../../components/list-pager';
import { useListPage } from '../../../../lib/list-page';

export const PARTNER_PAGE_SIZE = 10;

/** The rows a page of the list asks the server for. */
export interface PageWindow {
  limit: number;
  offset: number;
}

interface PagedResult {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  data?: { total: number; items: readonly { id: string }[] } | undefined;
}

type RowOf<Result extends PagedResult> = NonNullable<Result['data']>['items'][number];

export function PagedTable<Result extends PagedResult>({
  title,
  usePage,
  empty,
  columns,
  filters,
}: {
  title: string;
  /** The query of one page's rows; it keeps the page before on screen while the next one loads. */
  usePage: (window: PageWindow) => Result;
  empty: string;
  columns: readonly TableColumn<RowOf<Result>>[];
  filters?: ReactNode;
}) {
  const { offset: from, pager } = useListPage(PARTNER_PAGE_SIZE);
  const result = usePage({ limit: PARTNER_PAGE_SIZE, offset: from });
  const total = result.data?.total ?? 0;
  const id = `partner-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {filters}
      </Group>
      <QueryList
        query={result}
        failure={`Unable to load the ${title.toLowerCase()}.`}
        loading={`Loading ${title.toLowerCase()}`}
        py="md"
        isEmpty={() => total === 0}
        empty={empty}
      >
        {() => (
          <>
            <ColumnTable
              striped
              verticalSpacing="xs"
              minWidth={560}
              aria-label={title}
              style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }}
              columns={columns.map((column, index) =>
                index === 0 && !column.card ? { ...column, card: 'title' } : column,
              )}
              rows={result.data?.items ?? []}
            />
            <ListPager {...pager} total={total} label={`${title} pages`} />
          </>
        )}
      </QueryList>
    </Card>
  );
}
