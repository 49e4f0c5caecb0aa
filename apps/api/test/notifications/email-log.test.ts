// Email log: the admin reads the outbox newest first, paged, and resends a mail as a
// new copy that the worker delivers; partners cannot see or resend anything.

import { MESSAGES } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../src/services/notifications/outbox';
import { createOutboxWorker } from '../../src/workers/outbox-worker';
import { mailingEnv, useTestApp, useTestSmtp, expectRefusal } from '../support';
import type { SessionUser } from '../../src/trpc/context';

const smtp = useTestSmtp();
const t = useTestApp(mailingEnv(smtp));
let admin: SessionUser;

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
});

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 9, minutes));

describe('the Email log', () => {
  it('lists mails newest first, paged, with the total in X-Total-Count', async () => {
    for (let i = 0; i < 5; i++)
      await enqueueMail(
        t.db,
        { kind: 'log-test', recipient: `r${i}@example.com`, subject: `Log ${i}`, text: 't', html: '<p>t</p>' },
        at(i),
      );
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
    const id = await enqueueMail(
      t.db,
      { kind: 'log-test', recipient: 'bounce@example.com', subject: 'Resend me', text: 'Body', html: '<p>Body</p>' },
      t.clock.now,
    );
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
