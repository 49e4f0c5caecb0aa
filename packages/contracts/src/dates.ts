// Month keys ("2026-11") and the date formats of the screens.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The first month money can be entered for: an earlier month key ("0000-01") is a typo, not a month of service. */
export const EARLIEST_MONTH = '2000-01';

/** True when `month` starts after the month of `now` (UTC): nothing can be earned or owed for it yet. */
export function isMonthNotStarted(month: string, now: Date): boolean {
  return month > monthKey(now);
}

export function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

export function previousMonthKey(date: Date): string {
  return monthKey(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1)));
}

/** First and last day ("YYYY-MM-DD") of a month key. */
export function monthBounds(key: string): { start: string; end: string } {
  // A malformed key would otherwise give "NaN-NaN-01", which SQL reads as garbage or rejects late.
  if (!MONTH_KEY.test(key)) throw new RangeError(`Not a month key: ${key}`);
  const [year, month] = key.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { start: `${year}-${mm}-01`, end: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** "November 2026" for "2026-11". */
export function formatMonthKey(key: string): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[month - 1] ?? key} ${year}`;
}

/** "Oct 2025" for "2025-10": a month on a chart's axis and in its table. */
export function formatMonthShort(key: string): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return `${MONTHS[month - 1] ?? key} ${year}`;
}

/** The month of an instant in the same UTC calendar as `monthKey`, so a card's label and its figures agree. */
export function monthName(date: Date): string {
  return MONTH_NAMES[date.getUTCMonth()] ?? '';
}

/** 'MMM d, yyyy' as the All Affiliates table shows it, or 'N/A'. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const date = typeof value === 'string' ? parseDate(value) : value;
  if (Number.isNaN(date.getTime())) return 'N/A';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** Date-only strings ("2026-11-22") are calendar days, not UTC instants. */
function parseDate(value: string): Date {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) {
    const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    const date = new Date(year, month - 1, day);
    // "2026-02-31" is no day at all; Date would roll it over to March 3.
    return date.getMonth() === month - 1 && date.getDate() === day ? date : new Date(Number.NaN);
  }
  return new Date(value);
}

export function todayIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
