// The states of a list on the partner dashboard's tabs, QueryList's in the dashboard's look: a spinner
// while the query loads, the failure in the user's words, a card with the words for none, then the rows;
// and under them the list's pager row.

import type { ReactNode } from 'react';
import { QueryList } from '../../components/list-section';

/**
 * The rows of a page of the query's answer once it has some (`children`), or the spinner, the failure or
 * the empty card; then the pager row.
 */
export function DashboardQueryList<Page extends { items: readonly unknown[] }>({
  query,
  loading,
  failure,
  empty,
  pager,
  children,
}: {
  query: { isError: boolean; error: unknown; data?: Page | undefined };
  /** The spinner's name ('Loading referrals'). */
  loading: string;
  /** The failure's words when the server gives none. */
  failure: string;
  empty: ReactNode;
  /** The list's pager row (ListPager). */
  pager: ReactNode;
  children: (page: Page) => ReactNode;
}) {
  return (
    // The pager row sits as close under the rows as in a card, not a stack gap away.
    <div>
      <QueryList query={query} loading={loading} failure={failure} py="xl" empty={empty} emptyCard failureText>
        {children}
      </QueryList>
      {pager}
    </div>
  );
}
