// "Withdraw notice", confirmed: a notice of termination is withdrawn before its day and the partnership
// continues. The partner withdraws its own notice (Settings), an administrator either party's (partner page).

import { IconRestore } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ConfirmedAction } from '../layout/confirmed-action';

export function WithdrawNoticeAction({
  run,
  refresh,
  withdrawn,
  children,
}: {
  run: () => Promise<unknown>;
  refresh: () => Promise<unknown>;
  /** The success toast's words under "Notice withdrawn". */
  withdrawn: string;
  /** What withdrawing means, in the dialog's words. */
  children: ReactNode;
}) {
  return (
    <ConfirmedAction
      label="Withdraw notice"
      icon={<IconRestore size={16} />}
      confirmColor="blue.8"
      run={run}
      refresh={refresh}
      success={['Notice withdrawn', withdrawn]}
      failure="Notice not withdrawn"
    >
      {children}
    </ConfirmedAction>
  );
}
