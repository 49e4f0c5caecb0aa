// The states of a list on the partner dashboard's tabs: a spinner while the query loads, the failure
// in the user's words, a card with the words for none, then the rows.

import { Card, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadingRow } from '../../layout/loading-row';
import { errorMessage } from '../../lib/errors';

/** The card a dashboard list shows in place of its rows when it has none. */
export function EmptyDashboardList({ children }: { children: ReactNode }) {
  return (
    <Card withBorder padding="xl">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Card>
  );
}

/** The rows of a page of the query's answer once it has some (`children`), or the spinner, the failure or the empty card. */
export function DashboardQueryList<Page extends { items: readonly unknown[] }>({
  query,
  loading,
  failure,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: Page | undefined };
  /** The spinner's name ('Loading referrals'). */
  loading: string;
  /** The failure's words when the server gives none. */
  failure: string;
  empty: ReactNode;
  children: (page: Page) => ReactNode;
}) {
  if (query.isPending) return <LoadingRow label={loading} py="xl" />;
  if (query.isError || !query.data)
    return <Text c="var(--mantine-color-error)">{errorMessage(query.error, failure)}</Text>;
  if (query.data.items.length === 0) return <EmptyDashboardList>{empty}</EmptyDashboardList>;
  return <>{children(query.data)}</>;
}
