// Payouts are real: selected pending commissions become paid in one transaction, guarded by an
// idempotency key. A repeat of the same key and body replays the stored answer; a commission
// that is no longer pending is never paid again.

import { createHash, randomInt } from 'node:crypto';
import { COMMISSION_MESSAGES, type Commission, type PendingCommissionsPage, type Payout } from '@portal/contracts';
import type { Db, PayoutRow } from '@portal/db';
import { DomainError } from './errors';
import { sql } from 'kysely';
import { logActivity } from './activity';
import { afterCursor, keysetBatches, keysetKey, type KeysetOrder } from './keyset';
import { notifyPayoutFailed, notifyPayoutSent, type MailDeps } from './notifications/notify';
import { toCommission } from './mappers';
import { refreshPartnerTotals } from './partner-totals';
import { refuseMissingTaxProfiles } from './tax-profiles';

export interface PayoutRequest {
  commissionIds: readonly string[];
  idempotencyKey: string;
}

export interface PayoutOutcome {
  payout: Payout;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}

/** sha-256 of the sorted, distinct commission ids: the identity of a payout request's body. */
export function payoutRequestHash(commissionIds: readonly string[]): string {
  const ids = [...new Set(commissionIds.map((id) => id.toLowerCase()))].sort();
  return createHash('sha256').update(ids.join(',')).digest('hex');
}

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "PO-20261122-7K2Q9X": the payout's date and a readable random part. */
export function payoutReference(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `PO-${day}-${suffix}`;
}

export function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    reference: row.reference,
    total: row.total,
    commissionCount: row.commissionCount,
    partnerCount: row.partnerCount,
    paidAt: row.createdAt.toISOString(),
  };
}

