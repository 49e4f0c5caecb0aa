// /admin/payouts: the money of the program on a page of its own: the Payout Processor, the client
// payments behind the fees and the program settings, each as the role may see it.

import { AdminPage } from '../../../layout/admin-page';
import { useCan } from '../../../lib/permissions';
import { FeesPanel } from './client-payments-panel';
import { PayoutProcessor } from './payout-processor';
import { ProgramSettingsCard } from './program-settings-card';

export function PayoutsPage() {
  const can = {
    pay: useCan('payouts:write'),
    accrue: useCan('commissions:write'),
    readMoney: useCan('commissions:read'),
  };
  return (
    <AdminPage
      title="Payouts"
      description="Pay the fees that are due, record the client payments behind them, and set the rules"
    >
      {can.pay && <PayoutProcessor />}
      {can.accrue && <FeesPanel />}
      {can.readMoney && <ProgramSettingsCard canChange={can.accrue} />}
    </AdminPage>
  );
}
