// The pager under a server-paged list: page buttons whose names a screen reader can say.

import { Pagination } from '@mantine/core';

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
