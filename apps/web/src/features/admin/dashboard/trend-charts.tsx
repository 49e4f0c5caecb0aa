// The admin dashboard's chart drawings, loaded lazily (with @mantine/charts, recharts and their
// CSS) only when the dashboard shows them.

import '@mantine/charts/styles.css';
import { AreaChart, CompositeChart } from '@mantine/charts';
import { formatMonthShort, type ProgramTrendMonth } from '@portal/contracts';
import { CHART_HEIGHT } from '../../charts/chart-panel';
import { MONEY_AXIS, MONEY_BY_MONTH, countTick } from '../../charts/chart-format';

/** Money as bars on the left axis, the two counts as lines on the right axis. */
export default function ProgramTrendChart({ months }: { months: readonly ProgramTrendMonth[] }) {
  const data = months.map((row) => ({
    month: formatMonthShort(row.month),
    commissionsPaid: Number(row.commissionsPaid),
    newReferrals: row.newReferrals,
    dealsWon: row.dealsWon,
  }));
  return (
    <CompositeChart
      h={CHART_HEIGHT}
      data={data}
      dataKey="month"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      withRightYAxis
      series={[
        { name: 'commissionsPaid', label: 'Commissions paid', color: 'teal.7', type: 'bar' },
        { name: 'newReferrals', label: 'New referrals', color: 'blue.6', type: 'line', yAxisId: 'right' },
        { name: 'dealsWon', label: 'Deals won', color: 'grape.6', type: 'line', yAxisId: 'right' },
      ]}
      yAxisProps={MONEY_AXIS}
      rightYAxisProps={{ tickFormatter: countTick, allowDecimals: false, width: 40 }}
    />
  );
}

export function ReferralMrrChart({ months }: { months: readonly ProgramTrendMonth[] }) {
  const data = months.map((row) => ({ month: formatMonthShort(row.month), referralMrr: Number(row.referralMrr) }));
  return (
    <AreaChart
      {...MONEY_BY_MONTH}
      data={data}
      series={[{ name: 'referralMrr', label: 'Referral MRR', color: 'indigo.6' }]}
    />
  );
}
