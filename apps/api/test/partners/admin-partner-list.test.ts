// GET /api/admin/partners and admin.partners: paging, search, sort, status filter, X-Total-Count.

import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@portal/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/trpc/context';
import { useTestApp } from '../support';

const t = useTestApp();
let admin: SessionUser;
const TOTAL = 30;

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  // 30 partners, created a day apart: "Company 01" is the oldest, "Company 30" the newest.
  for (let i = 1; i <= TOTAL; i++) {
    const n = String(i).padStart(2, '0');
    const status = i % 5 === 0 ? 'pending' : i % 7 === 0 ? 'suspended' : 'active';
    const p = await t.createPartner({
      status,
      companyName: `Company ${n}`,
      contactName: i === 7 ? 'Zelda Unique' : `Contact ${n}`,
      email: i === 9 ? 'nine@findme.example' : `partner${n}@example.com`,
      createdAt: new Date(Date.UTC(2025, 0, i)),
    });
    await t.db
      .updateTable('partners')
      .set({ currentMrr: `${i * 10}.00`, totalLifetimeCommissions: `${(TOTAL - i) * 5}.50` })
      .where('id', '=', p.partnerId)
      .execute();
  }
  await t.createPartner({ companyName: '100% Growth_Partners', createdAt: new Date(Date.UTC(2024, 0, 1)) });
});

async function list(query = '') {
  const res = await t.request(admin, 'GET', `/api/admin/partners${query}`);
  return {
    res,
    rows:
      res.statusCode === 200
        ? res.json<
            {
              companyName: string;
              email: string;
              status: string;
              currentMrr: string;
              totalLifetimeCommissions: string;
              joinedAt: string | null;
            }[]
          >()
        : [],
    total: Number(res.headers['x-total-count']),
  };
}

