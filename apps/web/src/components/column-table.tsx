// A table drawn from column definitions: a header cell and a cell renderer per column. Shared by the
// charts' table view and the partner page's lists.

import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface TableColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned (numbers, money). */
  numeric?: boolean;
  /** Kept on one line. */
  noWrap?: boolean;
  /** Bold (the row's name). */
  strong?: boolean;
}

export function ColumnTable<Row>({
  columns,
  rows,
  rowKey,
  noWrap = false,
  ...tableProps
}: {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Every cell on one line. */ noWrap?: boolean;
} & TableProps) {
  return (
    <Table {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.header} ta={column.numeric ? 'right' : undefined}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td
                key={column.header}
                fw={column.strong ? 600 : undefined}
                ta={column.numeric ? 'right' : undefined}
                style={noWrap || column.noWrap ? { whiteSpace: 'nowrap' } : undefined}
              >
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
