// Every create takes an optional Idempotency-Key: a retry with the same key and body answers the
// first result again (Idempotent-Replayed: true) and creates nothing more; the same key with
// another body is 422. Creates that leave a service's own transaction join the key's transaction,
// so a create and its stored answer stand or fall together.

import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@portal/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/trpc/context';
import { uniqueEmail, useTestApp, expectRefusal, useUser, usePartner } from '../support';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });
const partner = usePartner(t);

interface CreateCase {
  name: string;
  url: string;
  who: () => SessionUser;
  body: () => Record<string, unknown>;
  /** Another body for the same key. */
  other: (body: Record<string, unknown>) => Record<string, unknown>;
  count: () => Promise<number>;
}

const countOf = async (
  table: 'referrals' | 'partners' | 'teamInvitations' | 'apiKeys' | 'webhookEndpoints' | 'marketingMaterials',
) =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const cases: CreateCase[] = [
  {
    name: 'an admin adds a client',
    url: '/api/admin/referrals',
    who: () => admin,
    body: () => ({
      partnerId: partner.partnerId,
      clientCompanyName: 'Retry Goods',
      serviceType: 'controller',
      monthlyValue: '2500.00',
    }),
    other: (body) => ({ ...body, monthlyValue: '2600.00' }),
    count: () => countOf('referrals'),
  },
  {
    name: 'a partner submits a referral',
    url: '/api/partners/referrals',
    who: () => partner.user,
    body: () => ({ clientCompanyName: 'Twice Sent Co', serviceType: 'basic_accounting', monthlyValue: '800.00' }),
    other: (body) => ({ ...body, clientCompanyName: 'Another Co' }),
    count: () => countOf('referrals'),
  },
  {
    name: 'an admin creates a partner',
    url: '/api/admin/partners',
    who: () => admin,
    body: () => ({
      email: uniqueEmail('retried-partner'),
      password: 'a-long-password',
      companyName: 'Retried Partner LLC',
      contactName: 'Rita Retry',
      companyType: 'consultant',
      expectedVolume: '5-10 referrals/month',
      paymentMethod: 'Wire',
    }),
    other: (body) => ({ ...body, companyName: 'Changed LLC' }),
    count: () => countOf('partners'),
  },
  {
    name: 'an admin invites a team member',
    url: '/api/admin/team/invitations',
    who: () => admin,
    body: () => ({ email: uniqueEmail('retried-invite'), role: 'viewer' }),
    other: (body) => ({ ...body, role: 'finance' }),
    count: () => countOf('teamInvitations'),
  },
  {
    name: 'an admin creates an API key',
    url: '/api/admin/api-keys',
    who: () => admin,
    body: () => ({ name: 'Retried key', scopes: ['partners:read'] }),
    other: (body) => ({ ...body, scopes: ['referrals:read'] }),
    count: () => countOf('apiKeys'),
  },
  {
    name: 'an admin registers a webhook endpoint',
    url: '/api/admin/webhooks',
    who: () => admin,
    body: () => ({ url: 'https://93.184.216.34/retried-hook', events: ['referral.created'] }),
    other: (body) => ({ ...body, events: ['partner.approved'] }),
    count: () => countOf('webhookEndpoints'),
  },
  {
    name: 'an admin publishes a material link',
    url: '/api/admin/marketing-materials',
    who: () => admin,
    body: () => ({ title: 'Retried one-pager', type: 'pdf', fileUrl: 'https://example.com/retried.pdf' }),
    other: (body) => ({ ...body, title: 'Another one-pager' }),
    count: () => countOf('marketingMaterials'),
  },
];

describe.each(cases)('Idempotency-Key when $name', ({ url, who, body, other, count }) => {
  it('replays the first answer to a retry and creates one record; another body is 422', async () => {
    const key = randomUUID();
    const payload = body();
    const headers = { ...(await t.bearer(who())), 'idempotency-key': key };
    const before = await count();

    const first = await t.app.inject({ method: 'POST', url, payload, headers });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const retry = await t.app.inject({ method: 'POST', url, payload, headers });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await count()).toBe(before + 1);

    const changed = await t.app.inject({ method: 'POST', url, payload: other(payload), headers });
    expectRefusal(changed, 422, MESSAGES.idempotencyKeyReusedForOther);
    expect(await count()).toBe(before + 1);

    // Without a key, a create is a create (a person may mean a second one).
    const { 'idempotency-key': _omitted, ...plain } = headers;
    const again = await t.app.inject({ method: 'POST', url, payload: body(), headers: plain });
    expect(again.statusCode).toBe(201);
    expect(await count()).toBe(before + 2);
  });
});

describe('Idempotency-Key on a create that shows a secret once', () => {
  /** The answer stored for the Idempotency-Key `key`, as the database's text. */
  const storedAnswer = async (key: string) =>
    (
      await t.db
        .selectFrom('idempotencyKeys')
        .select(sql<string>`response::text`.as('response'))
        .where('key', '=', key)
        .executeTakeFirstOrThrow()
    ).response;

  it('answers the same API key to a retry, which signs in, and keeps that answer only sealed', async () => {
    const key = randomUUID();
    const headers = { ...(await t.bearer(admin)), 'idempotency-key': key };
    const payload = { name: 'Lost answer key', scopes: ['partners:read'] };
    const first = await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', payload, headers });
    expect(first.statusCode).toBe(201);
    const created = first.json<{ key: string }>();
    const retry = await t.app.inject({ method: 'POST', url: '/api/admin/api-keys', payload, headers });
    expect(retry.json<{ key: string }>().key).toBe(created.key);

    const stored = await storedAnswer(key);
    expect(stored).not.toContain(created.key);
    expect(stored).not.toContain(created.key.slice(-12));

    const withKey = await t.app.inject({
      method: 'GET',
      url: '/api/admin/metrics',
      headers: { authorization: `Bearer ${retry.json<{ key: string }>().key}` },
    });
    expect(withKey.statusCode).toBe(200);
  });

  it('keeps a webhook’s signing secret out of the stored answer and answers it again', async () => {
    const key = randomUUID();
    const headers = { ...(await t.bearer(admin)), 'idempotency-key': key };
    const payload = { url: 'https://93.184.216.34/sealed-hook', events: ['referral.created'] };
    const first = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', payload, headers });
    const retry = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks', payload, headers });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    const secret = first.json<{ secret: string }>().secret;
    expect(secret).toMatch(/^whsec_/);
    expect(await storedAnswer(key)).not.toContain(secret);
  });
});
