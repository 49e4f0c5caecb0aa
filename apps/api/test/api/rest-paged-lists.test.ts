// The paged lists over REST, end to end through app.inject(): the Deal Pipeline's columns
// (cursor paging), the partner's own Referrals tab, and the partner page's commissions, payouts and
// activity (offset paging). Each answers the page's rows as the body, the count in X-Total-Count and
// the next page in a Link header; bad input is a 400 naming the field; a partner sees only its own.

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPipelinePartners, createTestApp, type PartnerFixture, useTestApp, useUser } from '../support';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });
let acme: PartnerFixture;
let globex: PartnerFixture;
let adminHeaders: Record<string, string>;
let acmeHeaders: Record<string, string>;
let globexHeaders: Record<string, string>;

beforeAll(async () => {
  ({ acme, globex } = await createPipelinePartners(t));
  await t.createReferral(acme.partnerId, { clientCompanyName: 'Secret Acme Deal', stage: 'booked' });

  // Acme: five commissions over five months, three of them paid in two payouts.
  const won = await t.createWonClient(acme.partnerId, {
    clientCompanyName: 'Acme Won Client',
    contractStartDate: '2025-01-01',
  });
  const commissions: string[] = [];
  for (const month of ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05'])
    commissions.push(await t.createCommission({ partnerId: acme.partnerId, referralId: won, monthYear: month }));
  const asAdmin = t.caller(admin);
  await asAdmin.admin.processPayout({ commissionIds: commissions.slice(0, 2), idempotencyKey: randomUUID() });
  await asAdmin.admin.processPayout({ commissionIds: commissions.slice(2, 3), idempotencyKey: randomUUID() });
  // Activity about Acme: two decisions.
  await asAdmin.admin.suspendPartner({ id: acme.partnerId });
  await asAdmin.admin.reactivatePartner({ id: acme.partnerId });

  adminHeaders = await t.bearer(admin);
  acmeHeaders = await t.bearer(acme.user);
  globexHeaders = await t.bearer(globex.user);
});
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const ids = (body: { id: string }[]) => body.map((row) => row.id);
/** An empty list: no rows, and a total of 0 in X-Total-Count. */
function expectNoRows(res: Awaited<ReturnType<typeof get>>) {
  expect(res.json()).toEqual([]);
  expect(res.headers['x-total-count']).toBe('0');
}
/** The origin of app.inject's requests: Link addresses are absolute, built from the request's host. */
const ORIGIN = 'http://localhost';
/** The address of a Link header's link of relation `rel` ("next" or "prev"), or undefined. */
const linkOf = (link: unknown, rel: 'next' | 'prev') =>
  typeof link === 'string'
    ? link
        .split(', ')
        .map((part) => /^<([^>]+)>; rel="(\w+)"$/.exec(part))
        .find((match) => match?.[2] === rel)?.[1]
    : undefined;
const nextOf = (link: unknown) => linkOf(link, 'next');
const prevOf = (link: unknown) => linkOf(link, 'prev');

describe('GET /api/admin/pipeline/{stage}', () => {
  it('walks a column page by page with X-Next-Cursor, newest first, with neither repeats nor gaps, and counts it in X-Total-Count', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await get(
        `/api/admin/pipeline/qualified?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        adminHeaders,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['x-total-count']).toBe('10');
      const page = res.json<{ id: string; stage: string }[]>();
      expect(page.every((deal) => deal.stage === 'qualified')).toBe(true);
      seen.push(...ids(page));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      // Link and X-Next-Cursor come and go together.
      expect(Boolean(res.headers.link)).toBe(Boolean(cursor));
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(10);
    const whole = await get('/api/admin/referrals?stage=qualified&sort=-createdAt&limit=100', adminHeaders);
    expect(seen).toEqual(ids(whole.json()));
  });

  it('follows the Link header to the next page, keeping the filters', async () => {
    const first = await get(`/api/admin/pipeline/qualified?partnerId=${acme.partnerId}&limit=4`, adminHeaders);
    expect(first.headers['x-total-count']).toBe('7');
    const next = nextOf(first.headers.link);
    expect(next).toMatch(/^http:\/\/localhost\/api\/admin\/pipeline\/qualified\?/);
    const url = new URL(next as string, 'http://x');
    expect(url.searchParams.get('partnerId')).toBe(acme.partnerId);
    expect(url.searchParams.get('limit')).toBe('4');
    expect(url.searchParams.get('cursor')).toBe(first.headers['x-next-cursor']);
    const second = await get(next as string, adminHeaders);
    expect(second.statusCode, second.body).toBe(200);
    const rows = [...first.json(), ...second.json()] as { partnerId: string }[];
    expect(rows).toHaveLength(7);
    expect(rows.every((deal) => deal.partnerId === acme.partnerId)).toBe(true);
    expect(second.headers.link).toBeUndefined();
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('gives absolute Link addresses: the request host, and forwarded ones only from a trusted proxy', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'portal.example.org' };
    const direct = await t.app.inject({
      method: 'GET',
      url: '/api/admin/pipeline/qualified?limit=3',
      headers: { ...adminHeaders, ...forwarded, host: 'portal.example.net' },
    });
    expect(nextOf(direct.headers.link)).toMatch(
      /^http:\/\/portal\.example\.net\/api\/admin\/pipeline\/qualified\?limit=3&cursor=/,
    );
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const admin = await proxied.createUser({ role: 'admin' });
      for (let i = 0; i < 2; i++) await proxied.createPartner({ status: 'active' });
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/admin/partners?limit=1',
        headers: { ...(await proxied.bearer(admin)), ...forwarded },
      });
      expect(nextOf(res.headers.link)).toBe('https://portal.example.org/api/admin/partners?limit=1&offset=1');
    } finally {
      await proxied.close();
    }
  });

  it('lets a browser tool on an allowed origin read the paging headers', async () => {
    const tools = await createTestApp({ CORS_ORIGINS: 'https://tools.example.com' });
    try {
      const admin = await tools.createUser({ role: 'admin' });
      const res = await tools.app.inject({
        method: 'GET',
        url: '/api/admin/partners?limit=1',
        headers: { ...(await tools.bearer(admin)), origin: 'https://tools.example.com' },
      });
      expect(res.headers['access-control-allow-origin']).toBe('https://tools.example.com');
      const exposed = String(res.headers['access-control-expose-headers']).split(/,\s*/);
      expect(exposed).toEqual(
        expect.arrayContaining(['X-Total-Count', 'X-Next-Cursor', 'Link', 'Idempotent-Replayed']),
      );
    } finally {
      await tools.close();
    }
  });

  it('answers the same deals as the tRPC procedure', async () => {
    const res = await get('/api/admin/pipeline/qualified?search=globex', adminHeaders);
    const procedure = await t.caller(admin).admin.pipelineColumn({ stage: 'qualified', search: 'globex' });
    expect(res.json()).toEqual(procedure.items);
    expect(res.headers['x-total-count']).toBe(String(procedure.total));
  });

  it('counts and lists only what the search and the partner filter match', async () => {
    const searched = await get('/api/admin/pipeline/qualified?search=client%204', adminHeaders);
    expect(searched.json().map((deal: { clientCompanyName: string }) => deal.clientCompanyName)).toEqual([
      'Acme Client 4',
    ]);
    expect(searched.headers['x-total-count']).toBe('1');
    const byPartner = await get(`/api/admin/pipeline/booked?partnerId=${globex.partnerId}`, adminHeaders);
    expect(byPartner.json().map((deal: { clientCompanyName: string }) => deal.clientCompanyName)).toEqual([
      'Northwind Foods',
    ]);
    const none = await get('/api/admin/pipeline/won?search=northwind', adminHeaders);
    expect(none.statusCode).toBe(200);
    expectNoRows(none);
  });

  it.each([
    ['/api/admin/pipeline/closing', 'stage must be one of booked, qualified, proposal, won, lost'],
    ['/api/admin/pipeline/booked?cursor=bm90LWEtY3Vyc29y', 'cursor is not valid; start from the first page'],
    ['/api/admin/pipeline/booked?limit=0', 'limit must be at least 1'],
    ['/api/admin/pipeline/booked?limit=101', 'limit must be at most 100'],
    ['/api/admin/pipeline/booked?limit=ten', 'limit must be a whole number'],
    ['/api/admin/pipeline/booked?partnerId=acme', 'Not a valid id'],
    ['/api/admin/pipeline/booked?search=a%0Ab', 'Search must be a single line without control characters'],
  ])('answers 400 to %s with a message naming the fault', async (url, message) => {
    const res = await get(url, adminHeaders);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message });
  });

  it('is for the team only: a partner gets 403, nobody 401', async () => {
    expect((await get('/api/admin/pipeline/booked', acmeHeaders)).statusCode).toBe(403);
    expect((await get('/api/admin/pipeline/booked', {})).statusCode).toBe(401);
  });
});

describe('GET /api/partners/referrals/page', () => {
  it('pages the partner’s own referrals with X-Total-Count and a Link to the next page', async () => {
    const first = await get('/api/partners/referrals/page?limit=3', acmeHeaders);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-total-count']).toBe('9');
    expect(first.json()).toHaveLength(3);
    expect(nextOf(first.headers.link)).toBe(`${ORIGIN}/api/partners/referrals/page?limit=3&offset=3`);
    const seen = ids(first.json());
    let next = nextOf(first.headers.link);
    while (next) {
      const res = await get(next, acmeHeaders);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...ids(res.json()));
      next = nextOf(res.headers.link);
    }
    expect(new Set(seen).size).toBe(9);
    const own = await t.caller(acme.user).partner.referrals();
    expect(new Set(seen)).toEqual(new Set(own.map((deal) => deal.id)));
  });

  it('filters by stage and searches, keeping the filters in the Link', async () => {
    const qualified = await get('/api/partners/referrals/page?stage=qualified&limit=5', acmeHeaders);
    expect(qualified.headers['x-total-count']).toBe('7');
    expect(qualified.json().every((deal: { stage: string }) => deal.stage === 'qualified')).toBe(true);
    expect(nextOf(qualified.headers.link)).toBe(
      `${ORIGIN}/api/partners/referrals/page?stage=qualified&limit=5&offset=5`,
    );
    const searched = await get('/api/partners/referrals/page?search=client%203', acmeHeaders);
    expect(searched.json().map((deal: { clientCompanyName: string }) => deal.clientCompanyName)).toEqual([
      'Acme Client 3',
    ]);
    expect(searched.headers.link).toBeUndefined();
  });

  it('never shows another partner’s referrals, whatever the search', async () => {
    const res = await get('/api/partners/referrals/page?search=Secret%20Acme&limit=100', globexHeaders);
    expect(res.statusCode).toBe(200);
    expectNoRows(res);
    const all = await get('/api/partners/referrals/page?limit=100', globexHeaders);
    expect(all.headers['x-total-count']).toBe('4');
    expect(all.body).not.toContain(acme.partnerId);
    expect(all.body).not.toContain('Acme Client');
  });

  it.each([
    ['?stage=closing', 'stage must be one of booked, qualified, proposal, won, lost'],
    ['?limit=101', 'limit must be at most 100'],
    ['?offset=-1', 'offset must be at least 0'],
    ['?search=a%0Ab', 'Search must be a single line without control characters'],
  ])('answers 400 to %s with a message naming the fault', async (query, message) => {
    const res = await get(`/api/partners/referrals/page${query}`, acmeHeaders);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message });
  });

  it('is for active partners: the admin gets 403, a pending partner 403', async () => {
    expect((await get('/api/partners/referrals/page', adminHeaders)).statusCode).toBe(403);
    const pending = await t.createPartner({ status: 'pending' });
    const res = await get('/api/partners/referrals/page', await t.bearer(pending.user));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe('GET /api/admin/partners/{partnerId}/commissions, /payouts, /activity', () => {
  it('pages the partner’s commissions, newest month first, with X-Total-Count and Link', async () => {
    const first = await get(`/api/admin/partners/${acme.partnerId}/commissions?limit=2`, adminHeaders);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.json().map((c: { monthYear: string }) => c.monthYear)).toEqual(['2025-05', '2025-04']);
    expect(nextOf(first.headers.link)).toBe(
      `${ORIGIN}/api/admin/partners/${acme.partnerId}/commissions?limit=2&offset=2`,
    );
    const last = await get(`/api/admin/partners/${acme.partnerId}/commissions?limit=2&offset=4`, adminHeaders);
    expect(last.json().map((c: { monthYear: string; partnerId: string }) => [c.monthYear, c.partnerId])).toEqual([
      ['2025-01', acme.partnerId],
    ]);
    expect(nextOf(last.headers.link)).toBeUndefined();
    expect(prevOf(last.headers.link)).toBe(
      `${ORIGIN}/api/admin/partners/${acme.partnerId}/commissions?limit=2&offset=2`,
    );
    expect(prevOf(first.headers.link)).toBeUndefined();
    // The default page is the contract's (10): all five.
    expect((await get(`/api/admin/partners/${acme.partnerId}/commissions`, adminHeaders)).json()).toHaveLength(5);
  });

  it('pages the payouts that paid the partner, with the partner’s share of each', async () => {
    const res = await get(`/api/admin/partners/${acme.partnerId}/payouts?limit=1`, adminHeaders);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toHaveLength(1);
    const next = await get(nextOf(res.headers.link) as string, adminHeaders);
    expect(nextOf(next.headers.link)).toBeUndefined();
    // The test clock stands still: both payouts carry the same time, so the id tie-breaker orders them; compare as a set.
    const shares = [...res.json(), ...next.json()]
      .map((p: { amount: string; commissionCount: number }) => `${p.amount}×${p.commissionCount}`)
      .sort();
    expect(shares).toEqual(['100.00×2', '50.00×1']);
    const none = await get(`/api/admin/partners/${globex.partnerId}/payouts`, adminHeaders);
    expectNoRows(none);
  });

  it('pages the partner’s activity, newest first', async () => {
    const res = await get(`/api/admin/partners/${acme.partnerId}/activity?limit=1`, adminHeaders);
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(res.json()).toEqual([
      expect.objectContaining({ action: 'partner.reactivated', entityId: acme.partnerId, actorEmail: admin.email }),
    ]);
    expect(nextOf(res.headers.link)).toBe(`${ORIGIN}/api/admin/partners/${acme.partnerId}/activity?limit=1&offset=1`);
    const globexActivity = await get(`/api/admin/partners/${globex.partnerId}/activity`, adminHeaders);
    expect(globexActivity.body).not.toContain(acme.partnerId);
  });

  it('answers 404 "Partner not found" for an id that names no partner, and an empty page for a partner without rows', async () => {
    for (const list of ['commissions', 'payouts', 'activity']) {
      const res = await get(`/api/admin/partners/${randomUUID()}/${list}`, adminHeaders);
      expect(res.statusCode, `${list}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Partner not found' });
    }
    const empty = await get(`/api/admin/partners/${globex.partnerId}/payouts`, adminHeaders);
    expect(empty.statusCode, empty.body).toBe(200);
    expectNoRows(empty);
  });

  it.each([
    ['/api/admin/partners/acme/commissions', 'Not a valid id'],
    ['/api/admin/partners/{id}/payouts?limit=500', 'limit must be at most 100'],
    ['/api/admin/partners/{id}/activity?offset=-3', 'offset must be at least 0'],
    ['/api/admin/partners/{id}/commissions?limit=1.5', 'limit must be a whole number'],
  ])('answers 400 to %s with a message naming the fault', async (template, message) => {
    const res = await get(template.replace('{id}', acme.partnerId), adminHeaders);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message });
  });

  it('is for the team only: a partner cannot read even its own page’s lists', async () => {
    for (const list of ['commissions', 'payouts', 'activity']) {
      expect((await get(`/api/admin/partners/${acme.partnerId}/${list}`, acmeHeaders)).statusCode).toBe(403);
      expect((await get(`/api/admin/partners/${acme.partnerId}/${list}`, globexHeaders)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/site-config', () => {
  it('answers the scheduling address to anyone', async () => {
    const res = await get('/api/site-config', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ schedulingUrl: t.deps.config.schedulingUrl });
  });
});

describe('the OpenAPI document', () => {
  it('documents the new paths with their parameters, headers and errors', async () => {
    const document = await t.openApiDocument<{
      paths: Record<
        string,
        Record<
          string,
          {
            tags: string[];
            parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
            responses: Record<string, { headers?: Record<string, unknown> }>;
          }
        >
      >;
    }>();
    const pipeline = document.paths['/api/admin/pipeline/{stage}']?.get;
    expect(pipeline?.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
      'path:stage',
      'query:cursor',
      'query:limit',
      'query:partnerId',
      'query:search',
    ]);
    expect(pipeline?.parameters.find((p) => p.name === 'stage')?.schema).toMatchObject({
      enum: ['booked', 'qualified', 'proposal', 'won', 'lost'],
    });
    expect(Object.keys(pipeline?.responses['200']?.headers ?? {}).sort()).toEqual([
      'Link',
      'X-Next-Cursor',
      'X-Total-Count',
    ]);
    expect(Object.keys(pipeline?.responses ?? {})).toEqual(expect.arrayContaining(['400', '401', '403']));

    for (const list of ['commissions', 'payouts', 'activity']) {
      const op = document.paths[`/api/admin/partners/{partnerId}/${list}`]?.get;
      expect(op?.tags).toEqual(['Admin: partners']);
      expect(op?.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
        'path:partnerId',
        'query:limit',
        'query:offset',
      ]);
      expect(Object.keys(op?.responses['200']?.headers ?? {})).toEqual(['X-Total-Count', 'Link']);
    }
    const own = document.paths['/api/partners/referrals/page']?.get;
    expect(own?.parameters.map((p) => p.name).sort()).toEqual(['limit', 'offset', 'search', 'stage']);
    expect(document.paths['/api/site-config']?.get).toMatchObject({ tags: ['Public'], security: [] });
  });
});

