// The dialog of a form that brings its own buttons (a reason, a new referral): full screen on a phone
// (use-phone-layout.ts), and its contents mounted only while it is open, so each opening starts afresh.

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
