// The Payout Processor's page when partners have hundreds of pending fees: each page lists the offered fees in
// the queue's order, offers every open clawback of the page's partners (pending, offered, of a partner on the
// page, oldest first) and marks each line whose partner lacks a tax profile while this year's payments plus
// every pending fee reach the year's threshold. The expected answers are computed here from the stored rows by
// those rules, page by page.

import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useClock, useTestApp, useUser, type PartnerFixture } from '../support';

const TODAY = '2026-11-22';
/** The 2026 threshold of these tests: 3,000.00. */
const THRESHOLD_CENTS = 300_000;

const t = useTestApp({ TAX_1099_THRESHOLDS: '2026:3000.00' });
useClock(t, `${TODAY}T10:00:00Z`);
const admin = useUser(t, { role: 'admin' });

const cents = (amount: string) => Math.round(Number(amount) * 100);

const partners = {} as Record<'busy' | 'profiled' | 'exact' | 'short' | 'distant', PartnerFixture>;

/** `referrals` won clients with `months` pending fees of 20.00 each, offered today and due from `dueFrom` days on. */
async function pendingFees(
  partner: PartnerFixture,
  { referrals, months, dueFrom }: { referrals: number; months: number; dueFrom: number },
) {
  for (let i = 0; i < referrals; i++) await t.createReferral(partner.partnerId, { stage: 'won' });
  // Creation times spread over the autumn, client payments over the 20 days before today, due dates over 40 days
  // from `dueFrom` days after today, so the partners' fees interleave in the queue.
  await sql`
    insert into commissions (partner_id, referral_id, amount, month_year, status, created_at, updated_at, payable_from, due_by)
    select r.partner_id, r.id, 20.00, to_char(date '2020-01-01' + m * interval '1 month', 'YYYY-MM'), 'pending',
           timestamptz '2026-09-01' + ((n * 7919 + m * 104729) % 100000) * interval '1 minute', now(),
           ${TODAY}::date - 1 - ((n + m) % 20)::int, d.due_by
    from (select id, partner_id, row_number() over (order by id) as n from referrals where partner_id = ${partner.partnerId}) r
    cross join generate_series(0, ${months - 1}::int) m
    cross join lateral (select ${TODAY}::date + ${dueFrom}::int + ((n * 13 + m * 7) % 40)::int as due_by) d
  `.execute(t.db);
}

async function clawback(
  partner: PartnerFixture,
  {
    createdAt,
    status = 'pending',
    payableFrom = null,
  }: { createdAt: string; status?: string; payableFrom?: string | null },
) {
  await sql`
    insert into commissions (partner_id, amount, month_year, kind, status, reason, created_at, updated_at, payable_from,
                             payment_date, payment_method)
    values (${partner.partnerId}, -25.00, '2026-10', 'clawback', ${status}, 'Client refund', ${createdAt}::timestamptz,
            ${createdAt}::timestamptz, ${payableFrom}::date,
            case when ${status} = 'paid' then ${createdAt}::timestamptz + interval '4 days' end,
            case when ${status} = 'paid' then 'Wire' end)
  `.execute(t.db);
}

async function paid(partner: PartnerFixture, { amount, paidAt }: { amount: string; paidAt: string }) {
  await t.createWonCommission({
    partnerId: partner.partnerId,
    monthYear: '2019-01',
    amount,
    status: 'paid',
    paidAt: new Date(paidAt),
  });
}

beforeAll(async () => {
  for (const name of ['busy', 'profiled', 'exact', 'short', 'distant'] as const)
    partners[name] = await t.createPartner({ companyName: `Queue ${name}` });
  // 150 pending fees (3,000.00), four open clawbacks (-100.00), one clawback not offered yet (-25.00), one clawback
  // paid this year (-25.00); 200.00 paid this year, 5,000.00 paid last year: 3,050.00 counts, past the threshold.
  await pendingFees(partners.busy, { referrals: 10, months: 15, dueFrom: -10 });
  for (const day of ['2026-08-02', '2026-10-15', '2026-11-20', '2026-11-20'])
    await clawback(partners.busy, { createdAt: `${day}T09:00:00Z` });
  await clawback(partners.busy, { createdAt: '2026-11-01T09:00:00Z', payableFrom: '2026-11-30' });
  await clawback(partners.busy, { createdAt: '2026-09-01T09:00:00Z', status: 'paid' });
  await paid(partners.busy, { amount: '200.00', paidAt: '2026-03-01T12:00:00Z' });
  await paid(partners.busy, { amount: '5000.00', paidAt: '2025-12-31T12:00:00Z' });
  // As many fees with a tax profile on file: never marked.
  await pendingFees(partners.profiled, { referrals: 10, months: 15, dueFrom: -10 });
  await clawback(partners.profiled, { createdAt: '2026-10-01T09:00:00Z' });
  await clawback(partners.profiled, { createdAt: '2026-11-02T09:00:00Z' });
  await t.caller(partners.profiled.user).partner.saveTaxProfile({
    legalName: 'Queue Profiled LLC',
    taxClassification: 'llc',
    tinType: 'ein',
    tin: '12-3456789',
    address: '1 Main Street, Springfield, IL 62701',
    certified: true,
  });
  // Exactly the threshold: 800.00 pending, 2,200.00 paid this year.
  await pendingFees(partners.exact, { referrals: 4, months: 10, dueFrom: -10 });
  await paid(partners.exact, { amount: '2200.00', paidAt: '2026-01-01T00:00:00Z' });
  // A cent short: 800.00 pending, 2,199.99 paid this year, 9,000.00 last year.
  await pendingFees(partners.short, { referrals: 4, months: 10, dueFrom: -10 });
  await paid(partners.short, { amount: '2199.99', paidAt: '2026-06-30T12:00:00Z' });
  await paid(partners.short, { amount: '9000.00', paidAt: '2025-06-30T12:00:00Z' });
  // Fees due after everyone else's, with open clawbacks of its own: on the last pages only.
  await pendingFees(partners.distant, { referrals: 10, months: 15, dueFrom: 40 });
  await clawback(partners.distant, { createdAt: '2026-07-01T09:00:00Z' });
  await clawback(partners.distant, { createdAt: '2026-11-21T09:00:00Z' });
});