describe('partners list', () => {
  it('answers the first page of the default size with only offset, newest first, with the total in X-Total-Count', async () => {
    const { res, rows, total } = await list('?offset=0');
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
    expect(rows).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(total).toBe(TOTAL + 1);
    expect(rows[0]?.companyName).toBe('Company 30');
    expect(rows[0]?.email).toBe('partner30@example.com');
  });

  it('walks the pages with limit and offset without repeating or skipping', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < TOTAL + 1; offset += 7) {
      const { rows, total } = await list(`?limit=7&offset=${offset}&sort=companyName`);
      expect(total).toBe(TOTAL + 1);
      seen.push(...rows.map((r) => r.companyName));
    }
    expect(seen).toHaveLength(TOTAL + 1);
    expect(new Set(seen).size).toBe(TOTAL + 1);
    expect(seen[0]).toBe('100% Growth_Partners');
  });

  it('answers an empty page past the end, still with the total', async () => {
    const { rows, total } = await list('?offset=500');
    expect(rows).toEqual([]);
    expect(total).toBe(TOTAL + 1);
  });

  it.each([
    [
      'company',
      'company 1',
      [
        'Company 10',
        'Company 11',
        'Company 12',
        'Company 13',
        'Company 14',
        'Company 15',
        'Company 16',
        'Company 17',
        'Company 18',
        'Company 19',
      ],
    ],
    ['contact', 'zelda', ['Company 07']],
    ['email', 'FINDME', ['Company 09']],
  ])('searches by %s', async (_field, search, expected) => {
    const { rows, total } = await list(`?search=${encodeURIComponent(search)}&sort=companyName`);
    expect(rows.map((r) => r.companyName)).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it('searches by referral code', async () => {
    const code = await t.db
      .selectFrom('partners')
      .select('referralCode')
      .where('companyName', '=', 'Company 21')
      .executeTakeFirstOrThrow();
    const { rows } = await list(`?search=${code.referralCode.slice(-6).toLowerCase()}`);
    expect(rows.map((r) => r.companyName)).toContain('Company 21');
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await list(`?search=${encodeURIComponent('100%')}`)).rows.map((r) => r.companyName)).toEqual([
      '100% Growth_Partners',
    ]);
    expect((await list(`?search=${encodeURIComponent('h_p')}`)).rows.map((r) => r.companyName)).toEqual([
      '100% Growth_Partners',
    ]);
    expect((await list(`?search=${encodeURIComponent('%')}`)).total).toBe(1);
    expect((await list(`?search=${encodeURIComponent('_')}`)).total).toBe(1);
  });

  it.each([
    ['currentMrr', (rows: { currentMrr: string }[]) => rows.map((r) => Number(r.currentMrr)), 'asc'],
    ['-currentMrr', (rows: { currentMrr: string }[]) => rows.map((r) => Number(r.currentMrr)), 'desc'],
    [
      'totalLifetimeCommissions',
      (rows: { totalLifetimeCommissions: string }[]) => rows.map((r) => Number(r.totalLifetimeCommissions)),
      'asc',
    ],
    ['-companyName', (rows: { companyName: string }[]) => rows.map((r) => r.companyName.toLowerCase()), 'desc'],
    ['status', (rows: { status: string }[]) => rows.map((r) => r.status), 'asc'],
  ] as const)('sorts by %s', async (sort, key, direction) => {
    const { rows } = await list(`?sort=${sort}&limit=100`);
    const values = key(rows) as (string | number)[];
    const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(values).toEqual(direction === 'asc' ? sorted : sorted.reverse());
    expect(new Set(values).size).toBeGreaterThan(1);
  });

  it('filters by status', async () => {
    const { rows, total } = await list('?status=pending&limit=100');
    expect(total).toBe(6);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    expect(rows.every((r) => r.joinedAt === null)).toBe(true);
  });

  it('combines search, status and sort', async () => {
    const { rows, total } = await list('?search=company%202&status=active&sort=-currentMrr&limit=3');
    // Company 20..29 that are active: 22, 23, 24, 26, 27, 29 (20 and 25 pending, 21 and 28 suspended).
    expect(total).toBe(6);
    expect(rows.map((r) => r.companyName)).toEqual(['Company 29', 'Company 27', 'Company 26']);
  });

  it('sorts by the approval date the Joined column shows, partners not yet approved last in either direction', async () => {
    // Approved in the reverse order of application: "Company 01" joined last. Pending ones have no date.
    await t.db
      .updateTable('partners')
      .set({ approvedAt: sql<Date>`timestamptz '2025-06-01' - (created_at - timestamptz '2025-01-01')` })
      .where('status', '!=', 'pending')
      .where('companyName', 'like', 'Company %')
      .execute();
    const joined = (rows: { joinedAt: string | null }[]) => rows.map((r) => r.joinedAt);
    const byDate = (a: string, b: string) => a.localeCompare(b);

    const ascending = await list('?sort=joinedAt&limit=100');
    const approved = joined(ascending.rows).filter((date): date is string => date !== null);
    expect(joined(ascending.rows)).toEqual([...[...approved].sort(byDate), ...Array(6).fill(null)]);
    expect(ascending.rows[0]?.companyName).toBe('Company 29');

    const descending = await list('?sort=-joinedAt&limit=100');
    expect(joined(descending.rows)).toEqual([...[...approved].sort(byDate).reverse(), ...Array(6).fill(null)]);
    // The partner made today joined last of all; of the rest, "Company 01" joined last.
    expect(descending.rows.slice(0, 2).map((r) => r.companyName)).toEqual(['100% Growth_Partners', 'Company 01']);

    // The same order with a search, and in the whole list streamed in keyset batches.
    const searched = await list('?search=company&sort=-joinedAt&limit=100');
    expect(searched.rows.map((r) => r.companyName)).toEqual(
      descending.rows.map((r) => r.companyName).filter((n) => n.startsWith('Company')),
    );
    const streamed = await list('?sort=-joinedAt');
    expect(streamed.rows.map((r) => r.companyName)).toEqual(descending.rows.map((r) => r.companyName));
  });

  it.each([
    ['?limit=0', 'limit must be at least 1'],
    [`?limit=${MAX_PAGE_SIZE + 1}`, `limit must be at most ${MAX_PAGE_SIZE}`],
    ['?offset=-1', 'offset must be at least 0'],
    ['?sort=email', /^sort must be one of/],
    ['?status=gone', /^status must be one of/],
  ])('refuses %s with 400', async (query, message) => {
    const { res } = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers the page object through tRPC', async () => {
    const page = await t.caller(admin).admin.partners({ limit: 2, offset: 1, sort: 'createdAt' });
    expect(page).toMatchObject({ total: TOTAL + 1, limit: 2, offset: 1 });
    expect(page.items.map((r) => r.companyName)).toEqual(['Company 01', 'Company 02']);
  });

  it('documents the defaults and X-Total-Count in the OpenAPI document', async () => {
    const doc = await t.openApiDocument();
    const op = doc.paths['/api/admin/partners'].get;
    expect(op.description).toContain(`(${DEFAULT_PAGE_SIZE} when only offset is given)`);
    expect(op.description).toContain('sort=-createdAt');
    expect(op.responses['200'].headers['X-Total-Count']).toBeDefined();
  });
});
