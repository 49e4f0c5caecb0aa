// Scoped API keys (scope denial, revocation, expiry, rate limit, never shown twice or
// logged, the key named in activity_log) and signed webhooks (Standard Webhooks signature checked
// with the `standardwebhooks` package, retries with the same webhook-id, SSRF refusals, redirects
// not followed, the 64 KB response cap, a replica pair delivering each event once).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDeps } from '../../src/deps';
import { createLogger } from '../../src/logger';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createFieldCipher } from '../../src/services/platform';
import {
  createWebhook,
  reencryptWebhookSecrets,
  refusalOfAddress,
  resolveTarget,
  webhookSecretContext,
} from '../../src/services/integrations';
import { createWebhookWorker, WEBHOOK_RETRY_DELAYS_MS } from '../../src/workers/webhook-worker';
import { createTestApp, logSink, runWorkersUntilIdle, useTestApp, expectRefusal } from '../support';
import type { SessionUser } from '../../src/trpc/context';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

interface Receiver {
  url: string;
  received: Received[];
  /** What the next requests answer (status), in order; 200 once the list is used up. */
  answers: number[];
  respond?: (res: ServerResponse) => void;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', received: [], answers: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      receiver.received.push({ headers: req.headers, body });
      if (receiver.respond) return receiver.respond(res);
      res.statusCode = receiver.answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', API_KEY_RATE_LIMIT: '5' });
let admin: SessionUser;
let adminHeaders: Record<string, string>;
let receiver: Receiver;

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  adminHeaders = await t.bearer(admin);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
});
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.answers.length = 0;
  receiver.respond = undefined;
  await t.db.deleteFrom('webhookEndpoints').execute();
});

/** A request for a new API key, by the admin unless other headers are given. */
const postKey = (payload: Record<string, unknown>, headers = adminHeaders) =>
  t.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers, payload });

async function createKey(scopes: string[], extra: Record<string, unknown> = {}, headers = adminHeaders) {
  const res = await postKey({ name: 'Tool', scopes, ...extra }, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; key: string; prefix: string; scopes: string[] }>();
}
const withKey = (key: string) => ({ authorization: `Bearer ${key}` });

