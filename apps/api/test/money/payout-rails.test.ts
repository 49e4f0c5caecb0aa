// Payout rails: a partner's payment method (wire, ACH with the ABA check digit, PayPal), the NACHA
// file read back by an independent parser (@ach/ach), the PayPal batch, the minimum payout, and
// returns that move fees to failed and back to payable after the partner fixes their details.

import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import AchParser from '@ach/ach/lib/transforms/ach-parser.js';
import { isValidAbaRoutingNumber, PAYMENT_METHOD_MESSAGES, updatePaymentMethodInput } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { nachaFileForPayout, nextBankingDay, proposedPayoutDate } from '../../src/services/money';
import { bankFieldContext } from '../../src/services/platform';
import { useClock, useTestApp, useUser } from '../support';
import type { SessionUser } from '../../src/trpc/context';

const ACH_ENV = {
  ACH_IMMEDIATE_DESTINATION: '011000015',
  ACH_IMMEDIATE_ORIGIN: '1234567890',
  ACH_COMPANY_NAME: 'PARTNER PORTAL',
  ACH_COMPANY_ID: '1234567890',
  ACH_ODFI_ROUTING: '021000021',
};
const PASSWORD = 'rails-password-1';

const t = useTestApp(ACH_ENV);
const admin = useUser(t, { role: 'admin' });
const finance = useUser(t, { role: 'finance' });
const viewer = useUser(t, { role: 'viewer' });
// A weekday that is no holiday: Tuesday 10 November 2026, noon UTC.
useClock(t, '2026-11-10T12:00:00Z');

const inject = (method: 'GET' | 'PUT' | 'POST', url: string, user: SessionUser | null, payload?: object) =>
  t.request(user, method, url, payload);

/** A partner paid by ACH, its details sealed as the settings screen seals them. */
async function achPartner(options: {
  routing: string;
  account: string;
  holder: string;
  payeeType: 'business' | 'individual';
  type?: 'checking' | 'savings';
  password?: string;
}) {
  const partner = await t.createPartner({
    companyName: `${options.holder} Co`,
    ...(options.password ? { password: options.password } : {}),
  });
  await t.db
    .updateTable('partners')
    .set({
      paymentMethod: 'ACH',
      payeeType: options.payeeType,
      bankRoutingNumber: t.deps.cipher.encrypt(
        options.routing,
        bankFieldContext(partner.partnerId, 'bank_routing_number'),
      ),
      bankAccountNumber: t.deps.cipher.encrypt(
        options.account,
        bankFieldContext(partner.partnerId, 'bank_account_number'),
      ),
      bankAccountType: options.type ?? 'checking',
      bankAccountHolderName: options.holder,
    })
    .where('id', '=', partner.partnerId)
    .execute();
  return partner;
}

async function paypalPartner(email: string) {
  return t.createPartner({ companyName: `PayPal ${email}`, paypalEmail: email });
}

/** Pending fees of the partner, one a month from January; a negative amount is a clawback. */
async function fees(partnerId: string, amounts: string[]): Promise<string[]> {
  const referralId = await t.createWonClient(partnerId);
  const ids: string[] = [];
  for (const [i, amount] of amounts.entries()) {
    const monthYear = `2026-${String(i + 1).padStart(2, '0')}`;
    if (amount.startsWith('-')) {
      const row = await t.db
        .insertInto('commissions')
        .values({ partnerId, referralId, monthYear, amount, kind: 'clawback', reason: 'Client refunded' })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    } else ids.push(await t.createCommission({ partnerId, referralId, monthYear, amount }));
  }
  return ids;
}

/** Reads a NACHA file with @ach/ach's parser (not the writer's code): the file object it builds. */
function parseNacha(text: string): Promise<AchFileObject> {
  return new Promise((resolve, reject) => {
    const parser = new AchParser();
    parser.on('data', (file: AchFileObject) => resolve(file));
    parser.on('error', reject);
    for (const line of text.split('\r\n')) parser.write({ string: line });
    parser.end();
  });
}
interface AchFileObject {
  file: {
    destination: string;
    origin: string;
    footer: {
      batchCount: number;
      blockCount: number;
      entryAndAddendaCount: number;
      entryHash: number;
      totalCredit: number;
      totalDebit: number;
    };
  };
  batches: Array<{
    entryClassCode: string;
    serviceClassCode: number;
    effectiveDate: string;
    companyId: string;
    entries: Array<{
      transactionCode: string;
      receivingDFIIdentification: number;
      checkDigit: number;
      dfiAccount: string;
      amount: number;
      receivingCompanyName: string;
      traceNumber: number;
    }>;
    footer: { entryAndAddendaCount: number; entryHash: number; totalCredit: number; totalDebit: number };
  }>;
}

