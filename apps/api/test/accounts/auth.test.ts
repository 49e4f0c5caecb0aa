// Accounts and sessions through REST (app.inject) and tRPC (HTTP and server-side caller).

import { MESSAGES } from '@portal/contracts';
import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HASH_OPTIONS, hashPassword, passwordNeedsRehash } from '../../src/services/accounts';
import { createInnerContext } from '../../src/trpc/context';
import { createCaller } from '../../src/trpc/router';
import { addressSequence, useTestApp, expectRefusal } from '../support';

const t = useTestApp();

/** Each test signs up from its own address so the registration throttle never interferes. */
const freshIp = addressSequence('10.1');
let emailCounter = 0;
const freshEmail = () => `person-${Date.now().toString(36)}-${emailCounter++}@example.com`;

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = freshIp()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });

const callerAt = (ip: string) => createCaller(createInnerContext(t.deps, null, { ip }));

/** The user a new partner account's session answers with: no name, no two-factor sign-in. */
const newPartnerUser = (id: unknown, email: string) => ({
  id,
  email,
  role: 'partner',
  displayName: null,
  permissions: ['partner:self'],
  mfaEnabled: false,
  mfaEnrolmentRequired: false,
});

describe('POST /api/auth/register', () => {
  it('creates a partner account and answers a token and the user', async () => {
    const email = freshEmail();
    const res = await post('/api/auth/register', { email, password: 'secret-pass-1' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      token: expect.any(String),
      user: newPartnerUser(expect.any(String), email),
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(body.user);
  });

  it('keeps the 6-character minimum with the spec message, and refuses the most common passwords', async () => {
    const short = await post('/api/auth/register', { email: freshEmail(), password: 'pass5' });
    expectRefusal(short, 400, MESSAGES.authPasswordMin);
    for (const password of ['123456', 'password', 'Password1', 'qwerty123', 'iloveyou', 'secret1']) {
      const email = freshEmail();
      const res = await post('/api/auth/register', { email, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message).toBe(MESSAGES.commonPassword);
      const rows = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
      expect(rows).toHaveLength(0);
    }
    // The demo and test passwords of this repository are not on the list.
    for (const password of ['demo-password-2026', 'admin-password-123', 'partner-password-1', 'secret-pass-1']) {
      expect((await post('/api/auth/register', { email: freshEmail(), password })).statusCode, password).toBe(201);
    }
  });

  it('never creates an admin: over REST a role in the body is an unknown field (400), over tRPC it is dropped', async () => {
    const email = freshEmail();
    const res = await post('/api/auth/register', { email, password: 'secret-pass-1', role: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Unknown field: role',
      code: 'BAD_REQUEST',
      issues: [{ path: 'role', message: 'Unknown field: role' }],
    });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();

    // tRPC strips keys its schema does not name: the account is made, and it is a partner's.
    const anonymous = createCaller(createInnerContext(t.deps, null));
    const input = { email, password: 'secret-pass-1', role: 'admin' } as { email: string; password: string };
    const created = await anonymous.auth.register(input);
    expect(created.user.role).toBe('partner');
    const row = await t.row('users', created.user.id);
    expect(row.role).toBe('partner');
  });

  it('trims and lower-cases the email', async () => {
    const local = `Mixed.Case-${emailCounter++}`;
    const res = await post('/api/auth/register', { email: `  ${local}@Example.COM `, password: 'secret-pass-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBe(`${local.toLowerCase()}@example.com`);
  });

  it('answers 409 with a clear message for a taken email, whatever its case', async () => {
    const email = freshEmail();
    expect((await post('/api/auth/register', { email, password: 'secret-pass-1' })).statusCode).toBe(201);
    const again = await post('/api/auth/register', { email: email.toUpperCase(), password: 'another-pass-1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MESSAGES.emailTaken, code: 'CONFLICT' });
  });

  it('gives one account when two sign-ups with the same email race', async () => {
    const email = freshEmail();
    const results = await Promise.all([
      post('/api/auth/register', { email, password: 'secret-pass-1' }),
      post('/api/auth/register', { email, password: 'secret-pass-2' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses an invalid email with the spec's message", async () => {
    const res = await post('/api/auth/register', { email: 'not-an-email', password: 'secret-pass-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MESSAGES.invalidEmail, code: 'BAD_REQUEST' });
  });

  it("refuses a password under 6 characters with the spec's message", async () => {
    const res = await post('/api/auth/register', { email: freshEmail(), password: '12345' });
    expectRefusal(res, 400, MESSAGES.authPasswordMin);
  });

  it('accepts a password of 128 characters and signs in with it', async () => {
    const email = freshEmail();
    const password = 'p'.repeat(64) + 'ä€'.repeat(32);
    expect(password.length).toBe(128);
    expect((await post('/api/auth/register', { email, password })).statusCode).toBe(201);
    const login = await post('/api/auth/login', { email, password });
    expect(login.statusCode).toBe(200);
  });

  it('stores an argon2id hash at OWASP strength, never the password', async () => {
    const email = freshEmail();
    await post('/api/auth/register', { email, password: 'secret-pass-1' });
    const row = await t.db
      .selectFrom('users')
      .select('passwordHash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    const [m, tc, p] = ['m', 't', 'p'].map((name) => new RegExp(`[$,]${name}=(\\d+)`).exec(row.passwordHash)?.[1]);
    expect(Number(m)).toBeGreaterThanOrEqual(19456);
    expect(Number(tc)).toBeGreaterThanOrEqual(2);
    expect(Number(p)).toBeGreaterThanOrEqual(1);
    expect(row.passwordHash).not.toContain('secret-pass-1');
  });

  it('writes an activity log row for the new account', async () => {
    const res = await post('/api/auth/register', { email: freshEmail(), password: 'secret-pass-1' });
    const id = res.json().user.id;
    const log = await t.activityEntries({ entityId: id, action: 'user.registered' });
    expect(log).toHaveLength(1);
    expect(log[0]?.userId).toBe(id);
  });
});

describe('POST /api/auth/login', () => {
  it('answers a token and the user for the right password', async () => {
    const email = freshEmail();
    const user = await t.createUser({ email, password: 'right-password' });
    const res = await post('/api/auth/login', { email: `  ${email.toUpperCase()}`, password: 'right-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      token: expect.any(String),
      user: newPartnerUser(user.id, email),
    });
  });

  it('gives the same 401 for a wrong password and for an unknown email', async () => {
    const email = freshEmail();
    await t.createUser({ email, password: 'right-password' });
    const wrong = await post('/api/auth/login', { email, password: 'wrong-password' });
    const unknown = await post('/api/auth/login', { email: freshEmail(), password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: MESSAGES.invalidCredentials, code: 'UNAUTHORIZED' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('spends comparable time on an unknown email and on a wrong password', async () => {
    const email = freshEmail();
    const caller = callerAt(freshIp());
    await caller.auth.register({ email, password: 'right-password' });
    const timeOf = async (run: () => Promise<unknown>) => {
      const start = performance.now();
      await run().catch(() => undefined);
      return performance.now() - start;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      wrong.push(await timeOf(() => caller.auth.login({ email, password: 'wrong-password' })));
      unknown.push(await timeOf(() => caller.auth.login({ email: freshEmail(), password: 'wrong-password' })));
    }
    // Both run one argon2 verification; without the dummy hash the unknown email would answer at once.
    // The fastest of each is compared: other work on a busy machine only ever adds time.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...wrong) * 0.4);
  });

  it('refuses a malformed email with 400 before looking anything up', async () => {
    const res = await post('/api/auth/login', { email: 'nobody', password: 'whatever1' });
    expectRefusal(res, 400, MESSAGES.invalidEmail);
  });

  it('upgrades a hash made with weaker settings on a successful sign-in', async () => {
    const email = freshEmail();
    const weak = await argon2.hash('right-password', {
      type: argon2.argon2id,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    const user = await t.db
      .insertInto('users')
      .values({ email, passwordHash: weak, role: 'partner' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(passwordNeedsRehash(weak)).toBe(true);
    const res = await post('/api/auth/login', { email, password: 'right-password' });
    expect(res.statusCode).toBe(200);
    const row = await t.row('users', user.id);
    expect(row.passwordHash).not.toBe(weak);
    expect(passwordNeedsRehash(row.passwordHash)).toBe(false);
    expect(await argon2.verify(row.passwordHash, 'right-password')).toBe(true);
    const again = await post('/api/auth/login', { email, password: 'right-password' });
    expect(again.statusCode).toBe(200);
  });

  it('leaves a hash at our settings or stronger alone', async () => {
    expect(passwordNeedsRehash(await hashPassword('x'.repeat(8)))).toBe(false);
    expect(
      passwordNeedsRehash(
        await argon2.hash('x'.repeat(8), { ...PASSWORD_HASH_OPTIONS, memoryCost: 65536, timeCost: 3 }),
      ),
    ).toBe(false);
    expect(
      passwordNeedsRehash(
        await argon2.hash('x'.repeat(8), { type: argon2.argon2i, memoryCost: 19456, timeCost: 2, parallelism: 1 }),
      ),
    ).toBe(true);
    expect(passwordNeedsRehash('!unusable')).toBe(true);
  });

  it('refuses a user whose stored hash is not a password (e.g. an unusable marker)', async () => {
    const email = freshEmail();
    await t.createUser({ email });
    const res = await post('/api/auth/login', { email, password: '!unusable' });
    expect(res.statusCode).toBe(401);
  });

  it('signs in an admin with the admin role in the answer', async () => {
    const email = freshEmail();
    await t.createUser({ email, password: 'admin-password', role: 'admin' });
    const res = await post('/api/auth/login', { email, password: 'admin-password' });
    expect(res.json().user.role).toBe('admin');
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: MESSAGES.notSignedIn, code: 'UNAUTHORIZED' });
  });

  it('answers the user of a valid token', async () => {
    const user = await t.createUser({ role: 'admin' });
    const res = await t.request(user, 'GET', '/api/auth/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: user.id,
      email: user.email,
      role: 'admin',
      displayName: null,
      permissions: expect.arrayContaining(['team:manage', 'exports:bank']),
      mfaEnabled: false,
      mfaEnrolmentRequired: false,
    });
  });
});

describe('POST /api/auth/logout', () => {
  it('ends every session of the user and writes an activity log row', async () => {
    const email = freshEmail();
    await t.createUser({ email, password: 'right-password' });
    const first = (await post('/api/auth/login', { email, password: 'right-password' })).json();
    const second = (await post('/api/auth/login', { email, password: 'right-password' })).json();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    for (const token of [first.token, second.token]) {
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expectRefusal(me, 401, MESSAGES.sessionExpired);
    }
    const row = await t.row('users', first.user.id);
    expect(row.tokenVersion).toBe(1);
    const log = await t.activityEntries({ entityId: first.user.id, action: 'user.signed_out' });
    expect(log).toHaveLength(1);
    const fresh = await post('/api/auth/login', { email, password: 'right-password' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${fresh.json().token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('auth over tRPC', () => {
  it('registers, reads me and logs out through the HTTP endpoint', async () => {
    const email = freshEmail();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.register',
      payload: { email, password: 'secret-pass-1' },
      remoteAddress: freshIp(),
    });
    expect(reg.statusCode).toBe(200);
    const { token, user } = reg.json().result.data;
    expect(user).toMatchObject({ email, role: 'partner' });
    const headers = { authorization: `Bearer ${token}` };
    const me = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers });
    expect(me.json().result.data).toEqual(user);
    const out = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.logout',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(out.json().result.data).toEqual({ ok: true });
    const after = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(MESSAGES.sessionExpired);
  });

  it('answers the same messages through a server-side caller', async () => {
    const caller = callerAt(freshIp());
    const email = freshEmail();
    const result = await caller.auth.register({ email, password: 'secret-pass-1' });
    expect(result.user.role).toBe('partner');
    await expect(caller.auth.register({ email, password: 'secret-pass-1' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: MESSAGES.emailTaken,
    });
    await expect(caller.auth.login({ email, password: 'wrong-one' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: MESSAGES.invalidCredentials,
    });
    await expect(caller.auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(caller.auth.register({ email: 'bad', password: 'secret-pass-1' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('reports the validation message of the spec over HTTP tRPC', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: { email: freshEmail(), password: 'short' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.authPasswordMin);
  });
});
