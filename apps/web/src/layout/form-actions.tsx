import {
  Button,
  Group,
  Modal,
  Stack,
  type GroupProps,
  type MantineColor,
  type MantineSpacing,
  type ModalProps,
} from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

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

/**
 * A form of fields in a column that ends in its actions row, at the right. The browser's own
 * validation is off: the contracts schema checks the fields and shows its words on them.
 */
type StackedFormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The space between the fields. */
  spacing?: MantineSpacing;
  children: ReactNode;
} & Omit<FormActionsProps, 'onSubmit'>;

export function StackedForm({ onSubmit, spacing = 'sm', children, ...actions }: StackedFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap={spacing}>
        {children}
        <FormActions justify="flex-end" {...actions} />
      </Stack>
    </form>
  );
}

/** A dialog that is one StackedForm: its Cancel closes the dialog. */
export function DialogForm({
  opened,
  onClose,
  title,
  size,
  fullScreen,
  ...form
}: Pick<ModalProps, 'opened' | 'onClose' | 'title' | 'size' | 'fullScreen'> & Omit<StackedFormProps, 'onCancel'>) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} fullScreen={fullScreen}>
      <StackedForm {...form} onCancel={onClose} />
    </Modal>
  );
}
