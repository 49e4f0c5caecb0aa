// Notifications: each change writes its mails into the outbox in its own transaction —
// a refused change mails nobody — and the mails say what happened with absolute links.

import { randomUUID } from 'node:crypto';
import { CURRENT_AGREEMENT_VERSION, SERVICE_TYPE_LABELS } from '@portal/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxWorker } from '../../src/workers/outbox-worker';
import { mailingEnv, sampleApplication, useTestApp, useTestSmtp, expectRefusal } from '../support';
import type { SessionUser } from '../../src/trpc/context';

const smtp = useTestSmtp();
const t = useTestApp(mailingEnv(smtp));
let admin: SessionUser;
let secondAdmin: SessionUser;

beforeAll(async () => {
  await t.setFeeBasis('activeMonth');
  admin = await t.createUser({ role: 'admin', email: 'first-admin@example.com' });
  secondAdmin = await t.createUser({ role: 'admin', email: 'second-admin@example.com' });
  // A removed team member hears of nothing.
  const removed = await t.createUser({ role: 'admin', email: 'removed-admin@example.com' });
  await t.db.updateTable('users').set({ active: false }).where('id', '=', removed.id).execute();
});
beforeEach(async () => {
  await t.db.deleteFrom('emailOutbox').execute();
  smtp.mails.length = 0;
});

const outbox = () => t.db.selectFrom('emailOutbox').selectAll().orderBy('recipient').execute();
const emailOf = async (userId: string) =>
  (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
/** The outbox's first mail (by recipient), checked to be the `kind` of mail, with `subject`, to the user `userId`. */
async function firstMail(userId: string, kind: string, subject: string) {
  const [mail] = await outbox();
  expect(mail).toMatchObject({ recipient: await emailOf(userId), kind, subject });
  return mail;
}

describe('a new application', () => {
  it('tells the applicant it arrived and every active admin that one is waiting, with a link to the queue', async () => {
    const applicant = await t.createUser({ role: 'partner', email: 'applicant@example.com' });
    await t.caller(applicant).partner.submitApplication(
      sampleApplication({
        companyName: 'Acme <Growth> & Co',
        contactName: 'Ada Lovelace',
        agreementVersion: CURRENT_AGREEMENT_VERSION,
      }),
    );
    const rows = await outbox();
    expect(rows.map((r) => [r.recipient, r.kind, r.subject])).toEqual([
      ['applicant@example.com', 'applicationReceived', 'We received your partner application'],
      ['first-admin@example.com', 'newApplication', 'New partner application: Acme <Growth> & Co'],
      ['second-admin@example.com', 'newApplication', 'New partner application: Acme <Growth> & Co'],
    ]);
    const toAdmin = rows[1];
    expect(toAdmin?.textBody).toContain('Contact: Ada Lovelace (applicant@example.com).');
    expect(toAdmin?.textBody).toContain('https://portal.example.com/admin');
    expect(toAdmin?.htmlBody).toContain('Acme &lt;Growth&gt; &amp; Co');
    expect(toAdmin?.htmlBody).not.toContain('<Growth>');

    // And they really go out.
    const worker = createOutboxWorker(t.deps);
    await worker.runOnce();
    await worker.stop();
    const arrived = await smtp.waitFor(3);
    expect(arrived.map((m) => m.to).sort()).toEqual([
      'applicant@example.com',
      'first-admin@example.com',
      'second-admin@example.com',
    ]);
    expect(secondAdmin.email).toBe('second-admin@example.com');
  });
});

describe("an admin's decisions", () => {
  it('mails the approval with the dashboard and the referral link', async () => {
    const pending = await t.createPartner({ status: 'pending', contactName: 'Pat Pending' });
    await t.caller(admin).admin.approvePartner({ id: pending.partnerId });
    const mail = await firstMail(pending.user.id, 'applicationApproved', 'Your partner application was approved');
    expect(mail?.textBody).toContain('https://portal.example.com/dashboard');
    expect(mail?.textBody).toContain(`https://portal.example.com/r/${pending.referralCode}`);
  });

  it('mails the rejection with its reason', async () => {
    const pending = await t.createPartner({ status: 'pending' });
    await t.caller(admin).admin.rejectPartner({ id: pending.partnerId, reason: 'Outside our market' });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ kind: 'applicationRejected', subject: 'Your partner application' });
    expect(mail?.textBody).toContain('Reason: Outside our market');
  });

  it('names the program support address in the rejection mail', async () => {
    await t.db.updateTable('programSettings').set({ supportEmail: 'partners@ledgerline.example' }).execute();
    const pending = await t.createPartner({ status: 'pending' });
    await t.caller(admin).admin.rejectPartner({ id: pending.partnerId });
    await t.db.updateTable('programSettings').set({ supportEmail: null }).execute();
    const [mail] = await outbox();
    expect(mail?.textBody).toContain('Questions about this decision? Write to partners@ledgerline.example.');
    expect(mail?.htmlBody).toContain('partners@ledgerline.example');
  });

  it('lets a long unbroken name wrap inside the approval mail instead of widening it', async () => {
    const longName = 'Supercalifragilisticexpialidociousmarketingandgrowthpartnersinternational';
    const pending = await t.createPartner({ status: 'pending', contactName: longName });
    await t.caller(admin).admin.approvePartner({ id: pending.partnerId });
    const [mail] = await outbox();
    const html = mail?.htmlBody ?? '';
    expect(html).toContain(longName);
    expect(html).toMatch(/<table [^>]*table-layout:fixed/);
    // Every block of text may break a word that has no other break.
    const blocks = html.match(/<(h1|p) style="[^"]*"/g) ?? [];
    expect(blocks.length).toBeGreaterThan(2);
    for (const tag of blocks) expect(tag).toContain('overflow-wrap:anywhere');
  });

  it('mails a suspension and a reactivation', async () => {
    const active = await t.createPartner({ status: 'active' });
    await t.caller(admin).admin.suspendPartner({ id: active.partnerId });
    await t.caller(admin).admin.reactivatePartner({ id: active.partnerId });
    const rows = await t.db
      .selectFrom('emailOutbox')
      .select(['kind', 'subject'])
      .orderBy('createdAt')
      .orderBy('kind', 'desc')
      .execute();
    expect(rows).toEqual([
      { kind: 'partnerSuspended', subject: 'Your partner account was suspended' },
      { kind: 'partnerReactivated', subject: 'Your partner account is active again' },
    ]);
  });

  it('mails nobody when the decision is refused (the transaction rolls back)', async () => {
    const active = await t.createPartner({ status: 'active' });
    await expect(t.caller(admin).admin.approvePartner({ id: active.partnerId })).rejects.toThrow();
    expect(await outbox()).toEqual([]);
  });
});

