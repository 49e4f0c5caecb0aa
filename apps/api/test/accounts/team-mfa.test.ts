// The admin team (invitations, roles, deactivation, the last admin), two-factor sign-in
// (TOTP enrolment, the code step, replay, recovery codes, throttling, ADMIN_MFA_REQUIRED) and the
// partner's self-service (profile, bank details), over REST, with mails read from a real SMTP server.

import { createHash } from 'node:crypto';
import { MESSAGES } from '@portal/contracts';
import { hashPassword } from '../../src/services/accounts';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { bankFieldContext } from '../../src/services/platform';
import { appRouter } from '../../src/trpc/router';
import { addressSequence, uniqueEmail, useMailingTestApp, useTestApp, expectRefusal } from '../support';
import type { CapturedMail } from '../support/smtp';

const { smtp, t, delivery } = useMailingTestApp();
const { mailsTo } = delivery;
/** Each sign-in comes from its own address so one test's throttle never touches another. */
const nextIp = addressSequence('10.16');
const PASSWORD = 'team-password-long-1';

type Headers = Record<string, string>;
const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: { headers?: Headers; ip?: string } = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    payload: body === undefined ? undefined : JSON.stringify(body),
    remoteAddress: options.ip ?? nextIp(),
  });

const epoch = () => Math.floor(t.clock.now.getTime() / 1000);
const codeFor = (secret: string) => generate({ secret, epoch: epoch() });
/** The next 30-second TOTP step (a code of the current step is accepted once). */
const nextStep = () => {
  t.clock.now = new Date(t.clock.now.getTime() + 30_000);
};

async function teamAdmin(): Promise<{ headers: Headers; id: string; email: string }> {
  const email = uniqueEmail('admin');
  const user = await t.createUser({ role: 'admin', email, password: PASSWORD });
  return { headers: await t.bearer(user), id: user.id, email };
}

async function invite(admin: { headers: Headers }, role: 'admin' | 'finance' | 'viewer') {
  const email = uniqueEmail('invitee');
  const res = await send('POST', '/api/admin/team/invitations', { email, role }, { headers: admin.headers });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await mailsTo(email, smtp.mails.length + 1);
  const match = /https:\/\/portal\.example\.com\/accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  expect(match, `no invitation link in ${mail?.text}`).toBeTruthy();
  return { email, token: match?.[1] as string, mail: mail as CapturedMail };
}

/** A new invitation, as its invitee and the admins' list of pending invitations know it. */
async function listedInvitation(admin: { headers: Headers }, role: 'admin' | 'finance' | 'viewer') {
  const invited = await invite(admin, role);
  const listed = await send('GET', '/api/admin/team', undefined, { headers: admin.headers });
  const invitation = listed
    .json<{ invitations: { id: string; email: string }[] }>()
    .invitations.find((i) => i.email === invited.email);
  return { ...invited, id: invitation?.id };
}

/** A new partner signed in, with TOTP set up (the secret issued) but not yet turned on. */
async function partnerSettingUpMfa(prefix: string) {
  const email = uniqueEmail(prefix);
  const user = await t.createUser({ role: 'partner', email, password: PASSWORD });
  const headers = await t.bearer(user);
  const setup = await send('POST', '/api/auth/mfa/setup', {}, { headers });
  const { secret } = setup.json<{ secret: string }>();
  return { email, user, headers, secret };
}
/**
 * Sets up and enables TOTP for the session (its user's password is PASSWORD); answers the secret, the
 * recovery codes and the headers of the new session (turning it on ends every other one, this one too).
 */
async function enrol(headers: Headers) {
  const setup = await send('POST', '/api/auth/mfa/setup', {}, { headers });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl } = setup.json<{ secret: string; otpauthUrl: string }>();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Ledgerline:/);
  expect(otpauthUrl).toContain(`secret=${secret}`);
  const enable = await send(
    'POST',
    '/api/auth/mfa/enable',
    { code: await codeFor(secret), currentPassword: PASSWORD },
    { headers },
  );
  expect(enable.statusCode, enable.body).toBe(200);
  const { recoveryCodes, token } = enable.json<{ recoveryCodes: string[]; token: string }>();
  return { secret, recoveryCodes, headers: { authorization: `Bearer ${token}` } };
}

