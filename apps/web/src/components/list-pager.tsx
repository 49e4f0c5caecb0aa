// The pager under a server-paged list: which rows the page shows, and page buttons whose names a
// screen reader can say.

import { Group, Pagination, Text } from '@mantine/core';

const CONTROL_LABELS = {
  previous: 'Previous page',
  next: 'Next page',
  first: 'First page',
  last: 'Last page',
} as const;

export function ListPager({
  pages,
  page,
  onPage,
  label,
}: {
  pages: number;
  page: number;
  onPage: (page: number) => void;
  /** The pager's name (e.g. 'Referrals pages'), where a screen has more than one list. */
  label?: string;
}) {
  return (
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
  );
}

/** The pager centred under a list, once the list has more than one page. */
export function CentredPager({ pages, page, onPage }: { pages: number; page: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" mt="md">
      <ListPager pages={pages} page={page} onPage={onPage} />
    </Group>
  );
}

/** '11–20 of 57': the rows of the list this page shows. */
export function ListRange({
  offset,
  pageSize,
  total,
  testId,
}: {
  offset: number;
  pageSize: number;
  total: number;
  testId?: string;
}) {
  return (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {offset + 1}–{Math.min(offset + pageSize, total)} of {total}
    </Text>
  );
}
