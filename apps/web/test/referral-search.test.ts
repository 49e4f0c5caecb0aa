import { describe, expect, it } from 'vitest';
import { parseReferralSearch } from '../src/lib/referral-search';

describe('referral link query parameters', () => {
  it('keeps the four known parameters, trimmed', () => {
    expect(
      parseReferralSearch({
        utm_source: ' linkedin ',
        utm_medium: 'social',
        utm_campaign: 'q4',
        ref: 'ACME-7K2Q',
        other: 'x',
      }),
    ).toEqual({
      utm_source: 'linkedin',
      utm_medium: 'social',
      utm_campaign: 'q4',
      ref: 'ACME-7K2Q',
    });
  });

  it('drops empty and non-text values, and reads numbers as text', () => {
    expect(parseReferralSearch({ utm_source: '', utm_medium: { a: 1 }, utm_campaign: 2026 })).toEqual({
      utm_campaign: '2026',
    });
  });
});
