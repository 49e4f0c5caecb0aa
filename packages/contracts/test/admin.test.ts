import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  PARTNER_STATUSES,
  PARTNER_TRANSITIONS,
  createPartnerInput,
  listPartnersInput,
  partnerTransitionRefused,
  rejectPartnerInput,
} from '../src';

describe('listPartnersInput', () => {
  it('fills the defaults: first page, default size, newest first', () => {
    expect(listPartnersInput.parse({})).toEqual({ limit: DEFAULT_PAGE_SIZE, offset: 0, sort: '-createdAt' });
  });

  it('reads query-string numbers and treats empty search and status as absent', () => {
    expect(listPartnersInput.parse({ limit: '10', offset: '20', search: '', status: '' })).toEqual({
      limit: 10,
      offset: 20,
      sort: '-createdAt',
    });
  });

  it('trims the search', () => {
    expect(listPartnersInput.parse({ search: '  acme ' }).search).toBe('acme');
  });

  it('refuses an unknown sort and a fractional limit', () => {
    expect(listPartnersInput.safeParse({ sort: 'password' }).success).toBe(false);
    expect(listPartnersInput.safeParse({ limit: '2.5' }).success).toBe(false);
  });
});

describe('createPartnerInput', () => {
  const form = { email: ' Pat@Example.COM ', password: '12345678', companyName: 'Acme', contactName: 'Pat' };

  it('defaults expected volume, company type and payment method and lower-cases the email', () => {
    expect(createPartnerInput.parse(form)).toMatchObject({
      email: 'pat@example.com',
      expectedVolume: '3-5 referrals/month',
      companyType: 'agency',
      paymentMethod: 'Wire',
    });
  });

  it('sends empty website and phone as absent', () => {
    const parsed = createPartnerInput.parse({ ...form, website: '', phone: '' });
    expect(parsed.website).toBeUndefined();
    expect(parsed.phone).toBeUndefined();
  });

  it('refuses a password of 7 characters with the admin message', () => {
    const result = createPartnerInput.safeParse({ ...form, password: '1234567' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 8 characters');
  });
});

describe('rejectPartnerInput', () => {
  it('makes an empty reason absent', () => {
    expect(rejectPartnerInput.parse({ id: '00000000-0000-4000-8000-000000000000', reason: '' }).reason).toBeUndefined();
  });
});

describe('partner transitions', () => {
  it('approves from pending and rejected only, and rejects from pending only', () => {
    expect(PARTNER_TRANSITIONS.approve.from).toEqual(['pending', 'rejected']);
    expect(PARTNER_TRANSITIONS.reject.from).toEqual(['pending']);
  });

  it('never starts a decision from its own target status', () => {
    for (const rule of Object.values(PARTNER_TRANSITIONS))
      expect(rule.from as readonly string[]).not.toContain(rule.to);
  });

  it('names the current status in the refusal', () => {
    expect(partnerTransitionRefused('approve', 'suspended')).toBe('This partner is suspended and cannot be approved');
    for (const status of PARTNER_STATUSES)
      expect(partnerTransitionRefused('reject', status)).toContain('cannot be rejected');
  });
});
