// A button whose action runs only after a confirming dialog: once at a time, with a success or failure toast,
// and the dialog closed when it succeeds.

import { Button } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { useSubmitOnce } from '../lib/use-submit-once';
import { ConfirmDialog } from './confirm-dialog';

interface ConfirmedActionProps {
  /** The button's and the dialog's title, and the confirming button's label. */
  label: string;
  icon: ReactNode;
  /** What confirming does, in the dialog's words. */
  children: ReactNode;
  confirmColor: string;
  /** The action; the views it changes are refreshed after the toast. */
  run: () => Promise<unknown>;
  refresh: () => Promise<unknown>;
  success: [title: string, message: string];
  failure: string;
}

export function ConfirmedAction({
  label,
  icon,
  children,
  confirmColor,
  run,
  refresh,
  success,
  failure,
}: ConfirmedActionProps) {
  const [confirming, setConfirming] = useState(false);
  const confirm = useSubmitOnce(async () => {
    try {
      await run();
      notifySuccess(...success);
      setConfirming(false);
      await refresh();
    } catch (error) {
      notifyFailure(failure, error);
    }
  });
  return (
    <>
      <Button variant="default" leftSection={icon} onClick={() => setConfirming(true)}>
        {label}
      </Button>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={label}
        confirmLabel={label}
        confirmColor={confirmColor}
        pending={confirm.pending}
        onConfirm={() => void confirm.run()}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
