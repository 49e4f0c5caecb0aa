// The partner's payout history, the paged Commissions tab, monthly statements (PDF and
// CSV, read back), the tax profile and the 1099-NEC report, and the payout processor's tax mark.

import { randomUUID } from 'node:crypto';
import type { CommissionsPageInput, TaxProfileInput } from '@portal/contracts';
import { parse } from 'csv-parse/sync';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, expectRefusal, useUser, usePartner } from '../support';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });
const partner = usePartner(t, { companyName: 'Books & Numbers Agency', contactName: 'Ada Ledger' });
const other = usePartner(t, { companyName: 'Other Partner Co' });
let headers: Record<string, string>;
let adminHeaders: Record<string, string>;
const ids: Record<string, string> = {};
let februaryPayout: { id: string; reference: string };
let marchPayout: { id: string; reference: string };

const VALID_TAX_PROFILE: TaxProfileInput = {
  legalName: 'Northwind Growth LLC',
  businessName: 'Northwind Growth',
  taxClassification: 'llc',
  tinType: 'ein',
  tin: '12-3456789',
  address: '1 Main Street, Springfield, IL 62701',
  certified: true,
};

async function pdfText(payload: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(payload)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  headers = await t.bearer(partner.user);
  adminHeaders = await t.bearer(admin);
  const asAdmin = () => t.caller(admin);
  // Each month's fees are booked in it: the statement of the month lists them.
  const partnerCommission = (referralId: string, monthYear: string, amount: string) =>
    t.createBookedCommission({ partnerId: partner.partnerId, referralId, monthYear, amount });

  const alpha = await t.createWonClient(partner.partnerId, {
    clientCompanyName: 'Alpha Store',
    serviceType: 'basic_accounting',
  });
  const beta = await t.createWonClient(partner.partnerId, {
    clientCompanyName: 'Beta Goods',
    serviceType: 'controller',
  });
  ids.janAlpha = await partnerCommission(alpha, '2026-01', '50.00');
  ids.janBeta = await partnerCommission(beta, '2026-01', '100.00');
  t.clock.now = new Date('2026-02-05T12:00:00Z');
  februaryPayout = await asAdmin().admin.processPayout({
    commissionIds: [ids.janAlpha, ids.janBeta],
    idempotencyKey: randomUUID(),
  });

  ids.febAlpha = await partnerCommission(alpha, '2026-02', '50.00');
  ids.febBeta = await partnerCommission(beta, '2026-02', '100.00');
  t.clock.now = new Date('2026-03-10T12:00:00Z');
  marchPayout = await asAdmin().admin.processPayout({ commissionIds: [ids.febAlpha], idempotencyKey: randomUUID() });
  await asAdmin().admin.failCommission({ id: ids.febBeta, reason: 'Bank bounced it' });
  ids.marAlpha = await partnerCommission(alpha, '2026-03', '50.00');

  const otherReferral = await t.createWonClient(other.partnerId, { clientCompanyName: 'Hidden Client' });
  ids.otherCommission = await t.createCommission({
    partnerId: other.partnerId,
    referralId: otherReferral,
    monthYear: '2026-02',
    amount: '75.00',
  });
  ids.otherPayout = (
    await asAdmin().admin.processPayout({ commissionIds: [ids.otherCommission], idempotencyKey: randomUUID() })
  ).id;
});

