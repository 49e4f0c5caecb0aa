// An action that runs only after a confirming dialog: once at a time, with a success or failure toast,
// the dialog closed when it succeeds and then the views it changes refreshed. As a button of its own
// (ConfirmedAction), or on the one item a list row picked (ConfirmedItemDialog: revoke this key).

import { Button, type MantineSize } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { useSubmitOnce } from '../lib/use-submit-once';
import { ConfirmDialog } from './confirm-dialog';

interface ConfirmedItemDialogProps<Item> {
  /** The item the action is about; the dialog is open while there is one. */
  item: Item | null;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  /** What confirming does, in the dialog's words. */
  children: ReactNode;
  /** Red by default (ConfirmDialog). */
  confirmColor?: string;
  /** Small by default (ConfirmDialog); wider when the confirming button names a long choice. */
  size?: MantineSize;
  /** The action; the views it changes are refreshed after the toast. */
  run: (item: Item) => Promise<unknown>;
  refresh: () => Promise<unknown>;
  success: (item: Item) => [title: string, message: string];
  failure: string;
}

export function ConfirmedItemDialog<Item>({
  item,
  onClose,
  title,
  confirmLabel,
  children,
  confirmColor,
  size,
  run,
  refresh,
  success,
  failure,
}: ConfirmedItemDialogProps<Item>) {
  const confirm = useSubmitOnce(async () => {
    if (item === null) return;
    try {
      await run(item);
      notifySuccess(...success(item));
      onClose();
      await refresh();
    } catch (error) {
      notifyFailure(failure, error);
    }
  });
  return (
    <ConfirmDialog
      opened={item !== null}
      onClose={onClose}
      title={title}
      confirmLabel={confirmLabel}
      confirmColor={confirmColor}
      size={size}
      pending={confirm.pending}
      onConfirm={() => void confirm.run()}
    >
      {children}
    </ConfirmDialog>
  );
}

interface ConfirmedActionProps {
  /** The button's and the dialog's title, and the confirming button's label. */
  label: string;
  icon: ReactNode;
  /** What confirming does, in the dialog's words. */
  children: ReactNode;
  confirmColor: string;
  run: () => Promise<unknown>;
  refresh: () => Promise<unknown>;
  success: [title: string, message: string];
  failure: string;
}

export function ConfirmedAction({ label, icon, children, success, run, ...action }: ConfirmedActionProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={icon} onClick={() => setConfirming(true)}>
        {label}
      </Button>
      {/* The action has no item of its own: the dialog's item is the button's "confirming". */}
      <ConfirmedItemDialog
        item={confirming || null}
        onClose={() => setConfirming(false)}
        title={label}
        confirmLabel={label}
        run={run}
        success={() => success}
        {...action}
      >
        {children}
      </ConfirmedItemDialog>
    </>
  );
}