async function loginStep(email: string, password = PASSWORD): Promise<string> {
  const res = await send('POST', '/api/auth/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ mfaRequired?: boolean; mfaToken?: string; token?: string }>();
  expect(body.mfaRequired).toBe(true);
  expect(body.token).toBeUndefined();
  return body.mfaToken as string;
}

describe('invitations', () => {
  it('mails a single-use link stored only as a hash; accepting creates the member with the role and signs in', async () => {
    const admin = await teamAdmin();
    const { email, token, mail } = await invite(admin, 'finance');
    expect(mail.subject).toBe('You are invited to the Ledgerline admin team');
    const stored = await t.db
      .selectFrom('teamInvitations')
      .select(['tokenHash'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const listed = await send('GET', '/api/admin/team', undefined, { headers: admin.headers });
    expect(listed.json<{ invitations: { email: string }[] }>().invitations.map((i) => i.email)).toContain(email);

    const short = await send('POST', '/api/auth/accept-invitation', { token, password: 'short-pass' });
    expectRefusal(short, 400, MESSAGES.adminPasswordTooShort);

    const accepted = await send('POST', '/api/auth/accept-invitation', { token, password: PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = accepted.json<{ token: string; user: { email: string; role: string; permissions: string[] } }>();
    expect(session.user).toMatchObject({ email, role: 'finance' });
    expect(session.user.permissions).toContain('payouts:write');
    expect(session.user.permissions).not.toContain('team:manage');

    const again = await send('POST', '/api/auth/accept-invitation', { token, password: PASSWORD });
    expectRefusal(again, 400, MESSAGES.invitationInvalid);

    // The finance member reads payouts but does not manage the team.
    const asFinance = { authorization: `Bearer ${session.token}` };
    expect((await send('GET', '/api/admin/payouts', undefined, { headers: asFinance })).statusCode).toBe(200);
    expect((await send('GET', '/api/admin/team', undefined, { headers: asFinance })).statusCode).toBe(403);
  });

  it('keeps the name given on acceptance, and the activity log names the member by it', async () => {
    const admin = await teamAdmin();
    const { email, token } = await invite(admin, 'admin');
    const tooLong = await send('POST', '/api/auth/accept-invitation', {
      token,
      password: PASSWORD,
      displayName: 'x'.repeat(101),
    });
    expect(tooLong.statusCode).toBe(400);
    const accepted = await send('POST', '/api/auth/accept-invitation', {
      token,
      password: PASSWORD,
      displayName: '  Morgan Lee ',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'displayName'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.displayName).toBe('Morgan Lee');
    const log = await send(
      'GET',
      `/api/admin/activity?action=team.invitation_accepted&entityId=${user.id}`,
      undefined,
      {
        headers: admin.headers,
      },
    );
    expect(log.statusCode, log.body).toBe(200);
    const [entry] = log.json<Array<{ actor: { name: string | null; label: string } }>>();
    expect(entry?.actor).toMatchObject({ name: 'Morgan Lee', label: `Morgan Lee <${email}>` });
  });

  it('refuses an expired link, and a link replaced by a newer invitation', async () => {
    const admin = await teamAdmin();
    const first = await invite(admin, 'viewer');
    const startedAt = t.clock.now;
    t.clock.now = new Date(startedAt.getTime() + 8 * 86_400_000);
    try {
      const expired = await send('POST', '/api/auth/accept-invitation', { token: first.token, password: PASSWORD });
      expect(expired.statusCode).toBe(400);
    } finally {
      t.clock.now = startedAt;
    }
    const email = uniqueEmail('twice');
    await send('POST', '/api/admin/team/invitations', { email, role: 'viewer' }, { headers: admin.headers });
    const older = (await mailsTo(email, smtp.mails.length + 1))[0]?.text ?? '';
    await send('POST', '/api/admin/team/invitations', { email, role: 'finance' }, { headers: admin.headers });
    await mailsTo(email, smtp.mails.length + 1);
    const olderToken = /token=([A-Za-z0-9_-]+)/.exec(older)?.[1] as string;
    expect(
      (await send('POST', '/api/auth/accept-invitation', { token: olderToken, password: PASSWORD })).statusCode,
    ).toBe(400);
  });

  it('revokes a pending invitation: its link stops working, it leaves the list, a second revoke is 409', async () => {
    const admin = await teamAdmin();
    const { email, token, id } = await listedInvitation(admin, 'viewer');
    const revoked = await send('DELETE', `/api/admin/team/invitations/${id}`, undefined, {
      headers: admin.headers,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<{ invitations: { email: string }[] }>().invitations.map((i) => i.email)).not.toContain(email);
    expect((await send('POST', '/api/auth/accept-invitation', { token, password: PASSWORD })).statusCode).toBe(400);
    const again = await send('DELETE', `/api/admin/team/invitations/${id}`, undefined, {
      headers: admin.headers,
    });
    expectRefusal(again, 409, MESSAGES.invitationNotPending);
  });

  it('resends a pending invitation with a new link that works, and the old link stops working', async () => {
    const admin = await teamAdmin();
    const { email, token, id } = await listedInvitation(admin, 'finance');
    const resent = await send('POST', `/api/admin/team/invitations/${id}/resend`, {}, { headers: admin.headers });
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toMatchObject({ email, role: 'finance' });
    const mail = (await mailsTo(email, smtp.mails.length + 1)).at(-1);
    const newToken = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] as string;
    expect(newToken).not.toBe(token);
    expect((await send('POST', '/api/auth/accept-invitation', { token, password: PASSWORD })).statusCode).toBe(400);
    const accepted = await send('POST', '/api/auth/accept-invitation', { token: newToken, password: PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses to invite an email that already has an account (409)', async () => {
    const admin = await teamAdmin();
    const res = await send(
      'POST',
      '/api/admin/team/invitations',
      { email: admin.email, role: 'viewer' },
      { headers: admin.headers },
    );
    expectRefusal(res, 409, MESSAGES.emailTaken);
  });
});

describe('roles and deactivation', () => {
  it('keeps the last active admin: neither demoted nor removed (409)', async () => {
    await t.db.updateTable('users').set({ active: false }).where('role', '=', 'admin').execute();
    const only = await teamAdmin();
    const demote = await send('PATCH', `/api/admin/team/${only.id}`, { role: 'viewer' }, { headers: only.headers });
    expectRefusal(demote, 409, MESSAGES.lastAdmin);
    const remove = await send('DELETE', `/api/admin/team/${only.id}`, undefined, { headers: only.headers });
    expect(remove.statusCode).toBe(409);

    const second = await teamAdmin();
    const demoted = await send('PATCH', `/api/admin/team/${second.id}`, { role: 'viewer' }, { headers: only.headers });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const member = demoted.json<{ members: { id: string; role: string }[] }>().members.find((m) => m.id === second.id);
    expect(member?.role).toBe('viewer');
    // The token named the old role: that session ended.
    expect((await send('GET', '/api/auth/me', undefined, { headers: second.headers })).statusCode).toBe(401);
  });

  it('a deactivated member cannot sign in and their sessions end at once', async () => {
    const admin = await teamAdmin();
    const email = uniqueEmail('leaver');
    const leaver = await t.createUser({ role: 'viewer', email, password: PASSWORD });
    const headers = await t.bearer(leaver);
    expect((await send('GET', '/api/admin/partners', undefined, { headers })).statusCode).toBe(200);
    const removed = await send('DELETE', `/api/admin/team/${leaver.id}`, undefined, { headers: admin.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(
      removed.json<{ members: { id: string; active: boolean }[] }>().members.find((m) => m.id === leaver.id)?.active,
    ).toBe(false);
    expect((await send('GET', '/api/admin/partners', undefined, { headers })).statusCode).toBe(401);
    const login = await send('POST', '/api/auth/login', { email, password: PASSWORD });
    expectRefusal(login, 403, MESSAGES.accountDeactivated);
  });

  it('a viewer reads lists but cannot download wire instructions or change anything', async () => {
    const viewer = await t.createUser({ role: 'viewer' });
    const headers = await t.bearer(viewer);
    expect((await send('GET', '/api/admin/referrals', undefined, { headers })).statusCode).toBe(200);
    expect((await send('POST', '/api/admin/commissions/accrue', { month: '2025-01' }, { headers })).statusCode).toBe(
      403,
    );
    const me = (await send('GET', '/api/auth/me', undefined, { headers })).json<{ permissions: string[] }>();
    expect(me.permissions).toEqual(expect.arrayContaining(['partners:read', 'exports:read']));
    expect(me.permissions).not.toContain('exports:bank');
  });
});

describe('two-factor sign-in', () => {
  it('enrols with a code (a wrong one is 400), then sign-in needs a code that works once', async () => {
    const { email, user, headers, secret } = await partnerSettingUpMfa('mfa');
    const stored = await t.row('users', user.id);
    expect(stored.mfaSecret).toMatch(/^v2:/);
    expect(stored.mfaSecret).not.toContain(secret);
    expect(stored.mfaEnabled).toBe(false);

    const wrong = await send(
      'POST',
      '/api/auth/mfa/enable',
      { code: '000000' === (await codeFor(secret)) ? '111111' : '000000', currentPassword: PASSWORD },
      { headers },
    );
    expectRefusal(wrong, 400, MESSAGES.mfaCodeInvalid);

    const code = await codeFor(secret);
    const enabled = await send('POST', '/api/auth/mfa/enable', { code, currentPassword: PASSWORD }, { headers });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const hashes = await t.db.selectFrom('mfaRecoveryCodes').select('codeHash').where('userId', '=', user.id).execute();
    expect(hashes).toHaveLength(10);
    expect(JSON.stringify(hashes)).not.toContain(recoveryCodes[0] as string);

    // The code that enabled it is used: the same step is refused at sign-in.
    const replayToken = await loginStep(email);
    const replay = await send('POST', '/api/auth/mfa/verify', { mfaToken: replayToken, code });
    expectRefusal(replay, 401, MESSAGES.mfaCodeInvalid);

    nextStep();
    const fresh = await codeFor(secret);
    const verified = await send('POST', '/api/auth/mfa/verify', { mfaToken: replayToken, code: fresh });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = verified.json<{ token: string; user: { email: string; mfaEnabled: boolean } }>();
    expect(session.user).toMatchObject({ email, mfaEnabled: true });
    expect(
      (await send('GET', '/api/auth/me', undefined, { headers: { authorization: `Bearer ${session.token}` } }))
        .statusCode,
    ).toBe(200);

    // The MFA token is single use, and the code cannot be used again with another one.
    expect((await send('POST', '/api/auth/mfa/verify', { mfaToken: replayToken, code: fresh })).statusCode).toBe(401);
    const another = await loginStep(email);
    expect((await send('POST', '/api/auth/mfa/verify', { mfaToken: another, code: fresh })).statusCode).toBe(401);

    // A recovery code works once.
    const recovery = recoveryCodes[3] as string;
    const byRecovery = await send('POST', '/api/auth/mfa/verify', { mfaToken: another, code: recovery.toUpperCase() });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    const third = await loginStep(email);
    expect((await send('POST', '/api/auth/mfa/verify', { mfaToken: third, code: recovery })).statusCode).toBe(401);
  });

  it('asks for the current password: a wrong one is 400, counts as a failed sign-in, and turns nothing on', async () => {
    const { email, user, headers, secret } = await partnerSettingUpMfa('stolen');
    const missing = await send('POST', '/api/auth/mfa/enable', { code: await codeFor(secret) }, { headers });
    expectRefusal(missing, 400, MESSAGES.currentPasswordRequired);
    const wrong = await send(
      'POST',
      '/api/auth/mfa/enable',
      { code: await codeFor(secret), currentPassword: 'not-the-password' },
      { headers },
    );
    expectRefusal(wrong, 400, MESSAGES.currentPasswordIncorrect);
    const row = await t.db.selectFrom('users').select('mfaEnabled').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.mfaEnabled).toBe(false);
    // The owner still signs in with the password alone.
    const login = await send('POST', '/api/auth/login', { email, password: PASSWORD });
    expect(login.json<{ token?: string }>().token).toBeDefined();
  });

  it('turning it on ends every other session, answers a new one and mails the owner', async () => {
    const email = uniqueEmail('mailed');
    const user = await t.createUser({ role: 'partner', email, password: PASSWORD });
    const elsewhere = await t.bearer(user);
    const { headers } = await enrol(await t.bearer(user));
    expect((await send('GET', '/api/auth/me', undefined, { headers: elsewhere })).statusCode).toBe(401);
    const me = await send('GET', '/api/auth/me', undefined, { headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, mfaEnabled: true });
    const [mail] = await mailsTo(email, smtp.mails.length + 1);
    expect(mail?.subject).toBe('Two-factor sign-in was turned on');
    expect(mail?.text).toContain('Every other session was signed out');
  });

  it('an MFA token expires after 5 minutes', async () => {
    const email = uniqueEmail('slow');
    const user = await t.createUser({ role: 'partner', email, password: PASSWORD });
    const { secret } = await enrol(await t.bearer(user));
    const mfaToken = await loginStep(email);
    t.clock.now = new Date(t.clock.now.getTime() + 6 * 60_000);
    const late = await send('POST', '/api/auth/mfa/verify', { mfaToken, code: await codeFor(secret) });
    expectRefusal(late, 401, MESSAGES.mfaChallengeInvalid);
  });

  it('throttles wrong codes per account (429 with Retry-After)', async () => {
    const email = uniqueEmail('guess');
    const user = await t.createUser({ role: 'partner', email, password: PASSWORD });
    const { secret } = await enrol(await t.bearer(user));
    nextStep();
    const mfaToken = await loginStep(email);
    const right = await codeFor(secret);
    const wrongCode = right === '123456' ? '654321' : '123456';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await send('POST', '/api/auth/mfa/verify', { mfaToken, code: wrongCode })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    const blocked = await send('POST', '/api/auth/mfa/verify', { mfaToken, code: right });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('turns off with a code; a wrong code is 400 and keeps it on', async () => {
    const user = await t.createUser({ role: 'partner', password: PASSWORD });
    const { secret, headers } = await enrol(await t.bearer(user));
    nextStep();
    expect((await send('POST', '/api/auth/mfa/disable', { code: '99999' + '9' }, { headers })).statusCode).toBe(400);
    const off = await send('POST', '/api/auth/mfa/disable', { code: await codeFor(secret) }, { headers });
    expect(off.statusCode, off.body).toBe(200);
    const row = await t.row('users', user.id);
    expect(row).toMatchObject({ mfaEnabled: false, mfaSecret: null });
  });
});

describe("a team admin's reset of a member's two-factor sign-in", () => {
  it('turns it off, drops the codes, ends the sessions, logs and mails; not for oneself or a member without it', async () => {
    const admin = await t.createUser({ role: 'admin', email: uniqueEmail('reset-admin'), password: PASSWORD });
    const adminHeaders = await t.bearer(admin);
    const email = uniqueEmail('lost-phone');
    const member = await t.createUser({ role: 'finance', email, password: PASSWORD });
    const { headers: memberHeaders } = await enrol(await t.bearer(member));

    const asMember = await send('DELETE', `/api/admin/team/${admin.id}/two-factor`, undefined, {
      headers: memberHeaders,
    });
    expect(asMember.statusCode).toBe(403);
    const own = await send('DELETE', `/api/admin/team/${admin.id}/two-factor`, undefined, { headers: adminHeaders });
    expectRefusal(own, 409, MESSAGES.mfaResetOwn);

    const reset = await send('DELETE', `/api/admin/team/${member.id}/two-factor`, undefined, { headers: adminHeaders });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json<{ members: { id: string; mfaEnabled: boolean }[] }>().members).toContainEqual(
      expect.objectContaining({ id: member.id, mfaEnabled: false }),
    );
    const row = await t.row('users', member.id);
    expect(row).toMatchObject({ mfaEnabled: false, mfaSecret: null });
    const codes = await t.db.selectFrom('mfaRecoveryCodes').select('id').where('userId', '=', member.id).execute();
    expect(codes).toEqual([]);
    expect((await send('GET', '/api/auth/me', undefined, { headers: memberHeaders })).statusCode).toBe(401);
    // The password alone signs the member in again.
    const login = await send('POST', '/api/auth/login', { email, password: PASSWORD });
    expect(login.json<{ token?: string }>().token).toBeDefined();
    const logged = await t.activityEntries({ entityId: member.id, action: 'team.mfa_reset' });
    expect(logged).toMatchObject([{ userId: admin.id, action: 'team.mfa_reset' }]);
    const mails = await mailsTo(email, smtp.mails.length + 1);
    expect(mails.map((m) => m.subject)).toContain('Your two-factor sign-in was reset');

    const again = await send('DELETE', `/api/admin/team/${member.id}/two-factor`, undefined, { headers: adminHeaders });
    expectRefusal(again, 409, MESSAGES.mfaNotEnabled);
  });
});

describe('ADMIN_MFA_REQUIRED', () => {
  const strict = useTestApp({ ADMIN_MFA_REQUIRED: 'true' });

  it('lets a team member without TOTP only enrol; admin calls answer 403 until it is on', async () => {
    const email = uniqueEmail('strict');
    await strict.createUser({ role: 'admin', email, password: PASSWORD });
    const login = await strict.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: PASSWORD }),
    });
    const session = login.json<{ token: string; user: { mfaEnrolmentRequired: boolean } }>();
    expect(session.user.mfaEnrolmentRequired).toBe(true);
    const headers = { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };
    const refused = await strict.app.inject({ method: 'GET', url: '/api/admin/metrics', headers });
    expectRefusal(refused, 403, MESSAGES.mfaEnrolmentRequired);
    const refusedCsv = await strict.app.inject({ method: 'GET', url: '/api/admin/exports/partners.csv', headers });
    expect(refusedCsv.statusCode).toBe(403);

    const setup = await strict.app.inject({ method: 'POST', url: '/api/auth/mfa/setup', headers, payload: '{}' });
    const { secret } = setup.json<{ secret: string }>();
    const code = await generate({ secret, epoch: Math.floor(strict.clock.now.getTime() / 1000) });
    const enabled = await strict.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/enable',
      headers,
      payload: JSON.stringify({ code, currentPassword: PASSWORD }),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    // The session that turned it on continues with the token of the answer.
    Object.assign(headers, { authorization: `Bearer ${enabled.json<{ token: string }>().token}` });
    expect((await strict.app.inject({ method: 'GET', url: '/api/admin/metrics', headers })).statusCode).toBe(200);
    const me = (await strict.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json<{
      mfaEnrolmentRequired: boolean;
    }>();
    expect(me.mfaEnrolmentRequired).toBe(false);
    // While it is required, an admin cannot turn it off.
    expect(
      (
        await strict.app.inject({
          method: 'POST',
          url: '/api/auth/mfa/disable',
          headers,
          payload: JSON.stringify({ code }),
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('ADMIN_MFA_REQUIRED on every procedure', () => {
  const strict = useTestApp({ ADMIN_MFA_REQUIRED: 'true' });

  it('refuses an un-enrolled viewer every procedure but their own account and the public ones', async () => {
    const viewer = await strict.createUser({ role: 'viewer', email: uniqueEmail('unenrolled'), password: PASSWORD });
    const headers = { ...(await strict.bearer(viewer)), 'content-type': 'application/json' };
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    const paths = Object.keys(procedures).filter((path) => !path.startsWith('auth.') && !path.startsWith('public.'));
    // The partner-facing library is among them: a member reaches it, so the gate covers it too.
    expect(paths).toEqual(expect.arrayContaining(['partner.materials', 'partner.downloadMaterial']));
    const answers: Record<string, string> = {};
    for (const path of paths) {
      const query = procedures[path]?._def.type === 'query';
      const res = await strict.app.inject({
        method: query ? 'GET' : 'POST',
        url: `/trpc/${path}`,
        headers,
        ...(query ? {} : { payload: '{}' }),
      });
      const body = res.json<{ error?: { message?: string } }>();
      answers[path] = `${res.statusCode} ${body.error?.message ?? ''}`;
    }
    // Refused everywhere: a call the role may make names the missing enrolment, any other its denial.
    const refusals = new Set<string>([MESSAGES.mfaEnrolmentRequired, MESSAGES.adminOnly, MESSAGES.partnerOnly]);
    const wrong = Object.entries(answers).filter(([, answer]) => !refusals.has(answer.replace(/^403 /, '')));
    expect(wrong).toEqual([]);
    for (const path of ['partner.materials', 'partner.downloadMaterial', 'admin.metrics', 'admin.partners']) {
      expect(answers[path], path).toBe(`403 ${MESSAGES.mfaEnrolmentRequired}`);
    }
    // The partner library over REST answers the same.
    const rest = await strict.app.inject({ method: 'GET', url: '/api/marketing-materials', headers });
    expectRefusal(rest, 403, MESSAGES.mfaEnrolmentRequired);
  });
});

describe('partner self-service', () => {
  it('PATCH /api/partners/me follows the registration rules and changes only what is given', async () => {
    const partner = await t.createPartner({ status: 'active', companyName: 'Before Co' });
    const headers = await t.bearer(partner.user);
    const bad = await send('PATCH', '/api/partners/me', { phone: '123' }, { headers });
    expectRefusal(bad, 400, MESSAGES.invalidPhone);
    const badName = await send('PATCH', '/api/partners/me', { companyName: '  ' }, { headers });
    expect(badName.json().message).toBe(MESSAGES.companyNameRequired);
    const ok = await send(
      'PATCH',
      '/api/partners/me',
      { companyName: 'After Co', website: 'after.example.com' },
      { headers },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ companyName: 'After Co', website: 'https://after.example.com' });
    const cleared = await send('PATCH', '/api/partners/me', { website: '' }, { headers });
    expect(cleared.json()).toMatchObject({ companyName: 'After Co', website: null });
    const log = await t.activityEntries({ entityId: partner.partnerId, action: 'partner.profile_updated' });
    expect(log).toHaveLength(2);
  });

  it('PUT /api/partners/me/bank-details needs the current password, re-encrypts, answers masked and mails partner and admins', async () => {
    const email = uniqueEmail('banker');
    const partner = await t.createPartner({ status: 'active', email });
    await t.db
      .updateTable('users')
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where('id', '=', partner.user.id)
      .execute();
    const admin = await teamAdmin();
    const headers = await t.bearer(partner.user);
    const details = {
      bankName: 'Second Bank',
      bankRoutingNumber: '111000025',
      bankAccountNumber: 'AB12345678',
      bankAccountType: 'savings',
      bankAccountHolderName: 'Banker LLC',
      bankAddress: '9 Money Road',
      beneficiaryAddress: '10 Home Road',
    };
    const wrong = await send(
      'PUT',
      '/api/partners/me/bank-details',
      { ...details, currentPassword: 'not-the-password' },
      { headers },
    );
    expectRefusal(wrong, 400, MESSAGES.currentPasswordIncorrect);
    const badRouting = await send(
      'PUT',
      '/api/partners/me/bank-details',
      { ...details, bankRoutingNumber: '12', currentPassword: PASSWORD },
      { headers },
    );
    expect(badRouting.json().message).toBe(MESSAGES.routingNumberDigits);

    const res = await send(
      'PUT',
      '/api/partners/me/bank-details',
      { ...details, currentPassword: PASSWORD },
      { headers },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      bankName: 'Second Bank',
      bankAccountNumberMasked: '•••• 5678',
      bankRoutingNumberMasked: '•••• 0025',
    });
    expect(res.body).not.toContain('AB12345678');
    const row = await t.row('partners', partner.partnerId);
    expect(row.bankAccountNumber).toMatch(/^v2:/);
    expect(
      t.deps.cipher.decrypt(
        row.bankAccountNumber as string,
        bankFieldContext(partner.partnerId, 'bank_account_number'),
      ),
    ).toBe('AB12345678');
    expect(
      t.deps.cipher.decrypt(
        row.bankRoutingNumber as string,
        bankFieldContext(partner.partnerId, 'bank_routing_number'),
      ),
    ).toBe('111000025');
    const log = await t.activityEntries({ entityId: partner.partnerId, action: 'partner.bank_details_updated' });
    expect(log).not.toEqual([]);
    expect(JSON.stringify(log.map((entry) => entry.details))).not.toContain('AB12345678');

    await delivery.worker.runOnce();
    await smtp.waitFor(2);
    const toPartner = smtp.mails.find((m) => m.to === email);
    expect(toPartner?.subject).toBe('Your bank details were changed');
    expect(toPartner?.text).toContain('5678');
    expect(toPartner?.text).not.toContain('AB12345678');
    expect(smtp.mails.find((m) => m.to === admin.email)?.subject).toMatch(/^Bank details changed: /);
  });
});
