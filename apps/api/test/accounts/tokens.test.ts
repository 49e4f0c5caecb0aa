// Session tokens are strict: anything forged, altered, expired or revoked gets a 401 from every
// authenticated call, over REST and over tRPC alike.

import { MESSAGES } from '@portal/contracts';
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../src/services/accounts';
import { useTestApp, expectRefusal } from '../support';

const t = useTestApp();

const b64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const secretKey = () => new TextEncoder().encode(t.deps.config.jwtSecret);

function claimsOf(user: { id: string; role: string; tokenVersion: number }) {
  const now = Math.floor(t.clock.now.getTime() / 1000);
  return {
    sub: user.id,
    role: user.role,
    tv: user.tokenVersion,
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
    iat: now,
    exp: now + 3600,
  };
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

async function expectRejected(authorization: string, message: string = MESSAGES.sessionInvalid) {
  const { rest, trpc, logout } = await meWith(authorization);
  expect(rest.statusCode).toBe(401);
  expect(rest.json()).toEqual({ message, code: 'UNAUTHORIZED' });
  expect(trpc.statusCode).toBe(401);
  expect(trpc.json().error.message).toBe(message);
  expect(logout.statusCode).toBe(401);
}

describe('session tokens', () => {
  it('accepts a token the service signed, over REST and tRPC', async () => {
    const user = await t.createUser();
    const { rest, trpc } = await meWith(`Bearer ${await t.tokenFor(user)}`);
    expect(rest.statusCode).toBe(200);
    expect(trpc.json().result.data).toMatchObject({ id: user.id, email: user.email, role: 'partner' });
  });

  it('carries HS256, iss, aud, sub, role, exp of 7 days and tv', async () => {
    const user = await t.createUser();
    const [header, payload] = (await t.tokenFor(user)).split('.') as [string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, role: 'partner', tv: 0, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  });

  it('refuses alg none', async () => {
    const user = await t.createUser({ role: 'admin' });
    const unsigned = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claimsOf(user))}.`;
    await expectRejected(`Bearer ${unsigned}`);
  });

  it('refuses an altered signature', async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user);
    const [h, p, s] = token.split('.') as [string, string, string];
    const flipped = `${s.slice(0, 5)}${s[5] === 'A' ? 'B' : 'A'}${s.slice(6)}`;
    await expectRejected(`Bearer ${h}.${p}.${flipped}`);
  });

  it('refuses a stripped signature, with or without the trailing dot', async () => {
    const user = await t.createUser();
    const [h, p] = (await t.tokenFor(user)).split('.') as [string, string];
    await expectRejected(`Bearer ${h}.${p}.`);
    await expectRejected(`Bearer ${h}.${p}`);
  });

  it('refuses a payload altered to claim admin under the original signature', async () => {
    const user = await t.createUser();
    const [h, , s] = (await t.tokenFor(user)).split('.') as [string, string, string];
    await expectRejected(`Bearer ${h}.${b64url({ ...claimsOf(user), role: 'admin' })}.${s}`);
  });

  it('refuses a token signed with another secret', async () => {
    const user = await t.createUser();
    const forged = await new SignJWT(claimsOf(user))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(48)));
    await expectRejected(`Bearer ${forged}`);
  });

  it('refuses another algorithm even with the right secret (HS256 is pinned)', async () => {
    const user = await t.createUser();
    await expectRejected(`Bearer ${await signWith(claimsOf(user), 'HS512')}`);
  });

  it('refuses a wrong issuer and a wrong audience', async () => {
    const user = await t.createUser();
    await expectRejected(`Bearer ${await signWith({ ...claimsOf(user), iss: 'someone-else' })}`);
    await expectRejected(`Bearer ${await signWith({ ...claimsOf(user), aud: 'another-app' })}`);
  });

  it('refuses a token without tv or with a role that differs from the user row', async () => {
    const user = await t.createUser();
    const { tv: _tv, ...withoutTv } = claimsOf(user);
    await expectRejected(`Bearer ${await signWith(withoutTv)}`);
    await expectRejected(`Bearer ${await signWith({ ...claimsOf(user), role: 'admin' })}`, MESSAGES.sessionExpired);
  });

  it('refuses an expired token, saying the session has expired', async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user);
    const start = t.clock.now;
    try {
      t.clock.now = new Date(start.getTime() + 7 * 24 * 3600 * 1000 - 60_000);
      expect((await meWith(`Bearer ${token}`)).rest.statusCode).toBe(200);
      t.clock.now = new Date(start.getTime() + 7 * 24 * 3600 * 1000 + 60_000);
      await expectRejected(`Bearer ${token}`, MESSAGES.sessionExpired);
    } finally {
      t.clock.now = start;
    }
  });

  it('refuses a token whose tv no longer matches after logout', async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user);
    const other = await t.tokenFor(user);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    await expectRejected(`Bearer ${token}`, MESSAGES.sessionExpired);
    await expectRejected(`Bearer ${other}`, MESSAGES.sessionExpired);
  });

  it('refuses the token of a deleted user', async () => {
    const user = await t.createUser();
    const token = await t.tokenFor(user);
    await t.db.deleteFrom('users').where('id', '=', user.id).execute();
    await expectRejected(`Bearer ${token}`, MESSAGES.sessionExpired);
  });

  it('refuses garbage and other schemes as a session that is not valid, never as an expired one', async () => {
    await expectRejected('Bearer not-a-token');
    await expectRejected('Bearer a.b.c');
    await expectRejected('Basic dXNlcjpwYXNz');
  });

  it('says "please sign in" when no token is sent', async () => {
    const { rest, trpc } = await meWith('');
    expectRefusal(rest, 401, MESSAGES.notSignedIn);
    expect(trpc.statusCode).toBe(401);
  });
});

describe('the verifier (synchronous node:crypto HMAC) against jose as the oracle', () => {
  const secret = 'v'.repeat(48);
  const key = new TextEncoder().encode(secret);
  const at = new Date('2026-11-22T12:00:00Z');
  const now = Math.floor(at.getTime() / 1000);
  const service = createTokenService(secret, () => at);
  const userId = '00000000-0000-4000-8000-000000000001';
  const good = {
    sub: userId,
    role: 'partner',
    tv: 3,
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
    iat: now - 60,
    exp: now + 3600,
  };
  const sign = (
    claims: Record<string, unknown>,
    header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
    with_ = key,
  ) => new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(with_);
  /** Signed by hand, for headers jose will not write (crit). */
  const signRaw = (header: Record<string, unknown>, payload: string) => {
    const signed = `${b64url(header)}.${payload}`;
    return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
  };
  /** What jose's jwtVerify says with the options the service had before: true when it accepts. */
  const joseAccepts = async (token: string) =>
    jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat', 'tv', 'role'],
      currentDate: at,
    }).then(
      () => true,
      () => false,
    );

  it('accepts what it signs, and a token jose accepts (audience in an array, nbf in the past)', async () => {
    expect(await service.verify(await service.sign({ userId, role: 'admin', tokenVersion: 7 }))).toEqual({
      userId,
      role: 'admin',
      tokenVersion: 7,
    });
    for (const claims of [good, { ...good, aud: ['other', TOKEN_AUDIENCE] }, { ...good, nbf: now - 1 }]) {
      const token = await sign(claims);
      expect(await joseAccepts(token)).toBe(true);
      expect(await service.verify(token)).toEqual({ userId, role: 'partner', tokenVersion: 3 });
    }
    expect(await service.verify(await sign(good, { alg: 'HS256' }))).not.toBeNull();
  });

  it.each([
    ['expired', { ...good, exp: now - 1 }],
    ['expiring this second', { ...good, exp: now }],
    ['no exp', { ...good, exp: undefined }],
    ['exp as a string', { ...good, exp: String(now + 3600) }],
    ['no iat', { ...good, iat: undefined }],
    ['not valid before a future nbf', { ...good, nbf: now + 60 }],
    ['a wrong issuer', { ...good, iss: 'someone-else' }],
    ['no issuer', { ...good, iss: undefined }],
    ['a wrong audience', { ...good, aud: 'another-app' }],
    ['an audience array without ours', { ...good, aud: ['another-app'] }],
    ['no sub', { ...good, sub: undefined }],
    ['no tv', { ...good, tv: undefined }],
    ['no role', { ...good, role: undefined }],
  ])('refuses a token with %s, as jose does', async (_label, claims) => {
    const token = await sign(claims);
    expect(await joseAccepts(token)).toBe(false);
    expect(await service.verify(token)).toBeNull();
  });

  it('refuses what the service adds to jose: an unknown role, a fractional tv', async () => {
    expect(await service.verify(await sign({ ...good, role: 'root' }))).toBeNull();
    expect(await service.verify(await sign({ ...good, tv: 1.5 }))).toBeNull();
  });

  it('refuses forged tokens: wrong key, alg none, HS512, header parameters it does not use, another typ', async () => {
    const refused = [
      await sign(good, { alg: 'HS256' }, new TextEncoder().encode('w'.repeat(48))),
      `${b64url({ alg: 'none' })}.${b64url(good)}.`,
      `${b64url({ alg: 'none' })}.${b64url(good)}`,
      await sign(good, { alg: 'HS512', typ: 'JWT' }),
      signRaw({ alg: 'HS256', typ: 'JWT', crit: ['exp'] }, b64url(good)),
      await sign(good, { alg: 'HS256', typ: 'JWT', kid: 'k1' }),
      await sign(good, { alg: 'HS256', typ: 'at+jwt' }),
    ];
    for (const token of refused) expect(await service.verify(token), token).toBeNull();
  });

  it('refuses altered tokens: payload, signature (also a non-canonical last character), extra or missing parts, garbage', async () => {
    const token = await sign(good);
    const [h, p, s] = token.split('.') as [string, string, string];
    const last = s.at(-1)!;
    // The last base64url character of 32 bytes carries 2 unused bits (always 0 in the canonical form):
    // the next character decodes to the same bytes and must still be refused.
    expect('AEIMQUYcgkosw048').toContain(last);
    const sibling = String.fromCharCode(last.charCodeAt(0) + 1);
    const refused = [
      `${h}.${b64url({ ...good, role: 'admin' })}.${s}`,
      `${h}.${p}.${s.slice(0, -1)}${last === 'A' ? 'Q' : 'A'}`,
      `${h}.${p}.${s.slice(0, -1)}${sibling}`,
      `${h}.${p}.${s}.`,
      `${h}.${p}.${s}=`,
      `${h}.${p}`,
      `${h}..${s}`,
      'a.b.c',
      '',
    ];
    for (const candidate of refused) expect(await service.verify(candidate), candidate).toBeNull();
  });

  it('refuses a payload that is not a JSON object, even when signed', async () => {
    expect(await service.verify(signRaw({ alg: 'HS256', typ: 'JWT' }, b64url(good)))).not.toBeNull();
    for (const payload of [b64url('[1,2]'), b64url('"text"'), b64url('not json')]) {
      expect(await service.verify(signRaw({ alg: 'HS256', typ: 'JWT' }, payload))).toBeNull();
    }
  });
});
