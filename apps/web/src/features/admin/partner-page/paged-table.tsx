// One server-paged list of the partner page: a heading with the count, the table, the pager.

import { Alert, Card, Group, Pagination, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadingRow } from '../../../layout/loading-row';
import { errorMessage } from '../../../lib/errors';

export const PARTNER_PAGE_SIZE = 10;

interface PagedResult {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  data?: { total: number; items: readonly unknown[] } | undefined;
}

export function PagedTable({
  title,
  result,
  page,
  onPage,
  empty,
  head,
  children,
  filters,
  minWidth = 640,
}: {
  title: string;
  result: PagedResult;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  head: ReactNode;
  children: ReactNode;
  filters?: ReactNode;
  minWidth?: number;
}) {
  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PARTNER_PAGE_SIZE));
  const from = (page - 1) * PARTNER_PAGE_SIZE;
  const id = `partner-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {filters}
      </Group>
      {result.isPending ? (
        <LoadingRow label={`Loading ${title.toLowerCase()}`} py="md" />
      ) : result.isError ? (
        <Alert color="red">{errorMessage(result.error, `Unable to load the ${title.toLowerCase()}.`)}</Alert>
      ) : total === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {empty}
        </Text>
      ) : (
        <>
          {/* Wider than a phone: a keyboard can scroll it too (axe: scrollable-region-focusable). */}
          <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} aria-label={`${title}, scrollable`}>
            <Table striped verticalSpacing="xs" style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>{head}</Table.Thead>
              <Table.Tbody>{children}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="sm" gap="sm">
            <Text size="sm" c="dimmed">
              {from + 1}–{Math.min(from + PARTNER_PAGE_SIZE, total)} of {total}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={page}
                onChange={onPage}
                size="sm"
                siblings={1}
                boundaries={1}
                aria-label={`${title} pages`}
                getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control === 'first' ? 'First page' : 'Last page' })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            )}
          </Group>
        </>
      )}
    </Card>
  );
}
