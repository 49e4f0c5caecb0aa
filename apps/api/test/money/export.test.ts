import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { EXPORT_KINDS } from '@portal/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bankFieldContext } from '../../src/services/platform';
import { exportTable, neutraliseCell, WIRE_COLUMNS } from '../../src/services/money';
import { useTestApp, expectRefusal } from '../support';
import type { SessionUser } from '../../src/trpc/context';

const t = useTestApp();
let admin: SessionUser;
let partnerId: string;
let payoutId: string;
const ROUTING = '021000021';
const ACCOUNT = '000123456789';

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  const partner = await t.createPartner({
    companyName: '=HYPERLINK("http://evil.example","Click")',
    contactName: 'Ann "Quotes", Jr.',
  });
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
  const referralId = await t.createWonClient(partnerId, { clientCompanyName: '@SUM(A1:A9)' });
  const commissionId = await t.createCommission({ partnerId, referralId, monthYear: '2026-10' });
  await t
    .createCommission({ partnerId, referralId, monthYear: '2026-09', amount: '50.00' })
    .then((id) =>
      t.caller(admin).admin.processPayout({ commissionIds: [id, commissionId], idempotencyKey: randomUUID() }),
    )
    .then((payout) => {
      payoutId = payout.id;
    });
});

const download = (url: string, user: SessionUser | null = admin) => t.request(user, 'GET', url);
/** Reads the CSV with csv-parse, strict about quotes and column counts (a short or long record throws). */
function parseCsv(text: string): string[][] {
  return parse(text, { record_delimiter: '\r\n', relax_column_count: false, relax_quotes: false, bom: false });
}

