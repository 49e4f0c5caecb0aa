// The Payout Processor's order: the offered pending fees by due date (fees without one count as due
// today), then oldest created first, then id; the same rows in the same order page by page (limit and
// offset) under every filter (partner, month, due by). Fees overdue, due today, without a deadline and
// due later sit side by side, several in each, with ties on the due date and on the creation time.

import { beforeAll, describe, expect, it } from 'vitest';
import { useClock, useTestApp, useUser } from '../support';

const TODAY = '2026-11-22';

const t = useTestApp();
useClock(t, `${TODAY}T10:00:00Z`);
const admin = useUser(t, { role: 'admin' });

interface Fee {
  name: string;
  partner: 'first' | 'second';
  month: string;
  /** The deadline (`due_by`), or null for an accrued fee or an adjustment. */
  dueBy: string | null;
  createdAt: string;
  /** The client's payment date (`payable_from`); null: payable at once. */
  payableFrom?: string;
  status?: 'pending' | 'paid';
}

// Offered on TODAY with no hold unless marked otherwise. The `…tie` pairs share their due date and creation
// time, so only the id orders them.
const FEES: Fee[] = [
  {
    name: 'overdue-nov01-late',
    partner: 'first',
    month: '2026-09',
    dueBy: '2026-11-01',
    createdAt: '2026-10-05T08:00:00Z',
    payableFrom: '2026-10-02',
  },
  {
    name: 'overdue-nov01-early',
    partner: 'second',
    month: '2026-10',
    dueBy: '2026-11-01',
    createdAt: '2026-10-02T08:00:00Z',
    payableFrom: '2026-10-02',
  },
  {
    name: 'overdue-nov10-tie-a',
    partner: 'first',
    month: '2026-10',
    dueBy: '2026-11-10',
    createdAt: '2026-10-11T09:00:00Z',
    payableFrom: '2026-10-11',
  },
  {
    name: 'overdue-nov10-tie-b',
    partner: 'second',
    month: '2026-10',
    dueBy: '2026-11-10',
    createdAt: '2026-10-11T09:00:00Z',
    payableFrom: '2026-10-11',
  },
  {
    name: 'overdue-nov21',
    partner: 'first',
    month: '2026-10',
    dueBy: '2026-11-21',
    createdAt: '2026-10-22T12:00:00Z',
    payableFrom: '2026-10-22',
  },
  {
    name: 'today-late',
    partner: 'second',
    month: '2026-10',
    dueBy: TODAY,
    createdAt: '2026-11-20T07:00:00Z',
    payableFrom: '2026-10-23',
  },
  {
    name: 'today-early',
    partner: 'first',
    month: '2026-10',
    dueBy: TODAY,
    createdAt: '2026-10-03T07:00:00Z',
    payableFrom: '2026-10-23',
  },
  { name: 'undated-oldest', partner: 'first', month: '2026-09', dueBy: null, createdAt: '2026-10-01T00:00:00Z' },
  { name: 'undated-mid', partner: 'second', month: '2026-10', dueBy: null, createdAt: '2026-10-04T00:00:00Z' },
  { name: 'undated-tie-a', partner: 'first', month: '2026-10', dueBy: null, createdAt: '2026-11-21T00:00:00Z' },
  { name: 'undated-tie-b', partner: 'second', month: '2026-10', dueBy: null, createdAt: '2026-11-21T00:00:00Z' },
  {
    name: 'later-dec01-b',
    partner: 'first',
    month: '2026-10',
    dueBy: '2026-12-01',
    createdAt: '2026-11-02T10:00:00Z',
    payableFrom: '2026-11-01',
  },
  {
    name: 'later-dec01-a',
    partner: 'second',
    month: '2026-10',
    dueBy: '2026-12-01',
    createdAt: '2026-11-01T10:00:00Z',
    payableFrom: '2026-11-01',
  },
  {
    name: 'later-dec20-old',
    partner: 'second',
    month: '2026-11',
    dueBy: '2026-12-20',
    createdAt: '2026-11-10T10:00:00Z',
    payableFrom: '2026-11-20',
  },
  {
    name: 'later-dec20-new',
    partner: 'first',
    month: '2026-11',
    dueBy: '2026-12-20',
    createdAt: '2026-11-21T10:00:00Z',
    payableFrom: '2026-11-20',
  },
  // Not in the list: paid from a day after today (not offered yet), and already paid.
  {
    name: 'not-offered',
    partner: 'first',
    month: '2026-11',
    dueBy: '2026-11-01',
    createdAt: '2026-10-01T00:00:00Z',
    payableFrom: '2026-11-25',
  },
  {
    name: 'paid',
    partner: 'second',
    month: '2026-09',
    dueBy: '2026-10-15',
    createdAt: '2026-09-15T00:00:00Z',
    payableFrom: '2026-09-15',
    status: 'paid',
  },
];

/** The order the rule gives, as names, written out: overdue, then due today with the undated, then later. */
const RULE_ORDER = [
  'overdue-nov01-early',
  'overdue-nov01-late',
  'overdue-nov10-tie-*',
  'overdue-nov10-tie-*',
  'overdue-nov21',
  'undated-oldest',
  'today-early',
  'undated-mid',
  'today-late',
  'undated-tie-*',
  'undated-tie-*',
  'later-dec01-a',
  'later-dec01-b',
  'later-dec20-old',
  'later-dec20-new',
];