describe('payouts', () => {
  it('tells each partner of a payout its amount, the reference and a masked account', async () => {
    const applicant = await t.createUser({ role: 'partner', email: 'payee@example.com' });
    const partner = await t.caller(applicant).partner.submitApplication(
      sampleApplication({
        companyName: 'Payee Co',
        contactName: 'Pay Ee',
        bankAccountNumber: '987654321',
        bankAccountHolderName: 'Payee LLC',
        agreementVersion: CURRENT_AGREEMENT_VERSION,
      }),
    );
    await t.caller(admin).admin.approvePartner({ id: partner.id });
    const other = await t.createPartner({ status: 'active' });
    const ids: string[] = [];
    for (const [partnerId, month] of [
      [partner.id, '2025-01'],
      [partner.id, '2025-02'],
      [other.partnerId, '2025-01'],
    ] as const) {
      ids.push(await t.createWonCommission({ partnerId, monthYear: month, amount: '50.00' }));
    }
    await t.db.deleteFrom('emailOutbox').execute();

    const payout = await t.caller(admin).admin.processPayout({
      commissionIds: ids,
      idempotencyKey: randomUUID(),
    });
    // Nobody is told before the payout's files are sent.
    expect(await outbox()).toEqual([]);
    await t.caller(admin).admin.markPayoutSent({ payoutId: payout.id });
    const rows = await outbox();
    expect(rows).toHaveLength(2);
    const mine = rows.find((r) => r.recipient === 'payee@example.com');
    expect(mine).toMatchObject({ kind: 'payoutSent', subject: 'Payout sent: $100.00' });
    expect(mine?.textBody).toContain(`Reference: ${payout.reference}`);
    expect(mine?.textBody).toContain('Method: Wire Transfer, account •••• 4321.');
    expect(mine?.textBody).toContain('we paid 2 commissions, $100.00 in all');
    expect(mine?.textBody).not.toContain('987654321');
    expect(rows.find((r) => r.recipient !== 'payee@example.com')?.subject).toBe('Payout sent: $50.00');
  });

  it('tells the partner when a commission payment failed, with the reason', async () => {
    const active = await t.createPartner({ status: 'active' });
    const commissionId = await t.createWonCommission({
      partnerId: active.partnerId,
      monthYear: '2025-03',
      amount: '100.00',
    });
    await t.caller(admin).admin.failCommission({ id: commissionId, reason: 'Account closed' });
    const mail = await firstMail(active.user.id, 'payoutFailed', 'Commission payment failed: $100.00');
    expect(mail?.textBody).toContain('March 2025 commission of $100.00 failed');
    expect(mail?.textBody).toContain('Reason: Account closed');
  });
});

