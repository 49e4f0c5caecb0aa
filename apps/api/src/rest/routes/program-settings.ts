// REST paths of the program settings: the fee basis and the payout rules.

import type { RestRoute } from '../adapter';

const tag = 'Admin: commissions';

export const programSettingsRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/program-settings',
    procedure: 'admin.programSettings',
    summary:
      'The program settings: fee basis (clientPayment or activeMonth), minimum payout, hold days after a client payment before its fee is offered, payout day of the month, and the support address a rejected applicant is told to write to',
    tag,
  },
  {
    method: 'PATCH',
    path: '/api/admin/program-settings',
    procedure: 'admin.updateProgramSettings',
    summary: 'Change the settings given (finance and admins); the change is in the activity log',
    tag,
  },
];
