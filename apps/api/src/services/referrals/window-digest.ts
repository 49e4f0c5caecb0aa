// The daily mail to the team listing the open deals whose qualification window ends within 14 days
// (WINDOW_WARNING_DAYS): client, partner, days left and the window's last day. It is sent once a day
// however many replicas run the daily timer: the day's run holds an advisory lock named after the day and
// sends only when no digest of that day is in the outbox yet (the accrual's claim). A day without such a
// deal sends nothing.

import { WINDOW_WARNING_DAYS, addDays, formatDate, todayIsoDate, windowDaysLeft } from '@portal/contracts';
import type { Db } from '@portal/db';
import { sql } from 'kysely';
import { notifyWindowsEnding, type MailDeps } from '../notifications/notify';

const OPEN_STAGES = ['booked', 'qualified', 'proposal'] as const;

/** Enqueues the day's digest to every active administrator; answers how many deals it lists (0: none sent). */
export async function sendWindowsEndingDigest(db: Db, options: { now: Date; mail: MailDeps }): Promise<number> {
  const { now } = options;
  const today = todayIsoDate(now);
  const startOfDay = new Date(`${today}T00:00:00.000Z`);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`windows-ending:${today}`}, 0))`.execute(trx);
    const sentToday = await trx
      .selectFrom('emailOutbox')
      .select('id')
      .where('kind', '=', 'windowsEnding')
      .where('createdAt', '>=', startOfDay)
      .where('resentFrom', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (sentToday) return 0;
    const deals = await trx
      .selectFrom('referrals')
      .innerJoin('partners', 'partners.id', 'referrals.partnerId')
      .select(['referrals.clientCompanyName', 'referrals.qualifiesBy', 'partners.companyName'])
      .where('referrals.stage', 'in', OPEN_STAGES)
      .where('referrals.qualifiesBy', '>=', today)
      .where('referrals.qualifiesBy', '<=', addDays(today, WINDOW_WARNING_DAYS))
      .orderBy('referrals.qualifiesBy')
      .orderBy('referrals.clientCompanyName')
      .execute();
    if (deals.length === 0) return 0;
    await notifyWindowsEnding(trx, {
      mail: options.mail,
      now,
      deals: deals.map((deal) => ({
        client: deal.clientCompanyName,
        partner: deal.companyName,
        daysLeft: windowDaysLeft(deal.qualifiesBy ?? today, now),
        windowEnds: formatDate(deal.qualifiesBy),
      })),
    });
    return deals.length;
  });
}
