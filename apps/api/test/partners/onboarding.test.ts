// Partner onboarding through the API: partner.me and partner.apply, over REST and tRPC.

import { CURRENT_AGREEMENT_VERSION, MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { sampleApplication, useTestApp, expectRefusal } from '../support';
import type { SessionUser } from '../../src/trpc/context';

const t = useTestApp();

async function apply(body: unknown, user?: SessionUser) {
  const applicant = user ?? (await t.createUser());
  const res = await t.request(applicant, 'POST', '/api/partners', body as object);
  return { res, user: applicant };
}

describe('GET /api/partners/me (partner.me)', () => {
  it('answers 404 with the profile-not-found message when the user has not applied', async () => {
    const user = await t.createUser();
    const res = await t.request(user, 'GET', '/api/partners/me');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: MESSAGES.partnerProfileNotFound, code: 'NOT_FOUND' });
  });

  it('answers null over tRPC while the user has not applied: an answer, not an error', async () => {
    const user = await t.createUser();
    const headers = { authorization: `Bearer ${await t.tokenFor(user)}` };
    const res = await t.app.inject({ method: 'GET', url: '/trpc/partner.me', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { data: null } });
    expect(await t.caller(user).partner.me()).toBeNull();
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/partners/me' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an admin with 403', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const res = await t.request(admin, 'GET', '/api/partners/me');
    expectRefusal(res, 403, MESSAGES.partnerOnly);
  });

  it('returns the own record in any status, e.g. rejected', async () => {
    const fixture = await t.createPartner({ status: 'rejected', companyName: 'Turned Down Co' });
    const profile = await t.caller(fixture.user).partner.me();
    expect(profile).toMatchObject({
      id: fixture.partnerId,
      status: 'rejected',
      companyName: 'Turned Down Co',
      referralCode: fixture.referralCode,
    });
  });

  it('names the month of the partner’s earliest fee, which may come before the account', async () => {
    const partner = await t.createPartner();
    expect((await t.caller(partner.user).partner.me())?.firstFeeMonth).toBeNull();
    await t.createWonCommission({ partnerId: partner.partnerId, monthYear: '2024-07', amount: '50.00' });
    await t.createWonCommission({ partnerId: partner.partnerId, monthYear: '2025-01', amount: '50.00' });
    expect((await t.caller(partner.user).partner.me())?.firstFeeMonth).toBe('2024-07');
  });
});

