// The dialog of a form that brings its own buttons (a reason, a new referral): full screen on a phone
// (use-phone-layout.ts), and its contents mounted only while it is open, so each opening starts afresh.
// As a dialog of its own (FreshDialog), or on the one item a list row picked (FreshItemDialog: refund
// this payment).

import { Modal, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhoneLayout } from './use-phone-layout';

export function FreshDialog({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: MantineSize;
  children: ReactNode;
}) {
  const phone = usePhoneLayout();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} fullScreen={phone}>
      {opened && children}
    </Modal>
  );
}

/** Open while there is an item; its contents are made from the item and are given the dialog's close. */
export function FreshItemDialog<Item>({
  item,
  onClose,
  title,
  size,
  children,
}: {
  item: Item | null;
  onClose: () => void;
  title: string;
  size?: MantineSize;
  children: (item: Item, close: () => void) => ReactNode;
}) {
  return (
    <FreshDialog opened={item !== null} onClose={onClose} title={title} size={size}>
      {item !== null && children(item, onClose)}
    </FreshDialog>
  );
}
