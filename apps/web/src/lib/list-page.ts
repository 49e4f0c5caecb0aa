// The page of a server-paged list. A filter or sort change starts again at the first page: the
// narrowed list may not have as many pages as the page shown.

import { useState } from 'react';

/** How many pages `total` rows fill, at least one (an empty list still shows its first page). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export function useListPage(pageSize: number) {
  const [page, setPage] = useState(1);
  /** `set` (a filter's or the sort's setter) that also goes back to the first page. */
  const refilter =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  /** The list's pager row takes these as they are (`<ListPager {...pager} total={…} />`). */
  const pager = { page, onPage: setPage, pageSize };
  return { page, setPage, offset: (page - 1) * pageSize, refilter, pager };
}
