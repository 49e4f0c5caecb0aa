import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankFieldContext } from '../src/services/crypto';
import { neutraliseCell } from '../src/services/exports';
import { bearer, callerFor, createCommission, createPartner, createReferral, createTestApp, createUser, type TestApp } from './helpers';
import type { SessionUser } from '../src/trpc/context';

let t: TestApp;
let admin: SessionUser;
let partnerId: string;
let payoutId: string;
const ROUTING = '021000021';
const ACCOUNT = '000123456789';

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { role: 'admin' });
  const partner = await createPartner(t.deps, { companyName: '=HYPERLINK("http://evil.example","Click")', contactName: 'Ann "Quotes", Jr.' });
  partnerId = partner.partnerId;
  await t.db
    .updateTable('partners')
    .set({
      bankName: 'First Bank',
      bankRoutingNumber: t.deps.cipher.encrypt(ROUTING, bankFieldContext(partnerId, 'bank_routing_number')),
      bankAccountNumber: t.deps.cipher.encrypt(ACCOUNT, bankFieldContext(partnerId, 'bank_account_number')),
      bankAccountType: 'checking',
      bankAccountHolderName: 'Ann Holder',
      bankAddress: '1 Bank St\nPortland, OR',
      beneficiaryAddress: '2 Main St, Salem, OR',
      phone: '+1 503 555 0100',
    })
    .where('id', '=', partnerId)
    .execute();
  const referralId = await createReferral(t.deps, partnerId, { stage: 'won', clientCompanyName: '@SUM(A1:A9)', contractStartDate: '2026-01-01' });
  const commissionId = await createCommission(t.deps, { partnerId, referralId, monthYear: '2026-10' });
  await createCommission(t.deps, { partnerId, referralId, monthYear: '2026-09', amount: '50.00' }).then((id) =>
    callerFor(t.deps, admin).admin.processPayout({ commissionIds: [id, commissionId], idempotencyKey: randomUUID() }),
  ).then((payout) => {
    payoutId = payout.id;
  });
});
afterAll(async () => {
  await t.close();
});

const download = async (url: string, user: SessionUser | null = admin) =>
  t.app.inject({ method: 'GET', url, headers: user ? await bearer(t.deps, user) : {} });
/** A strict RFC 4180 reader: CRLF records, fields quoted with doubled quotes inside. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${JSON.stringify(text[i])} in an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else if (i < text.length) throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`);
  }
  if (record.length) records.push(record);
  return records;
}

function rowsOf(body: string): Array<Record<string, string>> {
  const [header = [], ...records] = parseCsv(body);
  return records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

describe('neutraliseCell', () => {
  it('prefixes cells a spreadsheet would run as a formula', () => {
    expect(neutraliseCell('=1+1')).toBe("'=1+1");
    expect(neutraliseCell('+1 555')).toBe("'+1 555");
    expect(neutraliseCell('-2')).toBe("'-2");
    expect(neutraliseCell('@cmd')).toBe("'@cmd");
    expect(neutraliseCell('Acme')).toBe('Acme');
    expect(neutraliseCell(null)).toBe('');
  });
});

describe('GET /api/admin/exports/{partners|referrals|commissions}.csv', () => {
  it('streams the partners as RFC 4180 CSV without bank numbers, with formulas neutralised', async () => {
    const res = await download('/api/admin/exports/partners.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="partners-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body).toContain('\r\n');
    expect(res.body).not.toContain(ROUTING);
    expect(res.body).not.toContain(ACCOUNT);
    expect(res.body).not.toContain('6789');
    const rows = rowsOf(res.body);
    const row = rows.find((r) => r['Partner ID'] === partnerId);
    expect(row?.Company).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(row?.Contact).toBe('Ann "Quotes", Jr.');
    expect(row?.Phone).toBe("'+1 503 555 0100");
    expect(row?.['Total Earned']).toBe('100.00');
    expect(Object.keys(row ?? {})).not.toEqual(expect.arrayContaining(['Routing Number']));
  });

  it('exports referrals and commissions', async () => {
    const referrals = rowsOf((await download('/api/admin/exports/referrals.csv')).body);
    expect(referrals.find((r) => r['Client Company'] === "'@SUM(A1:A9)")).toMatchObject({ Stage: 'won', 'Commission per Month': '50.00' });
    const commissions = rowsOf((await download('/api/admin/exports/commissions.csv')).body);
    expect(commissions.filter((c) => c.Status === 'paid' && c['Client Company'] === "'@SUM(A1:A9)")).toHaveLength(2);
  });

  it('pages through more rows than one batch', async () => {
    const extra = await createPartner(t.deps);
    await t.db
      .insertInto('referrals')
      .values(Array.from({ length: 1205 }, (_, i) => ({ partnerId: extra.partnerId, clientCompanyName: `Bulk ${i}`, serviceType: 'basic_accounting' as const, monthlyValue: '10.00', commissionAmount: '50.00' })))
      .execute();
    const rows = rowsOf((await download('/api/admin/exports/referrals.csv')).body);
    const { count } = await t.db.selectFrom('referrals').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    expect(rows).toHaveLength(Number(count));
    expect(new Set(rows.map((r) => r['Referral ID'])).size).toBe(Number(count));
  });

  it('answers 401 without a session and 403 for a partner, as JSON', async () => {
    const anonymous = await download('/api/admin/exports/partners.csv', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
    const { user } = await createPartner(t.deps);
    const partner = await download('/api/admin/exports/commissions.csv', user);
    expect(partner.statusCode).toBe(403);
    expect(partner.json()).toMatchObject({ code: 'FORBIDDEN' });
    const forged = await t.app.inject({ method: 'GET', url: '/api/admin/exports/partners.csv', headers: { authorization: 'Bearer not.a.token' } });
    expect(forged.statusCode).toBe(401);
  });
});

describe('GET /api/admin/payouts/{id}/wire-instructions.csv', () => {
  it("gives one row per partner with the decrypted bank details, and logs the download", async () => {
    const res = await download(`/api/admin/payouts/${payoutId}/wire-instructions.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/wire-instructions-PO-\d{8}-\w+\.csv/);
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Routing Number': ROUTING,
      'Account Number': ACCOUNT,
      'Beneficiary Name': 'Ann Holder',
      'Bank Name': 'First Bank',
      'Bank Address': '1 Bank St\nPortland, OR',
      Amount: '100.00',
      Commissions: '2',
      'Payment Method': 'Wire',
    });
    const log = await t.db.selectFrom('activityLog').selectAll().where('action', '=', 'payout.wire_instructions_downloaded').where('entityId', '=', payoutId).execute();
    expect(log).toHaveLength(1);
    expect(log[0]?.userId).toBe(admin.id);
  });

  it('answers 404 for an unknown payout and 403 for a partner', async () => {
    expect((await download(`/api/admin/payouts/${randomUUID()}/wire-instructions.csv`)).statusCode).toBe(404);
    expect((await download('/api/admin/payouts/not-an-id/wire-instructions.csv')).statusCode).toBe(404);
    const { user } = await createPartner(t.deps);
    expect((await download(`/api/admin/payouts/${payoutId}/wire-instructions.csv`, user)).statusCode).toBe(403);
  });
});
