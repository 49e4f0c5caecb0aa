// The admin's page of one partner: its commissions, payouts and activity, each paged
// on the server. (Profile and referrals come from the partner details and the referral list.)

import { MESSAGES, type PartnerActivityEntry, type PartnerCommission, type PartnerPayoutLine } from '@portal/contracts';
import type { Db } from '@portal/db';
import { sql } from 'kysely';
import type { DbOrTx } from '../platform/activity';
import { ENTRY_NAMES } from '../platform/activity-log';
import { DomainError } from '../platform/errors';
import { toCommission } from '../platform/mappers';
import { partnerCommissions, partnerPayoutLines, toPartnerPayout } from '../money/partner-payouts';

interface PartnerPage {
  partnerId: string;
  limit: number;
  offset: number;
}

interface Page<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

/** The count of a list's rows, as `total`. */
const total = () => sql<number>`count(*)::int`.as('total');

/** Reads a page's rows and the list's count together, and answers the page with each row as `toItem` maps it. */
async function readPage<Row, Item>(
  page: PartnerPage,
  { rows, count, toItem }: { rows: Promise<Row[]>; count: Promise<{ total: number }>; toItem: (row: Row) => Item },
): Promise<Page<Item>> {
  const [found, counted] = await Promise.all([rows, count]);
  return { items: found.map((row) => toItem(row)), total: counted.total, limit: page.limit, offset: page.offset };
}

/**
 * The partner's commissions, newest month first, with each client's name. A failed fee whose payout
 * line came back carries the day it came back: it was never paid, whatever its payment date says.
 */
export async function listPartnerCommissionsPage(db: Db, page: PartnerPage): Promise<Page<PartnerCommission>> {
  return readPage(page, {
    rows: partnerCommissions(db, page.partnerId)
      .leftJoin('payoutLines as l', (join) =>
        join
          .onRef('l.payoutId', '=', 'c.payoutId')
          .onRef('l.partnerId', '=', 'c.partnerId')
          .on('l.status', '=', 'returned')
          .on('c.status', '=', 'failed'),
      )
      .select('l.resolvedAt as returnedAt')
      .orderBy('c.monthYear', 'desc')
      .orderBy('c.createdAt', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    count: db
      .selectFrom('commissions')
      .select(total())
      .where('partnerId', '=', page.partnerId)
      .executeTakeFirstOrThrow(),
    toItem: (row) => ({ ...toCommission(row), returnedAt: row.returnedAt?.toISOString() ?? null }),
  });
}

/**
 * Every payout the partner was part of, newest first: its line in each (the partner's share only) and
 * what became of it, whether its fees were paid or the line came back.
 */
export async function listPartnerPayouts(db: Db, page: PartnerPage): Promise<Page<PartnerPayoutLine>> {
  const lines = partnerPayoutLines(db, page.partnerId);
  return readPage(page, {
    rows: lines.orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    count: lines.clearSelect().select(total()).executeTakeFirstOrThrow(),
    toItem: (row) => ({ ...toPartnerPayout(row), sentAt: row.sentAt?.toISOString() ?? null }),
  });
}

/**
 * What happened to a partner, newest first: rows about the partner itself or its user, and rows
 * about its referrals, commissions and mail, which name the partner in their details.
 */
export async function listPartnerActivity(db: DbOrTx, page: PartnerPage): Promise<Page<PartnerActivityEntry>> {
  const partner = await db
    .selectFrom('partners')
    .select(['id', 'userId'])
    .where('id', '=', page.partnerId)
    .executeTakeFirst();
  if (!partner) return { items: [], total: 0, limit: page.limit, offset: page.offset };
  const about = db.selectFrom('activityLog as a').where((eb) =>
    eb.or([
      eb.and([eb('a.entityType', '=', 'partner'), eb('a.entityId', '=', partner.id)]),
      eb.and([eb('a.entityType', '=', 'user'), eb('a.entityId', '=', partner.userId)]),
      // A client's payments (a refund names the payment, not the partner), by activity_log_entity_idx.
      eb.and([
        eb('a.entityType', '=', 'client_payment'),
        eb(
          'a.entityId',
          'in',
          eb
            .selectFrom('clientPayments as cp')
            .innerJoin('referrals as r', 'r.id', 'cp.referralId')
            .select('cp.id')
            .where('r.partnerId', '=', partner.id),
        ),
      ]),
      // The expression and predicate of activity_log_partner_idx (migration 0014).
      sql<boolean>`(a.details ? 'partnerId' and a.details ->> 'partnerId' = ${partner.id})`,
    ]),
  );
  return readPage(page, {
    rows: about
      .leftJoin('users as u', 'u.id', 'a.userId')
      .leftJoin('partners as ap', 'ap.userId', 'a.userId')
      .select(['a.id', 'a.action', 'a.entityType', 'a.entityId', 'a.details', 'a.createdAt', 'u.email as actorEmail'])
      .select([sql<string | null>`coalesce(ap.contact_name, u.display_name)`.as('actorName'), ENTRY_NAMES[0]])
      .orderBy('a.createdAt', 'desc')
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    count: about.select(total()).executeTakeFirstOrThrow(),
    toItem: (row) => ({
      id: row.id,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      actorEmail: row.actorEmail,
      actorName: row.actorName,
      subject: row.subject,
      details: row.details,
      createdAt: row.createdAt.toISOString(),
    }),
  });
}

/**
 * Runs one of the lists above for a partner that must exist: an empty page of an unknown partner is
 * 404 "Partner not found", not an empty list (checked only when the page is empty, so a partner
 * with rows costs no extra query).
 */
export async function ofExistingPartner<T>(db: Db, partnerId: string, list: () => Promise<Page<T>>): Promise<Page<T>> {
  const page = await list();
  if (page.total === 0) {
    const partner = await db.selectFrom('partners').select('id').where('id', '=', partnerId).executeTakeFirst();
    if (!partner) throw DomainError.notFound(MESSAGES.partnerNotFound);
  }
  return page;
}
