// Account recovery: forgot / reset / change password over REST and tRPC, with the
// mails read from a real SMTP server in the test process.

import { createHash } from 'node:crypto';
import { MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { addressSequence, createTestApp, uniqueEmail, useMailingTestApp, expectRefusal } from '../support';
import type { CapturedMail } from '../support/smtp';

const { smtp, t, delivery } = useMailingTestApp();
const { mailsTo } = delivery;
/** Each test uses its own address so the per-address throttle of one test never touches another. */
const nextIp = addressSequence('10.14');
const PASSWORD = 'first-password-1';

const post = (url: string, body: unknown, options: { headers?: Record<string, string>; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...options.headers },
    payload: JSON.stringify(body),
    remoteAddress: options.ip ?? nextIp(),
  });

/** A change of the session's password (no session: anonymous), from PASSWORD unless another current one is given. */
const changePassword = (headers: Record<string, string> | undefined, newPassword: string, currentPassword = PASSWORD) =>
  post('/api/auth/change-password', { currentPassword, newPassword }, { headers });

const tokenIn = (mail: CapturedMail | undefined) => {
  const match = /https:\/\/portal\.example\.com\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  expect(match, `no reset link in ${mail?.text}`).toBeTruthy();
  return match?.[1] as string;
};

async function account() {
  const email = uniqueEmail('reset');
  const user = await t.createUser({ email, password: PASSWORD });
  return { email, user };
}

async function requestLink(email: string): Promise<string> {
  const res = await post('/api/auth/forgot-password', { email });
  expect(res.statusCode, res.body).toBe(202);
  const mails = await mailsTo(email, smtp.mails.length + 1);
  return tokenIn(mails.at(-1));
}

