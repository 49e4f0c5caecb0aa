import { AGREEMENTS } from '@portal/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../src/services/platform';
import { useTestApp } from '../support';

const t = useTestApp();
let signIns: Awaited<ReturnType<typeof seedDemo>>;

beforeAll(async () => {
  signIns = await seedDemo(t.deps);
});

describe('demo data', () => {
  it('returns the sign-ins it created, starting with the admin', () => {
    expect(signIns[0]).toMatchObject({ role: 'Admin', password: DEMO_PASSWORD });
    expect(signIns.length).toBeGreaterThanOrEqual(4);
  });

  it('has partners in every status but inactive, referrals in every stage, and commissions in every status', async () => {
    const statuses = await t.db.selectFrom('partners').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['active', 'pending', 'rejected', 'suspended']);
    const stages = await t.db.selectFrom('referrals').select('stage').distinct().execute();
    expect(stages.map((s) => s.stage).sort()).toEqual(['booked', 'lost', 'proposal', 'qualified', 'won']);
    const commissionStatuses = await t.db.selectFrom('commissions').select('status').distinct().execute();
    expect(commissionStatuses.map((s) => s.status).sort()).toEqual(['failed', 'paid', 'pending']);
    const materials = await t.db.selectFrom('marketingMaterials').select('id').execute();
    expect(materials.length).toBeGreaterThanOrEqual(4);
  });

  it('keeps the stored partner totals equal to the aggregates', async () => {
    // Result keys come back camelCased (CamelCasePlugin).
    const { rows } = await sql<{ id: string; mrr: string; total: string; expectedTotal: string }>`
      select p.id, p.current_mrr as mrr, p.total_lifetime_commissions as total,
        coalesce((select sum(amount) from commissions c where c.partner_id = p.id and c.status = 'paid'), 0)::numeric(10,2) as expected_total
      from partners p`.execute(t.db);
    for (const row of rows) expect(row.total).toBe(row.expectedTotal);
    expect(rows.some((r) => r.total !== '0.00')).toBe(true);
    const withMrr = rows.filter((r) => r.mrr !== '0.00');
    expect(withMrr.length).toBeGreaterThan(0);
  });

  it('shows a booking in Booked with its consultation date, and one open conflict between two partners', async () => {
    const bookings = await t.db
      .selectFrom('referrals')
      .selectAll()
      .where('referralSource', '=', 'booking')
      .where('conflictOf', 'is', null)
      .execute();
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({
      stage: 'booked',
      bookingProvider: 'calcom',
      clientCompanyName: 'Brightside Goods',
    });
    expect(bookings[0]?.consultationDate).not.toBeNull();
    const conflicts = await t.db
      .selectFrom('referrals')
      .select(['partnerId', 'conflictOf'])
      .where('conflictOf', 'is not', null)
      .execute();
    expect(conflicts).toHaveLength(1);
    const first = await t.row('referrals', conflicts[0]?.conflictOf as string);
    expect(first.partnerId).not.toBe(conflicts[0]?.partnerId);
  });

  it('keeps one Calendly booking with a mistyped code on the Unplaced bookings card', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const { items } = await t.caller(admin).admin.unplacedBookings({});
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      provider: 'calendly',
      reason: 'unknown_code',
      clientName: 'Jordan Reyes',
      clientCompanyName: 'Saltwater Candle Works',
      resolution: null,
    });
    expect(items[0]?.consultationDate).not.toBeNull();
  });

  it('puts a payment behind every fee, payable from its day, and one Stripe invoice naming no client waits to be matched', async () => {
    const unearned = await t.db
      .selectFrom('commissions')
      .select('id')
      .where('kind', '=', 'recurring')
      .where('clientPaymentId', 'is', null)
      .execute();
    expect(unearned).toEqual([]);
    // Each fee is payable from its client's payment and due 30 days after it.
    const misdated = await t.db
      .selectFrom('commissions as c')
      .innerJoin('clientPayments as p', 'p.id', 'c.clientPaymentId')
      .select('c.id')
      .where('c.kind', '=', 'recurring')
      .where(sql<boolean>`c.payable_from is distinct from p.paid_at or c.due_by is distinct from p.paid_at + 30`)
      .execute();
    expect(misdated).toEqual([]);
    const unmatched = await t.db.selectFrom('stripeEvents').selectAll().where('status', '=', 'unmatched').execute();
    expect(unmatched).toHaveLength(1);
    expect(unmatched[0]).toMatchObject({ type: 'invoice.paid', amount: '1800.00' });
    const owner = await t.db
      .selectFrom('referrals')
      .select('id')
      .where('clientEmail', '=', unmatched[0]?.customerEmail as string)
      .execute();
    expect(owner).toEqual([]);
  });

  it('pays every seeded fee within its 30 days: no payout before the client paid or after the due day, and no pending fee overdue', async () => {
    const { rows } = await sql<{ paidOn: string; payableFrom: string; dueBy: string }>`
      select (p.created_at at time zone 'UTC')::date::text as paid_on, c.payable_from::text as payable_from,
        c.due_by::text as due_by
      from commissions c join payouts p on p.id = c.payout_id`.execute(t.db);
    expect(rows.length).toBeGreaterThan(0);
    const outside = rows.filter((row) => row.paidOn < row.payableFrom || row.paidOn > row.dueBy);
    expect(outside).toEqual([]);
    const today = t.deps.now().toISOString().slice(0, 10);
    const overdue = await t.db
      .selectFrom('commissions')
      .select(['id', 'dueBy'])
      .where('status', '=', 'pending')
      .where('dueBy', '<', today)
      .execute();
    expect(overdue).toEqual([]);
    // The processor still has pending fees to offer, payable now and due later.
    const pending = await t.db.selectFrom('commissions').select('id').where('status', '=', 'pending').execute();
    expect(pending.length).toBeGreaterThan(0);
  });

  it("words each failed payment as the partner's payment method returns it: R02 for ACH, PayPal's words (no bank) for PayPal", async () => {
    const failed = await t.db
      .selectFrom('commissions as c')
      .innerJoin('partners as p', 'p.id', 'c.partnerId')
      .select(['p.companyName', 'p.paymentMethod', 'c.failureReason'])
      .where('c.status', '=', 'failed')
      .execute();
    const reasonsOf = (method: string) => failed.filter((f) => f.paymentMethod === method).map((f) => f.failureReason);
    expect(reasonsOf('ACH').length).toBeGreaterThan(0);
    for (const reason of reasonsOf('ACH')) expect(reason).toBe('Returned: R02 Account closed');
    expect(reasonsOf('PayPal').length).toBeGreaterThan(0);
    for (const reason of reasonsOf('PayPal')) {
      expect(reason).toMatch(/PayPal/);
      expect(reason).not.toMatch(/bank|beneficiary|routing/i);
    }
    for (const reason of reasonsOf('Wire')) expect(reason).toMatch(/wire/i);
    const returned = await t.db
      .selectFrom('payoutLines')
      .select(['paymentMethod', 'returnCode'])
      .where('status', '=', 'returned')
      .orderBy('paymentMethod')
      .execute();
    expect(returned).toEqual([
      { paymentMethod: 'ACH', returnCode: 'R02' },
      { paymentMethod: 'PayPal', returnCode: 'OTHER' },
    ]);
  });

  it('suspends Atlas Digital for a clause the agreement it signed contains', async () => {
    const partner = await t.db
      .selectFrom('partners')
      .select(['suspensionReason', 'agreementVersion'])
      .where('companyName', '=', 'Atlas Digital')
      .executeTakeFirstOrThrow();
    const reason = partner.suspensionReason ?? '';
    const [, number, heading] = /Section (\d+) \(([^)]+)\)/.exec(reason) ?? [];
    const section = AGREEMENTS[partner.agreementVersion]?.sections.find((s) => s.heading === `${number}. ${heading}`);
    expect(section, reason).toBeDefined();
    expect(section?.paragraphs.join(' ')).toMatch(/solicit any client of the Firm to move its accounting/);
    expect(reason).toMatch(/^Solicited a client of the Firm to move its accounting services elsewhere/);
    expect(reason).not.toMatch(/ads|brand|search/i);
    const logged = await t.db
      .selectFrom('activityLog')
      .select('details')
      .where('action', '=', 'partner.suspended')
      .executeTakeFirstOrThrow();
    expect(logged.details).toMatchObject({ reason });
  });

  it("logs each partner's application and the decision on it, as the product writes them", async () => {
    const rows = await t.db
      .selectFrom('activityLog')
      .innerJoin('partners', 'partners.id', 'activityLog.entityId')
      .select(['partners.companyName', 'partners.status', 'activityLog.action', 'activityLog.createdAt'])
      .where('activityLog.entityType', '=', 'partner')
      .orderBy('activityLog.createdAt')
      .execute();
    const historyOf = (companyName: string) => rows.filter((r) => r.companyName === companyName).map((r) => r.action);
    expect(historyOf('BrightPath Marketing')).toEqual(['partner.applied']);
    expect(historyOf('QuickFlip Deals')).toEqual(['partner.applied', 'partner.rejected']);
    expect(historyOf('Atlas Digital')).toEqual(['partner.applied', 'partner.approved', 'partner.suspended']);
    expect(historyOf('Northwind Growth Partners').slice(0, 2)).toEqual(['partner.applied', 'partner.approved']);
    expect(rows.every((r) => r.createdAt.getTime() <= Date.now())).toBe(true);
  });

  it("gives an active partner's funnel link visits in each of its six months, none in the future", async () => {
    const { rows } = await sql<{ month: string; visits: number }>`
      select to_char(v.created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as visits
      from referral_visits v join partners p on p.id = v.partner_id
      where p.company_name = 'Northwind Growth Partners' group by 1 order by 1`.execute(t.db);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.visits > 0)).toBe(true);
    const latest = await t.db
      .selectFrom('referralVisits')
      .select((eb) => eb.fn.max('createdAt').as('at'))
      .executeTakeFirstOrThrow();
    expect(new Date(latest.at).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('dates every referral in order: accepted and last changed after it came in, churned or closed before it was last changed, nothing after now', async () => {
    const now = t.deps.now().getTime();
    const rows = await t.db
      .selectFrom('referrals')
      .select(['clientCompanyName', 'createdAt', 'updatedAt', 'acceptedAt', 'closeDate', 'churnDate'])
      .execute();
    for (const row of rows) {
      const name = row.clientCompanyName;
      expect(row.updatedAt.getTime(), name).toBeGreaterThanOrEqual(row.createdAt.getTime());
      expect(row.updatedAt.getTime(), name).toBeLessThanOrEqual(now);
      if (row.acceptedAt) expect(row.acceptedAt.getTime(), name).toBeGreaterThanOrEqual(row.createdAt.getTime());
      for (const step of [row.closeDate, row.churnDate]) {
        const at = step ? new Date(step).getTime() : null;
        if (at !== null && at <= now) expect(row.updatedAt.getTime(), name).toBeGreaterThanOrEqual(at);
      }
    }
    expect(rows.some((row) => row.updatedAt.getTime() > row.createdAt.getTime())).toBe(true);
  });

  it('encrypts the demo bank numbers', async () => {
    const { rows } = await sql<{
      routing: string;
    }>`select bank_routing_number as routing from partners limit 1`.execute(t.db);
    expect(rows[0]?.routing).not.toContain('123000848');
  });

  it('adds nothing to a database that is not empty', async () => {
    const before = await t.db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(await seedDemo(t.deps)).toEqual([]);
    const after = await t.db
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('lets the demo admin sign in with the printed password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: signIns[0]!.email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
  });
});