describe('POST /api/partners (partner.submitApplication)', () => {
  it('stores the application as pending with code, agreement and activity row, answering 201', async () => {
    t.clock.now = new Date('2026-11-20T10:00:00.000Z');
    const { res, user } = await apply(sampleApplication({ website: 'acme.example.com', phone: '(503) 555-0100' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'pending',
      companyName: 'Acme Growth Partners',
      contactName: 'Ada Lovelace',
      companyType: 'agency',
      website: 'https://acme.example.com',
      phone: '(503) 555-0100',
      expectedVolume: '3-5 referrals/month',
      paymentMethod: 'Wire',
      applicationDate: '2026-11-20T10:00:00.000Z',
      agreementSigned: true,
      agreementSignedAt: '2026-11-20T10:00:00.000Z',
      agreementVersion: CURRENT_AGREEMENT_VERSION,
      bankRoutingNumberMasked: '•••• 0021',
      bankAccountNumberMasked: '•••• 5678',
      bankAccountType: 'checking',
      approvedAt: null,
    });
    expect(body.referralCode).toMatch(/^ACMEGR-[2-9A-HJKMNP-Z]{4}$/);

    const row = await t.db.selectFrom('partners').selectAll().where('userId', '=', user.id).executeTakeFirstOrThrow();
    expect(row.id).toBe(body.id);
    expect(row.status).toBe('pending');
    expect(row.bankAddress).toBe('1 Main St\nPortland, OR');

    const activity = await t.db.selectFrom('activityLog').selectAll().where('entityId', '=', row.id).execute();
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ userId: user.id, action: 'partner.applied', entityType: 'partner' });

    const me = await t.request(user, 'GET', '/api/partners/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ ...body, pendingAgreementVersion: null, supportEmail: null, firstFeeMonth: null });
  });

  it('stores empty optional fields as absent', async () => {
    const { res } = await apply(sampleApplication({ website: '', phone: '   ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ website: null, phone: null });
  });

  it('refuses a second application by the same user with 409 and keeps one record', async () => {
    const { res, user } = await apply(sampleApplication());
    expect(res.statusCode).toBe(201);
    const again = await apply(sampleApplication({ companyName: 'Second Try Inc' }), user);
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json()).toMatchObject({ message: MESSAGES.alreadyApplied, code: 'CONFLICT' });
    const rows = await t.db.selectFrom('partners').select('companyName').where('userId', '=', user.id).execute();
    expect(rows).toEqual([{ companyName: 'Acme Growth Partners' }]);
    const activity = await t.db.selectFrom('activityLog').select('id').where('userId', '=', user.id).execute();
    expect(activity).toHaveLength(1);
  });

  it('gives one record and one 409 when two submissions race', async () => {
    const user = await t.createUser();
    const caller = t.caller(user);
    const results = await Promise.allSettled([
      caller.partner.submitApplication(sampleApplication()),
      caller.partner.submitApplication(sampleApplication()),
    ]);
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.reason).toMatchObject({ code: 'CONFLICT', message: MESSAGES.alreadyApplied });
    const rows = await t.db.selectFrom('partners').select('id').where('userId', '=', user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an admin with 403 and stores nothing', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const { res } = await apply(sampleApplication(), admin);
    expect(res.statusCode).toBe(403);
    const rows = await t.db.selectFrom('partners').select('id').where('userId', '=', admin.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/partners', payload: sampleApplication() });
    expect(res.statusCode).toBe(401);
  });

  it('records the agreement version the partner saw when it is a known one', async () => {
    const { res } = await apply(sampleApplication({ agreementVersion: '1.0' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().agreementVersion).toBe('1.0');
  });

  it('refuses an unknown agreement version with 400', async () => {
    for (const agreementVersion of ['9.9', 'toString', '__proto__']) {
      const { res, user } = await apply(sampleApplication({ agreementVersion }));
      expectRefusal(res, 400, MESSAGES.unknownAgreementVersion);
      const rows = await t.db.selectFrom('partners').select('id').where('userId', '=', user.id).execute();
      expect(rows).toHaveLength(0);
    }
  });

  it('refuses a line break in a one-line field with 400 naming the field, storing nothing', async () => {
    for (const [field, label] of [
      ['companyName', 'Company name'],
      ['bankAccountHolderName', 'Account holder name'],
      ['bankRoutingNumber', 'Routing number'],
    ] as const) {
      const { res, user } = await apply(sampleApplication({ [field]: 'Acme\r\n=1+1' }));
      expectRefusal(res, 400, `${label} must be a single line without control characters`);
      const rows = await t.db.selectFrom('partners').select('id').where('userId', '=', user.id).execute();
      expect(rows).toHaveLength(0);
    }
  });

  it('refuses a listed agreement version that is not the one in force with 409, storing nothing', async () => {
    // A version published to take effect later is listed, but the one in force is what an applicant accepts.
    const inForce = await t.db
      .selectFrom('programTerms')
      .selectAll()
      .where('version', '=', 1)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('programTerms')
      .values({
        ...inForce,
        version: 90,
        agreementVersion: '9.0',
        effectiveFrom: '2999-01-01',
        agreementText: JSON.stringify(inForce.agreementText),
        changes: JSON.stringify(inForce.changes),
      })
      .execute();
    try {
      const { res, user } = await apply(sampleApplication({ agreementVersion: '9.0' }));
      expectRefusal(res, 409, MESSAGES.outdatedAgreementVersion);
      const rows = await t.db.selectFrom('partners').select('id').where('userId', '=', user.id).execute();
      expect(rows).toHaveLength(0);
    } finally {
      await t.db.deleteFrom('programTerms').where('version', '=', 90).execute();
    }
  });

  it('gives every applicant a different referral code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const { res } = await apply(sampleApplication({ companyName: 'Same Name LLC' }));
      codes.add(res.json().referralCode);
    }
    expect(codes.size).toBe(5);
  });
});

describe('the application is validated by the contracts (400 with the spec message)', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['an empty company name', { companyName: '  ' }, MESSAGES.companyNameRequired],
    ['a missing company name', { companyName: undefined }, MESSAGES.companyNameRequired],
    ['an empty contact name', { contactName: '' }, MESSAGES.contactNameRequired],
    ['an unknown company type', { companyType: 'pirate' }, MESSAGES.companyTypeRequired],
    ['a missing expected volume', { expectedVolume: undefined }, MESSAGES.expectedVolumeRequired],
    ['an expected volume outside the list', { expectedVolume: '100 referrals/month' }, MESSAGES.expectedVolumeRequired],
    ['an invalid website', { website: 'not a url' }, MESSAGES.invalidWebsite],
    ['a phone shorter than 10 characters', { phone: '555-0100' }, MESSAGES.invalidPhone],
    ['an agreement that was not accepted', { agreementSigned: false }, MESSAGES.agreementRequired],
    ['a missing agreement acceptance', { agreementSigned: undefined }, MESSAGES.agreementRequired],
    ['a payment method other than wire', { paymentMethod: 'PayPal' }, MESSAGES.wireBankFieldsRequired],
    ['a missing bank name', { bankName: '' }, MESSAGES.wireBankFieldsRequired],
    ['a missing routing number', { bankRoutingNumber: undefined }, MESSAGES.wireBankFieldsRequired],
    ['a routing number of 8 digits', { bankRoutingNumber: '12345678' }, MESSAGES.wireBankFieldsRequired],
    ['a routing number of 10 digits', { bankRoutingNumber: '1234567890' }, MESSAGES.wireBankFieldsRequired],
    ['a routing number with letters', { bankRoutingNumber: '12345678A' }, MESSAGES.wireBankFieldsRequired],
    ['a missing account number', { bankAccountNumber: '' }, MESSAGES.wireBankFieldsRequired],
    ['an account number with symbols', { bankAccountNumber: '1234-5678' }, MESSAGES.wireBankFieldsRequired],
    ['a missing account type', { bankAccountType: '' }, MESSAGES.wireBankFieldsRequired],
    ['a missing account holder', { bankAccountHolderName: undefined }, MESSAGES.wireBankFieldsRequired],
    ['a missing bank address', { bankAddress: ' ' }, MESSAGES.wireBankFieldsRequired],
    ['a missing beneficiary address', { beneficiaryAddress: '' }, MESSAGES.wireBankFieldsRequired],
  ];

  it.each(cases)('refuses %s', async (_name, overrides, message) => {
    const { res, user } = await apply(sampleApplication(overrides));
    expectRefusal(res, 400, message);
    const rows = await t.db.selectFrom('partners').select('id').where('userId', '=', user.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('puts the wire-transfer message on the payment method field and the digits rule on the routing number', async () => {
    const { res } = await apply(sampleApplication({ bankRoutingNumber: '12345' }));
    expect(res.statusCode).toBe(400);
    const issues = res.json().issues as Array<{ path: string; message: string }>;
    expect(issues).toContainEqual({ path: 'paymentMethod', message: MESSAGES.wireBankFieldsRequired });
    expect(issues).toContainEqual({ path: 'bankRoutingNumber', message: MESSAGES.routingNumberDigits });
  });

  it('accepts a routing number of exactly 9 digits', async () => {
    const { res } = await apply(sampleApplication({ bankRoutingNumber: '021000021' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().bankRoutingNumberMasked).toBe('•••• 0021');
  });
});

describe('the OpenAPI document', () => {
  it('documents GET /api/partners/me and POST /api/partners with its body and 201', async () => {
    const doc = await t.openApiDocument();
    expect(doc.paths['/api/partners/me'].get.operationId).toBe('partner.me');
    const post = doc.paths['/api/partners'].post;
    expect(post.operationId).toBe('partner.submitApplication');
    expect(post.responses['201']).toBeDefined();
    expect(Object.keys(post.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining([
        'companyName',
        'contactName',
        'bankRoutingNumber',
        'bankAccountNumber',
        'agreementSigned',
      ]),
    );
    expect(post.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Partner',
    });
    expect(Object.keys(doc.components.schemas.Partner.properties)).toContain('bankAccountNumberMasked');
  });
});
