// Axis and tooltip formats of the charts. Amounts reach the charts as numbers for drawing only; the
// tables show the server's decimal strings.

import { formatMoney } from '@portal/contracts';

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