describe('the ABA check digit', () => {
  it('accepts valid routing numbers and refuses a mistyped one', () => {
    expect(isValidAbaRoutingNumber('011000015')).toBe(true);
    expect(isValidAbaRoutingNumber('021000021')).toBe(true);
    expect(isValidAbaRoutingNumber('011000016')).toBe(false);
    // Two neighbours swapped.
    expect(isValidAbaRoutingNumber('021000012')).toBe(false);
    expect(isValidAbaRoutingNumber('01100001')).toBe(false);
  });

  it('refuses a mistyped ACH routing number on the field, saying the check digit is wrong', () => {
    const result = updatePaymentMethodInput.safeParse({
      paymentMethod: 'ACH',
      bankRoutingNumber: '011000016',
      bankAccountNumber: '12345678',
      bankAccountType: 'checking',
      bankAccountHolderName: 'Acme LLC',
      currentPassword: 'x',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['bankRoutingNumber'], message: PAYMENT_METHOD_MESSAGES.routingCheckDigit }),
    ]);
  });
});

describe('PUT /api/partners/payment-method', () => {
  it('switches an active partner to ACH: sealed, answered masked, mailed, and refuses a bad check digit with 400', async () => {
    const partner = await t.createPartner({ password: PASSWORD });
    const ach = {
      paymentMethod: 'ACH',
      bankRoutingNumber: '011000015',
      bankAccountNumber: '55550001234',
      bankAccountType: 'savings',
      bankAccountHolderName: 'Rails Agency LLC',
      payeeType: 'individual',
      currentPassword: PASSWORD,
    };
    const refused = await inject('PUT', '/api/partners/payment-method', partner.user, {
      ...ach,
      bankRoutingNumber: '011000051',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([
      { path: 'bankRoutingNumber', message: PAYMENT_METHOD_MESSAGES.routingCheckDigit },
    ]);

    const res = await inject('PUT', '/api/partners/payment-method', partner.user, ach);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      paymentMethod: 'ACH',
      payeeType: 'individual',
      bankAccountNumberMasked: '•••• 1234',
      bankRoutingNumberMasked: '•••• 0015',
    });
    expect(res.body).not.toContain('55550001234');
    const row = await t.row('partners', partner.partnerId);
    expect(row.bankAccountNumber).not.toContain('55550001234');
    const mails = await t.db
      .selectFrom('emailOutbox')
      .select(['kind', 'recipient', 'textBody'])
      .where('kind', 'in', ['bankDetailsChanged', 'partnerBankDetailsChanged'])
      .where('createdAt', '>=', t.clock.now)
      .execute();
    expect(mails.find((m) => m.recipient === partner.user.email)?.textBody).toContain('ACH to the account ending 1234');
    expect(mails.some((m) => m.recipient === admin.email)).toBe(true);
  });

  it('switches to PayPal with the email masked, and needs the current password', async () => {
    const partner = await t.createPartner({ password: PASSWORD });
    const wrong = await inject('PUT', '/api/partners/payment-method', partner.user, {
      paymentMethod: 'PayPal',
      paypalEmail: 'pay@rails.example',
      currentPassword: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(400);
    const badEmail = await inject('PUT', '/api/partners/payment-method', partner.user, {
      paymentMethod: 'PayPal',
      paypalEmail: 'not-an-email',
      currentPassword: PASSWORD,
    });
    expect(badEmail.json().issues).toEqual([{ path: 'paypalEmail', message: PAYMENT_METHOD_MESSAGES.paypalEmail }]);
    const res = await inject('PUT', '/api/partners/payment-method', partner.user, {
      paymentMethod: 'PayPal',
      paypalEmail: 'Pay@Rails.example',
      currentPassword: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      paymentMethod: 'PayPal',
      paypalEmailMasked: 'p•••@rails.example',
      bankName: null,
    });
  });

  it('keeps ACH and PayPal for active partners (409 for a pending one)', async () => {
    const pending = await t.createPartner({ password: PASSWORD, status: 'pending' });
    const res = await inject('PUT', '/api/partners/payment-method', pending.user, {
      paymentMethod: 'PayPal',
      paypalEmail: 'pending@rails.example',
      currentPassword: PASSWORD,
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('GET /api/admin/payouts/{id}/ach.txt', () => {
  let payoutId: string;
  const partners: Array<{ routing: string; account: string; net: number; payeeType: 'business' | 'individual' }> = [
    { routing: '011000015', account: '11112222', net: 0, payeeType: 'business' },
    { routing: '021000021', account: '33334444', net: 0, payeeType: 'business' },
    { routing: '026009593', account: '5555666677', net: 0, payeeType: 'individual' },
  ];

  beforeAll(async () => {
    const a = await achPartner({ ...partners[0]!, holder: 'Alpha Growth' });
    const b = await achPartner({ ...partners[1]!, holder: 'Beta Books', type: 'savings' });
    const c = await achPartner({ ...partners[2]!, holder: 'Chloé Durand' });
    const wire = await t.createPartner();
    const paypal = await paypalPartner('payee@paypal.example');
    const ids = [
      ...(await fees(a.partnerId, ['100.00', '250.55'])),
      // A clawback nets against the same partner's fees: one credit of 75.00.
      ...(await fees(b.partnerId, ['100.00', '-25.00'])),
      ...(await fees(c.partnerId, ['0.01'])),
      ...(await fees(wire.partnerId, ['40.00'])),
      ...(await fees(paypal.partnerId, ['60.40'])),
    ];
    partners[0]!.net = 35055;
    partners[1]!.net = 7500;
    partners[2]!.net = 1;
    const payout = await t.caller(admin).admin.processPayout({
      commissionIds: ids,
      idempotencyKey: randomUUID(),
    });
    payoutId = payout.id;
    expect(payout.methods).toEqual([
      { paymentMethod: 'ACH', partnerCount: 3, total: '425.56' },
      { paymentMethod: 'PayPal', partnerCount: 1, total: '60.40' },
      { paymentMethod: 'Wire', partnerCount: 1, total: '40.00' },
    ]);
  });

  it('writes 94-character records blocked to tens, and parses back with matching entry hash and totals', async () => {
    const res = await inject('GET', `/api/admin/payouts/${payoutId}/ach.txt`, finance);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/ach-PO-\d{8}-\w+\.txt/);
    const lines = res.body.split('\r\n').filter((line) => line.length > 0);
    expect(lines.every((line) => line.length === 94)).toBe(true);
    expect(lines.length % 10).toBe(0);
    // File header, two batch headers, three entries, two batch controls, file control, then 9-filler.
    expect(lines.slice(9).every((line) => line === '9'.repeat(94))).toBe(true);

    const ach = await parseNacha(res.body);
    expect(ach.file.destination.trim()).toBe('011000015');
    expect(ach.file.origin).toBe('1234567890');
    const entries = ach.batches.flatMap((batch) => batch.entries);
    expect(entries).toHaveLength(3);
    expect(ach.batches.map((batch) => [batch.entryClassCode, batch.entries.length])).toEqual([
      ['CCD', 2],
      ['PPD', 1],
    ]);
    const total = partners.reduce((sum, p) => sum + p.net, 0);
    expect(ach.file.footer).toMatchObject({
      batchCount: 2,
      blockCount: lines.length / 10,
      entryAndAddendaCount: 3,
      totalCredit: total,
      totalDebit: 0,
    });
    // The entry hash: the sum of the receiving banks' first eight digits, its ten rightmost digits.
    const hash = partners.reduce((sum, p) => sum + Number(p.routing.slice(0, 8)), 0) % 10_000_000_000;
    expect(ach.file.footer.entryHash).toBe(hash);
    for (const batch of ach.batches) {
      expect(batch.serviceClassCode).toBe(220);
      // Tuesday 10 November 2026 → Wednesday 11 November is Veterans Day → Thursday 12 November.
      expect(batch.effectiveDate).toBe('261112');
      expect(batch.footer.totalCredit).toBe(batch.entries.reduce((sum, entry) => sum + entry.amount, 0));
      expect(batch.footer.entryHash).toBe(
        batch.entries.reduce((sum, entry) => sum + entry.receivingDFIIdentification, 0),
      );
    }
    for (const p of partners) {
      const entry = entries.find((e) => e.dfiAccount === p.account);
      expect(entry?.amount).toBe(p.net);
      expect(`${String(entry?.receivingDFIIdentification).padStart(8, '0')}${entry?.checkDigit}`).toBe(p.routing);
    }
    expect(entries.find((e) => e.dfiAccount === '33334444')?.transactionCode).toBe('32');
    expect(entries.find((e) => e.dfiAccount === '11112222')?.transactionCode).toBe('22');
    expect(entries.find((e) => e.dfiAccount === '5555666677')?.receivingCompanyName).toBe('CHLOE DURAND');
    // The payout's ACH total, to the cent.
    expect(total).toBe(42556);

    const log = await t.activityEntries({ action: 'payout.ach_file_downloaded', entityId: payoutId });
    expect(log).toMatchObject([{ userId: finance.id }]);
  });

  it('gives the PayPal batch of the PayPal partners only, in PayPal’s columns', async () => {
    const res = await inject('GET', `/api/admin/payouts/${payoutId}/paypal.csv`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const rows: string[][] = parse(res.body, { relax_column_count: false });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual([
      'payee@paypal.example',
      '60.40',
      'USD',
      expect.stringMatching(/^[0-9A-Za-z_-]{1,30}$/),
      expect.stringMatching(/^Partner commissions, payout PO-/),
      'PAYPAL',
    ]);
  });

  it('keeps the wire instructions to the wire partners', async () => {
    const res = await inject('GET', `/api/admin/payouts/${payoutId}/wire-instructions.csv`, admin);
    const rows: string[][] = parse(res.body);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('40.00');
  });

  it('needs exports:bank for each file (a viewer is refused, 403)', async () => {
    for (const file of ['ach.txt', 'paypal.csv', 'wire-instructions.csv']) {
      expect((await inject('GET', `/api/admin/payouts/${payoutId}/${file}`, viewer)).statusCode).toBe(403);
      expect((await inject('GET', `/api/admin/payouts/${payoutId}/${file}`, null)).statusCode).toBe(401);
    }
  });

  it('answers 409 "ACH originator settings are not configured" without the settings', async () => {
    await expect(
      nachaFileForPayout(t.db, {
        cipher: t.deps.cipher,
        originator: undefined,
        payoutId,
        actorId: admin.id,
        now: t.clock.now,
      }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/ACH originator settings are not configured/),
    });
  });
});

describe('a NACHA file once made', () => {
  /** A sent-ready payout of one ACH partner, made at `at`. */
  async function achPayout(holder: string, account: string) {
    const partner = await achPartner({ routing: '011000015', account, holder, payeeType: 'business' });
    const ids = await fees(partner.partnerId, ['80.00']);
    return t.caller(admin).admin.processPayout({ commissionIds: ids, idempotencyKey: randomUUID() });
  }
  const headerOf = (text: string) => text.split('\r\n')[0]!;

  it('is the same file at every download, its creation time and effective date fixed at the first', async () => {
    t.clock.now = new Date('2026-11-10T12:00:00Z');
    const payout = await achPayout('Steady Files', 'ab12cd34');
    const first = await inject('GET', `/api/admin/payouts/${payout.id}/ach.txt`, admin);
    expect(first.statusCode, first.body).toBe(200);
    // A day later, after the next banking day has moved on, the file is still the one first made.
    t.clock.now = new Date('2026-11-11T15:30:00Z');
    const again = await inject('GET', `/api/admin/payouts/${payout.id}/ach.txt`, admin);
    t.clock.now = new Date('2026-11-10T12:00:00Z');
    expect(again.body).toBe(first.body);
    // Created 261110 at 1200 UTC; the reference code is the payout reference's own suffix.
    expect(headerOf(first.body).slice(23, 33)).toBe('2611101200');
    expect(headerOf(first.body).slice(86, 94).trim()).toBe(payout.reference.split('-').at(-1));
    // Letters of an account number go into the file upper case.
    const ach = await parseNacha(first.body);
    expect(ach.batches[0]?.entries[0]?.dfiAccount).toBe('AB12CD34');
  });

  it('gives two payouts of one day different file ID modifiers, and refuses a 37th file that day with 409', async () => {
    t.clock.now = new Date('2026-11-17T09:00:00Z');
    try {
      const one = await achPayout('Modifier One', '11110001');
      const two = await achPayout('Modifier Two', '11110002');
      const fileOne = await inject('GET', `/api/admin/payouts/${one.id}/ach.txt`, admin);
      const fileTwo = await inject('GET', `/api/admin/payouts/${two.id}/ach.txt`, admin);
      // File ID modifier: position 34 of the file header.
      expect([headerOf(fileOne.body)[33], headerOf(fileTwo.body)[33]]).toEqual(['A', 'B']);
      expect(headerOf(fileOne.body).slice(0, 33)).toBe(headerOf(fileTwo.body).slice(0, 33));

      // The day's other 34 modifiers taken by earlier files: a new payout's file waits for the next day.
      const third = await achPayout('Modifier Three', '11110003');
      const taken = await Promise.all(
        [...'CDEFGHIJKLMNOPQRSTUVWXYZ0123456789'].map(async () => (await achPayout('Filler', '11119999')).id),
      );
      for (const [i, payoutId] of taken.entries())
        await t.db
          .insertInto('achFiles')
          .values({
            payoutId,
            createdAt: t.clock.now,
            creationDate: '2026-11-17',
            fileIdModifier: 'CDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[i]!,
            effectiveDate: '2026-11-18',
          })
          .execute();
      const refused = await inject('GET', `/api/admin/payouts/${third.id}/ach.txt`, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Every NACHA file ID modifier (A–Z, 0–9) is used today: a new ACH file can be made after midnight UTC',
      );
      t.clock.now = new Date('2026-11-18T09:00:00Z');
      const nextDay = await inject('GET', `/api/admin/payouts/${third.id}/ach.txt`, admin);
      expect(nextDay.statusCode).toBe(200);
      expect(headerOf(nextDay.body).slice(23, 34)).toBe('2611180900A');
    } finally {
      t.clock.now = new Date('2026-11-10T12:00:00Z');
    }
  });
});

describe('wire instructions', () => {
  it('answer 409 for a payout that pays nobody by wire, like the other files', async () => {
    const partner = await paypalPartner('only-paypal@paypal.example');
    const ids = await fees(partner.partnerId, ['30.00']);
    const payout = await t.caller(admin).admin.processPayout({ commissionIds: ids, idempotencyKey: randomUUID() });
    const res = await inject('GET', `/api/admin/payouts/${payout.id}/wire-instructions.csv`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This payout pays no partner by Wire');
  });

  it('keep the rows the payout sent after a returned line is paid again in a later payout', async () => {
    const partner = await t.createPartner({ companyName: 'Returned Wire Co' });
    const ids = await fees(partner.partnerId, ['100.00']);
    const asAdmin = t.caller(admin);
    const payout = await asAdmin.admin.processPayout({ commissionIds: ids, idempotencyKey: randomUUID() });
    const sent = await inject('GET', `/api/admin/payouts/${payout.id}/wire-instructions.csv`, admin);
    expect(parse(sent.body)).toHaveLength(2);

    await asAdmin.admin.markPayoutSent({ payoutId: payout.id });
    await asAdmin.admin.returnPayoutLine({
      payoutId: payout.id,
      partnerId: partner.partnerId,
      returnCode: 'OTHER',
      reason: 'Beneficiary bank refused the wire',
    });
    await asAdmin.admin.retryCommission({ id: ids[0]! });
    await asAdmin.admin.processPayout({ commissionIds: ids, idempotencyKey: randomUUID() });

    const later = await inject('GET', `/api/admin/payouts/${payout.id}/wire-instructions.csv`, admin);
    expect(later.statusCode).toBe(200);
    expect(later.body).toBe(sent.body);
  });
});

describe('partners without payment details', () => {
  it('wait in a payout by filter, named with the reason, and refuse a hand-picked one by name', async () => {
    const bare = await t.createPartner({ companyName: 'No Details LLC', bankDetails: false });
    const ready = await t.createPartner({ companyName: 'Has Details LLC' });
    const [bareFee] = await fees(bare.partnerId, ['1253.00']);
    await fees(ready.partnerId, ['20.00']);
    const asAdmin = t.caller(admin);

    await expect(
      asAdmin.admin.processPayout({ commissionIds: [bareFee!], idempotencyKey: randomUUID() }),
    ).rejects.toThrow(/Nothing can be paid: No Details LLC has no Wire bank details on file/);

    const preview = await asAdmin.admin.payoutPreview({ matching: { partnerId: bare.partnerId } });
    expect(preview.waiting).toEqual([
      { partnerId: bare.partnerId, companyName: 'No Details LLC', net: '1253.00', reason: 'noPaymentDetails' },
    ]);
    expect(preview.refusal).toBe(
      'Nothing can be paid: every partner selected waits (No Details LLC: no payment details on file)',
    );
    const both = await asAdmin.admin.payoutPreview({ matching: { month: '2026-01' } });
    expect(both.waiting.find((row) => row.partnerId === bare.partnerId)?.reason).toBe('noPaymentDetails');

    const rows = await t.commissionRows({ partnerId: bare.partnerId });
    expect(rows.map((row) => row.status)).toEqual(['pending']);
  });
});

describe('partners whose last payment failed', () => {
  it('wait, named with the reason, until the failed payment is settled; a hand-picked payout is refused', async () => {
    const partner = await t.createPartner({ companyName: 'Closed Account LLC' });
    const [first] = await fees(partner.partnerId, ['80.00']);
    const asAdmin = t.caller(admin);
    const payout = await asAdmin.admin.processPayout({ commissionIds: [first!], idempotencyKey: randomUUID() });
    await asAdmin.admin.markPayoutSent({ payoutId: payout.id });
    await asAdmin.admin.returnPayoutLine({ payoutId: payout.id, partnerId: partner.partnerId, returnCode: 'R02' });
    const [next] = await fees(partner.partnerId, ['40.00']);

    const preview = await asAdmin.admin.payoutPreview({ matching: { partnerId: partner.partnerId } });
    expect(preview.waiting).toEqual([
      { partnerId: partner.partnerId, companyName: 'Closed Account LLC', net: '40.00', reason: 'paymentFailed' },
    ]);
    await expect(asAdmin.admin.processPayout({ commissionIds: [next!], idempotencyKey: randomUUID() })).rejects.toThrow(
      /a payment to Closed Account LLC failed and has not been settled/,
    );

    // Retried, the failed fee is pending again and nothing holds the partner back.
    await asAdmin.admin.retryCommission({ id: first! });
    const settled = await asAdmin.admin.payoutPreview({ matching: { partnerId: partner.partnerId } });
    expect(settled).toMatchObject({ waiting: [], total: '120.00', refusal: null });
  });
});

describe('ACH return codes', () => {
  it('are the codes a credit comes back with: R14 is taken, the debit-only R01 is refused', async () => {
    const partner = await achPartner({
      routing: '011000015',
      account: '44445555',
      holder: 'Deceased Payee',
      payeeType: 'individual',
    });
    const ids = await fees(partner.partnerId, ['45.00']);
    const asAdmin = t.caller(admin);
    const payout = await asAdmin.admin.processPayout({ commissionIds: ids, idempotencyKey: randomUUID() });
    await asAdmin.admin.markPayoutSent({ payoutId: payout.id });
    const refused = await inject('POST', `/api/admin/payouts/${payout.id}/lines/${partner.partnerId}/return`, admin, {
      returnCode: 'R01',
    });
    expect(refused.statusCode).toBe(400);
    const line = await asAdmin.admin.returnPayoutLine({
      payoutId: payout.id,
      partnerId: partner.partnerId,
      returnCode: 'R14',
    });
    expect(line.returnReason).toBe('R14 Representative payee deceased or unable to continue');
  });
});

describe('ACH originator settings', () => {
  it('are all or none: a partial set stops the start naming the missing variable', () => {
    const base = {
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(48),
      DATA_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
    };
    expect(() => loadConfig({ ...base, ACH_IMMEDIATE_DESTINATION: '011000015' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ACH_IMMEDIATE_DESTINATION: '011000015' })).toThrow(/ACH_COMPANY_ID/);
    expect(() => loadConfig({ ...base, ...ACH_ENV, ACH_ODFI_ROUTING: '021000012' })).toThrow(/ACH_ODFI_ROUTING/);
    expect(loadConfig({ ...base, ...ACH_ENV }).ach).toMatchObject({ companyName: 'PARTNER PORTAL' });
  });
});

describe('banking days', () => {
  it('skips weekends and federal holidays as the Fed observes them', () => {
    // Wednesday before Thanksgiving 2026 → Friday.
    expect(nextBankingDay(new Date('2026-11-25T15:00:00Z')).toISOString().slice(0, 10)).toBe('2026-11-27');
    // Friday → Monday.
    expect(nextBankingDay(new Date('2026-11-27T15:00:00Z')).toISOString().slice(0, 10)).toBe('2026-11-30');
    // 4 July 2027 is a Sunday, observed Monday 5 July: Friday 2 July → Tuesday 6 July.
    expect(nextBankingDay(new Date('2027-07-02T15:00:00Z')).toISOString().slice(0, 10)).toBe('2027-07-06');
    // 4 July 2026 is a Saturday: the Fed stays open on Friday 3 July.
    expect(nextBankingDay(new Date('2026-07-02T15:00:00Z')).toISOString().slice(0, 10)).toBe('2026-07-03');
  });

  it('proposes the payout day of this month or the next, on a banking day', () => {
    expect(proposedPayoutDate(new Date('2026-11-10T12:00:00Z'), 15)).toBe('2026-11-16');
    expect(proposedPayoutDate(new Date('2026-11-16T12:00:00Z'), 15)).toBe('2026-12-15');
    expect(proposedPayoutDate(new Date('2026-11-10T12:00:00Z'), 10)).toBe('2026-11-10');
  });
});

describe('the minimum payout', () => {
  it('lets a partner at the minimum be paid and makes one a cent below it wait, saying so', async () => {
    await t.caller(admin).admin.updateProgramSettings({ minimumPayout: '100.00' });
    try {
      const atMinimum = await t.createPartner();
      const below = await t.createPartner();
      const [atId] = await fees(atMinimum.partnerId, ['100.00']);
      const [belowId] = await fees(below.partnerId, ['99.99']);
      const asAdmin = t.caller(admin);

      const page = await asAdmin.admin.pendingCommissions({ partnerId: below.partnerId });
      expect(page.minimumPayout).toBe('100.00');
      expect(page.items.map((item) => item.belowMinimum)).toEqual([true]);
      const atPage = await asAdmin.admin.pendingCommissions({ partnerId: atMinimum.partnerId });
      expect(atPage.items.map((item) => item.belowMinimum)).toEqual([false]);

      await expect(
        asAdmin.admin.processPayout({ commissionIds: [belowId!], idempotencyKey: randomUUID() }),
      ).rejects.toThrow(/below the minimum payout of \$100\.00/);
      const paid = await asAdmin.admin.processPayout({ commissionIds: [atId!], idempotencyKey: randomUUID() });
      expect(paid.total).toBe('100.00');
      // A filter leaves the waiting partner out instead of refusing.
      await expect(
        asAdmin.admin.processPayout({ matching: { partnerId: below.partnerId }, idempotencyKey: randomUUID() }),
      ).rejects.toThrow(
        /Nothing can be paid: every partner selected waits \(.*: \$99\.99, below the minimum payout of \$100\.00\)/,
      );
    } finally {
      await t.caller(admin).admin.updateProgramSettings({ minimumPayout: '0.00' });
    }
  });
});

describe('the payout preview', () => {
  /** One pending fee of the partner in a month no other test of this file uses. */
  const feeIn = async (partnerId: string, amount: string, monthYear = '2025-07') =>
    t.createCommission({
      partnerId,
      referralId: await t.createWonClient(partnerId, { contractStartDate: '2025-01-01' }),
      monthYear,
      amount,
    });

  it('sums the fees, partners and total per payment method, names who waits below the minimum, and pays nothing', async () => {
    await t.caller(admin).admin.updateProgramSettings({ minimumPayout: '50.00' });
    try {
      const ach = await achPartner({
        routing: '011000015',
        account: '55550000',
        holder: 'Preview Ach',
        payeeType: 'business',
      });
      const paypal = await paypalPartner('preview@paypal.test');
      const wire = await t.createPartner({ companyName: 'Preview Wire Co' });
      const small = await t.createPartner({ companyName: 'Preview Small Co' });
      const ids = [
        await feeIn(ach.partnerId, '120.00'),
        await feeIn(ach.partnerId, '30.00'),
        await feeIn(paypal.partnerId, '75.50'),
        await feeIn(wire.partnerId, '200.00'),
      ];
      await feeIn(small.partnerId, '10.00');
      const asFinance = t.caller(finance);

      const byFilter = await t.caller(viewer).admin.payoutPreview({ matching: { month: '2025-07' } });
      expect(byFilter).toEqual({
        commissionCount: 4,
        partnerCount: 3,
        total: '425.50',
        methods: [
          { paymentMethod: 'Wire', partnerCount: 1, total: '200.00' },
          { paymentMethod: 'ACH', partnerCount: 1, total: '150.00' },
          { paymentMethod: 'PayPal', partnerCount: 1, total: '75.50' },
        ],
        minimumPayout: '50.00',
        waiting: [
          { partnerId: small.partnerId, companyName: 'Preview Small Co', net: '10.00', reason: 'belowMinimum' },
        ],
        refusal: null,
      });
      // A hand-made selection that holds a partner below the minimum is refused, and the preview says so.
      const withSmall = await asFinance.admin.payoutPreview({
        commissionIds: [ids[3]!, await feeIn(small.partnerId, '5.00', '2025-08')],
      });
      expect(withSmall.refusal).toMatch(/Preview Small Co \(\$5\.00\) is below the minimum payout of \$50\.00/);
      expect(withSmall.partnerCount).toBe(0);

      const stillPending = await t.db
        .selectFrom('commissions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('monthYear', '=', '2025-07')
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      expect(Number(stillPending.n)).toBe(5);

      // The payout then pays what the preview said.
      const paid = await asFinance.admin.processPayout({
        matching: { month: '2025-07' },
        idempotencyKey: randomUUID(),
      });
      expect([paid.total, paid.commissionCount, paid.partnerCount]).toEqual(['425.50', 4, 3]);
      await expect(asFinance.admin.payoutPreview({ commissionIds: [ids[0]!] })).rejects.toThrow(/already paid/);
    } finally {
      await t.caller(admin).admin.updateProgramSettings({ minimumPayout: '0.00' });
    }
  });

  it('answers the same body over REST at POST /api/admin/payouts/preview', async () => {
    const partner = await t.createPartner({ companyName: 'Preview Rest Co' });
    const id = await feeIn(partner.partnerId, '42.00', '2025-09');
    const res = await inject('POST', '/api/admin/payouts/preview', finance, { commissionIds: [id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ commissionCount: 1, partnerCount: 1, total: '42.00', refusal: null });
    const bad = await inject('POST', '/api/admin/payouts/preview', finance, {});
    expect(bad.statusCode).toBe(400);
  });
});

describe('returns', () => {
  it('moves a returned line’s fees to failed with the reason, mails the partner, and offers them again after the fix', async () => {
    const partner = await achPartner({
      routing: '011000015',
      account: '99990000',
      holder: 'Returned Agency',
      payeeType: 'business',
      password: PASSWORD,
    });
    const ids = await fees(partner.partnerId, ['120.00', '30.00']);
    const asAdmin = t.caller(admin);
    const payout = await asAdmin.admin.processPayout({ commissionIds: ids, idempotencyKey: randomUUID() });

    await expect(
      asAdmin.admin.returnPayoutLine({ payoutId: payout.id, partnerId: partner.partnerId, returnCode: 'R03' }),
    ).rejects.toThrow(/Mark the payout as sent/);
    await asAdmin.admin.markPayoutSent({ payoutId: payout.id });
    const line = await asAdmin.admin.returnPayoutLine({
      payoutId: payout.id,
      partnerId: partner.partnerId,
      returnCode: 'R03',
    });
    expect(line).toMatchObject({ status: 'returned', returnReason: 'R03 No account / unable to locate account' });

    const failed = await asAdmin.admin.failedCommissions({ partnerId: partner.partnerId });
    expect(failed.map((row) => [row.amount, row.failureReason])).toEqual(
      expect.arrayContaining([
        ['120.00', 'Returned: R03 No account / unable to locate account'],
        ['30.00', 'Returned: R03 No account / unable to locate account'],
      ]),
    );
    const payoutAfter = (await asAdmin.admin.payouts({ limit: 100 })).items.find((p) => p.id === payout.id);
    expect(payoutAfter).toMatchObject({ returnedCount: 1, returnedTotal: '150.00', total: '150.00' });
    const [mail] = await t.outboxMails({ kind: 'payoutReturned', recipient: partner.user.email });
    expect(mail?.subject).toBe('Your payout of $150.00 came back');
    expect(mail?.textBody).toContain('R03 No account');

    // Retry offers one fee again; the partner's new details offer the rest.
    await asAdmin.admin.retryCommission({ id: ids[1]! });
    const fixed = await inject('PUT', '/api/partners/payment-method', partner.user, {
      paymentMethod: 'ACH',
      bankRoutingNumber: '021000021',
      bankAccountNumber: '12121212',
      bankAccountType: 'checking',
      bankAccountHolderName: 'Returned Agency',
      currentPassword: PASSWORD,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const rows = await t.db
      .selectFrom('commissions')
      .select(['status', 'failureReason', 'payoutId'])
      .where('id', 'in', ids)
      .execute();
    expect(rows).toEqual([
      { status: 'pending', failureReason: null, payoutId: null },
      { status: 'pending', failureReason: null, payoutId: null },
    ]);
    expect(await asAdmin.admin.failedCommissions({ partnerId: partner.partnerId })).toEqual([]);
    const again = await asAdmin.admin.processPayout({ commissionIds: ids, idempotencyKey: randomUUID() });
    expect(again.total).toBe('150.00');
  });
});
