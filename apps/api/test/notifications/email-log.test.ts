// Email log: the admin reads the outbox newest first, paged, opens one mail to read what it said
// (never a one-time link), and resends a mail as a new copy that the worker delivers; partners
// cannot see or resend anything.

import { EMAIL_BODY_NOTES, MESSAGES, TOKEN_LINK_REDACTED } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { downloadTokensFor } from '../../src/services/materials';
import {
  CLEARED_BODY,
  enqueueMail,
  enqueueTemplate,
  unsubscribeHeaders,
  unsubscribeToken,
  portalLink,
  renderMail,
} from '../../src/services/notifications';
import { createOutboxWorker } from '../../src/workers/outbox-worker';
import { mailingEnv, useTestApp, useTestSmtp, expectRefusal, useUser } from '../support';
import type { SessionUser } from '../../src/trpc/context';

const smtp = useTestSmtp();
const t = useTestApp(mailingEnv(smtp));
const admin = useUser(t, { role: 'admin' });

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 9, minutes));

describe('the Email log', () => {
  it('lists mails newest first, paged, with the total in X-Total-Count', async () => {
    for (let i = 0; i < 5; i++)
      await enqueueMail(t.db, {
        mail: { kind: 'log-test', recipient: `r${i}@example.com`, subject: `Log ${i}`, text: 't', html: '<p>t</p>' },
        now: at(i),
      });
    const headers = await t.bearer(admin);
    const first = await t.app.inject({ method: 'GET', url: '/api/admin/emails?limit=2', headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.json().map((m: { subject: string }) => m.subject)).toEqual(['Log 4', 'Log 3']);
    const second = await t.app.inject({ method: 'GET', url: '/api/admin/emails?limit=2&offset=2', headers });
    expect(second.json().map((m: { subject: string }) => m.subject)).toEqual(['Log 2', 'Log 1']);
    expect(second.json()[0]).toMatchObject({
      kind: 'log-test',
      recipient: 'r2@example.com',
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });

    const page = await t.caller(admin).admin.emails({ limit: 3, offset: 0 });
    expect(page.total).toBe(5);
    expect(page.items).toHaveLength(3);
  });

  it('resends a failed mail as a new copy that is delivered, and logs the resend', async () => {
    await smtp.stop();
    const id = await enqueueMail(t.db, {
      mail: {
        kind: 'log-test',
        recipient: 'bounce@example.com',
        subject: 'Resend me',
        text: 'Body',
        html: '<p>Body</p>',
      },
      now: t.clock.now,
    });
    await t.db
      .updateTable('emailOutbox')
      .set({ status: 'failed', attempts: 6, lastError: 'connect ECONNREFUSED' })
      .where('id', '=', id)
      .execute();
    await smtp.start();

    const res = await t.request(admin, 'POST', `/api/admin/emails/${id}/resend`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json<{ id: string; status: string; resentFrom: string; attempts: number }>();
    expect(copy).toMatchObject({ status: 'pending', resentFrom: id, attempts: 0 });
    expect(copy.id).not.toBe(id);

    const original = await t.db.selectFrom('emailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(original).toMatchObject({ status: 'failed', attempts: 6 });
    const activity = await t.db.selectFrom('activityLog').selectAll().where('action', '=', 'email.resent').execute();
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ userId: admin.id, entityType: 'email', entityId: copy.id });

    const worker = createOutboxWorker(t.deps);
    await worker.runOnce();
    await worker.stop();
    // The five mails of the first test are due too.
    const arrived = await smtp.waitFor(6);
    expect(arrived.filter((m) => m.to === 'bounce@example.com').map((m) => m.subject)).toEqual(['Resend me']);
  });

  it('answers 404 for an unknown mail and keeps partners out', async () => {
    const unknown = await t.request(admin, 'POST', '/api/admin/emails/00000000-0000-4000-8000-000000000000/resend');
    expectRefusal(unknown, 404, MESSAGES.emailNotFound);
    const partner = await t.createPartner({ status: 'active' });
    const headers = await t.bearer(partner.user);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/emails', headers })).statusCode).toBe(403);
    const before = await t.db
      .selectFrom('emailOutbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const anyId = (await t.db.selectFrom('emailOutbox').select('id').executeTakeFirstOrThrow()).id;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/emails/${anyId}/resend`, headers })).statusCode).toBe(
      403,
    );
    const after = await t.db
      .selectFrom('emailOutbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('opening a mail', () => {
  const open = async (id: string, user: SessionUser = admin) => t.request(user, 'GET', `/api/admin/emails/${id}`);

  it('answers what the partner was told: the row and its plain-text body, without the HTML', async () => {
    const partner = await t.createPartner({ status: 'active' });
    const values = {
      contactName: 'Maya',
      clientCompanyName: 'Northwind Traders',
      commission: '$120.00',
      dashboardUrl: portalLink(t.deps.config, '/dashboard'),
    };
    const id = await enqueueTemplate(t.db, {
      now: t.clock.now,
      recipient: 'maya@northwind.example',
      kind: 'dealWon',
      values,
      headers: unsubscribeHeaders(t.deps.config, { userId: partner.user.id, topic: 'dealUpdates' }),
    });
    const res = await open(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      kind: 'dealWon',
      recipient: 'maya@northwind.example',
      subject: 'Deal won: Northwind Traders',
      status: 'pending',
      attempts: 0,
      body: renderMail('dealWon', values).text,
      bodyNote: null,
    });
    expect(res.json<{ body: string }>().body).toContain('https://portal.example.com/dashboard');
    // The one-click unsubscribe link of its headers is not part of the answer.
    expect(res.body).not.toContain(unsubscribeToken(t.deps.config, { userId: partner.user.id, topic: 'dealUpdates' }));
    expect(res.body).not.toContain('<html');

    const detail = await t.caller(admin).admin.email({ id });
    expect(detail.body).toBe(renderMail('dealWon', values).text);
  });

  it('replaces every link with a one-time token in a body, and keeps the other links', async () => {
    const partner = await t.createPartner({ status: 'active' });
    const unsubscribe = portalLink(t.deps.config, '/api/mail/unsubscribe', {
      token: unsubscribeToken(t.deps.config, { userId: partner.user.id, topic: 'monthlySummary' }),
    });
    const reset = portalLink(t.deps.config, '/reset-password', { token: 'reset-secret-123' });
    const invitation = portalLink(t.deps.config, '/accept-invitation', { token: 'invite-secret-456' });
    const fileToken = downloadTokensFor(t.deps.config).sign(
      { id: '00000000-0000-4000-8000-00000000000f', storageKey: 'deck.pdf', isActive: true, updatedAt: t.clock.now },
      t.clock.now,
    );
    const text = [
      `Unsubscribe: ${unsubscribe}`,
      `Reset: ${reset}`,
      `Join: ${invitation}.`,
      `Download: https://portal.example.com/api/files/${fileToken}`,
      `Or here: /api/files/${fileToken}`,
      'Your settings: https://portal.example.com/dashboard?tab=settings',
      'Your link: https://portal.example.com/r/ACME-42',
    ].join('\n');
    const id = await enqueueMail(t.db, {
      mail: { kind: 'monthlySummary', recipient: 'links@example.com', subject: 'Links', text, html: '<p>x</p>' },
      now: t.clock.now,
    });
    const res = await open(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ body: string }>().body).toBe(
      [
        `Unsubscribe: ${TOKEN_LINK_REDACTED}`,
        `Reset: ${TOKEN_LINK_REDACTED}`,
        `Join: ${TOKEN_LINK_REDACTED}.`,
        `Download: ${TOKEN_LINK_REDACTED}`,
        `Or here: ${TOKEN_LINK_REDACTED}`,
        'Your settings: https://portal.example.com/dashboard?tab=settings',
        'Your link: https://portal.example.com/r/ACME-42',
      ].join('\n'),
    );
    for (const secret of [unsubscribe.split('token=')[1] as string, 'reset-secret-123', 'invite-secret-456', fileToken])
      expect(res.body).not.toContain(secret);
  });

  it('shows no body of a password reset, even while it waits to be sent, and says why', async () => {
    const user = await t.createUser({ email: 'forgetful@example.com', password: 'first-password-1' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
      remoteAddress: '10.77.0.1',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const row = await t.db
      .selectFrom('emailOutbox')
      .select(['id', 'textBody'])
      .where('kind', '=', 'passwordReset')
      .where('recipient', '=', user.email)
      .executeTakeFirstOrThrow();
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(row.textBody)?.[1];
    expect(token).toBeTruthy();

    const res = await open(row.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'passwordReset', status: 'pending', body: null });
    expect(res.json<{ bodyNote: string }>().bodyNote).toBe(EMAIL_BODY_NOTES.oneTimeLink);
    expect(res.body).not.toContain(token as string);
  });

  it('shows no body of a team invitation, pending or sent', async () => {
    const values = {
      roleLabel: 'Finance',
      invitedBy: 'Ada',
      acceptUrl: 'https://portal.example.com/accept-invitation?token=inv-789',
      validDays: 7,
    };
    const pending = await enqueueTemplate(t.db, {
      now: t.clock.now,
      recipient: 'new@example.com',
      kind: 'teamInvitation',
      values,
    });
    const sent = await enqueueTemplate(t.db, {
      now: t.clock.now,
      recipient: 'new@example.com',
      kind: 'teamInvitation',
      values,
    });
    // A sent row whose body is still there (the worker clears it in the same update; this stands for any lapse).
    await t.db.updateTable('emailOutbox').set({ status: 'sent', sentAt: t.clock.now }).where('id', '=', sent).execute();
    for (const id of [pending, sent]) {
      const res = await open(id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ kind: 'teamInvitation', body: null, bodyNote: EMAIL_BODY_NOTES.oneTimeLink });
      expect(res.body).not.toContain('inv-789');
    }
  });

  it('says the body is no longer kept once it is cleared', async () => {
    const id = await enqueueMail(t.db, {
      mail: {
        kind: 'payoutSent',
        recipient: 'old@example.com',
        subject: 'Payout sent: $10.00',
        text: 'Old',
        html: '<p>Old</p>',
      },
      now: t.clock.now,
    });
    await t.db
      .updateTable('emailOutbox')
      .set({ status: 'sent', textBody: CLEARED_BODY, htmlBody: CLEARED_BODY })
      .where('id', '=', id)
      .execute();
    const res = await open(id);
    expect(res.json()).toMatchObject({ body: null, bodyNote: EMAIL_BODY_NOTES.cleared, resendable: false });
  });

  it('answers 404 for an unknown mail and 400 for a malformed id', async () => {
    expectRefusal(await open('00000000-0000-4000-8000-000000000000'), 404, MESSAGES.emailNotFound);
    expectRefusal(await open('not-an-id'), 400, /Not a valid id/);
  });

  it('is refused to partners and to the team roles without the Email log', async () => {
    const id = await enqueueMail(t.db, {
      mail: { kind: 'log-test', recipient: 'private@example.com', subject: 'Private', text: 'Private body', html: '' },
      now: t.clock.now,
    });
    const partner = await t.createPartner({ status: 'active' });
    const finance = await t.createUser({ role: 'finance' });
    const viewer = await t.createUser({ role: 'viewer' });
    for (const user of [partner.user, finance, viewer]) {
      const res = await open(id, user);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).not.toContain('Private body');
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/emails/${id}` })).statusCode).toBe(401);
  });
});
