// The partner dashboard's chart drawings, loaded lazily (with @mantine/charts, recharts and their
// CSS) only when the dashboard shows them: the landing page never downloads them.

import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useElementSize } from '@mantine/hooks';
import { REFERRAL_STAGE_LABELS, formatMonthShort, type EarningsMonth, type StageCount } from '@portal/contracts';
import { CHART_HEIGHT } from '../charts/chart-panel';
import { MONEY_BY_MONTH, countTick } from '../charts/chart-format';

export default function EarningsByMonthChart({ months }: { months: readonly EarningsMonth[] }) {
  const data = months.map((row) => ({
    month: formatMonthShort(row.month),
    paid: Number(row.paid),
    pending: Number(row.pending),
  }));
  return (
    <BarChart
      {...MONEY_BY_MONTH}
      data={data}
      type="stacked"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      series={[
        { name: 'paid', label: 'Paid', color: 'teal.7' },
        { name: 'pending', label: 'Pending', color: 'orange.7' },
      ]}
    />
  );
}

export function ReferralsByStageChart({ stages }: { stages: readonly StageCount[] }) {
  const data = stages.map((row) => ({ stage: REFERRAL_STAGE_LABELS[row.stage], count: row.count }));
  // In a narrow panel (a phone) the five stage names do not fit side by side ("BookedQualified"): they slant there.
  const { ref, width } = useElementSize();
  const slanted = width > 0 && width < 360;
  return (
    <div ref={ref}>
      <BarChart
        h={CHART_HEIGHT}
        data={data}
        dataKey="stage"
        series={[{ name: 'count', label: 'Referrals', color: 'blue.7' }]}
        valueFormatter={countTick}
        xAxisProps={slanted ? { interval: 0, angle: -35, textAnchor: 'end', height: 56 } : { interval: 0 }}
        yAxisProps={{ allowDecimals: false, width: 40 }}
      />
    </div>
  );
}
