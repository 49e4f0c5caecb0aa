import { describe, expect, it } from 'vitest';
import type { PartnerProfile } from '@portal/contracts';
import {
  adminAreaDecision,
  homeFor,
  partnerAreaDecision,
  landingTarget,
  returnPathOf,
  twoFactorSetupDecision,
} from '../src/lib/guards';

const admin = { id: '1', email: 'a@x.co', role: 'admin' as const };
const partnerUser = { id: '2', email: 'p@x.co', role: 'partner' as const };
const finance = { id: '3', email: 'f@x.co', role: 'finance' as const };
const viewer = { id: '4', email: 'v@x.co', role: 'viewer' as const };
const unenrolledAdmin = { ...admin, mfaEnrolmentRequired: true };
const partnerWith = (status: PartnerProfile['status']) => ({ status }) as PartnerProfile;

describe('guards (spec §4)', () => {
  it.each([
    ['anonymous', null, '/'],
    ['partner', partnerUser, '/onboarding'],
    ['admin', admin, 'allow'],
    ['finance', finance, 'allow'],
    ['viewer', viewer, 'allow'],
    ['admin who must enrol in two-factor sign-in', unenrolledAdmin, '/two-factor-setup'],
  ] as const)('admin area: %s → %s', (_name, user, expected) => {
    expect(adminAreaDecision({ user })).toBe(expected);
  });

  it.each([
    ['anonymous', null, null, '/'],
    ['admin', admin, null, '/admin'],
    ['viewer', viewer, null, '/admin'],
    ['partner without a record', partnerUser, null, '/onboarding'],
    ['pending partner', partnerUser, partnerWith('pending'), '/onboarding'],
    ['suspended partner', partnerUser, partnerWith('suspended'), '/onboarding'],
    ['rejected partner', partnerUser, partnerWith('rejected'), '/onboarding'],
    ['active partner', partnerUser, partnerWith('active'), 'allow'],
  ] as const)('partner area: %s → %s', (_name, user, partner, expected) => {
    expect(partnerAreaDecision({ user, partner })).toBe(expected);
  });

  it.each([
    ['anonymous', null, '/'],
    ['admin who must enrol', unenrolledAdmin, 'allow'],
    ['enrolled admin', admin, '/admin'],
    ['finance member', finance, '/admin'],
    ['partner', partnerUser, '/onboarding'],
  ] as const)('two-factor enrolment page: %s → %s', (_name, user, expected) => {
    expect(twoFactorSetupDecision({ user })).toBe(expected);
  });

  it('sends a signed-in visitor of the landing page by role', () => {
    expect(homeFor({ user: admin })).toBe('/admin');
    expect(homeFor({ user: finance })).toBe('/admin');
    expect(homeFor({ user: partnerUser })).toBe('/onboarding');
    expect(homeFor({ user: null })).toBe('allow');
  });
});

describe('signing in from a deep link', () => {
  const admin = { user: { id: 'a', email: 'a@example.com', role: 'admin' as const, permissions: [] } } as never;

  it('sends the user on to the page asked for, once signed in', () => {
    const back = returnPathOf('/admin/partners/196db0f4-e2cc-4b38-a433-94349ab7ddd2?tab=deals');
    expect(back).toBe('/admin/partners/196db0f4-e2cc-4b38-a433-94349ab7ddd2?tab=deals');
    expect(landingTarget(admin, back)).toBe(back);
    expect(landingTarget(admin, undefined)).toBe('/admin');
    expect(landingTarget({ user: null }, back)).toBe('allow');
  });

  it('keeps the way back on this site', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'admin', 42, undefined])
      expect(returnPathOf(bad)).toBeUndefined();
  });
});
