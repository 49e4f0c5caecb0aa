// A value shown as a machine reads it (an event name, a key's prefix, a referral code, a payout
// reference): in monospace, small unless it takes its size from the text around it (`inherit`).

import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

export function MonoText({ children, ...props }: TextProps & { span?: boolean; children: ReactNode }) {
  return (
    <Text size="xs" ff="monospace" {...props}>
      {children}
    </Text>
  );
}
