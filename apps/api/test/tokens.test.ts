// Session tokens are strict: anything forged, altered, expired or revoked gets a 401 from every
// authenticated call, over REST and over tRPC alike.

import { MESSAGES } from '@portal/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../src/services/tokens';
import { createTestApp, createUser, tokenFor, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const b64url = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const secretKey = () => new TextEncoder().encode(t.deps.config.jwtSecret);

function claimsOf(user: { id: string; role: string; tokenVersion: number }) {
  const now = Math.floor(t.clock.now.getTime() / 1000);
  return { sub: user.id, role: user.role, tv: user.tokenVersion, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 3600 };
}

async function signWith(claims: Record<string, unknown>, alg: 'HS256' | 'HS512' = 'HS256') {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(secretKey());
}

/** The answers of REST GET /api/auth/me and HTTP tRPC auth.me for one Authorization header. */
async function meWith(authorization: string) {
  const rest = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
  const trpc = await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization } });
  const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization } });
  return { rest, trpc, logout };
}

async function expectRejected(authorization: string, message: string = MESSAGES.sessionExpired) {
  const { rest, trpc, logout } = await meWith(authorization);
  expect(rest.statusCode).toBe(401);
  expect(rest.json()).toEqual({ message, code: 'UNAUTHORIZED' });
  expect(trpc.statusCode).toBe(401);
  expect(trpc.json().error.message).toBe(message);
  expect(logout.statusCode).toBe(401);
}

describe('session tokens', () => {
  it('accepts a token the service signed, over REST and tRPC', async () => {
    const user = await createUser(t.deps);
    const { rest, trpc } = await meWith(`Bearer ${await tokenFor(t.deps, user)}`);
    expect(rest.statusCode).toBe(200);
    expect(trpc.json().result.data).toMatchObject({ id: user.id, email: user.email, role: 'partner' });
  });

  it('carries HS256, iss, aud, sub, role, exp of 7 days and tv', async () => {
    const user = await createUser(t.deps);
    const [header, payload] = (await tokenFor(t.deps, user)).split('.') as [string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, role: 'partner', tv: 0, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  });

  it('refuses alg none', async () => {
    const user = await createUser(t.deps, { role: 'admin' });
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claimsOf(user))}.`;
    await expectRejected(`Bearer ${unsigned}`);
  });

  it('refuses an altered signature', async () => {
    const user = await createUser(t.deps);
    const token = await tokenFor(t.deps, user);
    const [h, p, s] = token.split('.') as [string, string, string];
    const flipped = `${s.slice(0, 5)}${s[5] === 'A' ? 'B' : 'A'}${s.slice(6)}`;
    await expectRejected(`Bearer ${h}.${p}.${flipped}`);
  });

  it('refuses a stripped signature, with or without the trailing dot', async () => {
    const user = await createUser(t.deps);
    const [h, p] = (await tokenFor(t.deps, user)).split('.') as [string, string];
    await expectRejected(`Bearer ${h}.${p}.`);
    await expectRejected(`Bearer ${h}.${p}`);
  });

  it('refuses a payload altered to claim admin under the original signature', async () => {
    const user = await createUser(t.deps);
    const [h, , s] = (await tokenFor(t.deps, user)).split('.') as [string, string, string];
    await expectRejected(`Bearer ${h}.${b64url({ ...claimsOf(user), role: 'admin' })}.${s}`);
  });

  it('refuses a token signed with another secret', async () => {
    const user = await createUser(t.deps);
    const forged = await new SignJWT(claimsOf(user)).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48)));
    await expectRejected(`Bearer ${forged}`);
  });

  it('refuses another algorithm even with the right secret (HS256 is pinned)', async () => {
    const user = await createUser(t.deps);
    await expectRejected(`Bearer ${await signWith(claimsOf(user), 'HS512')}`);
  });

  it('refuses a wrong issuer and a wrong audience', async () => {
    const user = await createUser(t.deps);
    await expectRejected(`Bearer ${await signWith({ ...claimsOf(user), iss: 'someone-else' })}`);
    await expectRejected(`Bearer ${await signWith({ ...claimsOf(user), aud: 'another-app' })}`);
  });

  it('refuses a token without tv or with a role that differs from the user row', async () => {
    const user = await createUser(t.deps);
    const { tv: _tv, ...withoutTv } = claimsOf(user);
    await expectRejected(`Bearer ${await signWith(withoutTv)}`);
    await expectRejected(`Bearer ${await signWith({ ...claimsOf(user), role: 'admin' })}`);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.deps);
    const token = await tokenFor(t.deps, user);
    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + 7 * 24 * 3600 * 1000 - 60_000);
      expect((await meWith(`Bearer ${token}`)).rest.statusCode).toBe(200);
      t.clock.now = new Date(start.getTime() + 7 * 24 * 3600 * 1000 + 60_000);
      await expectRejected(`Bearer ${token}`);
    } finally {
      t.clock.now = start;
    }
  });

  it('refuses a token whose tv no longer matches after logout', async () => {
    const user = await createUser(t.deps);
    const token = await tokenFor(t.deps, user);
    const other = await tokenFor(t.deps, user);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    expect(out.statusCode).toBe(200);
    await expectRejected(`Bearer ${token}`);
    await expectRejected(`Bearer ${other}`);
  });

  it('refuses the token of a deleted user', async () => {
    const user = await createUser(t.deps);
    const token = await tokenFor(t.deps, user);
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    await expectRejected(`Bearer ${token}`);
  });

  it('refuses garbage and other schemes', async () => {
    await expectRejected('Bearer not-a-token');
    await expectRejected('Bearer a.b.c');
    await expectRejected('Basic dXNlcjpwYXNz');
  });

  it('says "please sign in" when no token is sent', async () => {
    const { rest, trpc } = await meWith('');
    expect(rest.statusCode).toBe(401);
    expect(rest.json().message).toBe(MESSAGES.notSignedIn);
    expect(trpc.statusCode).toBe(401);
  });
});
