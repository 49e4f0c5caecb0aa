// Money crosses every boundary as a decimal string with two places ("100.00").
// Inside, it is integer cents; floats never carry an amount.

import { MONEY_MAX } from './constants';

const DECIMAL = /^-?\d{1,12}(\.\d{1,2})?$/;

/** Parses "12", "12.5", "12.50" or a finite number with at most two decimals into integer cents. */
export function toCents(value: string | number): number {
  const text = typeof value === 'number' ? numberToDecimalText(value) : value.trim();
  if (!DECIMAL.test(text)) throw new RangeError(`Not a money amount: ${String(value)}`);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  // "-0.00" is zero, not negative zero (which Intl would show as "-$0.00").
  return negative && cents !== 0 ? -cents : cents;
}

function numberToDecimalText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a money amount: ${value}`);
  // Round-trip through a fixed 2-decimal string only when that is exact (12.5 → "12.50", not 12.345).
  const fixed = value.toFixed(2);
  if (Number(fixed) !== value) throw new RangeError(`Not a money amount: ${value}`);
  return fixed;
}

export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const negative = cents < 0;
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** Normalises any accepted money input to the canonical "1234.50". */
export function normaliseMoney(value: string | number): string {
  return fromCents(toCents(value));
}

export function isMoney(value: unknown): value is string | number {
  if (typeof value !== 'string' && typeof value !== 'number') return false;
  try {
    toCents(value);
    return true;
  } catch {
    return false;
  }
}

export const MONEY_MAX_CENTS = toCents(MONEY_MAX);

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$1,234.50" — the one money format of the screens. */
export function formatMoney(value: string | number): string {
  const cents = toCents(typeof value === 'number' ? value.toFixed(2) : value);
  return usd.format(cents / 100);
}

export function sumMoney(values: ReadonlyArray<string>): string {
  return fromCents(values.reduce((total, value) => total + toCents(value), 0));
}