describe('API keys', () => {
  it('answers the key once, stores only its hash, and never lists it', async () => {
    const created = await createKey(['partners:read']);
    expect(created.key).toMatch(/^ppk_[A-Za-z0-9_-]{43,}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const stored = await t.db.selectFrom('apiKeys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(created.key);
    const list = await t.request(admin, 'GET', '/api/admin/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.body).not.toContain(stored.keyHash);
    expect(list.json().find((k: { id: string }) => k.id === created.id)).toMatchObject({
      name: 'Tool',
      prefix: created.prefix,
      scopes: ['partners:read'],
      lastUsedAt: null,
    });
  });

  it('acts within its scopes: 200 inside them, 403 outside, never keys or the team', async () => {
    const { key, id } = await createKey(['partners:read']);
    const inside = await t.app.inject({ method: 'GET', url: '/api/admin/partners?limit=5', headers: withKey(key) });
    expect(inside.statusCode, inside.body).toBe(200);
    const outside = await t.app.inject({ method: 'GET', url: '/api/admin/referrals?limit=5', headers: withKey(key) });
    expectRefusal(outside, 403, 'This API key does not have the scope for this request');
    const keys = await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: withKey(key) });
    expect(keys.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: withKey(key) });
    expect(me.statusCode).toBe(403);
    const used = await t.db.selectFrom('apiKeys').select('lastUsedAt').where('id', '=', id).executeTakeFirstOrThrow();
    expect(used.lastUsedAt).not.toBeNull();
  });

  it('refuses an unknown scope at creation', async () => {
    const res = await postKey({ name: 'Bad', scopes: ['keys:manage'] });
    expectRefusal(res, 400, 'Unknown scope');
  });

  it('is refused at once after revocation', async () => {
    const { key, id } = await createKey(['partners:read']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/metrics', headers: withKey(key) })).statusCode).toBe(
      200,
    );
    const revoke = await t.request(admin, 'DELETE', `/api/admin/api-keys/${id}`);
    expect(revoke.statusCode, revoke.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/metrics', headers: withKey(key) });
    expectRefusal(after, 401, 'This API key has been revoked');
  });

  it("is refused with its creator's access: deactivation and a role without keys revoke the member's keys", async () => {
    const member = await t.createUser({ role: 'admin' });
    const memberHeaders = await t.bearer(member);
    const make = () => createKey(['partners:read'], { name: 'Member tool' }, memberHeaders);
    const works = async (key: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/metrics', headers: withKey(key) })).statusCode;

    const kept = await make();
    expect(await works(kept.key)).toBe(200);
    const demote = await t.request(admin, 'PATCH', `/api/admin/team/${member.id}`, { role: 'finance' });
    expect(demote.statusCode, demote.body).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/metrics', headers: withKey(kept.key) });
    expectRefusal(refused, 401, 'This API key has been revoked');
    const revokedRows = await t.activityEntries({ action: 'api_key.revoked', entityId: kept.id });
    expect(revokedRows.map((row) => (row.details as { reason: string }).reason)).toEqual(['role changed']);

    // Made admin again, the member's old key stays revoked; a new one works until deactivation.
    await t.db.updateTable('users').set({ role: 'admin' }).where('id', '=', member.id).execute();
    expect(await works(kept.key)).toBe(401);
    const fresh = await createKey(['partners:read'], { name: 'Placeholder' });
    await t.db.updateTable('apiKeys').set({ createdBy: member.id }).where('id', '=', fresh.id).execute();
    const freshKey = fresh.key;
    expect(await works(freshKey)).toBe(200);
    const deactivate = await t.request(admin, 'DELETE', `/api/admin/team/${member.id}`);
    expect(deactivate.statusCode, deactivate.body).toBe(200);
    expect(await works(freshKey)).toBe(401);
  });

  it('is refused when its creator is inactive, even where the key was never revoked', async () => {
    const member = await t.createUser({ role: 'admin' });
    const { key } = await createKey(['partners:read'], { name: 'Orphan' }, await t.bearer(member));
    await t.db.updateTable('users').set({ active: false }).where('id', '=', member.id).execute();
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/metrics', headers: withKey(key) });
    expect(after.statusCode).toBe(401);
    await t.db.updateTable('users').set({ active: true, role: 'viewer' }).where('id', '=', member.id).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/metrics', headers: withKey(key) })).statusCode).toBe(
      401,
    );
  });

  it('is refused after its expiry', async () => {
    const expiresAt = new Date(t.clock.now.getTime() + 60_000).toISOString();
    const { key } = await createKey(['partners:read'], { expiresAt });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/metrics', headers: withKey(key) })).statusCode).toBe(
      200,
    );
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 61_000);
    try {
      const after = await t.app.inject({ method: 'GET', url: '/api/admin/metrics', headers: withKey(key) });
      expectRefusal(after, 401, 'This API key has expired');
    } finally {
      t.clock.now = saved;
    }
  });

  it('sends RateLimit headers and answers 429 with Retry-After past its budget', async () => {
    const { key } = await createKey(['partners:read']);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 6; i++) {
      last = await t.app.inject({ method: 'GET', url: '/api/admin/metrics', headers: withKey(key) });
      statuses.push(last.statusCode);
      if (i === 0) expect(last.headers).toMatchObject({ 'ratelimit-limit': '5', 'ratelimit-remaining': '4' });
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.headers['ratelimit-remaining']).toBe('0');
  });

  it('counts each procedure of a tRPC batch against its budget', async () => {
    const { key } = await createKey(['partners:read']);
    const batch = (size: number, comma = ',') =>
      t.app.inject({
        method: 'GET',
        url: `/trpc/${Array.from({ length: size }, () => 'admin.metrics').join(comma)}?batch=1&input=${encodeURIComponent('{}')}`,
        headers: withKey(key),
      });
    const two = await batch(2);
    expect(two.statusCode, two.body).toBe(200);
    expect(two.headers['ratelimit-remaining']).toBe('3');
    // tRPC decodes the path: commas written as %2C name as many procedures and take as much of the budget.
    const encoded = await batch(3, '%2C');
    expect(encoded.statusCode, encoded.body).toBe(200);
    expect(encoded.json()).toHaveLength(3);
    expect(encoded.headers['ratelimit-remaining']).toBe('0');
    const tooMany = await batch(1);
    expect(tooMany.statusCode).toBe(429);
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('names the key in the activity log of a change it makes', async () => {
    const { key, id } = await createKey(['partners:write']);
    const pending = await t.createPartner({ status: 'pending' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/partners/${pending.partnerId}/approve`,
      headers: withKey(key),
    });
    expect(res.statusCode, res.body).toBe(200);
    const log = await t.activityEntries({ entityId: pending.partnerId, action: 'partner.approved' });
    expect(log).toMatchObject([{ apiKeyId: id, userId: admin.id }]);
  });

  it('never writes the key to the log', async () => {
    const log = logSink();
    const logger = createLogger('info', log.stream);
    const deps = createDeps(t.deps.config, t.database, logger, () => t.clock.now);
    const { buildApp } = await import('../../src/app');
    const app = await buildApp(deps, { serveWeb: false });
    try {
      const { key } = await createKey(['partners:read']);
      await app.inject({ method: 'GET', url: '/api/admin/metrics', headers: withKey(key) });
      await app.inject({ method: 'GET', url: '/api/admin/referrals', headers: withKey(key) });
      expect(log.lines.length).toBeGreaterThan(0);
      expect(log.text()).not.toContain(key);
    } finally {
      await app.close();
      await deps.rateLimits.close();
    }
  });
});

async function createHook(url: string, events: string[] = ['partner.approved']) {
  const res = await t.request(admin, 'POST', '/api/admin/webhooks', { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; secret: string }>();
}

/** The admin's change to a webhook endpoint (enable or disable it, rotate its secret). */
const patchHook = (id: string, payload: Record<string, unknown>) =>
  t.request(admin, 'PATCH', `/api/admin/webhooks/${id}`, payload);

async function approveOnePartner() {
  const pending = await t.createPartner({ status: 'pending' });
  const res = await t.request(admin, 'POST', `/api/admin/partners/${pending.partnerId}/approve`);
  expect(res.statusCode, res.body).toBe(200);
  return pending.partnerId;
}

describe('webhooks', () => {
  it('delivers a change signed per Standard Webhooks, with the public fields only', async () => {
    const hook = await createHook(receiver.url);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const partnerId = await approveOnePartner();
    const worker = createWebhookWorker(t.deps);
    expect(await worker.runOnce()).toBe(1);
    const [arrived] = receiver.received;
    expect(arrived).toBeDefined();
    const verified = new Webhook(hook.secret).verify(
      arrived?.body ?? '',
      arrived?.headers as Record<string, string>,
    ) as { type: string; data: Record<string, unknown> };
    expect(verified.type).toBe('partner.approved');
    expect(verified.data).toMatchObject({ id: partnerId, status: 'active' });
    expect(arrived?.body).not.toMatch(/bank|routing|account/i);
    expect(() =>
      new Webhook(hook.secret).verify(`${arrived?.body} `, arrived?.headers as Record<string, string>),
    ).toThrow();
  });

  it('records nothing, and fails nothing, for a delivery whose endpoint is deleted while it is being sent', async () => {
    const hook = await createHook(receiver.url);
    receiver.respond = (res) => {
      void t.db
        .deleteFrom('webhookEndpoints')
        .where('id', '=', hook.id)
        .execute()
        .then(() => {
          res.statusCode = 200;
          res.end();
        });
    };
    await approveOnePartner();
    const worker = createWebhookWorker(t.deps);
    await expect(worker.runOnce()).resolves.toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(await t.db.selectFrom('webhookEndpoints').select('id').where('id', '=', hook.id).execute()).toEqual([]);
  });

  it('pauses an endpoint nothing reached for a day once a delivery fails for good; enabling it resumes delivery', async () => {
    const hook = await createHook(receiver.url);
    receiver.respond = (res) => {
      res.statusCode = 500;
      res.end();
    };
    await approveOnePartner();
    const worker = createWebhookWorker(t.deps);
    const saved = t.clock.now;
    try {
      for (let attempt = 1; attempt <= WEBHOOK_RETRY_DELAYS_MS.length + 1; attempt++) {
        expect(await worker.runOnce()).toBe(1);
        t.clock.now = new Date(t.clock.now.getTime() + (WEBHOOK_RETRY_DELAYS_MS[attempt - 1] ?? 0));
      }
      const [failed] = await t.db.selectFrom('webhookDeliveries').select(['status', 'attempts']).execute();
      expect(failed).toEqual({ status: 'failed', attempts: WEBHOOK_RETRY_DELAYS_MS.length + 1 });
      const endpoint = await t.db.selectFrom('webhookEndpoints').select('enabled').executeTakeFirstOrThrow();
      expect(endpoint.enabled).toBe(false);
      const log = await t.activityEntries({ entityId: hook.id, action: 'webhook.paused' });
      expect(log).toMatchObject([{ action: 'webhook.paused', userId: null }]);

      // A paused endpoint is sent nothing; once an admin enables it, new events go out again.
      receiver.respond = undefined;
      await approveOnePartner();
      expect(await worker.runOnce()).toBe(0);
      expect(receiver.received).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 1);
      const enabled = await patchHook(hook.id, { enabled: true });
      expect(enabled.statusCode, enabled.body).toBe(200);
      await approveOnePartner();
      expect(await worker.runOnce()).toBe(1);
      expect(receiver.received).toHaveLength(WEBHOOK_RETRY_DELAYS_MS.length + 2);
    } finally {
      t.clock.now = saved;
    }
  });

  it('retries a failed delivery with the same webhook-id, first within about 10 s', async () => {
    await createHook(receiver.url);
    receiver.answers.push(500, 503);
    await approveOnePartner();
    const worker = createWebhookWorker(t.deps);
    const saved = t.clock.now;
    try {
      expect(await worker.runOnce()).toBe(1);
      expect(await worker.runOnce()).toBe(0);
      t.clock.now = new Date(saved.getTime() + WEBHOOK_RETRY_DELAYS_MS[0]);
      expect(await worker.runOnce()).toBe(1);
      t.clock.now = new Date(t.clock.now.getTime() + WEBHOOK_RETRY_DELAYS_MS[1]);
      expect(await worker.runOnce()).toBe(1);
    } finally {
      t.clock.now = saved;
    }
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [delivery] = await t.db.selectFrom('webhookDeliveries').selectAll().execute();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
    const endpoint = (await t.db.selectFrom('webhookEndpoints').select('id').executeTakeFirstOrThrow()).id;
    const listed = await t.request(admin, 'GET', `/api/admin/webhooks/${endpoint}/deliveries`);
    expect(listed.json()[0].attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 503, 200]);
  });

  it('does not follow a redirect, and reads at most 64 KB of an answer', async () => {
    await createHook(receiver.url);
    receiver.respond = (res) => {
      res.statusCode = 302;
      res.setHeader('location', 'http://169.254.169.254/latest/meta-data');
      res.end();
    };
    await approveOnePartner();
    await createWebhookWorker(t.deps).runOnce();
    expect(receiver.received).toHaveLength(1);
    const [attempt] = await t.db.selectFrom('webhookAttempts').selectAll().execute();
    expect(attempt).toMatchObject({ statusCode: 302, error: 'Redirect (302) not followed' });

    await t.db.deleteFrom('webhookEndpoints').execute();
    await createHook(receiver.url);
    let written = 0;
    receiver.respond = (res) => {
      res.statusCode = 200;
      const chunk = Buffer.alloc(16 * 1024, 'x');
      // An endless answer: the worker must stop reading and settle the delivery.
      const pump = () => {
        while (res.write(chunk)) {
          written += chunk.length;
          if (written > 10 * 1024 * 1024) return res.end();
        }
        res.once('drain', pump);
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    };
    await approveOnePartner();
    await createWebhookWorker(t.deps).runOnce();
    const [delivery] = await t.db.selectFrom('webhookDeliveries').select('status').execute();
    expect(delivery?.status).toBe('delivered');
    expect(written).toBeLessThan(10 * 1024 * 1024);
  });

  it('delivers each event once from a replica pair on one database', async () => {
    await createHook(receiver.url);
    for (let i = 0; i < 12; i++) await approveOnePartner();
    const replica = createDeps(t.deps.config, t.database, createLogger('silent'), () => t.clock.now);
    const [first, second] = [
      createWebhookWorker(t.deps, { batchSize: 5 }),
      createWebhookWorker(replica, { batchSize: 5 }),
    ];
    const claimed = await runWorkersUntilIdle(first, second);
    await replica.rateLimits.close();
    expect(claimed).toBe(12);
    expect(receiver.received).toHaveLength(12);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(12);
  });

  it('keeps delivering to other endpoints while one endpoint holds its request', async () => {
    const slow = await startReceiver();
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      slow.respond = (res) => {
        void held.then(() => res.end());
      };
      await createHook(slow.url);
      await createHook(receiver.url);
      for (let i = 0; i < 3; i++) await approveOnePartner();
      const run = createWebhookWorker(t.deps).runOnce();
      // The other endpoint gets all three events while the slow one still holds the first.
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(3);
      expect(slow.received).toHaveLength(1);
      release();
      expect(await run).toBe(6);
      expect(slow.received).toHaveLength(3);
    } finally {
      await slow.close();
    }
  });

  it('sends a test event and resends a delivery with the same webhook-id', async () => {
    const hook = await createHook(receiver.url);
    const test = await t.request(admin, 'POST', `/api/admin/webhooks/${hook.id}/test`);
    expect(test.statusCode, test.body).toBe(201);
    await createWebhookWorker(t.deps).runOnce();
    const deliveries = (await t.request(admin, 'GET', `/api/admin/webhooks/${hook.id}/deliveries`)).json();
    expect(deliveries[0]).toMatchObject({ eventType: 'webhook.test', status: 'delivered' });
    const resend = await t.request(
      admin,
      'POST',
      `/api/admin/webhooks/${hook.id}/deliveries/${deliveries[0].id}/resend`,
    );
    expect(resend.statusCode, resend.body).toBe(201);
    await createWebhookWorker(t.deps).runOnce();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]?.headers['webhook-id']).toBe(receiver.received[1]?.headers['webhook-id']);
  });

  it('rotates the secret: later deliveries verify with the new one only', async () => {
    const hook = await createHook(receiver.url);
    const rotated = await patchHook(hook.id, { rotateSecret: true });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = rotated.json().secret as string;
    expect(secret).not.toBe(hook.secret);
    await approveOnePartner();
    await createWebhookWorker(t.deps).runOnce();
    const [arrived] = receiver.received;
    expect(() =>
      new Webhook(secret).verify(arrived?.body ?? '', arrived?.headers as Record<string, string>),
    ).not.toThrow();
    expect(() =>
      new Webhook(hook.secret).verify(arrived?.body ?? '', arrived?.headers as Record<string, string>),
    ).toThrow();
    const list = await t.request(admin, 'GET', '/api/admin/webhooks');
    expect(list.body).not.toContain(secret);
  });
});

describe('webhook secrets at rest', () => {
  it('stores the secret encrypted and moves it to the current key with cli reencrypt', async () => {
    const oldKey = randomBytes(32).toString('base64');
    const older = createFieldCipher(oldKey);
    const hook = await createWebhook(t.db, {
      deps: { cipher: older, allowPrivate: true },
      actorId: admin.id,
      input: { url: receiver.url, events: ['partner.applied'] },
      now: t.clock.now,
    });
    const stored = (
      await t.db.selectFrom('webhookEndpoints').select('secret').where('id', '=', hook.id).executeTakeFirstOrThrow()
    ).secret;
    expect(stored).not.toContain(hook.secret.slice(6));
    const current = createFieldCipher(randomBytes(32).toString('base64'), [oldKey]);
    expect(await reencryptWebhookSecrets(t.db, current)).toEqual({ rewritten: 1, unreadable: [] });
    const after = (
      await t.db.selectFrom('webhookEndpoints').select('secret').where('id', '=', hook.id).executeTakeFirstOrThrow()
    ).secret;
    expect(current.isCurrent(after)).toBe(true);
    expect(current.decrypt(after, webhookSecretContext(hook.id))).toBe(hook.secret);
    expect(await reencryptWebhookSecrets(t.db, current)).toEqual({ rewritten: 0, unreadable: [] });
  });
});

describe('webhook target safety', () => {
  it('refuses IPv4-compatible, IPv4-mapped (in every spelling), NAT64, 6to4 and Teredo addresses', () => {
    for (const address of [
      '::7f00:1',
      '::127.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:0001',
      '::FFFF:A00:1',
      '::ffff:0a00:0001',
      '64:ff9b::7f00:1',
      '64:ff9b::10.0.0.1',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      '2002:c0a8:101::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    ]) {
      expect(refusalOfAddress(address, false), address).toBeDefined();
    }
    // Mapped metadata addresses stay refused even where private networks are allowed.
    for (const address of ['::ffff:a9fe:a9fe', '0:0:0:0:0:ffff:169.254.169.254']) {
      expect(refusalOfAddress(address, true), address).toMatch(/link-local or cloud metadata/);
    }
  });

  it('names the host and the kind of address in a refusal, never the addresses it resolved to', async () => {
    const refusal = await resolveTarget('localhost', false).catch((error: Error) => error.message);
    expect(refusal).toBe(
      'The host localhost resolves to a loopback, private, multicast, reserved or tunnelled address',
    );
    expect(refusal).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('refuses link-local and cloud metadata addresses even when private networks are allowed', async () => {
    for (const url of ['http://169.254.169.254/latest', 'http://[fe80::1]/x', 'http://[::ffff:169.254.169.254]/x']) {
      const res = await t.request(admin, 'POST', '/api/admin/webhooks', { url, events: ['partner.approved'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/^This webhook URL is refused: .*link-local or cloud metadata/);
    }
  });

  it('refuses loopback, private and unspecified targets, and http, without WEBHOOK_ALLOW_PRIVATE_NETWORKS', async () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.1.1',
      '172.16.0.1',
      '0.0.0.0',
      '::1',
      'fc00::1',
      '224.0.0.1',
      // Documentation, discard-only and retired relay ranges: no receiver is ever there.
      '192.0.2.1',
      '198.51.100.1',
      '203.0.113.1',
      '192.88.99.1',
      '2001:db8::1',
      '3fff::1',
      '100::1',
    ]) {
      expect(refusalOfAddress(address, false), address).toBeDefined();
    }
    expect(refusalOfAddress('93.184.216.34', false)).toBeUndefined();
    expect(refusalOfAddress('2606:4700:4700::1111', false)).toBeUndefined();
    expect(refusalOfAddress('::ffff:93.184.216.34', false)).toBeUndefined();
    expect(refusalOfAddress('127.0.0.1', true)).toBeUndefined();
    // "localhost" is a host name resolving to 127.0.0.1: the resolved address is what counts.
    await expect(resolveTarget('localhost', false)).rejects.toThrow(/resolves to .*loopback/);
    const strict = await createTestApp();
    try {
      const strictAdmin = await strict.createUser({ role: 'admin' });
      const register = (url: string) =>
        strict.request(strictAdmin, 'POST', '/api/admin/webhooks', { url, events: ['partner.approved'] });
      const http = await register('http://example.com/hook');
      expect(http.json().message).toBe('This webhook URL is refused: The URL must use https');
      const local = await register('https://localhost:8443/hook');
      expectRefusal(local, 400, /loopback/);
    } finally {
      await strict.close();
    }
  });
});
