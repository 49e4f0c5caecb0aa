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

/** The value axis of the stages chart; the stage names share the rest of the width. */
const STAGE_COUNT_AXIS_WIDTH = 40;
/** Room a stage name takes upright: ~7 px a character at the axis's 12 px, and a gap to its neighbour. */
const uprightLabelWidth = (label: string) => label.length * 7 + 12;

/**
 * Whether the stage names slant: when the chart's width is not measured yet, or when the widest name does
 * not fit in its bar's share of the width. Side by side they would run together ("BookedQualified").
 */
export function stageLabelsSlant(width: number, labels: readonly string[]): boolean {
  if (width <= 0 || labels.length === 0) return true;
  const share = (width - STAGE_COUNT_AXIS_WIDTH) / labels.length;
  return labels.some((label) => uprightLabelWidth(label) > share);
}

export function ReferralsByStageChart({ stages }: { stages: readonly StageCount[] }) {
  const data = stages.map((row) => ({ stage: REFERRAL_STAGE_LABELS[row.stage], count: row.count }));
  const { ref, width } = useElementSize();
  const slanted = stageLabelsSlant(
    width,
    data.map((row) => row.stage),
  );
  return (
    <div ref={ref} data-testid="referrals-by-stage-chart" data-slanted={slanted}>
      <BarChart
        h={CHART_HEIGHT}
        data={data}
        dataKey="stage"
        series={[{ name: 'count', label: 'Referrals', color: 'blue.7' }]}
        valueFormatter={countTick}
        xAxisProps={slanted ? { interval: 0, angle: -35, textAnchor: 'end', height: 56 } : { interval: 0 }}
        yAxisProps={{ allowDecimals: false, width: STAGE_COUNT_AXIS_WIDTH }}
      />
    </div>
  );
}
