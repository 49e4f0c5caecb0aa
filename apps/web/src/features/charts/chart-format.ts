// Axis and tooltip formats of the charts, and the props every chart of money by month shares. Amounts
// reach the charts as numbers for drawing only; the tables show the server's decimal strings.

import { formatMoney } from '@portal/contracts';
import { CHART_HEIGHT } from './chart-panel';

/** "$1,234.50" for a drawn amount. */
export const moneyValue = (value: number) => formatMoney(value.toFixed(2));

const compact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** "$1.2K" on a money axis. */
export const moneyTick = (value: number) => compact.format(value);

/** A whole count on an axis. */
export const countTick = (value: number) => String(Math.round(value));

/** The value axis of money: compact dollars, wide enough for "$1.2K". */
export const MONEY_AXIS = { tickFormatter: moneyTick, width: 64 };

/** A chart of money by month: the months along the bottom (`month` of each row), dollars up the side and in the tooltip. */
export const MONEY_BY_MONTH = { h: CHART_HEIGHT, dataKey: 'month', valueFormatter: moneyValue, yAxisProps: MONEY_AXIS };