describe('payout history', () => {
  it("lists the partner's share of each payout, newest first", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/partners/payouts', headers });
    expect(res.statusCode, res.body).toBe(200);
    // Neither payout is marked sent or answered by the bank yet: each line is on its way.
    const onItsWay = { status: 'sent', returnCode: null, returnReason: null, resolvedAt: null };
    expect(res.json()).toEqual([
      {
        id: marchPayout.id,
        reference: marchPayout.reference,
        paidAt: '2026-03-10T12:00:00.000Z',
        method: 'Wire',
        amount: '50.00',
        commissionCount: 1,
        ...onItsWay,
      },
      {
        id: februaryPayout.id,
        reference: februaryPayout.reference,
        paidAt: '2026-02-05T12:00:00.000Z',
        method: 'Wire',
        amount: '150.00',
        commissionCount: 2,
        ...onItsWay,
      },
    ]);
  });

  it('answers one payout with its commissions', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/partners/payouts/${februaryPayout.id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ reference: februaryPayout.reference, amount: '150.00', commissionCount: 2 });
    expect(body.commissions.map((c: { id: string }) => c.id).sort()).toEqual([ids.janAlpha, ids.janBeta].sort());
    expect(body.commissions.map((c: { clientCompanyName: string }) => c.clientCompanyName).sort()).toEqual([
      'Alpha Store',
      'Beta Goods',
    ]);
  });

  it("answers 404 for another partner's payout and 400 for a malformed id", async () => {
    const foreign = await t.app.inject({ method: 'GET', url: `/api/partners/payouts/${ids.otherPayout}`, headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Hidden Client');
    expect((await t.app.inject({ method: 'GET', url: '/api/partners/payouts/not-an-id', headers })).statusCode).toBe(
      400,
    );
  });
});

describe('the paged Commissions tab', () => {
  const page = (query: CommissionsPageInput) => t.caller(partner.user).partner.commissionsPage(query);

  it('pages newest month first with the total', async () => {
    const first = await page({ limit: 2, offset: 0 });
    expect(first.total).toBe(5);
    expect(first.items.map((c) => c.monthYear)).toEqual(['2026-03', '2026-02']);
    const last = await page({ limit: 2, offset: 4 });
    expect(last.items.map((c) => c.id)).toHaveLength(1);
    expect(last.items[0]?.monthYear).toBe('2026-01');
  });

  it('filters by month and by status, and carries the payouts of its paid lines', async () => {
    const february = await page({ month: '2026-02' });
    expect(february.items.map((c) => c.id).sort()).toEqual([ids.febAlpha, ids.febBeta].sort());
    const paid = await page({ status: 'paid' });
    expect(paid.total).toBe(3);
    expect(paid.items.every((c) => c.status === 'paid' && c.payoutId)).toBe(true);
    expect(paid.payouts.map((p) => [p.reference, p.amount])).toEqual([
      [marchPayout.reference, '50.00'],
      [februaryPayout.reference, '150.00'],
    ]);
    const failedInFebruary = await page({ month: '2026-02', status: 'failed' });
    expect(failedInFebruary.items.map((c) => c.id)).toEqual([ids.febBeta]);
    expect(failedInFebruary.payouts).toEqual([]);
  });

  it('refuses a malformed month or status with 400 over REST', async () => {
    const month = await t.app.inject({ method: 'GET', url: '/api/partners/commissions/page?month=2026-13', headers });
    expectRefusal(month, 400, expect.stringContaining('month must be YYYY-MM'));
    const status = await t.app.inject({ method: 'GET', url: '/api/partners/commissions/page?status=lost', headers });
    expectRefusal(status, 400, expect.stringContaining('status must be one of'));
  });
});

