import { describe, expect, it } from 'vitest';
import type { PartnerProfile } from '@portal/contracts';
import { adminAreaDecision, homeFor, partnerAreaDecision } from '../src/lib/guards';

const admin = { id: '1', email: 'a@x.co', role: 'admin' as const };
const partnerUser = { id: '2', email: 'p@x.co', role: 'partner' as const };
const partnerWith = (status: PartnerProfile['status']) => ({ status }) as PartnerProfile;

describe('guards (spec §4)', () => {
  it.each([
    ['anonymous', null, '/'],
    ['partner', partnerUser, '/onboarding'],
    ['admin', admin, 'allow'],
  ] as const)('admin area: %s → %s', (_name, user, expected) => {
    expect(adminAreaDecision({ user })).toBe(expected);
  });

  it.each([
    ['anonymous', null, null, '/'],
    ['admin', admin, null, '/admin'],
    ['partner without a record', partnerUser, null, '/onboarding'],
    ['pending partner', partnerUser, partnerWith('pending'), '/onboarding'],
    ['suspended partner', partnerUser, partnerWith('suspended'), '/onboarding'],
    ['rejected partner', partnerUser, partnerWith('rejected'), '/onboarding'],
    ['active partner', partnerUser, partnerWith('active'), 'allow'],
  ] as const)('partner area: %s → %s', (_name, user, partner, expected) => {
    expect(partnerAreaDecision({ user, partner })).toBe(expected);
  });

  it('sends a signed-in visitor of the landing page by role', () => {
    expect(homeFor({ user: admin })).toBe('/admin');
    expect(homeFor({ user: partnerUser })).toBe('/onboarding');
    expect(homeFor({ user: null })).toBe('allow');
  });
});
