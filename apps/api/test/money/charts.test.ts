// Charts: GET /api/partners/earnings-by-month and GET /api/admin/trends answer one row
// per UTC month (zeros included), with money summed exactly and only the caller's own data.

import { normaliseMoney } from '@portal/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeInMonth } from '../../src/services/referrals';
import { programTrends } from '../../src/services/money';
import { useTestApp } from '../support';

const t = useTestApp();
beforeAll(async () => {
  t.clock.now = new Date('2026-09-10T12:00:00Z');
});

const MONTHS_TO_SEPTEMBER = [
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
];

async function setReferral(id: string, values: { createdAt?: Date; closeDate?: Date }) {
  await t.db.updateTable('referrals').set(values).where('id', '=', id).execute();
}

describe('GET /api/admin/trends', () => {
  it('answers twelve rows of zeros when nothing happened', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const res = await t.request(admin, 'GET', '/api/admin/trends?months=12');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      months: MONTHS_TO_SEPTEMBER.map((month) => ({
        month,
        commissionsPaid: '0.00',
        newReferrals: 0,
        dealsWon: 0,
        referralMrr: '0.00',
      })),
    });
  });

  it('sums paid commissions by payment date, counts new referrals and won deals, and the MRR of active referrals, across UTC month boundaries', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const { partnerId } = await t.createPartner();
    const old = new Date('2024-01-01T00:00:00Z');
    // Active Jul–Sep (started mid-July).
    const a = await t.createWonClient(partnerId, { monthlyValue: '1000.00', contractStartDate: '2026-07-15' });
    // Active Jan–Aug (churned on the last day of August).
    const b = await t.createWonClient(partnerId, {
      monthlyValue: '250.50',
      contractStartDate: '2026-01-01',
      churnDate: '2026-08-31',
    });
    // Active Dec–Jun (contract ended on the last day of June).
    const c = await t.createWonClient(partnerId, {
      monthlyValue: '99.99',
      contractStartDate: '2025-12-01',
      contractEndDate: '2026-06-30',
    });
    const notWon = await t.createReferral(partnerId, {
      stage: 'proposal',
      monthlyValue: '777.00',
      contractStartDate: '2026-01-01',
    });
    const startsLater = await t.createWonClient(partnerId, { monthlyValue: '555.00', contractStartDate: '2026-10-01' });
    const lost = await t.createReferral(partnerId, { stage: 'lost', monthlyValue: '10.00' });

    await setReferral(a, {
      createdAt: new Date('2026-06-30T23:59:59.999Z'),
      closeDate: new Date('2026-07-15T10:00:00Z'),
    });
    await setReferral(b, {
      createdAt: new Date('2026-07-01T00:00:00Z'),
      closeDate: new Date('2025-12-31T23:59:59.999Z'),
    });
    await setReferral(c, { createdAt: new Date('2025-10-01T00:00:00Z'), closeDate: new Date('2025-11-30T12:00:00Z') });
    await setReferral(notWon, { createdAt: new Date('2025-09-30T23:59:59.999Z') });
    await setReferral(startsLater, { createdAt: old, closeDate: new Date('2026-09-30T23:59:59.999Z') });
    await setReferral(lost, { createdAt: old, closeDate: new Date('2026-08-16T00:00:00Z') });

    const commissions = [
      {
        referralId: a,
        monthYear: '2026-07',
        amount: '10.10',
        status: 'paid',
        paidAt: new Date('2026-07-31T23:59:59.999Z'),
      },
      {
        referralId: a,
        monthYear: '2026-08',
        amount: '20.20',
        status: 'paid',
        paidAt: new Date('2026-08-01T00:00:00Z'),
      },
      { referralId: b, monthYear: '2026-07', amount: '0.05', status: 'paid', paidAt: new Date('2026-08-15T08:00:00Z') },
      {
        referralId: b,
        monthYear: '2025-09',
        amount: '5.00',
        status: 'paid',
        paidAt: new Date('2025-09-30T23:59:59.999Z'),
      },
      { referralId: c, monthYear: '2026-08', amount: '99.00', status: 'pending' },
      { referralId: c, monthYear: '2026-05', amount: '88.00', status: 'failed' },
    ] as const;
    for (const commission of commissions) await t.createCommission({ partnerId, ...commission });

    const res = await t.request(admin, 'GET', '/api/admin/trends?months=12');
    expect(res.statusCode).toBe(200);
    const zero = { commissionsPaid: '0.00', newReferrals: 0, dealsWon: 0, referralMrr: '0.00' };
    expect(res.json().months).toEqual([
      { month: '2025-10', ...zero, newReferrals: 1 },
      { month: '2025-11', ...zero, dealsWon: 1 },
      { month: '2025-12', ...zero, dealsWon: 1, referralMrr: '99.99' },
      { month: '2026-01', ...zero, referralMrr: '350.49' },
      { month: '2026-02', ...zero, referralMrr: '350.49' },
      { month: '2026-03', ...zero, referralMrr: '350.49' },
      { month: '2026-04', ...zero, referralMrr: '350.49' },
      { month: '2026-05', ...zero, referralMrr: '350.49' },
      { month: '2026-06', ...zero, newReferrals: 1, referralMrr: '350.49' },
      { month: '2026-07', commissionsPaid: '10.10', newReferrals: 1, dealsWon: 1, referralMrr: '1250.50' },
      { month: '2026-08', commissionsPaid: '20.25', newReferrals: 0, dealsWon: 0, referralMrr: '1250.50' },
      { month: '2026-09', ...zero, dealsWon: 1, referralMrr: '1000.00' },
    ]);

    const short = await t.request(admin, 'GET', '/api/admin/trends?months=2');
    expect(short.json().months.map((row: { month: string }) => row.month)).toEqual(['2026-08', '2026-09']);
  });
});

