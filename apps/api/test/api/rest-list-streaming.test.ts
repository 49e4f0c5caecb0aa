// The spec's "all" list paths: without limit/offset GET /api/admin/partners, /api/admin/referrals
// and /api/admin/commissions/pending answer every matching row, streamed in keyset batches; with
// limit/offset they answer one page with an RFC 8288 Link to the next one.

import { once } from 'node:events';
import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type UnknownRow,
} from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { STREAM_BATCH_SIZE } from '../../src/services/platform';
import type { SessionUser } from '../../src/trpc/context';
import { useTestApp } from '../support';

const ROWS = 10_000;
const t = useTestApp();
let admin: SessionUser;
let baseUrl: string;

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  // 10,000 partners, each with one referral and one pending commission, inserted set-based.
  // created_at repeats every 97 rows (approved_at every 89), so the id tie-breaker decides inside runs
  // of equal keys; every fourth partner is pending, not approved.
  await sql`
    insert into users (email, password_hash, role)
    select 'bulk' || i || '@example.com', '!unusable', 'partner' from generate_series(1, ${ROWS}) as i`.execute(t.db);
  await sql`
    insert into partners (user_id, company_name, contact_name, company_type, referral_code, status, created_at, approved_at)
    select u.id, 'Company ' || (10000 - n), 'Contact', 'agency', 'BULK-' || n, case when n % 4 = 0 then 'pending' else 'active' end,
           timestamptz '2025-01-01 00:00:00.123456+00' + (n % 97) * interval '1 minute',
           case when n % 4 <> 0 then timestamptz '2025-02-01 00:00:00+00' + (n % 89) * interval '1 minute' end
    from (select id, row_number() over (order by email) as n from users where email like 'bulk%') as u`.execute(t.db);
  await sql`
    insert into referrals (partner_id, client_company_name, service_type, monthly_value, commission_amount, created_at)
    select id, 'Client of ' || company_name, 'basic_accounting', 500, 50, created_at from partners`.execute(t.db);
  await sql`
    insert into commissions (partner_id, referral_id, amount, month_year, created_at)
    select partner_id, id, 50, '2025-01', created_at from referrals`.execute(t.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
function request(path: string, headers: Record<string, string>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => httpGet(`${baseUrl}${path}`, { headers }, resolve).on('error', reject));
}

async function readBody(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const ids = async (query: string) => (await sql<{ id: string }>`${sql.raw(query)}`.execute(t.db)).rows.map((r) => r.id);

/** Holds every query result after the first keyset batch until `open()`: the server cannot read its later batches before. */
class BatchGate implements KyselyPlugin {
  batches = 0;
  open!: () => void;
  private readonly opened = new Promise<void>((resolve) => (this.open = resolve));
  transformQuery(args: PluginTransformQueryArgs) {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.batches > 0) await this.opened;
    const first = args.result.rows[0];
    if (first && ('keysetKey' in first || 'keyset_key' in first)) this.batches++;
    return args.result;
  }
}

const LISTS = [
  {
    path: '/api/admin/partners',
    expected: 'select id from partners order by created_at desc, id desc',
    totalHeaders: { 'x-total-count': String(ROWS) },
  },
  {
    path: '/api/admin/partners?sort=companyName&status=active',
    expected: "select id from partners where status = 'active' order by lower(company_name), id",
    totalHeaders: { 'x-total-count': String((ROWS * 3) / 4) },
  },
  {
    // 2,500 partners not yet approved come last, across batch boundaries, with no date to continue from.
    path: '/api/admin/partners?sort=-joinedAt',
    expected: 'select id from partners order by approved_at desc nulls last, id desc',
    totalHeaders: { 'x-total-count': String(ROWS) },
  },
  {
    path: '/api/admin/referrals?sort=-monthlyValue',
    expected: 'select id from referrals order by monthly_value desc, id desc',
    totalHeaders: { 'x-total-count': String(ROWS) },
  },
  {
    path: '/api/admin/commissions/pending',
    expected: 'select id from commissions order by created_at, id',
    totalHeaders: { 'x-total-count': String(ROWS), 'x-total-amount': '500000.00' },
  },
] as const;

