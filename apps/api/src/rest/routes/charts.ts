// REST paths of the dashboards' charts.

import { CHART_MONTHS_DEFAULT, CHART_MONTHS_MAX } from '@portal/contracts';
import type { RestRoute } from '../adapter';

const months = `months: how many months, the current one included (1 to ${CHART_MONTHS_MAX}, default ${CHART_MONTHS_DEFAULT}); UTC calendar months, oldest first; a month without data is a row of zeros.`;

export const chartRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/partners/earnings-by-month',
    procedure: 'partner.earningsByMonth',
    summary: "The signed-in partner's commissions per month, paid and pending, and referrals per stage",
    tag: 'Partner: charts',
    description: `${months} Each month sums the commissions earned for it (their month), split by status into paid and pending; failed commissions count nowhere. referralsByStage counts the partner's referrals now, every stage listed.`,
  },
  {
    method: 'GET',
    path: '/api/admin/trends',
    procedure: 'admin.trends',
    summary: 'The program per month: commissions paid, new referrals, deals won and referral MRR',
    tag: 'Admin: charts',
    description: `${months} commissionsPaid sums the commissions paid in the month (payment date); newReferrals counts referrals created in it; dealsWon counts referrals now won whose close date is in it; referralMrr sums the monthly value of the referrals active in the month (won, started by its end, not churned or ended before its start).`,
  },
];
