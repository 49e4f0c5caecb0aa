// One server-paged list of the partner page: a heading with the count, the rows, the pager. The rows are
// a table where the list has room for one and a list of small cards where it has not (a phone, a
// half-width panel): every column is seen without scrolling sideways (paged-table.module.css).

import { Alert, Box, Card, Group, Pagination, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ColumnTable, type TableColumn } from '../../../../components/column-table';
import { LoadingRow } from '../../../../layout/loading-row';
import classes from './paged-table.module.css';
import { errorMessage } from '../../../../lib/errors';

export const PARTNER_PAGE_SIZE = 10;
/** The table's minimum width; below it the rows are cards (the container query in paged-table.module.css). */
const TABLE_MIN_WIDTH = 560;

interface PagedResult {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isPlaceholderData: boolean;
  data?: { total: number; items: readonly unknown[] } | undefined;
}

/** A phone's card: the first column as its heading, the others as label and value, two to a line. */
function RowCard<Row>({ row, columns }: { row: Row; columns: readonly TableColumn<Row>[] }) {
  const [first, ...rest] = columns;
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      {first ? (
        <Text fw={600} size="sm" mb={6}>
          {first.cell(row)}
        </Text>
      ) : null}
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
        {rest.map((column) => (
          <div key={column.header} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {column.header}
            </Text>
            <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {column.cell(row)}
            </Box>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

export function PagedTable<Row>({
  title,
  result,
  page,
  onPage,
  empty,
  columns,
  rows,
  rowKey,
  filters,
}: {
  title: string;
  result: PagedResult;
  page: number;
  onPage: (page: number) => void;
  empty: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  filters?: ReactNode;
}) {
  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PARTNER_PAGE_SIZE));
  const from = (page - 1) * PARTNER_PAGE_SIZE;
  const id = `partner-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id} className={classes.frame}>
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
          <Box
            component="ul"
            aria-label={title}
            className={classes.cards}
            style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }}
          >
            {rows.map((row) => (
              <RowCard key={rowKey(row)} row={row} columns={columns} />
            ))}
          </Box>
          <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH} type="native" className={classes.table}>
            <ColumnTable
              striped
              verticalSpacing="xs"
              style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }}
              columns={columns}
              rows={rows}
              rowKey={rowKey}
            />
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
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'previous'
                      ? 'Previous page'
                      : control === 'next'
                        ? 'Next page'
                        : control === 'first'
                          ? 'First page'
                          : 'Last page',
                })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            )}
          </Group>
        </>
      )}
    </Card>
  );
}
