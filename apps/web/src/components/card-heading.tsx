// A card's heading and the dimmed line under it on what the card holds.

import { Text, Title, type TitleOrder } from '@mantine/core';
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
