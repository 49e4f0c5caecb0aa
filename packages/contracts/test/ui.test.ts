import { describe, expect, it } from 'vitest';
import { ACCEPTED_UPLOAD_TYPES, commissionPerMonth, perMonth, plural, SERVICE_TYPE_OPTION_LABELS } from '../src/ui';

describe('monthly labels', () => {
  it('are built from the commission table in whole dollars', () => {
    expect(SERVICE_TYPE_OPTION_LABELS).toEqual({
      basic_accounting: 'Basic Accounting $50/month',
      controller: 'Controller $100/month',
    });
    expect(commissionPerMonth('basic_accounting', 'mo')).toBe('$50/mo');
    expect(commissionPerMonth('controller', 'mo')).toBe('$100/mo');
  });

  it('keep cents and thousands separators when there are any', () => {
    expect(perMonth('1500.00')).toBe('$1,500/month');
    expect(perMonth('49.50')).toBe('$49.50/month');
  });
});

describe('counts in words', () => {
  it('take the singular for one, the plural otherwise, and group the thousands', () => {
    expect([0, 1, 2, 1_250, 20_000].map((n) => plural(n, 'fee', 'fees'))).toEqual([
      '0 fees',
      '1 fee',
      '2 fees',
      '1,250 fees',
      '20,000 fees',
    ]);
  });
});

describe('accepted upload types', () => {
  it('list the endings and content types the file picker offers', () => {
    expect(ACCEPTED_UPLOAD_TYPES.split(',')).toEqual(
      expect.arrayContaining(['.pdf', '.jpg', '.pptx', '.docx', '.mp4', 'application/pdf', 'video/mp4']),
    );
  });
});
