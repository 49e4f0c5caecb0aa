// A card of the partner's dashboard (its Settings above all): the heading, a dimmed line on what the
// card is for, what sits at the heading's end (a badge, an Edit button), then the card's content.

import { Card, Group, Stack, type MantineSpacing, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardHeading } from '../../components/card-heading';

export function SettingsCard({
  title,
  description,
  aside,
  asideGap,
  gap = 'md',
  align,
  testId,
  children,
}: {
  title: string;
  description: ReactNode;
  /** What sits at the heading's end; null when nothing does for now (the heading still leaves it room). */
  aside?: ReactNode;
  /** The space between the heading and the aside when they wrap. */
  asideGap?: MantineSpacing;
  /** The space between the heading and the content's parts. */
  gap?: MantineSpacing;
  align?: StackProps['align'];
  testId?: string;
  children: ReactNode;
}) {
  const heading = <CardHeading order={3} size="h4" title={title} description={description} />;
  return (
    <Card withBorder padding="lg" radius="md" data-testid={testId}>
      <Stack gap={gap} align={align}>
        {aside === undefined ? (
          heading
        ) : (
          <Group justify="space-between" align="flex-start" gap={asideGap}>
            {heading}
            {aside}
          </Group>
        )}
        {children}
      </Stack>
    </Card>
  );
}
