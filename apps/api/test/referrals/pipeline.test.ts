// The deal pipeline's stored rules (DESIGN §4) and the partner's currentMrr, as tables.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferralStage } from '@portal/contracts';
import { sql } from 'kysely';
import { stageChange, activeInMonthSql } from '../../src/services/referrals';
import { createTestApp, type TestApp } from '../support';
import type { SessionUser } from '../../src/trpc/context';

const NOW = new Date('2026-06-15T23:30:00Z');
const EARLIER = new Date('2026-05-01T12:00:00Z');

describe('stageChange (pure rules)', () => {
  const base = {
    stage: 'booked' as ReferralStage,
    closeDate: null,
    proposalDate: null,
    contractStartDate: null,
    lostReason: null,
  };

  it.each([
    // from, patch, expected stored change
    ['booked', { stage: 'qualified' }, { stage: 'qualified', closeDate: null }],
    ['booked', { stage: 'proposal' }, { stage: 'proposal', closeDate: null, proposalDate: NOW }],
    ['booked', { stage: 'won' }, { stage: 'won', closeDate: NOW, contractStartDate: '2026-06-15' }],
    [
      'booked',
      { stage: 'won', contractStartDate: '2026-07-01' },
      { stage: 'won', closeDate: NOW, contractStartDate: '2026-07-01' },
    ],
    [
      'booked',
      { stage: 'lost', lostReason: 'Chose a competitor' },
      { stage: 'lost', closeDate: NOW, lostReason: 'Chose a competitor' },
    ],
    ['booked', { stage: 'lost' }, { stage: 'lost', closeDate: NOW }],
    ['proposal', { notes: 'Call back' }, { notes: 'Call back' }],
    ['booked', {}, {}],
  ] as const)('from %s with %j stores %j', (from, patch, expected) => {
    expect(stageChange({ ...base, stage: from }, patch, NOW)).toEqual(expected);
  });

  it('keeps an existing proposal date and contract start', () => {
    expect(stageChange({ ...base, stage: 'qualified', proposalDate: EARLIER }, { stage: 'proposal' }, NOW)).toEqual({
      stage: 'proposal',
      closeDate: null,
    });
    expect(stageChange({ ...base, contractStartDate: '2026-01-01' }, { stage: 'won' }, NOW)).toEqual({
      stage: 'won',
      closeDate: NOW,
    });
  });

  it('refills today when a won deal has its contract start cleared', () => {
    expect(
      stageChange(
        { ...base, stage: 'won', closeDate: EARLIER, contractStartDate: '2026-01-01' },
        { contractStartDate: null },
        NOW,
      ),
    ).toEqual({ contractStartDate: '2026-06-15' });
  });

  it('reopening a lost deal clears its close date and reason', () => {
    expect(
      stageChange({ ...base, stage: 'lost', closeDate: EARLIER, lostReason: 'Budget' }, { stage: 'qualified' }, NOW),
    ).toEqual({ stage: 'qualified', closeDate: null, lostReason: null });
  });

  it('leaves the close date alone when the stage does not change', () => {
    expect(
      stageChange(
        { ...base, stage: 'won', closeDate: EARLIER, contractStartDate: '2026-01-01' },
        { stage: 'won' },
        NOW,
      ),
    ).toEqual({});
  });

  it('uses the UTC day for today', () => {
    expect(stageChange(base, { stage: 'won' }, new Date('2026-06-30T23:59:59Z')).contractStartDate).toBe('2026-06-30');
    expect(stageChange(base, { stage: 'won' }, new Date('2026-07-01T00:00:00Z')).contractStartDate).toBe('2026-07-01');
  });
});

