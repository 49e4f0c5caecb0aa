// An email address in a narrow column: it wraps after its "@" before anywhere else, so a long one reads
// "maya@" over "northwind-growth.demo" instead of breaking at a hyphen or mid-word. Each half is an
// inline block, kept whole while it fits a line and broken inside only when it alone is too long.

import { Text, type TextProps } from '@mantine/core';

const half = { display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' } as const;

export function EmailAddress({ email, ...props }: { email: string } & TextProps) {
  const at = email.indexOf('@') + 1;
  if (at === 0)
    return (
      <Text span inherit style={{ overflowWrap: 'anywhere' }} {...props}>
        {email}
      </Text>
    );
  return (
    <Text span inherit {...props}>
      <span style={half}>{email.slice(0, at)}</span>
      <wbr />
      <span style={half}>{email.slice(at)}</span>
    </Text>
  );
}