export async function processPayout(db: Db, request: PayoutRequest, actorId: string, now: Date, mail: MailDeps): Promise<PayoutOutcome> {
  const ids = [...new Set(request.commissionIds.map((id) => id.toLowerCase()))].sort();
  const requestHash = payoutRequestHash(ids);

  return db.transaction().execute(async (trx) => {
    // Requests with the same key queue here, so the second one sees the first one's answer.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`payout:${request.idempotencyKey}`}, 0))`.execute(trx);

    const earlier = await trx.selectFrom('payouts').selectAll().where('idempotencyKey', '=', request.idempotencyKey).executeTakeFirst();
    if (earlier) {
      if (earlier.requestHash !== requestHash) throw DomainError.unprocessable(COMMISSION_MESSAGES.idempotencyKeyReused);
      return { payout: toPayout(earlier), replayed: true };
    }

    // Locked in id order so two payouts over overlapping sets cannot deadlock.
    const locked = await trx
      .selectFrom('commissions')
      .select(['id', 'status', 'partnerId'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
    const byId = new Map(locked.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) throw DomainError.notFound(COMMISSION_MESSAGES.commissionNotFound(id));
      if (row.status !== 'pending') throw DomainError.conflict(COMMISSION_MESSAGES.commissionNotPending(id, row.status));
    }
    const partnerIds = [...new Set(locked.map((row) => row.partnerId))];
    // Issue 17 (tax profiles): with REQUIRE_TAX_PROFILE_FOR_PAYOUT, a partner past the 1099 threshold without one is refused.
    await refuseMissingTaxProfiles(trx, mail.config, now, partnerIds, ids);

    const reference = payoutReference(now);
    const { total } = await trx
      .selectFrom('commissions')
      .select(sql<string>`coalesce(sum(amount), 0)::numeric(12, 2)::text`.as('total'))
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    const payout = await trx
      .insertInto('payouts')
      .values({
        idempotencyKey: request.idempotencyKey,
        requestHash,
        reference,
        createdBy: actorId,
        total,
        commissionCount: ids.length,
        partnerCount: partnerIds.length,
        createdAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

    // Each commission is paid by its own partner's payment method.
    await sql`
      update commissions c set
        status = 'paid', payment_date = ${now}, payment_method = p.payment_method,
        payment_reference = ${reference}, payout_id = ${payout.id}, failure_reason = null, updated_at = ${now}
      from partners p
      where p.id = c.partner_id and c.id in (${sql.join(ids)}) and c.status = 'pending'
    `.execute(trx);

    await refreshPartnerTotals(trx, partnerIds, now);
    await logActivity(trx, {
      userId: actorId,
      action: 'payout.processed',
      entityType: 'payout',
      entityId: payout.id,
      details: { reference, total: payout.total, commissionIds: ids, partnerIds },
    });
    await notifyPayoutSent(trx, mail, now, payout);
    return { payout: toPayout(payout), replayed: false };
  });
}

export async function failCommission(db: Db, id: string, reason: string, actorId: string, now: Date, mail: MailDeps): Promise<Commission> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('commissions').select(['id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) throw DomainError.notFound(COMMISSION_MESSAGES.commissionNotFound(id));
    if (current.status !== 'pending') throw DomainError.conflict(COMMISSION_MESSAGES.commissionNotFailable(id, current.status));
    const row = await trx
      .updateTable('commissions')
      .set({ status: 'failed', failureReason: reason, updatedAt: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logActivity(trx, { userId: actorId, action: 'commission.failed', entityType: 'commission', entityId: id, details: { reason, amount: row.amount, monthYear: row.monthYear } });
    await notifyPayoutFailed(trx, mail, now, { partnerId: row.partnerId, amount: row.amount, monthYear: row.monthYear, reason });
    return toCommission(row);
  });
}

const pendingCommissions = (db: Db) =>
  db
    .selectFrom('commissions as c')
    .innerJoin('partners as p', 'p.id', 'c.partnerId')
    .innerJoin('referrals as r', 'r.id', 'c.referralId')
    .select(['c.id', 'c.amount', 'c.monthYear', 'c.referralId', 'c.partnerId', 'p.companyName as partnerCompanyName', 'r.clientCompanyName'])
    .where('c.status', '=', 'pending');

const PENDING_ORDER: KeysetOrder = { key: sql`c.created_at`, type: 'timestamptz', id: sql`c.id`, direction: 'asc' };

export async function listPendingCommissions(db: Db, page: { limit: number; offset: number }): Promise<PendingCommissionsPage> {
  const [items, summary] = await Promise.all([
    pendingCommissions(db)
      .orderBy('c.createdAt')
      .orderBy('c.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('commissions')
      .select([sql<number>`count(*)::int`.as('total'), sql<string>`coalesce(sum(amount), 0)::numeric(14, 2)::text`.as('totalAmount')])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(summary.total), totalAmount: summary.totalAmount, limit: page.limit, offset: page.offset };
}

/** Every pending commission, oldest first, batch by batch (the REST list without `limit`). */
export async function* streamPendingCommissions(db: Db, batchSize?: number): AsyncGenerator<PendingCommissionsPage['items']> {
  const batches = keysetBatches((cursor, size) => {
    let batch = pendingCommissions(db).select(keysetKey(PENDING_ORDER));
    if (cursor) batch = batch.where(afterCursor(PENDING_ORDER, cursor));
    return batch.orderBy('c.createdAt').orderBy('c.id').limit(size).execute();
  }, batchSize);
  for await (const rows of batches) yield rows.map(({ keysetKey: _cursor, ...item }) => item);
}

export async function listPayouts(db: Db, limit: number): Promise<Payout[]> {
  const rows = await db.selectFrom('payouts').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toPayout);
}

/** A partner's own commissions, newest month first, with the client's name. */
export async function listPartnerCommissions(db: Db, partnerId: string): Promise<Commission[]> {
  const rows = await db
    .selectFrom('commissions as c')
    .innerJoin('referrals as r', 'r.id', 'c.referralId')
    .selectAll('c')
    .select('r.clientCompanyName')
    .where('c.partnerId', '=', partnerId)
    .orderBy('c.monthYear', 'desc')
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map(toCommission);
}
