import { describe, expect, it } from 'vitest';
import { activitySentence, hasActivitySentence, type ActivityFacts } from '../src/activity-sentences';
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

describe('activity sentences', () => {
  it('say what the demo seed did, and fall back to the action in words for an action without a sentence', () => {
    const facts = { who: 'Morgan Lee', subject: 'Morgan Lee', partnerName: null };
    expect(activitySentence({ ...facts, action: 'demo.seeded', details: { partners: 8 } })).toBe(
      'Morgan Lee filled the portal with demo data (8 partners)',
    );
    expect(activitySentence({ ...facts, action: 'user.wondered', details: null })).toBe(
      'Morgan Lee: user wondered (Morgan Lee)',
    );
  });
});

describe('the sentences of the account, team, terms and integration actions', () => {
  const say = (action: string, details: Record<string, unknown> | null, extra: Partial<ActivityFacts> = {}) =>
    activitySentence({ action, who: 'Morgan Lee', subject: null, partnerName: null, details, ...extra });

  it.each<[string, Record<string, unknown> | null, Partial<ActivityFacts>, string]>([
    [
      'referral.window_extended',
      { days: 20, reason: 'Board meets next week' },
      { subject: 'Nimbus' },
      'Morgan Lee extended Nimbus’s qualification window by 20 days: Board meets next week',
    ],
    [
      'referral.qualification_overridden',
      null,
      {
        subject: 'Nimbus',
        changes: [
          { field: 'qualifying', before: 'true', after: 'false' },
          { field: 'qualificationReason', before: null, after: 'Sales not confirmed' },
        ],
      },
      'Morgan Lee decided that Nimbus does not qualify: Sales not confirmed',
    ],
    [
      'partner.agreement_accepted',
      { after: { agreementVersion: '2.0' } },
      { who: 'Ada Lovelace', subject: 'Acme' },
      'Ada Lovelace accepted the affiliate agreement (version 2.0) for Acme',
    ],
    [
      'partner.fees_forfeited',
      { voided: 3, amount: '150.00', reason: 'Solicited a client' },
      { subject: 'Acme' },
      'Morgan Lee forfeited 3 unpaid fees ($150.00) and the future fees of Acme: Solicited a client',
    ],
    [
      'partner.notice_given',
      { givenBy: 'firm', effectiveDate: '2026-12-27', reason: 'Breach' },
      { subject: 'Acme' },
      'Morgan Lee gave notice for the firm, ending Acme’s partnership on Dec 27, 2026: Breach',
    ],
    [
      'partner.notice_withdrawn',
      { before: { effectiveDate: '2026-12-27' } },
      { subject: 'Acme' },
      'Morgan Lee withdrew the notice ending Acme’s partnership on Dec 27, 2026: it continues',
    ],
    [
      'partner.terminated',
      { effectiveDate: '2026-12-27' },
      { who: 'The system', subject: 'Acme' },
      'Acme’s partnership ended on Dec 27, 2026: the partner is inactive',
    ],
    [
      'program_terms.published',
      { version: 3, agreementVersion: '2.0', effectiveFrom: '2027-01-01' },
      {},
      'Morgan Lee published version 3 of the program terms (agreement 2.0), in force from Jan 1, 2027',
    ],
    [
      'team.role_changed',
      { email: 'finn@example.com', before: 'viewer', after: 'finance' },
      {},
      'Morgan Lee made finn@example.com Finance (was Viewer)',
    ],
    [
      'team.deactivated',
      { email: 'finn@example.com', keysRevoked: 2 },
      { subject: 'Finn Fisher' },
      'Morgan Lee deactivated Finn Fisher, revoking 2 API keys',
    ],
    ['api_key.revoked', { name: 'CRM sync', reason: 'Leaked' }, {}, 'Morgan Lee revoked the API key CRM sync: Leaked'],
    [
      'webhook.paused',
      { url: 'https://hooks.example.com/in' },
      { who: 'The system' },
      'The webhook https://hooks.example.com/in was paused: no delivery reached it for a day',
    ],
    ['webhook.deleted', {}, {}, 'Morgan Lee deleted a webhook'],
    ['user.mfa_enabled', null, {}, 'Morgan Lee turned on two-factor sign-in'],
    [
      'user.display_name_changed',
      null,
      { changes: [{ field: 'displayName', before: 'Morgan Lee', after: 'Morgan A. Lee' }] },
      'Morgan Lee set their name to Morgan A. Lee (was Morgan Lee)',
    ],
    [
      'partner.notice_withdrawn',
      { givenBy: 'firm' },
      { subject: 'Acme', changes: [{ field: 'effectiveDate', before: '2026-12-27', after: null }] },
      'Morgan Lee withdrew the notice ending Acme’s partnership on Dec 27, 2026: it continues',
    ],
    [
      'material.deactivated',
      null,
      { subject: 'Partner Pitch Deck' },
      'Morgan Lee hid the material Partner Pitch Deck from partners',
    ],
    [
      'tax_profile.replaced',
      null,
      { who: 'Ada Lovelace', subject: 'Acme' },
      'Ada Lovelace replaced the tax information of Acme',
    ],
  ])('%s reads as a sentence', (action, details, extra, sentence) => {
    expect(hasActivitySentence(action)).toBe(true);
    expect(say(action, details, extra)).toBe(sentence);
  });
});

describe('accepted upload types', () => {
  it('list the endings and content types the file picker offers', () => {
    expect(ACCEPTED_UPLOAD_TYPES.split(',')).toEqual(
      expect.arrayContaining(['.pdf', '.jpg', '.pptx', '.docx', '.mp4', 'application/pdf', 'video/mp4']),
    );
  });
});
