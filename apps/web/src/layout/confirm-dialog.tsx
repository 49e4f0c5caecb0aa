// "Are you sure?" for an action that cannot be undone (revoke a key, delete a webhook, deactivate a
// team member): what will happen, Cancel, and the red button. While the action runs the dialog
// cannot be dismissed and Cancel is disabled.

import { Button, Group, Modal, Stack } from '@mantine/core';
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
}

export function ConfirmDialog({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} centered size="sm">
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
