import { Button, Group, type GroupProps, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FormActionsProps extends GroupProps {
  /** Shows "Cancel" before the submit button; it is disabled while the form is pending. */
  onCancel?: () => void;
  pending: boolean;
  submitLabel: ReactNode;
  submitColor?: MantineColor;
  submitDisabled?: boolean;
  /** Words the submit button shows while pending (then it is disabled); without them it shows a spinner. */
  busyLabel?: string;
}

/** The row that ends a form or dialog: "Cancel", then the submit button. */
export function FormActions({
  onCancel,
  pending,
  submitLabel,
  submitColor,
  submitDisabled,
  busyLabel,
  ...group
}: FormActionsProps) {
  return (
    <Group {...group}>
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      )}
      {busyLabel === undefined ? (
        <Button type="submit" color={submitColor} loading={pending} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      ) : (
        <Button type="submit" color={submitColor} disabled={pending || submitDisabled}>
          {pending ? busyLabel : submitLabel}
        </Button>
      )}
    </Group>
  );
}