describe('stored stage changes and currentMrr', () => {
  let t: TestApp;
  let admin: SessionUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function mrrOf(partnerId: string) {
    const row = await t.row('partners', partnerId);
    return row.currentMrr;
  }

  /** The aggregate currentMrr must always equal. */
  async function aggregateMrr(partnerId: string, now: Date) {
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const { rows } = await sql<{
      total: string;
    }>`select coalesce(sum(r.monthly_value), 0)::numeric(12,2)::text as total from referrals r where r.partner_id = ${partnerId} and ${activeInMonthSql(month)}`.execute(
      t.db,
    );
    return rows[0]?.total;
  }

  it('stores won: close date now, contract start today, MRR up, one activity row with from/to', async () => {
    t.clock.now = NOW;
    const partner = await t.createPartner();
    const id = await t.createReferral(partner.partnerId, { monthlyValue: '1500.00' });
    const result = await t.caller(admin).admin.updateReferral({ id, stage: 'won' });
    expect(result).toMatchObject({ stage: 'won', closeDate: NOW.toISOString(), contractStartDate: '2026-06-15' });
    expect(await mrrOf(partner.partnerId)).toBe('1500.00');
    const log = await t.db.selectFrom('activityLog').selectAll().where('entityId', '=', id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'referral.stage_changed',
      userId: admin.id,
      details: {
        partnerId: partner.partnerId,
        before: { stage: 'booked', closeDate: null, contractStartDate: null },
        after: { stage: 'won', closeDate: NOW.toISOString(), contractStartDate: '2026-06-15' },
      },
    });
  });

  it('stores lost with its reason and the close date', async () => {
    t.clock.now = NOW;
    const partner = await t.createPartner();
    const id = await t.createReferral(partner.partnerId, { stage: 'proposal' });
    const result = await t.caller(admin).admin.updateReferral({
      id,
      stage: 'lost',
      lostReason: 'Went in-house',
    });
    expect(result).toMatchObject({ stage: 'lost', lostReason: 'Went in-house', closeDate: NOW.toISOString() });
  });

  it('sets a proposal date once', async () => {
    t.clock.now = NOW;
    const partner = await t.createPartner();
    const id = await t.createReferral(partner.partnerId, { stage: 'qualified' });
    const first = await t.caller(admin).admin.updateReferral({ id, stage: 'proposal' });
    expect(first.proposalDate).toBe(NOW.toISOString());
    t.clock.now = new Date('2026-06-20T00:00:00Z');
    await t.caller(admin).admin.updateReferral({ id, stage: 'qualified' });
    const again = await t.caller(admin).admin.updateReferral({ id, stage: 'proposal' });
    expect(again.proposalDate).toBe(NOW.toISOString());
  });

  // Each row: the deal's state before, the patch, and the partner's MRR afterwards (now = 2026-06-15).
  it.each([
    ['booked → won', { stage: 'booked' }, { stage: 'won' }, '1000.00'],
    ['won → lost', { stage: 'won', contractStartDate: '2026-01-01' }, { stage: 'lost' }, '0.00'],
    ['won → proposal', { stage: 'won', contractStartDate: '2026-01-01' }, { stage: 'proposal' }, '0.00'],
    ['won, start next month', { stage: 'booked' }, { stage: 'won', contractStartDate: '2026-07-01' }, '0.00'],
    ['won, churned last month', { stage: 'won', contractStartDate: '2026-01-01' }, { churnDate: '2026-05-31' }, '0.00'],
    [
      'won, churns this month',
      { stage: 'won', contractStartDate: '2026-01-01' },
      { churnDate: '2026-06-01' },
      '1000.00',
    ],
    [
      'won, contract ended last month',
      { stage: 'won', contractStartDate: '2026-01-01' },
      { contractEndDate: '2026-05-31' },
      '0.00',
    ],
    [
      'won, contract ends this month',
      { stage: 'won', contractStartDate: '2026-01-01' },
      { contractEndDate: '2026-06-30' },
      '1000.00',
    ],
    ['lost → won (restart)', { stage: 'lost' }, { stage: 'won' }, '1000.00'],
    ['notes only on a booked deal', { stage: 'booked' }, { notes: 'hello' }, '0.00'],
  ] as const)(
    '%s: currentMrr is the expected sum and equals the SQL aggregate',
    async (_name, before, patch, expected) => {
      t.clock.now = NOW;
      const partner = await t.createPartner();
      // A second, steady active deal proves the sum keeps the others.
      await t.createWonClient(partner.partnerId, { monthlyValue: '250.00' });
      await t.caller(admin).admin.updateReferral({
        id: await t.createWonClient(partner.partnerId, { contractStartDate: '2026-02-01', monthlyValue: '1.00' }),
        notes: 'touch',
      });
      const id = await t.createReferral(partner.partnerId, { ...before, monthlyValue: '1000.00' });
      await t.caller(admin).admin.updateReferral({ id, ...patch });
      const expectedTotal = ((Number(expected) * 100 + 25100) / 100).toFixed(2);
      expect(await mrrOf(partner.partnerId)).toBe(expectedTotal);
      expect(await mrrOf(partner.partnerId)).toBe(await aggregateMrr(partner.partnerId, NOW));
    },
  );

  it("moves only its own partner's MRR", async () => {
    t.clock.now = NOW;
    const mine = await t.createPartner();
    const theirs = await t.createPartner();
    const id = await t.createReferral(mine.partnerId, { monthlyValue: '700.00' });
    await t.caller(admin).admin.updateReferral({ id, stage: 'won' });
    expect(await mrrOf(mine.partnerId)).toBe('700.00');
    expect(await mrrOf(theirs.partnerId)).toBe('0.00');
  });

  it('rolls back the whole change when it is refused', async () => {
    t.clock.now = NOW;
    const partner = await t.createPartner();
    const id = await t.createReferral(partner.partnerId, { monthlyValue: '700.00' });
    await expect(
      t.caller(admin).admin.updateReferral({
        id,
        stage: 'won',
        contractStartDate: '2026-06-10',
        contractEndDate: '2026-06-01',
      }),
    ).rejects.toThrow();
    const row = await t.row('referrals', id);
    expect(row).toMatchObject({ stage: 'booked', closeDate: null });
    const log = await t.db.selectFrom('activityLog').selectAll().where('entityId', '=', id).execute();
    expect(log).toHaveLength(0);
  });

  it('walks a deal through every stage, each change stored and seen by the partner', async () => {
    t.clock.now = NOW;
    const partner = await t.createPartner();
    const created = await t.caller(partner.user).partner.createReferral({
      clientCompanyName: 'Journey Co',
      monthlyValue: '900',
    });
    for (const stage of ['qualified', 'proposal', 'won', 'lost', 'booked'] as const) {
      await t.caller(admin).admin.updateReferral({ id: created.id, stage });
      const seen = await t.caller(partner.user).partner.referrals();
      expect(seen.find((r) => r.id === created.id)?.stage).toBe(stage);
    }
    const log = await t.db.selectFrom('activityLog').select('action').where('entityId', '=', created.id).execute();
    expect(log).toHaveLength(6);
  });
});
