import { Button, Group, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SignOutActionsProps extends GroupProps {
  onSignOut: () => void;
  /** Buttons shown before "Sign Out" (Retry, Check Status). */
  children?: ReactNode;
}

/** The button row that ends each onboarding status screen: its own actions, then "Sign Out". */
export function SignOutActions({ onSignOut, children, ...group }: SignOutActionsProps) {
  return (
    <Group {...group}>
      {children}
      <Button variant="default" onClick={onSignOut}>
        Sign Out
      </Button>
    </Group>
  );
}