interface Seeded extends Fee {
  id: string;
  partnerId: string;
}
const seeded: Seeded[] = [];
const partners: Record<Fee['partner'], string> = { first: '', second: '' };

/** The offered fees the filter keeps, in the rule's order: due date (undated as today), created, id. */
function ruleOrder(filter: { partnerId?: string; month?: string; dueBy?: string }): string[] {
  const offered = seeded.filter(
    (fee) =>
      (fee.status ?? 'pending') === 'pending' &&
      (fee.payableFrom === undefined || fee.payableFrom <= TODAY) &&
      (!filter.partnerId || fee.partnerId === filter.partnerId) &&
      (!filter.month || fee.month === filter.month) &&
      (!filter.dueBy || (fee.dueBy ?? TODAY) <= filter.dueBy),
  );
  const key = (fee: Seeded) => [fee.dueBy ?? TODAY, new Date(fee.createdAt).toISOString(), fee.id] as const;
  return offered
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
      return 0;
    })
    .map((fee) => fee.id);
}

/** Every page of `limit` rows from offset 0 until one comes back short; each page's ids in order. */
async function pagesOf(filter: { partnerId?: string; month?: string; dueBy?: string }, limit: number) {
  const pages: string[][] = [];
  for (let offset = 0; ; offset += limit) {
    const page = await t.caller(admin).admin.pendingCommissions({ ...filter, limit, offset });
    pages.push(page.items.map((item) => item.id));
    if (page.items.length < limit) return pages;
  }
}

/** The rule's order cut into pages of `limit`, with the empty or short last page the list answers. */
function rulePages(ids: string[], limit: number): string[][] {
  const pages: string[][] = [];
  for (let offset = 0; ; offset += limit) {
    pages.push(ids.slice(offset, offset + limit));
    if (offset + limit > ids.length) return pages;
  }
}

beforeAll(async () => {
  partners.first = (await t.createPartner()).partnerId;
  partners.second = (await t.createPartner()).partnerId;
  for (const fee of FEES) {
    const partnerId = partners[fee.partner];
    const id = await t.createWonCommission({
      partnerId,
      monthYear: fee.month,
      status: fee.status ?? 'pending',
      createdAt: new Date(fee.createdAt),
    });
    await t.db
      .updateTable('commissions')
      .set({ dueBy: fee.dueBy, payableFrom: fee.payableFrom ?? null })
      .where('id', '=', id)
      .execute();
    seeded.push({ ...fee, id, partnerId });
  }
});

/** The fee's name, a tie's two fees under one name (only their ids order them). */
const nameOf = (id: string) => (seeded.find((fee) => fee.id === id)?.name ?? id).replace(/-tie-[ab]$/, '-tie-*');

describe('the Payout Processor order', () => {
  it('lists the offered fees overdue first, then due today with those without a deadline by creation, then later', async () => {
    const page = await t.caller(admin).admin.pendingCommissions({ limit: 100, offset: 0 });
    expect(page.items.map((item) => nameOf(item.id))).toEqual(RULE_ORDER);
    expect(page.items.map((item) => item.id)).toEqual(ruleOrder({}));
    // Within a tie of due date and creation time, the smaller id first.
    const tie = seeded
      .filter((fee) => fee.name.startsWith('overdue-nov10-tie'))
      .map((fee) => fee.id)
      .sort();
    expect(page.items.map((item) => item.id).filter((id) => tie.includes(id))).toEqual(tie);
    expect(page.total).toBe(RULE_ORDER.length);
  });

  it('pages through the same order with limit and offset, across the segments', async () => {
    for (const limit of [1, 2, 3, 4]) expect(await pagesOf({}, limit)).toEqual(rulePages(ruleOrder({}), limit));
  });

  it('answers an offset past the last fee with an empty page', async () => {
    const page = await t.caller(admin).admin.pendingCommissions({ limit: 2, offset: 40 });
    expect(page.items).toEqual([]);
    expect(page.total).toBe(RULE_ORDER.length);
  });

  const FILTERS: { label: string; filter: () => { partnerId?: string; month?: string; dueBy?: string } }[] = [
    { label: 'a partner', filter: () => ({ partnerId: partners.second }) },
    { label: 'a month', filter: () => ({ month: '2026-10' }) },
    { label: 'due by an overdue day', filter: () => ({ dueBy: '2026-11-10' }) },
    { label: 'due by yesterday (no fee without a deadline)', filter: () => ({ dueBy: '2026-11-21' }) },
    { label: 'due by today (the fees without a deadline too)', filter: () => ({ dueBy: TODAY }) },
    { label: 'due by a later day', filter: () => ({ dueBy: '2026-12-01' }) },
    { label: 'a partner, due by a later day', filter: () => ({ partnerId: partners.first, dueBy: '2026-12-01' }) },
    { label: 'a month, due by today', filter: () => ({ month: '2026-10', dueBy: TODAY }) },
    { label: 'a partner and a month', filter: () => ({ partnerId: partners.first, month: '2026-10' }) },
  ];
  for (const { label, filter } of FILTERS) {
    it(`keeps the order and the paging under ${label}`, async () => {
      const expected = ruleOrder(filter());
      expect(expected.length).toBeGreaterThan(0);
      const whole = await t.caller(admin).admin.pendingCommissions({ ...filter(), limit: 100, offset: 0 });
      expect(whole.items.map((item) => item.id)).toEqual(expected);
      expect(whole.total).toBe(expected.length);
      expect(await pagesOf(filter(), 2)).toEqual(rulePages(expected, 2));
    });
  }
});
