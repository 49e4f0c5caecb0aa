// Program terms as data: version 1 holds the agreement's numbers; the administrator publishes the next
// version (logged, idempotent); an active partner stays on their own version until they accept the one in
// force, and the acceptance is recorded with who, when and from which address.

import { PROGRAM_TERMS_MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { sampleAgreementText, useTestApp, expectRefusal, useClock, useUser, usePartner } from '../support';

const t = useTestApp();
useClock(t, '2026-11-26T10:00:00Z');
const admin = useUser(t, { role: 'admin' });
const finance = useUser(t, { role: 'finance' });
const partner = usePartner(t);

describe('program terms', () => {
  it("start as version 1 with the agreement's numbers and text", async () => {
    const response = await t.request(finance, 'GET', '/api/admin/program-terms');
    expect(response.statusCode).toBe(200);
    const { current, history } = response.json();
    expect(current).toMatchObject({
      version: 1,
      agreementVersion: '1.0',
      fees: { basic_accounting: '50.00', controller: '100.00' },
      qualificationDays: 60,
      maxExtensionDays: 365,
      payoutDays: 30,
      minAnnualSales: '1000000.00',
      noticeDays: 30,
      feeBasis: 'clientPayment',
      createdBy: null,
    });
    expect(current.agreementText.sections).toHaveLength(7);
    expect(history).toHaveLength(1);
  });

  it('are answered to anyone as the terms in force (fees and agreement text)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/program-terms' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ version: 1, fees: { basic_accounting: '50.00' } });
  });

  it('are not published by finance', async () => {
    const response = await t.publishTerms(finance, {
      agreementVersion: '2.0',
      changes: ['x'],
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    [{ agreementVersion: '2.0', agreementText: sampleAgreementText, changes: [] }, PROGRAM_TERMS_MESSAGES.changes],
    [
      { agreementVersion: '2.0', agreementText: sampleAgreementText, changes: ['x'], fees: { basic_accounting: '-1' } },
      PROGRAM_TERMS_MESSAGES.fee('basic_accounting'),
    ],
    [
      { agreementVersion: '2.0', agreementText: sampleAgreementText, changes: ['x'], qualificationDays: 0 },
      PROGRAM_TERMS_MESSAGES.days('Qualification days', 1, 3650),
    ],
    [
      { agreementVersion: '2.0', agreementText: sampleAgreementText, changes: ['x'], effectiveFrom: '2026-11-25' },
      PROGRAM_TERMS_MESSAGES.effectiveInPast,
    ],
  ])('refuse %j with its message', async (payload, message) => {
    const response = await t.publishTerms(admin, payload);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('publish version 2 once per Idempotency-Key, keeping the numbers not given, logged', async () => {
    const payload = {
      agreementVersion: '2.0',
      fees: { basic_accounting: '60.00' },
      changes: ['The Standard Package fee rises to $60 per month'],
    };
    const first = await t.publishTerms(admin, payload, { 'idempotency-key': 'terms-v2-1' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      version: 2,
      agreementVersion: '2.0',
      fees: { basic_accounting: '60.00', controller: '100.00' },
      qualificationDays: 60,
      effectiveFrom: '2026-11-26',
      createdBy: expect.stringContaining('@'),
    });
    const replay = await t.publishTerms(admin, payload, { 'idempotency-key': 'terms-v2-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().version).toBe(2);
    const overview = (await t.request(admin, 'GET', '/api/admin/program-terms')).json();
    expect(overview.current.version).toBe(2);
    expect(overview.history.map((terms: { version: number }) => terms.version)).toEqual([2, 1]);
    const log = await t.activityEntries({ entityType: 'program_terms' });
    expect(log).toMatchObject([{ action: 'program_terms.published', userId: admin.id }]);
  });

  it('name the member who published a version by their name as well as their email', async () => {
    await t.db.updateTable('users').set({ displayName: 'Morgan Lee' }).where('id', '=', admin.id).execute();
    const overview = (await t.request(finance, 'GET', '/api/admin/program-terms')).json();
    expect(overview.history).toMatchObject([
      { version: 2, createdBy: admin.email, createdByName: 'Morgan Lee' },
      { version: 1, createdBy: null, createdByName: null },
    ]);
  });

  it('refuse an agreement version label in use', async () => {
    const response = await t.publishTerms(admin, {
      agreementVersion: '2.0',
      changes: ['again'],
    });
    expectRefusal(response, 409, PROGRAM_TERMS_MESSAGES.agreementVersionTaken('2.0'));
  });
});

describe("a partner's agreement", () => {
  it('stays on version 1 and names version 2 as pending until accepted', async () => {
    const me = (await t.request(partner.user, 'GET', '/api/partners/me')).json();
    expect(me).toMatchObject({ agreementVersion: '1.0', termsVersion: 1, pendingAgreementVersion: '2.0' });
    const agreement = (await t.request(partner.user, 'GET', '/api/partners/agreement')).json();
    expect(agreement.pending).toMatchObject({
      agreementVersion: '2.0',
      fees: { basic_accounting: '60.00' },
      changesSinceAccepted: ['The Standard Package fee rises to $60 per month'],
    });
  });

  it('refuses an acceptance of an older or unknown version, or without accepted: true', async () => {
    const older = await t.request(partner.user, 'POST', '/api/partners/agreement', { version: '1.0', accepted: true });
    expect(older.statusCode).toBe(409);
    const unknown = await t.request(partner.user, 'POST', '/api/partners/agreement', {
      version: '9.9',
      accepted: true,
    });
    expect(unknown.statusCode).toBe(400);
    const declined = await t.request(partner.user, 'POST', '/api/partners/agreement', {
      version: '2.0',
      accepted: false,
    });
    expect(declined.statusCode).toBe(400);
    expect(JSON.stringify(declined.json())).toContain(PROGRAM_TERMS_MESSAGES.acceptRequired);
  });

  it('records the acceptance with who, when and from which address, logged', async () => {
    t.clock.now = new Date('2026-11-27T09:30:00Z');
    const response = await t.request(partner.user, 'POST', '/api/partners/agreement', {
      version: '2.0',
      accepted: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ agreementVersion: '2.0', termsVersion: 2, pending: null });
    const me = (await t.request(partner.user, 'GET', '/api/partners/me')).json();
    expect(me).toMatchObject({ agreementVersion: '2.0', termsVersion: 2, pendingAgreementVersion: null });
    const acceptances = await t.db
      .selectFrom('agreementAcceptances')
      .select(['userId', 'termsVersion', 'agreementVersion', 'acceptedAt', 'ipAddress'])
      .where('partnerId', '=', partner.partnerId)
      .where('termsVersion', '=', 2)
      .execute();
    expect(acceptances).toEqual([
      {
        userId: partner.user.id,
        termsVersion: 2,
        agreementVersion: '2.0',
        acceptedAt: new Date('2026-11-27T09:30:00Z'),
        ipAddress: '127.0.0.1',
      },
    ]);
    const log = await t.activityEntries({ entityId: partner.partnerId, action: 'partner.agreement_accepted' });
    expect(log).toHaveLength(1);
  });

  it('answers an acceptance of the version the partner is on without a second record', async () => {
    const again = await t.request(partner.user, 'POST', '/api/partners/agreement', { version: '2.0', accepted: true });
    expect(again.statusCode).toBe(200);
    const count = await t.db
      .selectFrom('agreementAcceptances')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('partnerId', '=', partner.partnerId)
      .where('termsVersion', '=', 2)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('is not pending for a version effective later until its day comes', async () => {
    await t.publishTerms(admin, {
      agreementVersion: '3.0',
      effectiveFrom: '2026-12-15',
      changes: ['Later'],
    });
    expect((await t.request(partner.user, 'GET', '/api/partners/me')).json().pendingAgreementVersion).toBeNull();
    t.clock.now = new Date('2026-12-15T08:00:00Z');
    expect((await t.request(partner.user, 'GET', '/api/partners/me')).json().pendingAgreementVersion).toBe('3.0');
  });
});