describe('without limit: every row, streamed', () => {
  it.each(LISTS)(
    'GET $path answers all rows in the list order, with the totals',
    async ({ path, expected, totalHeaders }) => {
      const res = await request(path, await t.bearer(admin));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['transfer-encoding']).toBe('chunked');
      expect(res.headers.link).toBeUndefined();
      expect(res.headers).toMatchObject(totalHeaders);
      const rows = JSON.parse(await readBody(res)) as { id: string; keysetKey?: unknown }[];
      expect(rows.map((r) => r.id)).toEqual(await ids(expected));
      expect(rows.some((r) => 'keysetKey' in r)).toBe(false);
    },
  );

  it.each(LISTS)(
    'GET $path sends its first bytes while the later batches are still unread',
    async ({ path, expected }) => {
      const db = t.deps.db;
      const gate = new BatchGate();
      t.deps.db = db.withPlugin(gate);
      try {
        const headers = await t.bearer(admin);
        const res = await request(path, headers);
        const chunks: Buffer[] = [];
        const firstChunk = new Promise<string>((resolve) =>
          res.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))),
        );
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        const ended = once(res, 'end');
        // Would never arrive if the body were built whole: the second batch waits for the gate.
        const first = await firstChunk;
        expect(first.startsWith('[{')).toBe(true);
        expect(gate.batches).toBe(1);
        gate.open();
        await ended;
        const all = (await ids(expected)).length;
        expect(gate.batches).toBe(Math.ceil(all / STREAM_BATCH_SIZE));
        expect((JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[]).length).toBe(all);
      } finally {
        gate.open();
        t.deps.db = db;
      }
    },
  );

  it('still checks the role and the query before streaming', async () => {
    const partner = await t.createPartner();
    expect((await request('/api/admin/partners', await t.bearer(partner.user))).statusCode).toBe(403);
    expect((await request('/api/admin/referrals', {})).statusCode).toBe(401);
    const bad = await request('/api/admin/partners?sort=bogus', await t.bearer(admin));
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(await readBody(bad))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers an empty array when nothing matches', async () => {
    const res = await request('/api/admin/partners?search=no-such-partner-anywhere', await t.bearer(admin));
    expect(res.headers['x-total-count']).toBe('0');
    expect(JSON.parse(await readBody(res))).toEqual([]);
  });
});

describe('with limit: one page and a Link to the next', () => {
  const nextOf = (headers: { link?: unknown }) => /<([^>]+)>; rel="next"/.exec(String(headers.link ?? ''))?.[1];

  it('links each page to the next one, keeping the other parameters, and the last page to none', async () => {
    const expected = await ids("select id from partners where status = 'active' order by lower(company_name), id");
    const auth = await t.bearer(admin);
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/admin/partners?sort=companyName&status=active&limit=100',
      headers: auth,
    });
    expect(first.json<{ id: string }[]>().map((r) => r.id)).toEqual(expected.slice(0, 100));
    expect(first.headers['x-total-count']).toBe(String(expected.length));
    const next = nextOf(first.headers);
    expect(next).toBe('http://localhost/api/admin/partners?sort=companyName&status=active&limit=100&offset=100');
    const second = await t.app.inject({ method: 'GET', url: next!, headers: auth });
    expect(second.json<{ id: string }[]>().map((r) => r.id)).toEqual(expected.slice(100, 200));
    expect(nextOf(second.headers)).toContain('offset=200');

    const last = await t.app.inject({
      method: 'GET',
      url: `/api/admin/partners?sort=companyName&status=active&limit=100&offset=${expected.length - 100}`,
      headers: auth,
    });
    expect(last.json<unknown[]>()).toHaveLength(100);
    expect(nextOf(last.headers)).toBeUndefined();
    expect(last.headers.link).toMatch(/; rel="prev"$/);
  });

  it('links the referral and pending commission pages too, with their totals', async () => {
    const auth = await t.bearer(admin);
    const referrals = await t.app.inject({
      method: 'GET',
      url: '/api/admin/referrals?limit=50&offset=50',
      headers: auth,
    });
    expect(referrals.json<unknown[]>()).toHaveLength(50);
    expect(nextOf(referrals.headers)).toBe('http://localhost/api/admin/referrals?limit=50&offset=100');
    const pending = await t.app.inject({
      method: 'GET',
      url: `/api/admin/commissions/pending?limit=100&offset=${ROWS - 100}`,
      headers: auth,
    });
    expect(pending.headers).toMatchObject({ 'x-total-count': String(ROWS), 'x-total-amount': '500000.00' });
    expect(nextOf(pending.headers)).toBeUndefined();
    const firstPending = await t.app.inject({
      method: 'GET',
      url: '/api/admin/commissions/pending?limit=100',
      headers: auth,
    });
    expect(nextOf(firstPending.headers)).toBe('http://localhost/api/admin/commissions/pending?limit=100&offset=100');
  });

  it('documents both behaviours and the Link header in the OpenAPI document', async () => {
    const doc = await t.openApiDocument<{
      paths: Record<string, { get: { description: string; responses: { 200: { headers: Record<string, unknown> } } } }>;
    }>();
    for (const path of ['/api/admin/partners', '/api/admin/referrals', '/api/admin/commissions/pending']) {
      const op = doc.paths[path]!.get;
      expect(op.description).toMatch(/Without limit and offset the body is every matching/);
      expect(op.description).toMatch(/keyset batches of 1000/);
      expect(op.description).toMatch(/Link header \(RFC 8288, rel="next"\)/);
      expect(op.responses[200].headers).toHaveProperty('Link');
    }
  });
});
