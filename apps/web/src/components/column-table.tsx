// The one table of the web app: every list is drawn from column definitions, a header and a cell
// renderer per column. Where the list has room it is a table; where it has not, every row is a card
// with each column's label beside its value (column-table.module.css, a container query on the list's
// own width). One DOM for both layouts, so a control exists once and keeps its label.

import { Table, VisuallyHidden, type TableProps } from '@mantine/core';
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import classes from './column-table.module.css';
import { TruncatedText } from './truncated-text';

/** Where a column's cell sits on a row's card; a line with its label beside its value by default. */
export type CardPlace =
  /** Heads the card, without its label. */
  | 'title'
  /** Before the title (a selection checkbox). */
  | 'select'
  /** At the title's end, without its label (an amount, a status); a second aside sits under the first. */
  | 'aside'
  /** The card's foot, without its label (the row's buttons). */
  | 'actions'
  /** Its label above its value (a long text, a list of badges). */
  | 'full'
  /** Not on the card: the column's facts are shown in another cell there (`CardOnly`). */
  | 'hidden';

export interface TableColumn<Row> {
  /** The column's name: its header and, on a card, the label beside its value. Unique within a table. */
  header: string;
  /** The header cell's content when not the plain name (a sort button, a select-all box); kept on a card as a control. */
  head?: ReactNode;
  /** Attributes of the header cell (aria-sort). */
  headProps?: Record<string, string>;
  /** The header is for screen readers only (a column of row actions). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** Right-aligned (numbers, money). */
  numeric?: boolean;
  /** Kept on one line on a table. */
  noWrap?: boolean;
  /** Bold (the row's name). */
  strong?: boolean;
  /** The column's width on a table. */
  width?: number | string;
  /** The widest a cell grows on a table before its text wraps. */
  maxWidth?: number;
  /**
   * Long text kept on one line and cut with an ellipsis at this width on a table (at the card's width on
   * a card); the full value shows on hover and focus. Keeps the other columns in view.
   */
  truncate?: number;
  card?: CardPlace;
  /** Per-cell attributes (a test id). */
  cellProps?: (row: Row) => Record<string, string | undefined>;
}

/** The column of a row's buttons (add its `cell`): named for screen readers only, at the foot of a card. */
export const ACTIONS_COLUMN = { header: 'Actions', hideHeader: true, card: 'actions' } as const;

/** Content a card shows and a table does not (a hidden column's facts folded into the title). */
export function CardOnly({ children }: { children: ReactNode }) {
  return <span className={classes.cardOnly}>{children}</span>;
}

/** Content a table shows and a card does not (a button's words, where a card shows its icon). */
export function TableOnly({ children }: { children: ReactNode }) {
  return <span className={classes.tableOnly}>{children}</span>;
}

type ColumnTableProps<Row> = {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  /** How a row is told apart from the others; a row with an `id` is told by it. */
  rowKey?: (row: Row) => string;
  /** Per-row attributes (a test id). */
  rowProps?: (row: Row) => Record<string, string | undefined>;
  /** Below this width the table scrolls sideways, until the list is narrow enough for cards. */
  minWidth?: number;
  /** Every cell on one line. */
  noWrap?: boolean;
  /** Rows after the data (a loading row): rendered inside the body. */
  footer?: ReactNode;
  /** Attributes of the scrolling frame (a keyboard-focusable scroller's label). */
  frameProps?: Record<string, string | number | undefined>;
  /** False for a table of a few short columns that fits any width: it never turns into cards. */
  cards?: boolean;
} & TableProps;

const byId = (row: unknown) => (row as { id: string }).id;

export function ColumnTable<Row extends { id: string }>(props: ColumnTableProps<Row>): ReactElement;
export function ColumnTable<Row>(props: ColumnTableProps<Row> & { rowKey: (row: Row) => string }): ReactElement;
export function ColumnTable<Row>({
  columns,
  rows,
  rowKey = byId,
  rowProps,
  minWidth,
  noWrap = false,
  footer,
  frameProps,
  cards = true,
  style,
  ...tableProps
}: ColumnTableProps<Row>) {
  return (
    <div className={classes.frame} data-cards={cards ? undefined : 'off'}>
      <div className={classes.scroll} {...frameProps}>
        <Table
          {...tableProps}
          className={classes.table}
          style={{ ...(style as CSSProperties), '--column-table-min-width': minWidth ? `${minWidth}px` : undefined }}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th
                  key={column.header}
                  w={column.width}
                  ta={column.numeric ? 'right' : undefined}
                  // A column's noWrap keeps its values whole; its header may still wrap ("Total / Earned").
                  style={noWrap ? { whiteSpace: 'nowrap' } : undefined}
                  data-control={column.head ? '' : undefined}
                  {...column.headProps}
                >
                  {column.head ??
                    (column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.header}
                    {...column.cellProps?.(row)}
                    data-card={column.card}
                    data-label={!column.card || column.card === 'full' ? column.header : undefined}
                    fw={column.strong ? 600 : undefined}
                    ta={column.numeric ? 'right' : undefined}
                    style={{
                      ...(noWrap || column.noWrap ? { whiteSpace: 'nowrap' } : {}),
                      // A table column's cap; a card's line takes the card's width (column-table.module.css).
                      ...(column.maxWidth ? { '--column-max-width': `${column.maxWidth}px` } : {}),
                    }}
                  >
                    {column.truncate ? (
                      <TruncatedText maxWidth={column.truncate}>{column.cell(row)}</TruncatedText>
                    ) : (
                      column.cell(row)
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {footer}
          </Table.Tbody>
        </Table>
      </div>
    </div>
  );
}