describe('referral MRR per month', () => {
  it('equals the sum of monthly values of the referrals the one active rule (activeInMonth) counts, month by month', async () => {
    const { partnerId } = await t.createPartner();
    // A small deterministic generator: dates on both sides of the range and of month boundaries,
    // stops before starts, missing starts, other stages.
    let seed = 18;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor(seed / 65536) % n;
    };
    const day = () => {
      const date = new Date(Date.UTC(2024, 6 + next(36), 1 + next(31)));
      return date.toISOString().slice(0, 10);
    };
    const maybe = () => (next(3) === 0 ? null : day());
    for (let i = 0; i < 80; i++) {
      await t.createReferral(partnerId, {
        stage: next(5) === 0 ? 'lost' : 'won',
        monthlyValue: `${next(5000)}.${String(next(100)).padStart(2, '0')}`,
        contractStartDate: next(8) === 0 ? null : day(),
        churnDate: maybe(),
        contractEndDate: maybe(),
      });
    }
    const trends = await programTrends(t.db, { now: t.clock.now, months: 24 });
    for (const row of trends.months) {
      const { total } = await t.db
        .selectFrom('referrals')
        .where(activeInMonth(row.month))
        .select(sql<string>`round(coalesce(sum(referrals.monthly_value), 0), 2)::text`.as('total'))
        .executeTakeFirstOrThrow();
      expect(row.referralMrr, row.month).toBe(normaliseMoney(total));
    }
  });
});

