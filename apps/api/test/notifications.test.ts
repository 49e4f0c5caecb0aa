// Issue 14 (notifications): each change writes its mails into the outbox in its own transaction —
// a refused change mails nobody — and the mails say what happened with absolute links.

import { randomUUID } from 'node:crypto';
import { CURRENT_AGREEMENT_VERSION } from '@portal/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxWorker } from '../src/workers/outbox-worker';
import { callerFor, createCommission, createPartner, createReferral, createTestApp, createUser, type TestApp } from './helpers';
import { startTestSmtp, type TestSmtp } from './smtp';

let t: TestApp;
let smtp: TestSmtp;
let admin: Awaited<ReturnType<typeof createUser>>;
let secondAdmin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.com' });
  admin = await createUser(t.deps, { role: 'admin', email: 'first-admin@example.com' });
  secondAdmin = await createUser(t.deps, { role: 'admin', email: 'second-admin@example.com' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});
beforeEach(async () => {
  await t.db.deleteFrom('emailOutbox').execute();
  smtp.mails.length = 0;
});

const outbox = () => t.db.selectFrom('emailOutbox').selectAll().orderBy('recipient').execute();
const emailOf = async (userId: string) => (await t.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

describe('a new application', () => {
  it('tells the applicant it arrived and every admin that one is waiting, with a link to the queue', async () => {
    const applicant = await createUser(t.deps, { role: 'partner', email: 'applicant@example.com' });
    await callerFor(t.deps, applicant).partner.submitApplication({
      companyName: 'Acme <Growth> & Co',
      contactName: 'Ada Lovelace',
      companyType: 'agency',
      expectedVolume: '3-5 referrals/month',
      paymentMethod: 'Wire',
      bankName: 'First Bank',
      bankRoutingNumber: '123456789',
      bankAccountNumber: '12345678',
      bankAccountType: 'checking',
      bankAccountHolderName: 'Acme LLC',
      bankAddress: '1 Main St',
      beneficiaryAddress: '2 Side St',
      agreementSigned: true,
      agreementVersion: CURRENT_AGREEMENT_VERSION,
    });
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
    expect(arrived.map((m) => m.to).sort()).toEqual(['applicant@example.com', 'first-admin@example.com', 'second-admin@example.com']);
    expect(secondAdmin.email).toBe('second-admin@example.com');
  });
});

describe("an admin's decisions", () => {
  it('mails the approval with the dashboard and the referral link', async () => {
    const pending = await createPartner(t.deps, { status: 'pending', contactName: 'Pat Pending' });
    await callerFor(t.deps, admin).admin.approvePartner({ id: pending.partnerId });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ recipient: await emailOf(pending.user.id), kind: 'applicationApproved', subject: 'Your partner application was approved' });
    expect(mail?.textBody).toContain('https://portal.example.com/dashboard');
    expect(mail?.textBody).toContain(`https://portal.example.com/r/${pending.referralCode}`);
  });

  it('mails the rejection with its reason', async () => {
    const pending = await createPartner(t.deps, { status: 'pending' });
    await callerFor(t.deps, admin).admin.rejectPartner({ id: pending.partnerId, reason: 'Outside our market' });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ kind: 'applicationRejected', subject: 'Your partner application' });
    expect(mail?.textBody).toContain('Reason: Outside our market');
  });

  it('mails a suspension and a reactivation', async () => {
    const active = await createPartner(t.deps, { status: 'active' });
    await callerFor(t.deps, admin).admin.suspendPartner({ id: active.partnerId });
    await callerFor(t.deps, admin).admin.reactivatePartner({ id: active.partnerId });
    const rows = await t.db.selectFrom('emailOutbox').select(['kind', 'subject']).orderBy('createdAt').orderBy('kind', 'desc').execute();
    expect(rows).toEqual([
      { kind: 'partnerSuspended', subject: 'Your partner account was suspended' },
      { kind: 'partnerReactivated', subject: 'Your partner account is active again' },
    ]);
  });

  it('mails nobody when the decision is refused (the transaction rolls back)', async () => {
    const active = await createPartner(t.deps, { status: 'active' });
    await expect(callerFor(t.deps, admin).admin.approvePartner({ id: active.partnerId })).rejects.toThrow();
    expect(await outbox()).toEqual([]);
  });
});

describe('payouts', () => {
  it('tells each partner of a payout its amount, the reference and a masked account', async () => {
    const applicant = await createUser(t.deps, { role: 'partner', email: 'payee@example.com' });
    const partner = await callerFor(t.deps, applicant).partner.submitApplication({
      companyName: 'Payee Co',
      contactName: 'Pay Ee',
      companyType: 'agency',
      expectedVolume: '3-5 referrals/month',
      paymentMethod: 'Wire',
      bankName: 'First Bank',
      bankRoutingNumber: '123456789',
      bankAccountNumber: '987654321',
      bankAccountType: 'checking',
      bankAccountHolderName: 'Payee LLC',
      bankAddress: '1 Main St',
      beneficiaryAddress: '2 Side St',
      agreementSigned: true,
      agreementVersion: CURRENT_AGREEMENT_VERSION,
    });
    await callerFor(t.deps, admin).admin.approvePartner({ id: partner.id });
    const other = await createPartner(t.deps, { status: 'active' });
    const ids: string[] = [];
    for (const [partnerId, month] of [
      [partner.id, '2025-01'],
      [partner.id, '2025-02'],
      [other.partnerId, '2025-01'],
    ] as const) {
      const referralId = await createReferral(t.deps, partnerId, { stage: 'won', contractStartDate: '2025-01-01' });
      ids.push(await createCommission(t.deps, { partnerId, referralId, monthYear: month, amount: '50.00' }));
    }
    await t.db.deleteFrom('emailOutbox').execute();

    const payout = await callerFor(t.deps, admin).admin.processPayout({ commissionIds: ids, idempotencyKey: randomUUID() });
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
    const active = await createPartner(t.deps, { status: 'active' });
    const referralId = await createReferral(t.deps, active.partnerId, { stage: 'won', contractStartDate: '2025-01-01' });
    const commissionId = await createCommission(t.deps, { partnerId: active.partnerId, referralId, monthYear: '2025-03', amount: '100.00' });
    await callerFor(t.deps, admin).admin.failCommission({ id: commissionId, reason: 'Account closed' });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ recipient: await emailOf(active.user.id), kind: 'payoutFailed', subject: 'Commission payment failed: $100.00' });
    expect(mail?.textBody).toContain('March 2025 commission of $100.00 failed');
    expect(mail?.textBody).toContain('Reason: Account closed');
  });
});