describe('POST /api/auth/forgot-password', () => {
  it('answers 202 with the same message for an unknown email, and mails only the real account', async () => {
    const { email, user } = await account();
    const known = await post('/api/auth/forgot-password', { email: email.toUpperCase() });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: MESSAGES.resetRequested });
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);

    await delivery.worker.runOnce();
    const [mail] = await smtp.waitFor(1);
    expect(smtp.mails).toHaveLength(1);
    expect(mail).toMatchObject({ to: email, subject: 'Reset your password' });
    expect(mail?.html).toContain('Ledgerline');
    const token = tokenIn(mail);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const stored = await t.db.selectFrom('passwordResetTokens').selectAll().where('userId', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0]?.expiresAt.getTime()).toBe(t.clock.now.getTime() + 30 * 60_000);
    const activity = await t.db.selectFrom('activityLog').select('action').where('userId', '=', user.id).execute();
    expect(activity.map((a) => a.action)).toContain('user.password_reset_requested');
  });

  it('refuses a malformed email with the sign-up message', async () => {
    const res = await post('/api/auth/forgot-password', { email: 'not-an-email' });
    expectRefusal(res, 400, MESSAGES.invalidEmail);
  });

  it('throttles per email (5 an hour) and per address (20 an hour), known or not', async () => {
    const email = `throttle-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(202);
    const sixth = await post('/api/auth/forgot-password', { email });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);

    const ip = nextIp();
    for (let i = 0; i < 20; i++)
      expect(
        (await post('/api/auth/forgot-password', { email: `ip-${i}-${Date.now()}@example.com` }, { ip })).statusCode,
      ).toBe(202);
    expect(
      (await post('/api/auth/forgot-password', { email: `ip-last-${Date.now()}@example.com` }, { ip })).statusCode,
    ).toBe(429);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password from the mailed link, ends every session and mails "Your password was changed"', async () => {
    const { email, user } = await account();
    const oldSession = await t.bearer(user);
    const token = await requestLink(email);

    const res = await post('/api/auth/reset-password', { token, password: 'second-password-2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: oldSession })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'second-password-2' })).statusCode).toBe(200);

    const mails = await mailsTo(email, 2);
    expect(mails.map((m) => m.subject)).toEqual(['Reset your password', 'Your password was changed']);
    expect(mails[1]?.text).toContain('https://portal.example.com/?signin=1');
    const activity = await t.db.selectFrom('activityLog').select('action').where('userId', '=', user.id).execute();
    expect(activity.map((a) => a.action)).toContain('user.password_reset');
  });

  it('refuses a used link with a clear 400', async () => {
    const { email } = await account();
    const token = await requestLink(email);
    expect((await post('/api/auth/reset-password', { token, password: 'used-once-1' })).statusCode).toBe(200);
    const again = await post('/api/auth/reset-password', { token, password: 'used-twice-2' });
    expectRefusal(again, 400, MESSAGES.resetLinkInvalid);
  });

  it('refuses a link older than 30 minutes', async () => {
    const { email } = await account();
    const token = await requestLink(email);
    t.clock.now = new Date(t.clock.now.getTime() + 30 * 60_000 + 1000);
    const res = await post('/api/auth/reset-password', { token, password: 'too-late-1' });
    expectRefusal(res, 400, MESSAGES.resetLinkInvalid);
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('voids an older link when a newer one is sent', async () => {
    const { email } = await account();
    const older = await requestLink(email);
    const newer = await requestLink(email);
    expect((await post('/api/auth/reset-password', { token: older, password: 'older-link-1' })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password', { token: newer, password: 'newer-link-1' })).statusCode).toBe(200);
  });

  it('refuses an unknown token and a short password with clear messages, changing nothing', async () => {
    const unknown = await post('/api/auth/reset-password', { token: 'x'.repeat(43), password: 'whatever-1' });
    expectRefusal(unknown, 400, MESSAGES.resetLinkInvalid);

    const { email } = await account();
    const token = await requestLink(email);
    const short = await post('/api/auth/reset-password', { token, password: '12345' });
    expectRefusal(short, 400, MESSAGES.authPasswordMin);
    // The link still works after a refused password.
    expect((await post('/api/auth/reset-password', { token, password: 'k7#qPz' })).statusCode).toBe(200);
  });

  it('holds the sign-up rule: a common password is refused, a team member needs 12 characters', async () => {
    const { email } = await account();
    const token = await requestLink(email);
    const common = await post('/api/auth/reset-password', { token, password: 'password1' });
    expectRefusal(common, 400, MESSAGES.commonPassword);

    const viewerEmail = `reset-viewer-${Date.now().toString(36)}@example.com`;
    await t.createUser({ email: viewerEmail, password: PASSWORD, role: 'viewer' });
    const viewerToken = await requestLink(viewerEmail);
    const short = await post('/api/auth/reset-password', { token: viewerToken, password: 'k7#qPz-x9' });
    expectRefusal(short, 400, MESSAGES.adminPasswordTooShort);
    // Nothing changed: the old password still signs in, and the link takes a password that keeps the rule.
    expect((await post('/api/auth/login', { email: viewerEmail, password: PASSWORD })).statusCode).toBe(200);
    expect(
      (await post('/api/auth/reset-password', { token: viewerToken, password: 'k7#qPz-x9-long' })).statusCode,
    ).toBe(200);
  });

  it('works through tRPC too', async () => {
    const { email } = await account();
    const anonymous = t.caller(null);
    expect(await anonymous.auth.forgotPassword({ email })).toEqual({ message: MESSAGES.resetRequested });
    const mail = (await mailsTo(email, smtp.mails.length + 1)).at(-1);
    expect(await anonymous.auth.resetPassword({ token: tokenIn(mail), password: 'via-trpc-1' })).toEqual({ ok: true });
    await expect(anonymous.auth.resetPassword({ token: tokenIn(mail), password: 'via-trpc-2' })).rejects.toThrow(
      MESSAGES.resetLinkInvalid,
    );
  });
});

describe('POST /api/auth/reset-password/check', () => {
  const check = (token: string) => post('/api/auth/reset-password/check', { token });

  it('says a fresh link is valid, without naming its account, and changes nothing', async () => {
    const { email, user } = await account();
    const token = await requestLink(email);
    const before = await t.db.selectFrom('passwordResetTokens').selectAll().where('userId', '=', user.id).execute();
    for (let i = 0; i < 2; i++) {
      const res = await check(token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ valid: true });
    }
    const after = await t.db.selectFrom('passwordResetTokens').selectAll().where('userId', '=', user.id).execute();
    expect(after).toEqual(before);
    // The link still sets a password after being checked.
    expect((await post('/api/auth/reset-password', { token, password: 'after-check-1' })).statusCode).toBe(200);
  });

  it('says an unknown, a used and an expired link alike are not valid, in the same words', async () => {
    const unknown = await check('x'.repeat(43));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ valid: false });

    const { email } = await account();
    const used = await requestLink(email);
    expect((await post('/api/auth/reset-password', { token: used, password: 'used-once-1' })).statusCode).toBe(200);
    expect((await check(used)).json()).toEqual({ valid: false });

    const other = await account();
    const expired = await requestLink(other.email);
    expect((await check(expired)).json()).toEqual({ valid: true });
    t.clock.now = new Date(t.clock.now.getTime() + 30 * 60_000);
    expect((await check(expired)).json()).toEqual({ valid: false });
    expect((await check(expired)).body).toBe(unknown.body);
  });

  it('refuses a missing token with the link message, and works through tRPC too', async () => {
    expectRefusal(await post('/api/auth/reset-password/check', {}), 400, MESSAGES.resetLinkInvalid);
    const { email } = await account();
    const token = await requestLink(email);
    expect(await t.caller(null).auth.checkResetLink({ token })).toEqual({ valid: true });
  });
});

describe('POST /api/auth/change-password', () => {
  it('refuses a wrong current password with "Current password is incorrect"', async () => {
    const { user } = await account();
    const res = await changePassword(await t.bearer(user), 'changed-pass-1', 'not-it-at-all');
    expectRefusal(res, 400, 'Current password is incorrect');
  });

  it('changes the password, answers a fresh token, ends the other sessions and mails the owner', async () => {
    const { email, user } = await account();
    const session = await t.bearer(user);
    const res = await changePassword(session, 'changed-pass-1');
    expect(res.statusCode, res.body).toBe(200);
    const { token, user: me } = res.json<{ token: string; user: { email: string } }>();
    expect(me.email).toBe(email);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'changed-pass-1' })).statusCode).toBe(200);
    const [mail] = await mailsTo(email, 1);
    expect(mail?.subject).toBe('Your password was changed');
    const activity = await t.db.selectFrom('activityLog').select('action').where('userId', '=', user.id).execute();
    expect(activity.map((a) => a.action)).toContain('user.password_changed');
  });

  it('needs a signed-in user and a valid new password', async () => {
    expect((await changePassword(undefined, 'changed-pass-1')).statusCode).toBe(401);
    const { user } = await account();
    const short = await changePassword(await t.bearer(user), 'abc');
    expectRefusal(short, 400, MESSAGES.authPasswordMin);
  });

  it('holds the sign-up rule: a common password is refused, a team member needs 12 characters', async () => {
    const { user } = await account();
    const common = await changePassword(await t.bearer(user), 'password1');
    expectRefusal(common, 400, MESSAGES.commonPassword);

    const viewer = await t.createUser({
      email: `change-viewer-${Date.now().toString(36)}@example.com`,
      password: PASSWORD,
      role: 'viewer',
    });
    const viewerSession = await t.bearer(viewer);
    for (const newPassword of ['123456', 'k7#qPz-x9']) {
      const short = await changePassword(viewerSession, newPassword);
      expectRefusal(short, 400, MESSAGES.adminPasswordTooShort);
    }
    const kept = await changePassword(viewerSession, 'k7#qPz-x9-long');
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('works through tRPC too', async () => {
    const { user } = await account();
    const result = await t.caller(user).auth.changePassword({
      currentPassword: PASSWORD,
      newPassword: 'trpc-changed-1',
    });
    expect(result.user.id).toBe(user.id);
    await expect(
      t.caller(user).auth.changePassword({ currentPassword: 'wrong-one', newPassword: 'x-changed-1' }),
    ).rejects.toThrow(MESSAGES.currentPasswordIncorrect);
  });
});

describe('a server listening on HOST :: without PUBLIC_URL', () => {
  it('answers 202 for an account as for an unknown email, and mails a reset link to localhost', async () => {
    const v6 = await createTestApp({ HOST: '::', PORT: '4585' });
    try {
      const email = `v6-${Date.now().toString(36)}@example.com`;
      await v6.createUser({ email, password: PASSWORD });
      const ask = (address: string) =>
        v6.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ email: address }),
          remoteAddress: nextIp(),
        });
      const known = await ask(email);
      const unknown = await ask('nobody-on-v6@example.com');
      expect(known.statusCode, known.body).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      const mail = await v6.db
        .selectFrom('emailOutbox')
        .select('textBody')
        .where('recipient', '=', email)
        .executeTakeFirst();
      expect(mail?.textBody).toMatch(/http:\/\/localhost:4585\/reset-password\?token=[A-Za-z0-9_-]+/);
    } finally {
      await v6.close();
    }
  });
});