describe('GET /api/partners/earnings-by-month', () => {
  it('answers zero rows and zero stage counts for a new partner', async () => {
    const partner = await t.createPartner();
    const res = await t.request(partner.user, 'GET', '/api/partners/earnings-by-month');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      months: MONTHS_TO_SEPTEMBER.map((month) => ({ month, paid: '0.00', pending: '0.00' })),
      referralsByStage: ['booked', 'qualified', 'proposal', 'won', 'lost'].map((stage) => ({ stage, count: 0 })),
    });
  });

  it("splits the partner's own commissions of each month into paid and pending, leaves failed ones out, and counts referrals per stage", async () => {
    const partner = await t.createPartner();
    const stranger = await t.createPartner();
    const r1 = await t.createWonClient(partner.partnerId, { contractStartDate: '2025-01-01' });
    const r2 = await t.createWonClient(partner.partnerId, { contractStartDate: '2025-01-01' });
    const r3 = await t.createWonClient(partner.partnerId, { contractStartDate: '2025-01-01' });
    await t.createReferral(partner.partnerId, { stage: 'booked' });
    await t.createReferral(partner.partnerId, { stage: 'booked' });
    await t.createReferral(partner.partnerId, { stage: 'lost' });
    const theirs = await t.createWonClient(stranger.partnerId, { contractStartDate: '2025-01-01' });

    const mine = [
      { referralId: r1, monthYear: '2026-07', amount: '100.10', status: 'paid' },
      { referralId: r2, monthYear: '2026-07', amount: '0.20', status: 'paid' },
      { referralId: r3, monthYear: '2026-07', amount: '50.00', status: 'pending' },
      { referralId: r1, monthYear: '2026-08', amount: '30.00', status: 'failed' },
      { referralId: r2, monthYear: '2026-09', amount: '100.00', status: 'pending' },
      { referralId: r1, monthYear: '2025-10', amount: '0.01', status: 'paid' },
      { referralId: r1, monthYear: '2025-09', amount: '70.00', status: 'paid' }, // before the range
    ] as const;
    for (const commission of mine) await t.createCommission({ partnerId: partner.partnerId, ...commission });
    for (const [monthYear, status] of [
      ['2026-07', 'paid'],
      ['2026-09', 'pending'],
    ] as const)
      await t.createCommission({
        partnerId: stranger.partnerId,
        referralId: theirs,
        monthYear,
        amount: '999.00',
        status,
      });

    const res = await t.request(partner.user, 'GET', '/api/partners/earnings-by-month?months=12');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected: Record<string, { paid: string; pending: string }> = {
      '2025-10': { paid: '0.01', pending: '0.00' },
      '2026-07': { paid: '100.30', pending: '50.00' },
      '2026-09': { paid: '0.00', pending: '100.00' },
    };
    expect(body.months).toEqual(
      MONTHS_TO_SEPTEMBER.map((month) => ({ month, ...(expected[month] ?? { paid: '0.00', pending: '0.00' }) })),
    );
    expect(body.referralsByStage).toEqual([
      { stage: 'booked', count: 2 },
      { stage: 'qualified', count: 0 },
      { stage: 'proposal', count: 0 },
      { stage: 'won', count: 3 },
      { stage: 'lost', count: 1 },
    ]);

    const strangerView = await t.request(stranger.user, 'GET', '/api/partners/earnings-by-month?months=3');
    expect(strangerView.json().months).toEqual([
      { month: '2026-07', paid: '999.00', pending: '0.00' },
      { month: '2026-08', paid: '0.00', pending: '0.00' },
      { month: '2026-09', paid: '0.00', pending: '999.00' },
    ]);
  });

  it('counts a month from its first day to its last in UTC whatever the hour of the request', async () => {
    const partner = await t.createPartner();
    await t.createWonCommission({
      partnerId: partner.partnerId,
      monthYear: '2026-12',
      amount: '12.34',
      status: 'pending',
    });
    t.clock.now = new Date('2026-12-31T23:59:59.999Z');
    const lastInstant = await t.request(partner.user, 'GET', '/api/partners/earnings-by-month?months=1');
    expect(lastInstant.json().months).toEqual([{ month: '2026-12', paid: '0.00', pending: '12.34' }]);
    t.clock.now = new Date('2027-01-01T00:00:00Z');
    const nextYear = await t.request(partner.user, 'GET', '/api/partners/earnings-by-month?months=2');
    expect(nextYear.json().months).toEqual([
      { month: '2026-12', paid: '0.00', pending: '12.34' },
      { month: '2027-01', paid: '0.00', pending: '0.00' },
    ]);
    t.clock.now = new Date('2026-09-10T12:00:00Z');
  });
});

describe('OpenAPI', () => {
  it('documents both chart paths with their months parameter (1 to 24, default 12)', async () => {
    const document = await t.openApiDocument();
    for (const path of ['/api/partners/earnings-by-month', '/api/admin/trends']) {
      const operation = document.paths[path]?.get;
      expect(operation, path).toBeDefined();
      expect(operation.parameters).toContainEqual({
        name: 'months',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ minimum: 1, maximum: 24, default: 12 }),
      });
      expect(operation.responses['200'].content['application/json'].schema.properties.months.type).toBe('array');
    }
  });
});