describe('monthly statements', () => {
  it('writes a PDF with the names, period, balances, lines and payouts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/partners/statements/2026-02.pdf', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('2026-02.pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Ledgerline');
    expect(text).toContain('Partner: Books & Numbers Agency (Ada Ledger)');
    expect(text).toContain('Period: February 2026 (2026-02-01 to 2026-02-28)');
    // Opening: January's 150.00 earned, nothing paid before February 1.
    expect(text).toMatch(/Opening balance \$150\.00/);
    expect(text).toMatch(/Commission Alpha Store Basic Accounting \$50\.00 Paid/);
    expect(text).toMatch(/Commission Beta Goods Controller \$100\.00 Failed/);
    expect(text).toMatch(/Earned this month \$150\.00/);
    expect(text).toContain('Beta Goods: The payment failed; still owed');
    expect(text, text).toContain(`2026-02-05 ${februaryPayout.reference} Wire Transfer 2 $150.00`);
    expect(text).toMatch(/Paid this month \$150\.00/);
    // 150.00 + 150.00 earned (the failed line is still owed) - 150.00 paid.
    expect(text).toMatch(/Closing balance \$150\.00/);
    expect(text).not.toContain('Hidden Client');
  });

  it("carries one month's closing balance into the next month's opening", async () => {
    const text = await pdfText(
      (await t.app.inject({ method: 'GET', url: '/api/partners/statements/2026-03.pdf', headers })).rawPayload,
    );
    expect(text).toMatch(/Opening balance \$150\.00/);
    expect(text).toContain(marchPayout.reference);
    expect(text).toMatch(/Closing balance \$150\.00/);
  });

  it('writes the same statement as CSV', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/partners/statements/2026-02.csv', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(rows[0]).toMatchObject({ Section: 'Opening balance', Amount: '150.00' });
    expect(
      rows.filter((r) => r.Section === 'Commission').map((r) => [r['Client or reference'], r.Amount, r.Status]),
    ).toEqual([
      ['Alpha Store', '50.00', 'Paid'],
      ['Beta Goods', '100.00', 'Failed'],
    ]);
    expect(rows.find((r) => r.Status === 'Failed')?.Note).toBe('The payment failed; still owed');
    expect(rows.find((r) => r.Section === 'Payout')).toMatchObject({
      'Client or reference': februaryPayout.reference,
      Amount: '-150.00',
      Date: '2026-02-05',
    });
    expect(rows.at(-1)).toMatchObject({ Section: 'Closing balance', Amount: '150.00' });
  });

  it("gives an admin any partner's statement", async () => {
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/admin/partners/${partner.partnerId}/statements/2026-02.pdf`,
      headers: adminHeaders,
    });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toMatch(/Closing balance \$150\.00/);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/partners/${partner.partnerId}/statements/2026-02.csv`,
      headers: adminHeaders,
    });
    expect(csv.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/partners/${randomUUID()}/statements/2026-02.pdf`,
          headers: adminHeaders,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/partners/${partner.partnerId}/statements/2026-02.pdf`,
          headers,
        })
      ).statusCode,
    ).toBe(403);
  });

  it.each(['2026-13.pdf', '2026-2.pdf', 'february.pdf', '2026-02.txt', '2026-02'])(
    'refuses the statement file %s with 400',
    async (file) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/partners/statements/${file}`, headers });
      expectRefusal(res, 400, 'Statement month must be YYYY-MM from 2000-01 to 2100-12 (e.g. 2026-03)');
    },
  );
});

describe('a statement is a ledger of what happened in its month', () => {
  /** A fresh partner with won clients, and the CSV of its statement of a month. */
  async function ledgerPartner(companyName: string) {
    const owner = await t.createPartner({ companyName });
    const client = async (clientCompanyName: string) => t.createWonClient(owner.partnerId, { clientCompanyName });
    const fee = async (referralId: string, amount: string, bookedOn: string) =>
      t.createCommission({
        partnerId: owner.partnerId,
        referralId,
        monthYear: bookedOn.slice(0, 7),
        amount,
        createdAt: new Date(`${bookedOn}T12:00:00Z`),
      });
    const csv = async (month: string) => {
      const res = await t.request(owner.user, 'GET', `/api/partners/statements/${month}.csv`);
      expect(res.statusCode, res.body).toBe(200);
      return parse<Record<string, string>>(res.body, { columns: true });
    };
    return { owner, client, fee, csv };
  }

  /** What a row books: everything but where its fee or payment stands today (Status, Note). */
  const booked = (rows: Record<string, string>[]) =>
    rows.map((r) => [r.Section, r.Date, r.Month, r['Client or reference'], r.Amount]);

  it('lists a void on its own day, taking the voided amount back, so the amounts add up to the balance', async () => {
    const { owner, client, fee, csv } = await ledgerPartner('Void Ledger Co');
    const voided = await fee(await client('Gamma Supplies'), '40.00', '2026-04-10');
    await fee(await client('Delta Kept'), '50.00', '2026-04-12');
    t.clock.now = new Date('2026-04-25T09:00:00Z');
    await t.caller(admin).admin.voidCommission({ id: voided, reason: 'Client refunded' });

    const rows = await csv('2026-04');
    expect(rows.filter((r) => r['Client or reference'] === 'Gamma Supplies')).toEqual([
      expect.objectContaining({
        Section: 'Commission',
        Date: '2026-04-10',
        Amount: '40.00',
        Status: 'Voided',
        Note: 'Voided on 2026-04-25: Client refunded',
      }),
      expect.objectContaining({
        Section: 'Void',
        Date: '2026-04-25',
        Amount: '-40.00',
        Note: 'Voided: Client refunded',
      }),
    ]);
    const sum = rows.slice(0, -1).reduce((cents, r) => cents + Math.round(Number(r.Amount) * 100), 0);
    expect((sum / 100).toFixed(2)).toBe(rows.at(-1)?.Amount);
    expect(rows.at(-1)).toMatchObject({ Section: 'Closing balance', Amount: '50.00' });
    const text = await pdfText((await t.request(owner.user, 'GET', '/api/partners/statements/2026-04.pdf')).rawPayload);
    expect(text).toMatch(/2026-04-10 Commission Gamma Supplies .*\$40\.00 Voided/);
    expect(text).toMatch(/2026-04-25 Void Gamma Supplies .*-\$40\.00 Voided/);
    expect(text).toMatch(/Earned this month \$50\.00/);
    expect(text).toContain('Gamma Supplies: Voided: Client refunded');
  });

  it('keeps a past month as it was: a later return, void or clawback is booked in the month it happens', async () => {
    const { owner, client, fee, csv } = await ledgerPartner('Closed Month Co');
    const paid = await fee(await client('Harbor Goods'), '100.00', '2026-06-05');
    const later = await fee(await client('Quay Supplies'), '60.00', '2026-06-08');
    t.clock.now = new Date('2026-06-20T12:00:00Z');
    const payout = await t.caller(admin).admin.processPayout({ commissionIds: [paid], idempotencyKey: randomUUID() });
    t.clock.now = new Date('2026-06-21T12:00:00Z');
    await t.caller(admin).admin.markPayoutSent({ payoutId: payout.id });
    const june = await csv('2026-06');
    expect(june.at(-1)).toMatchObject({ Section: 'Closing balance', Amount: '60.00' });

    t.clock.now = new Date('2026-07-10T12:00:00Z');
    await t
      .caller(admin)
      .admin.returnPayoutLine({ payoutId: payout.id, partnerId: owner.partnerId, returnCode: 'R02' });
    await t.caller(admin).admin.voidCommission({ id: later, reason: 'Client left before paying' });
    await t.caller(admin).admin.addAdjustment({
      partnerId: owner.partnerId,
      amount: '-10.00',
      reason: 'Overpaid in June',
      month: '2026-06',
    });

    // June reads as it did: only where its lines stand today has moved.
    expect(booked(await csv('2026-06'))).toEqual(booked(june));
    const july = await csv('2026-07');
    expect(july[0]).toMatchObject({ Section: 'Opening balance', Amount: '60.00' });
    expect(booked(july.slice(1, -1))).toEqual(
      expect.arrayContaining([
        ['Void', '2026-07-10', '2026-06', 'Quay Supplies', '-60.00'],
        ['Clawback', '2026-07-10', '2026-06', 'Adjustment', '-10.00'],
        ['Returned payout', '2026-07-10', '', payout.reference, '100.00'],
      ]),
    );
    // The returned 100.00 is owed again, the void and the clawback take 70.00 back.
    expect(july.at(-1)).toMatchObject({ Section: 'Closing balance', Amount: '90.00' });
  });
});

describe('the tax profile', () => {
  const put = (body: unknown, as = headers) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/partners/tax-profile',
      headers: { ...as, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('is null before the partner fills it in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/partners/tax-profile', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it.each([
    ['a TIN of 8 digits', { tin: '12-345678' }, 'The TIN must be 9 digits (dashes allowed, e.g. 12-3456789)'],
    ['a TIN with letters', { tin: '12-34567AB' }, 'The TIN must be 9 digits (dashes allowed, e.g. 12-3456789)'],
    [
      'an unchecked certification',
      { certified: false },
      'You must certify the W-9 statement to save your tax information',
    ],
    ['an unknown classification', { taxClassification: 'trust' }, 'Choose a tax classification'],
    ['an unknown TIN type', { tinType: 'itin' }, 'Choose SSN or EIN'],
    ['a blank legal name', { legalName: '  ' }, 'Legal name is required'],
    [
      'a legal name with a line break',
      { legalName: 'Acme\nLLC' },
      'Legal name must be a single line without control characters',
    ],
  ])('refuses %s with 400', async (_label, change, message) => {
    const res = await put({ ...VALID_TAX_PROFILE, ...change });
    expectRefusal(res, 400, expect.stringContaining(message));
  });

  it('asks for the current password to replace tax information on file, and mails the partner and the team', async () => {
    const password = 'tax-owner-password-1';
    const owner = await t.createPartner({
      status: 'active',
      companyName: 'Tess Tax Co',
      contactName: 'Tess Owner',
      password,
    });
    const ownerHeaders = await t.bearer(owner.user);
    const finance = await t.createUser({ role: 'finance' });
    const first = await put(VALID_TAX_PROFILE, ownerHeaders);
    expect(first.statusCode, first.body).toBe(200);

    const replacement = { ...VALID_TAX_PROFILE, legalName: 'Someone Else LLC', tin: '98-7654321' };
    const missing = await put(replacement, ownerHeaders);
    expectRefusal(missing, 400, 'Current password is required');
    const wrong = await put({ ...replacement, currentPassword: 'not-it-at-all' }, ownerHeaders);
    expectRefusal(wrong, 400, 'Current password is incorrect');
    const kept = await t.app.inject({ method: 'GET', url: '/api/partners/tax-profile', headers: ownerHeaders });
    expect(kept.json()).toMatchObject({ legalName: 'Northwind Growth LLC', tinMasked: '••-•••6789' });

    const mailsBefore = await t.db.selectFrom('emailOutbox').select('id').execute();
    const replaced = await put({ ...replacement, currentPassword: password }, ownerHeaders);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ legalName: 'Someone Else LLC', tinMasked: '••-•••4321' });
    const mails = await t.db
      .selectFrom('emailOutbox')
      .select(['recipient', 'subject', 'textBody', 'htmlBody'])
      .where(
        'id',
        'not in',
        mailsBefore.map((m) => m.id),
      )
      .execute();
    expect(mails.map((m) => [m.recipient, m.subject])).toEqual(
      expect.arrayContaining([
        [owner.user.email, 'Your tax information was changed'],
        [finance.email, 'Tax information changed: Tess Tax Co'],
      ]),
    );
    // Only the last four digits of the TIN reach a mail.
    expect(JSON.stringify(mails)).not.toContain('987654321');
    expect(JSON.stringify(mails)).not.toContain('7654321');
    const replacedLog = await t.db
      .selectFrom('activityLog')
      .select('action')
      .where('entityId', '=', owner.partnerId)
      .where('action', 'like', 'tax_profile.%')
      .orderBy('createdAt')
      .execute();
    expect(replacedLog.map((row) => row.action)).toEqual(['tax_profile.saved', 'tax_profile.replaced']);
  });

  it('masks an EIN in its own layout (••-•••6789) and an SSN in its own (•••-••-6789)', async () => {
    const password = 'tin-layout-password-1';
    const owner = await t.createPartner({ status: 'active', companyName: 'Tin Layout Co', password });
    const ownerHeaders = await t.bearer(owner.user);
    const ssn = await put(
      { ...VALID_TAX_PROFILE, taxClassification: 'individual', tinType: 'ssn', tin: '123-45-6789' },
      ownerHeaders,
    );
    expect(ssn.statusCode, ssn.body).toBe(200);
    expect(ssn.json()).toMatchObject({ tinType: 'ssn', tinMasked: '•••-••-6789' });
    const ein = await put({ ...VALID_TAX_PROFILE, currentPassword: password }, ownerHeaders);
    expect(ein.statusCode, ein.body).toBe(200);
    expect(ein.json()).toMatchObject({ tinType: 'ein', tinMasked: '••-•••6789' });
    const read = await t.app.inject({ method: 'GET', url: '/api/partners/tax-profile', headers: ownerHeaders });
    expect(read.json().tinMasked).toBe('••-•••6789');
  });

  it('stores the TIN encrypted and answers it masked to its last four digits', async () => {
    const res = await put(VALID_TAX_PROFILE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      legalName: 'Northwind Growth LLC',
      taxClassification: 'llc',
      tinType: 'ein',
      tinMasked: '••-•••6789',
      certifiedAt: t.clock.now.toISOString(),
    });
    expect(res.body).not.toContain('123456789');
    const read = await t.app.inject({ method: 'GET', url: '/api/partners/tax-profile', headers });
    expect(read.json().tinMasked).toBe('••-•••6789');
    expect(read.body).not.toContain('3456789');
    const row = await t.db
      .selectFrom('taxProfiles')
      .selectAll()
      .where('partnerId', '=', partner.partnerId)
      .executeTakeFirstOrThrow();
    expect(row.tin).toMatch(/^v2:/);
    expect(row.tin).not.toContain('123456789');
    expect((await t.row('partners', partner.partnerId)).w9OnFile).toBe(true);
    const log = await t.activityEntries({ action: 'tax_profile.saved', entityId: partner.partnerId });
    expect(log).toHaveLength(1);
    expect(JSON.stringify(log[0]?.details)).not.toContain('6789');
  });

  it('refuses an admin (partners only)', async () => {
    expect((await put(VALID_TAX_PROFILE, adminHeaders)).statusCode).toBe(403);
  });
});

describe('the 1099-NEC report', () => {
  const download = (year: string, as = adminHeaders) =>
    t.app.inject({ method: 'GET', url: `/api/admin/exports/1099-nec/${year}.csv`, headers: as });

  it("lists every partner whose payments in the year reach the year's threshold, with the TIN decrypted", async () => {
    const reaching = await t.createPartner({ companyName: 'Reaches Threshold Inc' });
    const below = await t.createPartner({ companyName: 'Just Below Inc' });
    const withoutProfile = await t.createPartner({ companyName: 'No Profile Inc' });
    const pay = async (partnerId: string, amounts: string[]) => {
      const commissionIds: string[] = [];
      for (const amount of amounts) {
        commissionIds.push(await t.createWonCommission({ partnerId, monthYear: '2026-02', amount }));
      }
      await t.caller(admin).admin.processPayout({ commissionIds, idempotencyKey: randomUUID() });
    };
    t.clock.now = new Date('2026-04-01T09:00:00Z');
    await pay(reaching.partnerId, ['1500.00', '500.00']);
    await pay(below.partnerId, ['1999.99']);
    await pay(withoutProfile.partnerId, ['2500.00']);
    await t.caller(reaching.user).partner.saveTaxProfile({
      ...VALID_TAX_PROFILE,
      legalName: 'Reaches Threshold Incorporated',
      tinType: 'ssn',
      tin: '987654321',
    });

    const res = await download('2026');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('1099-nec-2026.csv');
    expect(res.headers['x-partner-count']).toBe('2');
    expect(res.headers['x-threshold']).toBe('2000.00');
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'Partner ID',
      'Recipient legal name',
      'Business name',
      'Tax classification',
      'TIN type',
      'TIN',
      'Address',
      'Nonemployee compensation (box 1)',
      'Payout count',
      'Tax profile',
    ]);
    const byName = new Map(rows.map((row) => [row['Recipient legal name'], row]));
    expect(byName.get('Reaches Threshold Incorporated')).toMatchObject({
      'TIN type': 'SSN',
      TIN: '987-65-4321',
      'Nonemployee compensation (box 1)': '2000.00',
      'Payout count': '1',
      'Tax profile': 'on file',
    });
    expect(byName.get('No Profile Inc')).toMatchObject({
      TIN: '',
      'Nonemployee compensation (box 1)': '2500.00',
      'Tax profile': 'missing',
    });
    expect(byName.has('Just Below Inc')).toBe(false);
    // The first partner's 200.00 in 2026 is far below 2,000.00.
    expect(byName.has('Northwind Growth LLC')).toBe(false);

    const log = await t.activityEntries({ action: 'export.downloaded', userId: admin.id });
    expect(log.some((entry) => (entry.details as { kind?: string } | null)?.kind === '1099-nec')).toBe(true);
  });

  it('uses the $600 threshold for 2025 payments', async () => {
    const p = await t.createPartner({ companyName: 'Paid In 2025 LLC' });
    const commissionId = await t.createWonCommission({
      partnerId: p.partnerId,
      monthYear: '2025-06',
      amount: '600.00',
    });
    t.clock.now = new Date('2025-07-01T09:00:00Z');
    await t.caller(admin).admin.processPayout({ commissionIds: [commissionId], idempotencyKey: randomUUID() });
    t.clock.now = new Date('2026-04-01T09:00:00Z');
    const rows = parse<Record<string, string>>((await download('2025')).body, { columns: true });
    expect(rows.map((row) => row['Recipient legal name'])).toEqual(['Paid In 2025 LLC']);
  });

  it('answers a year nobody reached with the header line only and a partner count of 0', async () => {
    const res = await download('2019');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-partner-count']).toBe('0');
    expect(res.headers['x-threshold']).toBe('600.00');
    expect(parse(res.body, { columns: true })).toEqual([]);
  });

  it('refuses a malformed year with 400 and a partner with 403', async () => {
    for (const year of ['26', '1999', 'next']) expect((await download(year)).statusCode).toBe(400);
    expect((await download('2026', headers)).statusCode).toBe(403);
  });
});

describe('the payout processor and tax profiles', () => {
  it('marks pending lines of a partner past the threshold without a tax profile', async () => {
    const big = await t.createPartner({ companyName: 'Big Earner Co' });
    const commissionId = await t.createWonCommission({
      partnerId: big.partnerId,
      monthYear: '2026-03',
      amount: '2000.00',
    });
    const listed = await t.caller(admin).admin.pendingCommissions({ limit: 100, offset: 0 });
    expect(listed.items.find((item) => item.id === commissionId)?.taxProfileMissing).toBe(true);
    expect(listed.items.find((item) => item.id === ids.marAlpha)?.taxProfileMissing).toBe(false);
    const streamed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/commissions/pending',
      headers: adminHeaders,
    });
    expect(
      streamed.json<Array<{ id: string; taxProfileMissing: boolean }>>().find((item) => item.id === commissionId)
        ?.taxProfileMissing,
    ).toBe(true);
  });

  it('refuses such a payout with 422 naming the partner when REQUIRE_TAX_PROFILE_FOR_PAYOUT=true, and pays once the profile is on file', async () => {
    const strict = await createTestApp({ REQUIRE_TAX_PROFILE_FOR_PAYOUT: 'true', TAX_1099_THRESHOLDS: '2026:100.00' });
    try {
      strict.clock.now = new Date('2026-04-01T09:00:00Z');
      const strictAdmin = await strict.createUser({ role: 'admin' });
      const p = await strict.createPartner({ companyName: 'Strict Check Co' });
      const small = await strict.createPartner({ companyName: 'Small Earner Co' });
      const referralId = await strict.createWonClient(p.partnerId);
      const smallReferral = await strict.createWonClient(small.partnerId);
      const commissionId = await strict.createCommission({
        partnerId: p.partnerId,
        referralId,
        monthYear: '2026-03',
        amount: '100.00',
      });
      const smallId = await strict.createCommission({
        partnerId: small.partnerId,
        referralId: smallReferral,
        monthYear: '2026-03',
        amount: '99.99',
      });
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/admin/payouts',
        headers: {
          ...(await strict.bearer(strictAdmin)),
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        payload: JSON.stringify({ commissionIds: [commissionId, smallId] }),
      });
      expectRefusal(res, 422, expect.stringContaining('Strict Check Co has no tax information on file'));
      expect(
        (
          await strict.db
            .selectFrom('commissions')
            .select('status')
            .where('id', 'in', [commissionId, smallId])
            .execute()
        ).every((row) => row.status === 'pending'),
      ).toBe(true);

      // Below the threshold, nobody is asked.
      await strict.caller(strictAdmin).admin.processPayout({
        commissionIds: [smallId],
        idempotencyKey: randomUUID(),
      });
      await strict.caller(p.user).partner.saveTaxProfile({ ...VALID_TAX_PROFILE });
      const paid = await strict.caller(strictAdmin).admin.processPayout({
        commissionIds: [commissionId],
        idempotencyKey: randomUUID(),
      });
      expect(paid.total).toBe('100.00');
    } finally {
      await strict.close();
    }
  });
});
