// Two-factor sign-in of one's own account, in a dialog: reached from the user menu (everyone) and the
// Team page (admins), so it is never more than two clicks away.

import { Modal } from '@mantine/core';
import { TwoFactorCard } from '../features/partner/two-factor-card';

export function TwoFactorDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Two-factor sign-in" size="lg">
      {opened && <TwoFactorCard />}
    </Modal>
  );
}