interface Stored {
  id: string;
  partnerId: string;
  kind: string;
  status: string;
  amount: string;
  dueBy: string | null;
  payableFrom: string | null;
  createdAt: string;
  paymentDate: string | null;
}

/** The expected answers, from the stored rows by the rules. */
async function expected() {
  const { rows } = await sql<Stored>`
    select id, partner_id, kind, status, amount::text, due_by::text, payable_from::text,
           to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as created_at,
           to_char(payment_date at time zone 'UTC', 'YYYY-MM-DD') as payment_date
    from commissions
  `.execute(t.db);
  const offered = rows.filter(
    (row) => row.status === 'pending' && (row.payableFrom === null || row.payableFrom <= TODAY),
  );
  const compare = (a: readonly string[], b: readonly string[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
    return 0;
  };
  const queue = [...offered].sort((a, b) =>
    compare([a.dueBy ?? TODAY, a.createdAt, a.id], [b.dueBy ?? TODAY, b.createdAt, b.id]),
  );
  const clawbacks = offered
    .filter((row) => row.kind === 'clawback')
    .sort((a, b) => compare([a.createdAt, a.id], [b.createdAt, b.id]));
  const profiled = new Set(
    (await t.db.selectFrom('taxProfiles').select('partnerId').execute()).map((row) => row.partnerId),
  );
  const counted = new Map<string, number>();
  for (const row of rows) {
    const counts =
      row.status === 'pending' ||
      (row.status === 'paid' && row.paymentDate !== null && row.paymentDate.startsWith(TODAY.slice(0, 4)));
    if (counts) counted.set(row.partnerId, (counted.get(row.partnerId) ?? 0) + cents(row.amount));
  }
  const marked = new Set(
    [...counted].filter(([partnerId, total]) => !profiled.has(partnerId) && total >= THRESHOLD_CENTS).map(([id]) => id),
  );
  return { queue, clawbacks, marked };
}

describe('the Payout Processor page of partners with hundreds of pending fees', () => {
  it('marks the partners past the threshold without a tax profile, counting this year’s payments and every pending fee', async () => {
    const { marked } = await expected();
    expect([...marked].sort()).toEqual([partners.busy.partnerId, partners.exact.partnerId].sort());
  });

  it('answers each page with the queue’s rows, the open clawbacks of its partners and their tax marks', async () => {
    const { queue, clawbacks, marked } = await expected();
    expect(queue.length).toBeGreaterThan(500);
    const limit = 100;
    let pagesWithDistant = 0;
    for (let offset = 0; offset < queue.length + limit; offset += limit) {
      const page = await t.caller(admin).admin.pendingCommissions({ limit, offset });
      const rows = queue.slice(offset, offset + limit);
      expect(page.items.map((item) => [item.id, item.partnerId, cents(item.amount), item.taxProfileMissing])).toEqual(
        rows.map((row) => [row.id, row.partnerId, cents(row.amount), marked.has(row.partnerId)]),
      );
      const onPage = new Set(rows.map((row) => row.partnerId));
      expect(page.openClawbacks.map((item) => item.id)).toEqual(
        clawbacks.filter((row) => onPage.has(row.partnerId)).map((row) => row.id),
      );
      if (onPage.has(partners.distant.partnerId)) pagesWithDistant++;
    }
    // The distant partner's clawbacks are offered on its own pages only, not on the first ones.
    expect(pagesWithDistant).toBeGreaterThan(0);
    expect(pagesWithDistant).toBeLessThan(Math.ceil(queue.length / limit));
  });

  it('marks the same partners on every row of the whole list (REST without limit)', async () => {
    const { queue, marked } = await expected();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/commissions/pending',
      headers: await bearer(t.deps, admin),
    });
    const items = res.json<Array<{ id: string; partnerId: string; taxProfileMissing: boolean }>>();
    expect(items.map((item) => item.id).sort()).toEqual(queue.map((row) => row.id).sort());
    for (const item of items) expect(item.taxProfileMissing).toBe(marked.has(item.partnerId));
  });
});
