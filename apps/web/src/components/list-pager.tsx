// The row under a server-paged list: on the left which rows the page shows, on the right page buttons
// whose names a screen reader can say. Every paged list shows it by one rule: the range while the
// list has rows (it says how many match), the buttons once the rows fill more than one page.

import { Group, Pagination, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { pageCount } from '../lib/list-page';

const count = (n: number) => n.toLocaleString('en-US');

const CONTROL_LABELS = {
  previous: 'Previous page',
  next: 'Next page',
  first: 'First page',
  last: 'Last page',
} as const;

export function ListPager({
  page,
  onPage,
  pageSize,
  total,
  label,
  summary,
  rangeTestId,
}: {
  page: number;
  onPage: (page: number) => void;
  pageSize: number;
  /** The rows of the whole list, on every page. */
  total: number;
  /** The page buttons' name (e.g. 'Referrals pages'), where a screen has more than one list. */
  label?: string;
  /** What the row says in place of the range, for a list that counts its rows in its own words. */
  summary?: ReactNode;
  rangeTestId?: string;
}) {
  if (total === 0) return null;
  const pages = pageCount(total, pageSize);
  const offset = (page - 1) * pageSize;
  return (
    <Group justify="space-between" mt="sm" gap="sm">
      <Text size="sm" c="dimmed" data-testid={rangeTestId}>
        {summary ?? `${count(offset + 1)}–${count(Math.min(offset + pageSize, total))} of ${count(total)}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          siblings={1}
          boundaries={1}
          aria-label={label}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Group>
  );
}
