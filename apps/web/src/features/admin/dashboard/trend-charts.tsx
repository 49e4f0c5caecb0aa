// The admin dashboard's chart drawings, loaded lazily (with @mantine/charts, recharts and their
// CSS) only when the dashboard shows them.

import '@mantine/charts/styles.css';
import { AreaChart, ChartTooltip, CompositeChart, type ChartSeries } from '@mantine/charts';
import { formatMonthShort, type ProgramTrendMonth } from '@portal/contracts';
import { CHART_HEIGHT } from '../../charts/chart-panel';
import { MONEY_AXIS, MONEY_BY_MONTH, countTick, moneyValue } from '../../charts/chart-format';
import { usePhoneLayout } from '../../../layout/use-phone-layout';

const TREND_SERIES: (ChartSeries & { type: 'bar' | 'line' })[] = [
  { name: 'commissionsPaid', label: 'Commissions paid', color: 'teal.7', type: 'bar' },
  { name: 'newReferrals', label: 'New referrals', color: 'blue.6', type: 'line', yAxisId: 'right' },
  { name: 'dealsWon', label: 'Deals won', color: 'grape.6', type: 'line', yAxisId: 'right' },
];

/** A tooltip item of the chart, with the commissions paid of its row as "$1,234.50". */
export function withMoneyWritten<T extends { name?: unknown; payload?: Record<string, unknown> }>(item: T): T {
  if (item.name !== 'commissionsPaid' || !item.payload) return item;
  return { ...item, payload: { ...item.payload, commissionsPaid: moneyValue(Number(item.payload.commissionsPaid)) } };
}

/** Money as bars on the left axis, the two counts as lines on the right axis. */
export default function ProgramTrendChart({ months }: { months: readonly ProgramTrendMonth[] }) {
  const data = months.map((row) => ({
    month: formatMonthShort(row.month),
    commissionsPaid: Number(row.commissionsPaid),
    newReferrals: row.newReferrals,
    dealsWon: row.dealsWon,
  }));
  const phone = usePhoneLayout();
  return (
    <CompositeChart
      h={CHART_HEIGHT}
      data={data}
      dataKey="month"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      withRightYAxis
      series={TREND_SERIES}
      tooltipProps={{
        // On a phone the three rows are about as wide as the plot: the tooltip stands at the chart's left edge.
        position: phone ? { x: 0, y: 0 } : { y: 0 },
        // A chart has one value formatter for all its series, and the tooltip reads each value from its row:
        // the bars' row is handed over with the money already written as dollars, the counts as they are.
        content: ({ label, payload }) => (
          <ChartTooltip label={label} payload={payload?.map(withMoneyWritten)} series={TREND_SERIES} />
        ),
      }}
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