/** Follows rel="next" from `url` to the last page, checking each page's headers; the rows of every page in order. */
async function walk(url: string, total: number): Promise<{ ids: string[]; pages: number }> {
  const seen: string[] = [];
  let next: string | undefined = url;
  let pages = 0;
  while (next) {
    const res = await get(next, adminHeaders);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(total));
    expect(Boolean(prevOf(res.headers.link))).toBe(pages > 0);
    seen.push(...ids(res.json()));
    next = nextOf(res.headers.link);
    pages++;
  }
  return { ids: seen, pages };
}

describe('GET /api/admin/payouts', () => {
  it('pages every payout, newest first, through Link: 120 and more, past the 100-row page', async () => {
    const base = Date.parse('2024-01-01T00:00:00Z');
    await t.db
      .insertInto('payouts')
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          idempotencyKey: `paging-${i}`,
          requestHash: `hash-${i}`,
          reference: `PAGING-${String(i).padStart(3, '0')}`,
          createdBy: admin.id,
          total: '10.00',
          commissionCount: 1,
          partnerCount: 1,
          createdAt: new Date(base + i * 60_000),
        })),
      )
      .execute();
    const expected = (
      await t.db.selectFrom('payouts').select('id').orderBy('createdAt', 'desc').orderBy('id', 'desc').execute()
    ).map((row) => row.id);
    expect(expected.length).toBe(122);

    const first = await get('/api/admin/payouts?limit=50', adminHeaders);
    expect(nextOf(first.headers.link)).toBe(`${ORIGIN}/api/admin/payouts?limit=50&offset=50`);
    const walked = await walk('/api/admin/payouts?limit=50', expected.length);
    expect(walked.pages).toBe(3);
    expect(walked.ids).toEqual(expected);
    expect((await walk('/api/admin/payouts?limit=100', expected.length)).ids).toEqual(expected);

    const middle = await get('/api/admin/payouts?limit=50&offset=50', adminHeaders);
    expect(prevOf(middle.headers.link)).toBe(`${ORIGIN}/api/admin/payouts?limit=50&offset=0`);
    // Without limit the page is the contract's ten, as the Payout Processor has always read it.
    expect((await get('/api/admin/payouts', adminHeaders)).json()).toHaveLength(10);
    const tooMany = await get('/api/admin/payouts?limit=101', adminHeaders);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: 'limit must be at most 100' });
  });
});

