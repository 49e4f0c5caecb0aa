// One fact on a card or in a grid of facts: its dimmed name above its value. A long value (an email,
// a reference) wraps anywhere rather than widen its column.

import { Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

export function LabelledValue({
  label,
  value,
  labelSize = 'xs',
  size = 'sm',
  weight = 500,
}: {
  label: ReactNode;
  value: ReactNode;
  labelSize?: MantineSize;
  size?: MantineSize;
  weight?: number;
}) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size={labelSize} c="dimmed">
        {label}
      </Text>
      <Text size={size} fw={weight} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
