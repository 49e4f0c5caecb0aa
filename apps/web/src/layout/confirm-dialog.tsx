// "Are you sure?" for an action that cannot be undone (revoke a key, delete a webhook, deactivate a
// team member, pay a payout, approve a partner): what will happen, Cancel, and the confirming button. While the action runs the dialog
// cannot be dismissed and Cancel is disabled.

import { Button, Group, Modal, Stack, type MantineColor, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What confirming does, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /**
   * A dark red by default (red.9: white words on it are 5.6:1, where Mantine's red.6 is 3.3:1, below AA); a money or
   * approval step that is wanted, not destructive, takes the brand colour.
   */
  confirmColor?: MantineColor;
  /** Off while what confirming would do is still loading, or when the server would refuse it. */
  confirmDisabled?: boolean;
  size?: MantineSize;
}

export function ConfirmDialog({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  pending,
  onConfirm,
  confirmColor = 'red.9',
  confirmDisabled = false,
  size = 'sm',
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} centered size={size}>
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button color={confirmColor} loading={pending} disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
