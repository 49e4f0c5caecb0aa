import { describe, expect, it } from 'vitest';
import { MONEY_MAX_CENTS, formatMoney, fromCents, isMoney, normaliseMoney, sumMoney, toCents } from '../src';

describe('toCents', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.01', 1],
    [' 7.05 ', 705],
    ['-3.10', -310],
    ['99999999.99', 9999999999],
    [12, 1200],
    [12.5, 1250],
    [0.1, 10],
    [19.99, 1999],
  ] as const)('reads %j as %d cents', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '12.345', '1,000.00', '1e3', '.5', '12.', '--1', 'NaN'])('refuses the text %j', (input) => {
    expect(() => toCents(input)).toThrow(RangeError);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 12.345, 0.1 + 0.2, 1e21])('refuses the number %d', (input) => {
    expect(() => toCents(input)).toThrow(RangeError);
  });

  it('reads a negative zero as plain zero', () => {
    expect(Object.is(toCents('-0.00'), 0)).toBe(true);
    expect(Object.is(toCents(-0), 0)).toBe(true);
  });
});

describe('fromCents', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [1250, '12.50'],
    [-310, '-3.10'],
    [-5, '-0.05'],
    [9999999999, '99999999.99'],
  ])('writes %d cents as %j', (cents, text) => {
    expect(fromCents(cents)).toBe(text);
  });

  it('refuses a fraction of a cent rather than writing a malformed amount', () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(() => fromCents(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips amounts across the whole range', () => {
    // A deterministic spread: every cent below $20, then large strides up to the maximum.
    const samples = [
      ...Array.from({ length: 2000 }, (_, i) => i),
      ...Array.from({ length: 1000 }, (_, i) => Math.floor((MONEY_MAX_CENTS / 999) * i)),
    ];
    for (const cents of samples) {
      expect(toCents(fromCents(cents))).toBe(cents);
      if (cents > 0) expect(toCents(fromCents(-cents))).toBe(-cents);
    }
  });
});

describe('normaliseMoney and isMoney', () => {
  it('normalises every accepted input to two decimals', () => {
    expect(normaliseMoney('100')).toBe('100.00');
    expect(normaliseMoney(' 5.5')).toBe('5.50');
    expect(normaliseMoney(50)).toBe('50.00');
    expect(normaliseMoney('-0')).toBe('0.00');
  });

  it('tells money from non-money', () => {
    expect(isMoney('1.23')).toBe(true);
    expect(isMoney(4)).toBe(true);
    expect(isMoney('1.234')).toBe(false);
    expect(isMoney(null)).toBe(false);
    expect(isMoney({})).toBe(false);
  });
});

describe('formatMoney', () => {
  it.each([
    ['0', '$0.00'],
    ['1234.5', '$1,234.50'],
    ['99999999.99', '$99,999,999.99'],
    [50, '$50.00'],
    ['-12.30', '-$12.30'],
    ['-0.00', '$0.00'],
  ] as const)('shows %j as %j', (input, text) => {
    expect(formatMoney(input)).toBe(text);
  });
});

describe('sumMoney', () => {
  it('adds exactly where floats would drift', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(Array.from({ length: 1000 }, () => '0.01'))).toBe('10.00');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['100.00', '-25.50'])).toBe('74.50');
  });

  it('equals the sum of the cents for lists of awkward amounts', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let run = 0; run < 200; run++) {
      const list = Array.from({ length: next() % 50 }, () => next() % 10_000_000);
      const total = list.reduce((a, b) => a + b, 0);
      expect(sumMoney(list.map(fromCents))).toBe(fromCents(total));
    }
  });
});
