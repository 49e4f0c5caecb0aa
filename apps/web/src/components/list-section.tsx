// A list's card and the states a list passes through: the card with its heading, a dimmed line on
// what the list holds and what sits at the heading's end (a count, an Add button); then, in place of
// the rows, the failure in the user's words, a spinner while the query loads, or the words for none.
// The same states serve a panel that is not a list (a form of stored settings) and the partner's lists
// of cards.

import { Alert, Card, Group, Text, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardHeading } from './card-heading';
import classes from './list-section.module.css';
import { LoadingRow } from '../layout/loading-row';
import { errorMessage } from '../lib/errors';

export function ListSection({
  id,
  title,
  description,
  aside,
  testId,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id} data-testid={testId}>
      <Group justify="space-between" mb="sm" gap="xs">
        <CardHeading order={2} size="h4" id={id} title={title} description={description} />
        {aside}
      </Group>
      {children}
    </Card>
  );
}

/**
 * The heading of a list that is searched and filtered: the title, and at the end of its line the search box
 * and filters (`children`), which wrap under it where the line is too narrow for them.
 */
export function FilteredListHeading({
  title,
  filtersWidth,
  align,
  children,
}: {
  title: string;
  /** The filters' width before they wrap, in pixels. */
  filtersWidth: number;
  align?: 'flex-end';
  children: ReactNode;
}) {
  return (
    <div className={classes.heading}>
      <Group justify="space-between" mb="md" gap="sm" align={align}>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Group gap="sm" wrap="wrap" className={classes.filters} style={{ flex: `1 1 ${filtersWidth}px` }}>
          {children}
        </Group>
      </Group>
    </div>
  );
}

/**
 * The words a list shows when it has no rows, centred where the rows would be; for a list whose rows are
 * cards (the partner's dashboard), in a card of their own.
 */
export function EmptyList({
  py = 'lg',
  card = false,
  children,
}: {
  py?: MantineSpacing;
  card?: boolean;
  children: ReactNode;
}) {
  if (card)
    return (
      <Card withBorder padding="xl">
        <Text c="dimmed" ta="center">
          {children}
        </Text>
      </Card>
    );
  return (
    <Text c="dimmed" ta="center" py={py}>
      {children}
    </Text>
  );
}

/** Whether a list's answer has no rows: an array with none, or a page whose `items` are none. */
function hasNoRows(data: unknown): boolean {
  if (Array.isArray(data)) return data.length === 0;
  const items = typeof data === 'object' && data !== null && 'items' in data ? data.items : undefined;
  return Array.isArray(items) && items.length === 0;
}

/** The rows of a query's answer once it has them (`children`), or the failure, the spinner or the empty words. */
export function QueryList<Data>({
  query,
  failure,
  loading,
  py = 'lg',
  isEmpty = hasNoRows,
  empty,
  emptyCard = false,
  failureText = false,
  children,
}: {
  query: { isError: boolean; error: unknown; data?: Data | undefined };
  /** The failure's words when the server gives none ('Unable to load the API keys.'). */
  failure: string;
  /** The spinner's name ('Loading API keys'). */
  loading: string;
  /** The space above and below the spinner and the empty words. */
  py?: MantineSpacing;
  /** Whether the answer shows the empty words instead of `children`; by default, when it has no rows. */
  isEmpty?: (data: Data) => boolean;
  /** The words for none; without them the answer always goes to `children`. */
  empty?: ReactNode;
  /** The words for none in a card of their own, where the rows are cards (EmptyList). */
  emptyCard?: boolean;
  /** The failure as a line in the error colour instead of an alert (a card's own content, the partner's lists). */
  failureText?: boolean;
  children: (data: Data) => ReactNode;
}) {
  if (query.isError) {
    const words = errorMessage(query.error, failure);
    return failureText ? <Text c="var(--mantine-color-error)">{words}</Text> : <Alert color="red">{words}</Alert>;
  }
  if (query.data === undefined) return <LoadingRow label={loading} py={py} />;
  if (empty !== undefined && isEmpty(query.data))
    return (
      <EmptyList py={py} card={emptyCard}>
        {empty}
      </EmptyList>
    );
  return <>{children(query.data)}</>;
}