function rowsOf(body: string): Array<Record<string, string>> {
  const [header = [], ...records] = parseCsv(body);
  return records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

describe('neutraliseCell', () => {
  it('prefixes cells a spreadsheet would run as a formula', () => {
    expect(neutraliseCell('=1+1')).toBe("'=1+1");
    expect(neutraliseCell('+1 555')).toBe("'+1 555");
    expect(neutraliseCell('-2+3')).toBe("'-2+3");
    expect(neutraliseCell('@cmd')).toBe("'@cmd");
    expect(neutraliseCell('Acme')).toBe('Acme');
    expect(neutraliseCell(null)).toBe('');
  });

  it('neutralises every line of a cell, not only the first', () => {
    expect(neutraliseCell('Acme\n=1+1')).toBe("Acme\n'=1+1");
    expect(neutraliseCell('Acme\r\n+1\r@x')).toBe("Acme\r\n'+1\r'@x");
    expect(neutraliseCell('\r=1')).toBe("'\r'=1");
    expect(neutraliseCell('a\n\tb')).toBe("a\n'\tb");
  });

  it('leaves a plain number, negative money included, a number', () => {
    expect(neutraliseCell('-50.00')).toBe('-50.00');
    expect(neutraliseCell(-3)).toBe('-3');
    expect(neutraliseCell('-50.00\n=1')).toBe("'-50.00\n'=1");
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
    expect(referrals.find((r) => r['Client Company'] === "'@SUM(A1:A9)")).toMatchObject({
      Stage: 'won',
      'Commission per Month': '50.00',
    });
    const commissions = rowsOf((await download('/api/admin/exports/commissions.csv')).body);
    expect(commissions.filter((c) => c.Status === 'paid' && c['Client Company'] === "'@SUM(A1:A9)")).toHaveLength(2);
  });

  it('pages through more rows than one batch', async () => {
    const extra = await t.createPartner();
    await t.db
      .insertInto('referrals')
      .values(
        Array.from({ length: 1205 }, (_, i) => ({
          partnerId: extra.partnerId,
          clientCompanyName: `Bulk ${i}`,
          serviceType: 'basic_accounting' as const,
          monthlyValue: '10.00',
          commissionAmount: '50.00',
        })),
      )
      .execute();
    const rows = rowsOf((await download('/api/admin/exports/referrals.csv')).body);
    const { count } = await t.db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(rows).toHaveLength(Number(count));
    expect(new Set(rows.map((r) => r['Referral ID'])).size).toBe(Number(count));
  });

  it('reads each batch of the commissions export by index, not by scanning and sorting the table', async () => {
    const extra = await t.createPartner();
    await sql`
      insert into commissions (partner_id, amount, month_year, kind, reason, created_at)
      select ${extra.partnerId}, 5.00, '2026-01', 'bonus', 'bulk', timestamptz '2026-01-01' + n * interval '1 minute' from generate_series(1, 5000) n
    `.execute(t.db);
    await sql`analyze commissions`.execute(t.db);
    // The batch statement of exports.ts (after the first batch), its selected columns aside.
    const { rows } = await sql<{ 'QUERY PLAN': string }>`
      explain select c.id, p.company_name, r.client_company_name, c.created_at::text
      from commissions c join partners p on p.id = c.partner_id left join referrals r on r.id = c.referral_id
      where (c.created_at, c.id) > (timestamptz '2026-01-02', '00000000-0000-0000-0000-000000000000'::uuid)
      order by c.created_at, c.id limit 1000`.execute(t.db);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('commissions_created_idx');
    expect(plan).not.toMatch(/Sort Key: c\.created_at/);
  });

  it('answers 401 without a session and 403 for a partner, as JSON', async () => {
    const anonymous = await download('/api/admin/exports/partners.csv', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
    const { user } = await t.createPartner();
    const partner = await download('/api/admin/exports/commissions.csv', user);
    expect(partner.statusCode).toBe(403);
    expect(partner.json()).toMatchObject({ code: 'FORBIDDEN' });
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/partners.csv',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('GET /api/admin/payouts/{id}/wire-instructions.csv', () => {
  it('gives one row per partner with the decrypted bank details, and logs the download', async () => {
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
    const log = await t.activityEntries({ action: 'payout.wire_instructions_downloaded', entityId: payoutId });
    expect(log).toHaveLength(1);
    expect(log[0]?.userId).toBe(admin.id);
  });

  it('answers 404 for an unknown payout and 403 for a partner', async () => {
    expect((await download(`/api/admin/payouts/${randomUUID()}/wire-instructions.csv`)).statusCode).toBe(404);
    expect((await download('/api/admin/payouts/not-an-id/wire-instructions.csv')).statusCode).toBe(404);
    const { user } = await t.createPartner();
    expect((await download(`/api/admin/payouts/${payoutId}/wire-instructions.csv`, user)).statusCode).toBe(403);
  });
});

describe('formula injection through a line break', () => {
  const HOSTILE = [
    'Acme\n=1+1',
    'Acme\r\n+HYPERLINK("http://evil.example")',
    'Acme\r-2+3',
    '\t=cmd',
    'Acme\n@SUM(A1:A9)\n=1',
  ];
  const hostile = (i: number) => HOSTILE[i % HOSTILE.length] as string;
  const FORMULA_START = /^[=+\-@\t\r]/;
  const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
  let hostilePayoutId: string;
  const HOSTILE_ROUTING = '021000021\n=1+1';
  const HOSTILE_ACCOUNT = '12345678\r\n@SUM(A1)';

  beforeAll(async () => {
    // Straight into the database: values that validation would refuse today, as older rows may hold.
    const partner = await t.createPartner({ companyName: hostile(0), contactName: hostile(1) });
    await t.db
      .updateTable('partners')
      .set({
        phone: hostile(2),
        website: hostile(3),
        bankName: hostile(4),
        bankRoutingNumber: t.deps.cipher.encrypt(
          HOSTILE_ROUTING,
          bankFieldContext(partner.partnerId, 'bank_routing_number'),
        ),
        bankAccountNumber: t.deps.cipher.encrypt(
          HOSTILE_ACCOUNT,
          bankFieldContext(partner.partnerId, 'bank_account_number'),
        ),
        bankAccountType: 'checking',
        bankAccountHolderName: hostile(0),
        bankAddress: hostile(1),
        beneficiaryAddress: hostile(2),
      })
      .where('id', '=', partner.partnerId)
      .execute();
    const referralId = await t.createWonClient(partner.partnerId, { clientCompanyName: hostile(3) });
    await t.db
      .updateTable('referrals')
      .set({ clientEmail: hostile(4), clientPhone: hostile(0), notes: hostile(1), lostReason: hostile(2) })
      .where('id', '=', referralId)
      .execute();
    const commissionId = await t.createCommission({
      partnerId: partner.partnerId,
      referralId,
      monthYear: '2026-08',
    });
    const payout = await t.caller(admin).admin.processPayout({
      commissionIds: [commissionId],
      idempotencyKey: randomUUID(),
    });
    hostilePayoutId = payout.id;
    await t.db
      .updateTable('commissions')
      .set({ paymentReference: hostile(3), failureReason: hostile(4) })
      .where('id', '=', commissionId)
      .execute();

    // Through the API: multi-line texts are accepted, and must come out neutralised too.
    const apiPartner = await t.createPartner();
    const created = await t.request(apiPartner.user, 'POST', '/api/partners/referrals', {
      clientCompanyName: 'Line Safe Co',
      monthlyValue: '100.00',
      notes: 'Call back\n=1+1\r\n-2+3',
    });
    expect(created.statusCode).toBe(201);
  });

  function assertSafe(body: string, header: readonly string[]) {
    // Every cell quoted, the headers too.
    expect(body.split('\r\n')[0]).toBe(header.map((h) => `"${h}"`).join(','));
    const records = parseCsv(body);
    expect(records[0]).toEqual(header);
    for (const record of records) {
      expect(record).toHaveLength(header.length);
      for (const cell of record) {
        if (PLAIN_NUMBER.test(cell)) continue;
        for (const line of cell.split(/\r\n|\r|\n/)) expect(line, JSON.stringify(cell)).not.toMatch(FORMULA_START);
        expect(cell).not.toMatch(FORMULA_START);
      }
    }
    return records;
  }

  it.each(EXPORT_KINDS)('%s.csv: a constant column count and no line that starts a formula', async (kind) => {
    const header = exportTable(t.db, kind).columns.map((column) => column.header);
    const res = await download(`/api/admin/exports/${kind}.csv`);
    expect(res.statusCode).toBe(200);
    const records = assertSafe(res.body, header);
    expect(records.length).toBeGreaterThan(2);
    const text = records.flat().join('\n');
    expect(text).toContain("Acme\n'=1+1");
    if (kind === 'referrals') expect(text).toContain("Call back\n'=1+1\n'-2+3");
  });

  it('wire-instructions.csv: bank numbers stay in their own columns and nothing starts a formula', async () => {
    const res = await download(`/api/admin/payouts/${hostilePayoutId}/wire-instructions.csv`);
    expect(res.statusCode).toBe(200);
    const header = WIRE_COLUMNS.map((column) => column.header);
    const records = assertSafe(res.body, header);
    expect(records).toHaveLength(2);
    const row = Object.fromEntries(header.map((h, i) => [h, records[1]?.[i]]));
    expect(row['Routing Number']).toBe("021000021\n'=1+1");
    expect(row['Account Number']).toBe("12345678\r\n'@SUM(A1)");
    expect(row['Account Type']).toBe('checking');
    expect(row.Amount).toBe('50.00');
  });

  it('the API refuses a line break in a one-line field with a 400 naming the field, and stores nothing', async () => {
    const partner = await t.createPartner();
    const before = await t.db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.request(partner.user, 'POST', '/api/partners/referrals', {
      clientCompanyName: 'Acme\n=1+1',
      monthlyValue: '100.00',
    });
    expectRefusal(res, 400, 'Company name must be a single line without control characters');
    const after = await t.db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
