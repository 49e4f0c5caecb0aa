// A card's heading and the dimmed line under it on what the card holds; and the page heading of a
// screen that is one card, beside its round icon.

import { Group, Text, ThemeIcon, Title, type MantineColor, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

export function CardHeading({
  order,
  size,
  id,
  title,
  description,
}: {
  order: TitleOrder;
  /** The heading's look, where it differs from its level's ('h4'). */
  size: string;
  /** The heading's id, where it names the card. */
  id?: string;
  title: ReactNode;
  description?: ReactNode;
}) {
  return (
    <div>
      <Title order={order} size={size} id={id}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
    </div>
  );
}

/** The h1 of a screen that is one card (an application under review, an agreement to accept), after its icon. */
export function IconCardHeading({
  icon,
  color,
  title,
  description,
}: {
  /** A Tabler icon of size 26, hidden from screen readers. */
  icon: ReactNode;
  color: MantineColor;
  title: ReactNode;
  description: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon size={44} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <CardHeading order={1} size="h2" title={title} description={description} />
    </Group>
  );
}
