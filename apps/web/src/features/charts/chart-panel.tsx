// One chart of a dashboard: a named figure whose chart (lazily loaded with @mantine/charts) can be
// swapped for a table of the same numbers, with a loading, error and empty state.

import { Card, Center, Group, Loader, Switch, Text } from '@mantine/core';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { ColumnTable } from '../../components/column-table';

export interface ChartColumn<Row> {
  header: string;
  cell: (row: Row) => string;
  /** Right-aligned numbers. */
  numeric?: boolean;
}

interface ChartPanelProps<Row> {
  title: string;
  /** One line under the title: what the chart counts. */
  description: string;
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  columns: readonly ChartColumn<Row>[];
  /** True when there is nothing to draw (e.g. every month zero). */
  isEmpty: (rows: readonly Row[]) => boolean;
  emptyText: string;
  error?: string | null;
  /** The chart itself, a lazily loaded component (suspends while its code loads). */
  chart: (rows: readonly Row[]) => ReactNode;
}

export const CHART_HEIGHT = 260;

export function ChartPanel<Row>({
  title,
  description,
  rows,
  rowKey,
  columns,
  isEmpty,
  emptyText,
  error,
  chart,
}: ChartPanelProps<Row>) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const loading = <Loader size="sm" role="status" aria-label={`Loading ${title}`} />;
  const empty = rows !== undefined && isEmpty(rows);

  let body: ReactNode;
  if (error) body = <Text c="var(--mantine-color-error)">{error}</Text>;
  else if (rows === undefined) body = <Center h={CHART_HEIGHT}>{loading}</Center>;
  else if (empty) {
    body = (
      <Center h={120}>
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Center>
    );
  } else if (asTable) body = <ChartTable title={title} rows={rows} rowKey={rowKey} columns={columns} />;
  else body = <Suspense fallback={<Center h={CHART_HEIGHT}>{loading}</Center>}>{chart(rows)}</Suspense>;

  return (
    <Card withBorder padding="lg" radius="md" component="figure" m={0} aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="md">
        <div>
          <Text component="figcaption" id={titleId} fw={700} size="lg">
            {title}
          </Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {rows !== undefined && !empty && !error ? (
          <Switch
            label="Show as table"
            checked={asTable}
            onChange={(event) => setAsTable(event.currentTarget.checked)}
          />
        ) : null}
      </Group>
      {body}
    </Card>
  );
}

function ChartTable<Row>({
  title,
  rows,
  rowKey,
  columns,
}: {
  title: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly ChartColumn<Row>[];
}) {
  return (
    // A region of its own that scrolls sideways where the table does not fit, focusable so a keyboard can scroll it.
    <ColumnTable
      striped
      highlightOnHover
      verticalSpacing="xs"
      horizontalSpacing="xs"
      aria-label={`${title} table`}
      frameProps={{ tabIndex: 0, role: 'region', 'aria-label': `${title} table` }}
      // Values whole, headers free to wrap ("Commissions / paid"), so four columns fit a phone.
      columns={columns.map((column, index) => ({
        ...column,
        noWrap: true,
        ...(index === 0 ? { card: 'title' as const } : {}),
      }))}
      rows={rows}
      rowKey={rowKey}
      // A month and two or three numbers fit a half-width card: a table, not a dozen stacked cards.
      cards={false}
    />
  );
}
