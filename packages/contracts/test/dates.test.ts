import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  MONTH_KEY,
  isMonthNotStarted,
  moneyMonthField,
  formatDate,
  formatMonthKey,
  monthBounds,
  monthKey,
  monthName,
  previousMonthKey,
  todayIsoDate,
} from '../src';

describe('monthKey and previousMonthKey', () => {
  it('names the UTC month of an instant', () => {
    expect(monthKey(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11');
    expect(monthKey(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01');
    expect(monthKey(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
  });

  it('steps back across a year boundary', () => {
    expect(previousMonthKey(new Date('2026-01-15T00:00:00Z'))).toBe('2025-12');
    expect(previousMonthKey(new Date('2026-03-31T10:00:00Z'))).toBe('2026-02');
  });

  it('MONTH_KEY accepts only real months', () => {
    expect(MONTH_KEY.test('2026-12')).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-01', '2026-01-01']) expect(MONTH_KEY.test(bad)).toBe(false);
  });
});

describe('monthBounds', () => {
  it.each([
    ['2026-11', '2026-11-01', '2026-11-30'],
    ['2026-12', '2026-12-01', '2026-12-31'],
    ['2026-02', '2026-02-01', '2026-02-28'],
    ['2028-02', '2028-02-01', '2028-02-29'],
    ['2000-02', '2000-02-01', '2000-02-29'],
    ['1900-02', '1900-02-01', '1900-02-28'],
  ])('bounds %s from %s to %s', (key, start, end) => {
    expect(monthBounds(key)).toEqual({ start, end });
  });

  it.each(['2026-13', 'november', '', '2026-1'])('refuses the malformed key %j', (key) => {
    expect(() => monthBounds(key)).toThrow(RangeError);
  });
});

describe('formatMonthKey and monthName', () => {
  it('writes a month key out', () => {
    expect(formatMonthKey('2026-11')).toBe('November 2026');
    expect(formatMonthKey('2027-01')).toBe('January 2027');
  });

  it('names the month of an instant in the same (UTC) calendar as monthKey', () => {
    for (const instant of ['2026-09-01T00:30:00Z', '2026-09-30T23:30:00Z', '2026-12-31T23:59:59Z']) {
      const date = new Date(instant);
      expect(`${monthName(date)} ${date.getUTCFullYear()}`).toBe(formatMonthKey(monthKey(date)));
    }
  });
});

describe('formatDate', () => {
  it("shows a calendar day as 'MMM d, yyyy' without shifting it by the time zone", () => {
    expect(formatDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('shows an instant in the local calendar', () => {
    const local = new Date(2026, 8, 5, 15, 30);
    expect(formatDate(local)).toBe('Sep 5, 2026');
    expect(formatDate(local.toISOString())).toBe('Sep 5, 2026');
  });

  it("shows 'N/A' for nothing or nonsense", () => {
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatDate(new Date(Number.NaN))).toBe('N/A');
  });

  it("shows 'N/A' for an impossible calendar day instead of rolling it over", () => {
    expect(formatDate('2026-02-31')).toBe('N/A');
    expect(formatDate('2026-13-01')).toBe('N/A');
  });
});

describe('todayIsoDate', () => {
  it('gives the UTC day of the instant', () => {
    expect(todayIsoDate(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-22');
    expect(todayIsoDate(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
  });
});

describe('the month money is entered for', () => {
  it('has not started when it is after the month of now (UTC)', () => {
    const now = new Date('2026-11-30T23:59:59Z');
    expect(isMonthNotStarted('2026-12', now)).toBe(true);
    expect(isMonthNotStarted('9999-12', now)).toBe(true);
    expect(isMonthNotStarted('2026-11', now)).toBe(false);
    expect(isMonthNotStarted('2026-12', new Date('2026-12-01T00:00:00Z'))).toBe(false);
  });

  it('is a YYYY-MM month from 2000-01 on', () => {
    expect(moneyMonthField.parse(' 2000-01 ')).toBe('2000-01');
    for (const month of ['0000-01', '1999-12'])
      expect(moneyMonthField.safeParse(month).error?.issues[0]?.message).toBe(MESSAGES.monthTooEarly);
    expect(moneyMonthField.safeParse('2026-13').error?.issues[0]?.message).toBe(MESSAGES.invalidMonth);
  });
});