describe('deal updates and monthly summaries (optional mails)', () => {
  it('mails a client added by an admin and a deal won or lost, with one-click unsubscribe headers', async () => {
    const active = await t.createPartner({ status: 'active', contactName: 'Dee Al' });
    const added = await t.caller(admin).admin.addClient({
      partnerId: active.partnerId,
      clientCompanyName: 'Shop One',
      serviceType: 'controller',
      monthlyValue: '900.00',
    });
    await t.caller(admin).admin.updateReferral({ id: added.id, stage: 'won' });
    const other = await t.createReferral(active.partnerId, { stage: 'proposal', clientCompanyName: 'Shop Two' });
    await t.caller(admin).admin.updateReferral({ id: other, stage: 'lost', lostReason: 'Went in-house' });
    // Notes on a won deal are not news.
    await t.caller(admin).admin.updateReferral({ id: added.id, notes: 'renewal in May' });

    const rows = await t.db.selectFrom('emailOutbox').selectAll().orderBy('createdAt').execute();
    expect(rows.map((r) => [r.kind, r.subject])).toEqual([
      ['clientAdded', 'A client was added for you: Shop One'],
      ['dealWon', 'Deal won: Shop One'],
      ['dealLost', 'Deal lost: Shop Two'],
    ]);
    expect(rows[0]?.textBody).toContain(`Shop One (${SERVICE_TYPE_LABELS.controller})`);
    expect(rows[1]?.textBody).toContain('You earn $100.00 a month');
    expect(rows[2]?.textBody).toContain('Reason: Went in-house');
    for (const row of rows) {
      expect(row.headers?.['List-Unsubscribe']).toMatch(
        /^<https:\/\/portal\.example\.com\/api\/mail\/unsubscribe\?token=[^>]+>$/,
      );
      expect(row.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    }
  });

  it('mails each partner that earned in an accrual its count and amount', async () => {
    const active = await t.createPartner({ status: 'active' });
    await t.createWonClient(active.partnerId, { contractStartDate: '2024-01-01', serviceType: 'controller' });
    await t.createWonClient(active.partnerId, { contractStartDate: '2024-01-01', serviceType: 'basic_accounting' });
    await t.caller(admin).admin.accrue({ month: '2024-06' });
    const mine = (await outbox()).filter((r) => r.recipient === active.user.email);
    expect(mine.map((r) => r.subject)).toEqual(['Your June 2024 commissions: $150.00']);
    expect(mine[0]?.textBody).toContain('2 clients earned you $150.00');
    expect(mine[0]?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // A second run creates nothing and mails nothing.
    await t.db.deleteFrom('emailOutbox').execute();
    await t.caller(admin).admin.accrue({ month: '2024-06' });
    expect(await outbox()).toEqual([]);
  });

  it('leaves account and payment mails without an unsubscribe header', async () => {
    const pending = await t.createPartner({ status: 'pending' });
    await t.caller(admin).admin.approvePartner({ id: pending.partnerId });
    expect((await outbox())[0]?.headers).toBeNull();
  });

  it('stops deal updates switched off in Settings, over REST and tRPC', async () => {
    const active = await t.createPartner({ status: 'active' });
    const headers = { ...(await t.bearer(active.user)), 'content-type': 'application/json' };
    expect((await t.app.inject({ method: 'GET', url: '/api/partners/me/mail-preferences', headers })).json()).toEqual({
      dealUpdates: true,
      bookings: true,
      monthlySummary: true,
    });
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/partners/me/mail-preferences',
      headers,
      payload: JSON.stringify({ dealUpdates: false }),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ dealUpdates: false, bookings: true, monthlySummary: true });
    await t.caller(admin).admin.addClient({
      partnerId: active.partnerId,
      clientCompanyName: 'Quiet Shop',
      serviceType: 'basic_accounting',
      monthlyValue: '500.00',
    });
    expect(await outbox()).toEqual([]);
    expect(await t.caller(active.user).partner.updateMailPreferences({ dealUpdates: true })).toEqual({
      dealUpdates: true,
      bookings: true,
      monthlySummary: true,
    });
    const activity = await t.activityEntries({ userId: active.user.id });
    expect(activity.filter((a) => a.action === 'user.mail_preferences_changed')).toHaveLength(2);
  });

  it('flips the same switch with the one-click POST of RFC 8058, and refuses a forged token', async () => {
    const active = await t.createPartner({ status: 'active' });
    await t.caller(admin).admin.addClient({
      partnerId: active.partnerId,
      clientCompanyName: 'Loud Shop',
      serviceType: 'basic_accounting',
      monthlyValue: '500.00',
    });
    const [mail] = await outbox();
    const address = new URL((mail?.headers?.['List-Unsubscribe'] ?? '').slice(1, -1));
    const res = await t.app.inject({
      method: 'POST',
      url: `${address.pathname}${address.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('Deal updates are switched off');
    expect(await t.caller(active.user).partner.mailPreferences()).toEqual({
      dealUpdates: false,
      bookings: true,
      monthlySummary: true,
    });

    const token = address.searchParams.get('token') as string;
    const forged = `${token.slice(0, token.lastIndexOf('.') + 1)}${'A'.repeat(43)}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?token=${encodeURIComponent(forged)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expectRefusal(refused, 400, /not valid/);
    const otherTopic = token.replace('.dealUpdates.', '.monthlySummary.');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/mail/unsubscribe?token=${encodeURIComponent(otherTopic)}`,
          payload: '',
        })
      ).statusCode,
    ).toBe(400);
  });
});