describe('GET /api/admin/webhooks/{id}/deliveries', () => {
  it('pages every delivery of the endpoint, newest first, through Link: 60, past the last 50', async () => {
    // Rows written directly: listing never reads the secret, and the list, not delivery, is under test.
    const base = Date.parse('2024-01-01T00:00:00Z');
    const hook = await t.db
      .insertInto('webhookEndpoints')
      .values({
        url: 'https://hooks.example.com/portal',
        description: null,
        events: JSON.stringify(['partner.approved']),
        secret: 'unused',
        createdBy: admin.id,
        createdAt: new Date(base),
        updatedAt: new Date(base),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 60; i++) {
      const at = new Date(base + i * 60_000);
      const event = await t.db
        .insertInto('webhookEvents')
        .values({ type: 'partner.approved', payload: JSON.stringify({ n: i }), createdAt: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('webhookDeliveries')
        .values({ eventId: event.id, endpointId: hook.id, status: 'delivered', nextAttemptAt: at, createdAt: at })
        .execute();
    }
    const expected = (
      await t.db
        .selectFrom('webhookDeliveries')
        .select('id')
        .where('endpointId', '=', hook.id)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute()
    ).map((row) => row.id);
    expect(expected).toHaveLength(60);

    const url = `/api/admin/webhooks/${hook.id}/deliveries`;
    const first = await get(url, adminHeaders);
    expect(first.json()).toHaveLength(50);
    expect(nextOf(first.headers.link)).toBe(`${ORIGIN}${url}?limit=50&offset=50`);
    const walked = await walk(`${url}?limit=25`, 60);
    expect(walked.pages).toBe(3);
    expect(walked.ids).toEqual(expected);
    const page = await t.caller(admin).admin.webhookDeliveries({ id: hook.id, limit: 25, offset: 50 });
    expect({ total: page.total, ids: page.items.map((d) => d.id) }).toEqual({ total: 60, ids: expected.slice(50) });
  });
});
