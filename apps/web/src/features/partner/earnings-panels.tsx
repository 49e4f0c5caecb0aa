// The partner dashboard's charts: earnings per month, paid and pending stacked, and the
// referrals per stage, both from GET /api/partners/earnings-by-month.

import { SimpleGrid } from '@mantine/core';
import { CHART_MONTHS_DEFAULT, REFERRAL_STAGE_LABELS, formatMoney, formatMonthShort } from '@portal/contracts';
import { lazy } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ChartPanel } from '../charts/chart-panel';

const EarningsByMonthChart = lazy(() => import('./earnings-charts'));
const ReferralsByStageChart = lazy(() =>
  import('./earnings-charts').then((module) => ({ default: module.ReferralsByStageChart })),
);

export function PartnerCharts() {
  const query = trpc.partner.earningsByMonth.useQuery({ months: CHART_MONTHS_DEFAULT });
  const error = query.isError ? errorMessage(query.error, 'Unable to load the charts.') : null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartPanel
        title="Earnings by month"
        description={`Commissions of the last ${CHART_MONTHS_DEFAULT} months, paid and pending`}
        rows={query.data?.months}
        rowKey={(row) => row.month}
        columns={[
          { header: 'Month', cell: (row) => formatMonthShort(row.month) },
          { header: 'Paid', cell: (row) => formatMoney(row.paid), numeric: true },
          { header: 'Pending', cell: (row) => formatMoney(row.pending), numeric: true },
        ]}
        isEmpty={(rows) => rows.every((row) => Number(row.paid) === 0 && Number(row.pending) === 0)}
        emptyText={`No commissions in the last ${CHART_MONTHS_DEFAULT} months yet.`}
        error={error}
        chart={(rows) => <EarningsByMonthChart months={rows} />}
      />
      <ChartPanel
        title="Referrals by stage"
        description="Your referrals in each stage of the pipeline"
        rows={query.data?.referralsByStage}
        rowKey={(row) => row.stage}
        columns={[
          { header: 'Stage', cell: (row) => REFERRAL_STAGE_LABELS[row.stage] },
          { header: 'Referrals', cell: (row) => String(row.count), numeric: true },
        ]}
        isEmpty={(rows) => rows.every((row) => row.count === 0)}
        emptyText="No referrals yet."
        error={error}
        chart={(rows) => <ReferralsByStageChart stages={rows} />}
      />
    </SimpleGrid>
  );
}
