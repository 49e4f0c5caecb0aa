// The admin dashboard's charts: the program trend (commissions paid, new referrals and
// deals won per month) and the referral MRR over time, both from GET /api/admin/trends.

import { SimpleGrid } from '@mantine/core';
import { CHART_MONTHS_DEFAULT, formatMoney, formatMonthShort } from '@portal/contracts';
import { lazy } from 'react';
import { errorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { ChartPanel } from '../../charts/chart-panel';

const ProgramTrendChart = lazy(() => import('./trend-charts'));
const ReferralMrrChart = lazy(() => import('./trend-charts').then((module) => ({ default: module.ReferralMrrChart })));

export function ProgramCharts() {
  const query = trpc.admin.trends.useQuery({ months: CHART_MONTHS_DEFAULT });
  const error = query.isError ? errorMessage(query.error, 'Unable to load the charts.') : null;
  const rows = query.data?.months;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartPanel
        title="Program trend"
        description={`Commissions paid, new referrals and deals won, last ${CHART_MONTHS_DEFAULT} months`}
        rows={rows}
        rowKey={(row) => row.month}
        columns={[
          { header: 'Month', cell: (row) => formatMonthShort(row.month) },
          { header: 'Commissions paid', cell: (row) => formatMoney(row.commissionsPaid), numeric: true },
          { header: 'New referrals', cell: (row) => String(row.newReferrals), numeric: true },
          { header: 'Deals won', cell: (row) => String(row.dealsWon), numeric: true },
        ]}
        isEmpty={(months) =>
          months.every((row) => Number(row.commissionsPaid) === 0 && row.newReferrals === 0 && row.dealsWon === 0)
        }
        emptyText={`No commissions, referrals or won deals in the last ${CHART_MONTHS_DEFAULT} months.`}
        error={error}
        chart={(months) => <ProgramTrendChart months={months} />}
      />
      <ChartPanel
        title="Referral MRR"
        description="Monthly value of the referrals active in each month"
        rows={rows}
        rowKey={(row) => row.month}
        columns={[
          { header: 'Month', cell: (row) => formatMonthShort(row.month) },
          { header: 'Referral MRR', cell: (row) => formatMoney(row.referralMrr), numeric: true },
        ]}
        isEmpty={(months) => months.every((row) => Number(row.referralMrr) === 0)}
        emptyText={`No active referrals in the last ${CHART_MONTHS_DEFAULT} months.`}
        error={error}
        chart={(months) => <ReferralMrrChart months={months} />}
      />
    </SimpleGrid>
  );
}
