// The daily mail to the team of the open deals whose qualification window ends within 14 days: day 14 is
// listed and day 15 is not, a window ended yesterday or a won deal is not, nothing goes out on a day without
// such a deal, and two replicas running the daily timer at once send one mail to each administrator.

import { describe, expect, it } from 'vitest';
import { sendWindowsEndingDigest } from '../../src/services/referrals';
import { startAccrualTimer } from '../../src/workers/accrual-timer';
import { createOutboxWorker } from '../../src/workers/outbox-worker';
import { deliveredTo, mailingEnv, useTestApp, useTestSmtp } from '../support';

const smtp = useTestSmtp();
const t = useTestApp(mailingEnv(smtp));

const TODAY = '2026-11-26';

async function dealEnding(
  partnerId: string,
  name: string,
  stage: 'booked' | 'qualified' | 'proposal' | 'won',
  qualifiesBy: string,
) {
  const id = await t.createReferral(partnerId, { stage, clientCompanyName: name });
  await t.db
    .updateTable('referrals')
    .set({ qualifiesBy, acceptedAt: new Date('2026-10-01T00:00:00Z') })
    .where('id', '=', id)
    .execute();
}

const digests = () => t.outboxMails({ kind: 'windowsEnding' });

/** Runs the daily timer once, as a replica would, and waits for the run to end. */
async function dailyRun(): Promise<void> {
  let stop: (() => Promise<void>) | undefined;
  const outcome = await new Promise<{ error?: unknown }>((resolve) => {
    stop = startAccrualTimer(t.deps, { onRun: resolve });
  });
  await stop?.();
  expect(outcome.error).toBeUndefined();
}

describe('the daily mail of qualification windows ending', () => {
  it('sends nothing on a day without an open deal whose window ends within 14 days', async () => {
    t.clock.now = new Date(`${TODAY}T07:00:00Z`);
    await t.createUser({ role: 'admin' });
    const partner = await t.createPartner({ companyName: 'Quiet Partners' });
    await dealEnding(partner.partnerId, 'Far Away Co', 'booked', '2026-12-11');
    expect(await sendWindowsEndingDigest(t.db, { now: t.clock.now, mail: t.deps })).toBe(0);
    expect(await digests()).toEqual([]);
  });

  it('lists day 0 to day 14 of the open deals, once a day across two replicas, to each active administrator', async () => {
    t.clock.now = new Date(`${TODAY}T07:00:00Z`);
    const admin = await t.createUser({ role: 'admin', email: 'lead@firm.example' });
    const removed = await t.createUser({ role: 'admin' });
    await t.db.updateTable('users').set({ active: false }).where('id', '=', removed.id).execute();
    const finance = await t.createUser({ role: 'finance' });
    const partner = await t.createPartner({ companyName: 'Window Partners' });
    await dealEnding(partner.partnerId, 'Last Day Co', 'proposal', TODAY);
    await dealEnding(partner.partnerId, 'Fortnight Co', 'qualified', '2026-12-10');
    await dealEnding(partner.partnerId, 'Ended Yesterday Co', 'booked', '2026-11-25');
    await dealEnding(partner.partnerId, 'Already Won Co', 'won', '2026-11-30');

    await Promise.all([dailyRun(), dailyRun()]);
    await dailyRun();

    const rows = await digests();
    const recipients = rows.map((row) => row.recipient);
    expect(recipients).toContain(admin.email);
    expect(recipients).not.toContain(removed.email);
    expect(recipients).not.toContain(finance.email);
    expect(new Set(recipients).size).toBe(recipients.length);

    const worker = createOutboxWorker(t.deps);
    const [mail] = await deliveredTo(worker, smtp, admin.email, rows.length);
    await worker.stop();
    expect(mail?.subject).toBe('2 deals’ qualification windows end within 14 days');
    expect(mail?.text).toContain('Last Day Co (via Window Partners): ends today, the window ends on Nov 26, 2026.');
    expect(mail?.text).toContain('Fortnight Co (via Window Partners): 14 days left, the window ends on Dec 10, 2026.');
    expect(mail?.text).not.toContain('Far Away Co');
    expect(mail?.text).not.toContain('Ended Yesterday Co');
    expect(mail?.text).not.toContain('Already Won Co');
    expect(mail?.text).toContain('https://portal.example.com/admin/pipeline');
  });

  it('sends the next day’s mail on the next day', async () => {
    t.clock.now = new Date('2026-11-27T07:00:00Z');
    const before = (await digests()).length;
    await dailyRun();
    const after = await digests();
    expect(after.length).toBeGreaterThan(before);
    expect(after.at(-1)?.subject).toBe('2 deals’ qualification windows end within 14 days');
    expect(after.at(-1)?.textBody).toContain('Far Away Co (via Quiet Partners): 14 days left');
  });
});
