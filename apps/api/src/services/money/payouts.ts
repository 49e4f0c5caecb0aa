// Payouts are real: selected pending commissions become paid in one transaction, guarded by an
// idempotency key. A repeat of the same key and body replays the stored answer; a commission
// that is no longer pending is never paid again. Payouts are net per partner: the
// selected rows of one partner, clawbacks included, are paid together, and a partner whose
// selection nets to zero or less is refused by name, with nothing paid. The selection is either
// a list of ids or a filter ("Select all N matching"), resolved here on the server.

import { createHash, randomInt } from 'node:crypto';
import {
  COMMISSION_MESSAGES,
  PAYMENT_METHODS,
  fromCents,
  sumMoney,
  toCents,
  type Commission,
  type PendingCommissionsPage,
  type OffsetPage,
  type Payout,
  type PendingFilter,
  type PayoutPreview,
  type PayoutPreviewInput,
  type PaymentMethod,
  type PayoutWaitReason,
} from '@portal/contracts';
import type { Db, PayoutRow } from '@portal/db';
import { DomainError } from '../platform/errors';
import { inTransaction } from '../platform/idempotency';
import { sql, type Expression, type SqlBool } from 'kysely';
import { logActivity, type DbOrTx } from '../platform/activity';
import { enqueueWebhookEvent } from '../integrations/webhooks';
import { mappedBatches, type KeysetOrder } from '../platform/keyset';
import { notifyPayoutFailed, type MailDeps } from '../notifications/notify';
import { toCommission } from '../platform/mappers';
import { refreshPartnerTotals } from '../partners/partner-totals';
import { lockCommission, type CommissionChange } from './adjustments';
import type { AppConfig } from '../../config';
import { getProgramSettings } from '../platform/program-settings';
import { partnerCommissions } from './partner-payouts';
import { insertPayoutLines, payoutMethodTotals, type PayoutLineTotals } from './payout-lines';
import { proposedPayoutDate } from './business-days';
import { pendingPartnersMissingTaxProfile, refuseMissingTaxProfiles, withTaxProfileMarks } from './tax-profiles';

export interface PayoutRequest {
  /** The chosen commissions; or else `matching`. */
  commissionIds?: readonly string[] | undefined;
  /** Every pending commission this filter matches when the payout runs. */
  matching?: PendingFilter | undefined;
  idempotencyKey: string;
}

export interface PayoutOutcome {
  payout: Payout;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * sha-256 of the request body: the sorted, distinct commission ids, or the filter. The identity
 * of a payout request under its idempotency key.
 */
export function payoutRequestHash(
  selection: readonly string[] | Pick<PayoutRequest, 'commissionIds' | 'matching'>,
): string {
  const request = Array.isArray(selection)
    ? { commissionIds: selection as readonly string[] }
    : (selection as Pick<PayoutRequest, 'commissionIds' | 'matching'>);
  if (request.matching) {
    return createHash('sha256')
      .update(
        `matching:${request.matching.partnerId?.toLowerCase() ?? ''}|${request.matching.month ?? ''}${request.matching.dueBy ? `|${request.matching.dueBy}` : ''}`,
      )
      .digest('hex');
  }
  const ids = [...new Set((request.commissionIds ?? []).map((id) => id.toLowerCase()))].sort();
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

/** `c.id = any(ids)`: one array parameter however many rows a filter selected. */
const idIn = (ids: readonly string[]): Expression<SqlBool> => sql<SqlBool>`c.id = any(${sql.val(ids)}::uuid[])`;

/** Locks the rows of the request in id order (two payouts over overlapping sets cannot deadlock) and checks each is pending. */
async function lockSelection(
  trx: DbOrTx,
  request: PayoutRequest,
  today: string,
): Promise<{ id: string; partnerId: string }[]> {
  if (request.matching) {
    const rows = await pendingFiltered(trx, request.matching, today)
      .select(['c.id', 'c.partnerId'])
      .orderBy('c.id')
      .forUpdate('c')
      .execute();
    if (rows.length === 0) throw DomainError.unprocessable(COMMISSION_MESSAGES.nothingMatches);
    return rows;
  }
  const ids = [...new Set((request.commissionIds ?? []).map((id) => id.toLowerCase()))].sort();
  return checkPending(trx, ids, { lock: true });
}

/** The chosen commissions, each found and pending (404 / 409 naming it otherwise); locked for a payout. */
async function checkPending(
  db: DbOrTx,
  ids: readonly string[],
  { lock = false }: { lock?: boolean } = {},
): Promise<{ id: string; partnerId: string }[]> {
  if (ids.length === 0) throw DomainError.invalid('Select at least one commission');
  const query = db
    .selectFrom('commissions as c')
    .select(['c.id', 'c.status', 'c.partnerId'])
    .where(idIn(ids))
    .orderBy('c.id');
  const locked = await (lock ? query.forUpdate() : query).execute();
  const byId = new Map(locked.map((row) => [row.id, row]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) throw DomainError.notFound(COMMISSION_MESSAGES.commissionNotFound(id));
    if (row.status !== 'pending') throw DomainError.conflict(COMMISSION_MESSAGES.commissionNotPending(id, row.status));
  }
  return locked;
}

/** Whether the partner has what its payment method pays to: a PayPal email, or a routing and an account number. */
const paymentDetailsOnFile = sql<boolean>`case when p.payment_method = 'PayPal' then p.paypal_email is not null
  else p.bank_routing_number is not null and p.bank_account_number is not null end`.as('detailsOnFile');

/**
 * Whether a payment to the partner failed and is not settled: a fee of theirs is failed (its payout line came
 * back, or it was marked failed). Such a fee turns pending again when the partner changes their payment
 * details or an admin retries it; until then another payment would go to the same details.
 */
const failedPaymentOpen = sql<boolean>`exists (select 1 from commissions f
  where f.partner_id = p.id and f.status = 'failed')`.as('failedPayment');

/** Each partner's net of a selection of commissions (`c`), with its payment method and whether it can be paid. */
const netsOf = (selection: CommissionSelection) =>
  selection
    .innerJoin('partners as p', 'p.id', 'c.partnerId')
    .select([
      'c.partnerId',
      'p.companyName',
      'p.paymentMethod',
      sql<string>`sum(c.amount)::numeric(14, 2)::text`.as('net'),
      paymentDetailsOnFile,
      failedPaymentOpen,
    ])
    .groupBy(['c.partnerId', 'p.id'])
    .orderBy('p.companyName');

/** Each partner's net of the selection. */
async function netPerPartner(trx: DbOrTx, ids: readonly string[]): Promise<PartnerNet[]> {
  return netsOf(trx.selectFrom('commissions as c').where(idIn(ids))).execute();
}

interface PartnerNet {
  partnerId: string;
  companyName: string;
  paymentMethod: PaymentMethod;
  net: string;
  detailsOnFile: boolean;
  failedPayment: boolean;
}

/**
 * Who a payout pays, and whether it may run. When a filter chose the fees ("Pay all due", "Select all N
 * matching"), the partners it cannot pay wait with their fees pending, each with its reason: no payment
 * details on file (the fees would be booked paid with nothing to send them to), a failed payment not
 * settled yet (the money would go to the same details that sent the last payment back), open clawbacks that
 * outweigh the fees (a net of zero or less), a net below the minimum payout. A hand-made selection is
 * refused by name for any of them, since the admin chose those lines. A payout that leaves nobody to pay
 * is refused. A partner paid by ACH refuses it while the server has no ACH originator settings: the fees
 * would be booked paid with no bank file that could ever pay them.
 */
function partnersToPay<T extends PartnerNet>(
  selected: readonly T[],
  { minimumPayout, matching, achReady }: { minimumPayout: string; matching: boolean; achReady: boolean },
): { paid: T[]; waiting: (T & { reason: PayoutWaitReason })[]; refusal: string | null } {
  const byAch = achReady ? [] : selected.filter((row) => row.paymentMethod === 'ACH');
  if (byAch.length > 0) return { paid: [], waiting: [], refusal: COMMISSION_MESSAGES.achNotReady(byAch) };
  const waiting = selected.flatMap((row) => {
    const reason = waitReason(row, minimumPayout);
    return reason ? [{ ...row, reason }] : [];
  });
  if (waiting.length > 0 && !matching) {
    const missing = waiting.filter((row) => row.reason === 'noPaymentDetails');
    const failed = waiting.filter((row) => row.reason === 'paymentFailed');
    const refused = waiting.filter((row) => row.reason === 'netNotPositive');
    const refusal =
      missing.length > 0
        ? COMMISSION_MESSAGES.paymentDetailsMissing(missing)
        : failed.length > 0
          ? COMMISSION_MESSAGES.paymentFailedWaiting(failed)
          : refused.length > 0
            ? COMMISSION_MESSAGES.netNotPositive(refused)
            : COMMISSION_MESSAGES.belowMinimum(waiting, minimumPayout);
    return { paid: [], waiting, refusal };
  }
  const waitingIds = new Set(waiting.map((row) => row.partnerId));
  const paid = selected.filter((row) => !waitingIds.has(row.partnerId));
  if (paid.length === 0) return { paid, waiting, refusal: COMMISSION_MESSAGES.nothingPayable(waiting, minimumPayout) };
  return { paid, waiting, refusal: null };
}

function waitReason(row: PartnerNet, minimumPayout: string): PayoutWaitReason | null {
  if (!row.detailsOnFile) return 'noPaymentDetails';
  if (row.failedPayment) return 'paymentFailed';
  if (toCents(row.net) <= 0) return 'netNotPositive';
  if (toCents(row.net) < toCents(minimumPayout)) return 'belowMinimum';
  return null;
}

export interface ProcessPayoutOptions {
  request: PayoutRequest;
  actorId: string;
  now: Date;
  mail: MailDeps;
}

export async function processPayout(
  db: Db,
  { request, actorId, now, mail }: ProcessPayoutOptions,
): Promise<PayoutOutcome> {
  const requestHash = payoutRequestHash(request);

  return db.transaction().execute(async (trx) => {
    // Requests with the same key queue here, so the second one sees the first one's answer.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`payout:${request.idempotencyKey}`}, 0))`.execute(trx);

    const earlier = await trx
      .selectFrom('payouts')
      .selectAll()
      .where('idempotencyKey', '=', request.idempotencyKey)
      .executeTakeFirst();
    if (earlier) {
      if (earlier.requestHash !== requestHash)
        throw DomainError.unprocessable(COMMISSION_MESSAGES.idempotencyKeyReused);
      return { payout: await withMethodTotals(trx, earlier), replayed: true };
    }

    const locked = await lockSelection(trx, request, todayOf(now));
    const selected = await netPerPartner(
      trx,
      locked.map((row) => row.id),
    );
    const { minimumPayout } = await getProgramSettings(trx);
    const {
      paid: nets,
      waiting,
      refusal,
    } = partnersToPay(selected, {
      minimumPayout,
      matching: request.matching !== undefined,
      achReady: mail.config.ach !== undefined,
    });
    if (refusal) throw DomainError.unprocessable(refusal);
    const waitingIds = new Set(waiting.map((row) => row.partnerId));
    const ids = locked.filter((row) => !waitingIds.has(row.partnerId)).map((row) => row.id);
    const partnerIds = nets.map((row) => row.partnerId);
    // Tax profiles: with REQUIRE_TAX_PROFILE_FOR_PAYOUT, a partner past the 1099 threshold without one is refused.
    await refuseMissingTaxProfiles(trx, { config: mail.config, now, partnerIds, commissionIds: ids });

    const reference = payoutReference(now);
    const { total } = await trx
      .selectFrom('commissions as c')
      .select(sql<string>`coalesce(sum(c.amount), 0)::numeric(12, 2)::text`.as('total'))
      .where(idIn(ids))
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
      where p.id = c.partner_id and ${idIn(ids)} and c.status = 'pending'
    `.execute(trx);
    await insertPayoutLines(trx, payout.id);

    await refreshPartnerTotals(trx, { partnerIds, now });
    await logActivity(trx, {
      userId: actorId,
      action: 'payout.processed',
      entityType: 'payout',
      entityId: payout.id,
      details: {
        reference,
        total: payout.total,
        ...(request.matching ? { matching: request.matching, commissionCount: ids.length } : { commissionIds: ids }),
        partners: nets.map((row) => ({ partnerId: row.partnerId, net: row.net })),
      },
    });
    await enqueueWebhookEvent(trx, {
      type: 'payout.paid',
      data: {
        id: payout.id,
        reference,
        total: payout.total,
        commissionCount: ids.length,
        partnerCount: partnerIds.length,
        commissionIds: ids,
        partnerIds,
      },
      now,
    });
    return { payout: await withMethodTotals(trx, payout), replayed: false };
  });
}

export interface PreviewPayoutOptions {
  request: PayoutPreviewInput;
  config: Pick<AppConfig, 'tax' | 'ach'>;
  now: Date;
}

/**
 * What processing this selection would do, read without writing or locking: the fees, partners and
 * total per payment method of the partners it pays, the partners below the minimum who wait, and the
 * message the payout would be refused with. A chosen commission that is missing or no longer pending
 * answers 404/409 as the payout does.
 */
export async function previewPayout(db: Db, { request, config, now }: PreviewPayoutOptions): Promise<PayoutPreview> {
  const today = todayOf(now);
  const { minimumPayout } = await getProgramSettings(db);
  const empty = { commissionCount: 0, partnerCount: 0, total: '0.00', methods: [], minimumPayout, waiting: [] };
  let selection;
  if (request.matching) {
    selection = pendingFiltered(db, request.matching, today);
  } else {
    const ids = [...new Set((request.commissionIds ?? []).map((id) => id.toLowerCase()))];
    await checkPending(db, ids);
    selection = db.selectFrom('commissions as c').where(idIn(ids));
  }
  const partners = await netsOf(selection)
    .select(sql<number>`count(*)::int`.as('commissionCount'))
    .orderBy('c.partnerId')
    .execute();
  if (partners.length === 0) return { ...empty, refusal: COMMISSION_MESSAGES.nothingMatches };
  const { paid, waiting, refusal } = partnersToPay(partners, {
    minimumPayout,
    matching: request.matching !== undefined,
    achReady: config.ach !== undefined,
  });
  const waitingNets = waiting.map(({ partnerId, companyName, net, reason }) => ({
    partnerId,
    companyName,
    net,
    reason,
  }));
  if (refusal) return { ...empty, waiting: waitingNets, refusal };

  const methods = PAYMENT_METHODS.flatMap((method) => {
    const rows = paid.filter((row) => row.paymentMethod === method);
    return rows.length === 0
      ? []
      : [{ paymentMethod: method, partnerCount: rows.length, total: sumMoney(rows.map((row) => row.net)) }];
  });
  return {
    commissionCount: paid.reduce((count, row) => count + row.commissionCount, 0),
    partnerCount: paid.length,
    total: sumMoney(paid.map((row) => row.net)),
    methods,
    minimumPayout,
    waiting: waitingNets,
    refusal: await taxProfileRefusal(db, {
      config,
      now,
      partnerIds: paid.map((row) => row.partnerId),
      selection: request.matching
        ? pendingFiltered(db, request.matching, today)
        : db.selectFrom('commissions as c').where(idIn(request.commissionIds ?? [])),
    }),
  };
}

/** The refusal REQUIRE_TAX_PROFILE_FOR_PAYOUT gives the payout of these partners, or null. */
async function taxProfileRefusal(
  db: Db,
  {
    config,
    now,
    partnerIds,
    selection,
  }: {
    config: Pick<AppConfig, 'tax'>;
    now: Date;
    partnerIds: string[];
    selection: CommissionSelection;
  },
): Promise<string | null> {
  if (!config.tax.requireProfileForPayout) return null;
  const commissionIds = (await selection.select('c.id').where('c.partnerId', 'in', partnerIds).execute()).map(
    (row) => row.id,
  );
  try {
    await refuseMissingTaxProfiles(db, { config, now, partnerIds, commissionIds });
    return null;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'unprocessable') return error.message;
    throw error;
  }
}

export function toPayout(
  row: PayoutRow,
  lines: PayoutLineTotals = { methods: [], returnedCount: 0, returnedTotal: '0.00' },
): Payout {
  return {
    id: row.id,
    reference: row.reference,
    total: row.total,
    commissionCount: row.commissionCount,
    partnerCount: row.partnerCount,
    paidAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    methods: lines.methods,
    returnedCount: lines.returnedCount,
    returnedTotal: lines.returnedTotal,
  };
}

async function withMethodTotals(db: DbOrTx, row: PayoutRow): Promise<Payout> {
  return toPayout(row, (await payoutMethodTotals(db, [row.id])).get(row.id));
}

export async function failCommission(
  db: Db,
  { id, reason, actorId, now, mail }: CommissionChange,
): Promise<Commission> {
  return inTransaction(db, async (trx) => {
    const current = await lockCommission(trx, {
      id,
      status: 'pending',
      refusal: COMMISSION_MESSAGES.commissionNotFailable,
    });
    if (current.kind === 'clawback') throw DomainError.conflict(COMMISSION_MESSAGES.clawbackNotFailable(id));
    const row = await trx
      .updateTable('commissions')
      .set({ status: 'failed', failureReason: reason, updatedAt: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      userId: actorId,
      action: 'commission.failed',
      entityType: 'commission',
      entityId: id,
      details: {
        before: { status: current.status },
        after: { status: row.status, failureReason: reason },
        amount: row.amount,
        monthYear: row.monthYear,
      },
    });
    await notifyPayoutFailed(trx, {
      mail,
      now,
      commission: {
        partnerId: row.partnerId,
        amount: row.amount,
        monthYear: row.monthYear,
        reason,
      },
    });
    await enqueueWebhookEvent(trx, {
      type: 'commission.failed',
      data: {
        id: row.id,
        partnerId: row.partnerId,
        referralId: row.referralId,
        amount: row.amount,
        monthYear: row.monthYear,
        // The update above set it.
        status: 'failed',
        failureReason: reason,
      },
      now,
    });
    return toCommission(row);
  });
}

/** The UTC day of `now`, as due dates are compared. */
const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** The hold (program setting payout_hold_days, in days), read in the statement that uses it. */
const holdDays = sql<number>`(select payout_hold_days from program_settings)`;

/**
 * Pending commissions the processor offers on `today`, with their partner and client (none on an
 * adjustment without a referral), narrowed by the filter. A fee earned by a client payment is payable from
 * the client's payment date and offered once that day plus the hold has come, whatever its deadline
 * (`due_by`); one without a client payment (accrued fees, adjustments) is offered at once. `dueBy` keeps
 * the offered fees whose deadline is that day or earlier (fees without a deadline count as due today).
 */
const pendingFiltered = (db: DbOrTx, filter: PendingFilter = {}, today: string) => {
  let query = db
    .selectFrom('commissions as c')
    .where('c.status', '=', 'pending')
    .where(sql<SqlBool>`(c.payable_from is null or c.payable_from <= ${today}::date - ${holdDays})`);
  if (filter.partnerId) query = query.where('c.partnerId', '=', filter.partnerId);
  if (filter.month) query = query.where('c.monthYear', '=', filter.month);
  if (filter.dueBy) query = query.where(sql<SqlBool>`coalesce(c.due_by, ${today}::date) <= ${filter.dueBy}::date`);
  return query;
};

/** Commissions as `c`, chosen by a filter or by id, before anything is selected of them. */
type CommissionSelection = ReturnType<typeof pendingFiltered>;

const pendingCommissions = (db: DbOrTx, filter: PendingFilter | undefined, today: string) =>
  pendingFiltered(db, filter, today)
    .innerJoin('partners as p', 'p.id', 'c.partnerId')
    .leftJoin('referrals as r', 'r.id', 'c.referralId')
    .leftJoin('clientPayments as cp', 'cp.id', 'c.clientPaymentId')
    .select([
      sql<string | null>`c.due_by::text`.as('dueBy'),
      sql<string | null>`cp.paid_at::text`.as('clientPaidAt'),
      'c.id',
      'c.amount',
      'c.monthYear',
      'c.kind',
      'c.reason',
      'c.referralId',
      'c.partnerId',
      'p.companyName as partnerCompanyName',
      'r.clientCompanyName',
    ]);

/**
 * The ids of one page of the processor's list, in its order: by due date, fees without one counting as due
 * today, then oldest created first, then id. No index can hold `coalesce(due_by, today)` (today moves), and
 * sorting every offered fee for one page takes most of a second at a million of them. That order is two ordered
 * runs merged: the fees with a deadline by (due_by, created_at, id), and those without one by (created_at, id),
 * all due today. Each run reads its partial index (migration 0034, which carries payable_from since 0035, so the
 * run is read from the index alone) up to the page's end (offset + limit) and only those rows are sorted and
 * cut, so a first page reads a page's worth of each index. The answer is the one a sort of every offered fee
 * gives: the rows of a page are among the first offset + limit of their own run. A page deep in the queue reads
 * offset + limit entries of each index; the screen pages by number with a total (limit and offset), which a
 * keyset cursor cannot jump between.
 */
function pendingPageIds(
  db: DbOrTx,
  { filter, today, limit, offset }: { filter: PendingFilter; today: string; limit: number; offset: number },
) {
  const end = offset + limit;
  let dated = pendingFiltered(db, filter, today).where('c.dueBy', 'is not', null);
  // The same rows as the filter's coalesce; this form bounds the index range.
  if (filter.dueBy) dated = dated.where(sql<SqlBool>`c.due_by <= ${filter.dueBy}::date`);
  let undated = pendingFiltered(db, filter, today).where('c.dueBy', 'is', null);
  // Fees without a deadline are due today: none of them is due by a day before today.
  if (filter.dueBy) undated = undated.where(sql<SqlBool>`${today}::date <= ${filter.dueBy}::date`);
  const runs = db
    .selectFrom(
      dated
        .select([sql<string>`c.due_by`.as('dueKey'), 'c.createdAt', 'c.id'])
        .orderBy('c.dueBy')
        .orderBy('c.createdAt')
        .orderBy('c.id')
        .limit(end)
        .as('dated'),
    )
    .selectAll()
    .unionAll(
      db
        .selectFrom(
          undated
            .select([sql<string>`${today}::date`.as('dueKey'), 'c.createdAt', 'c.id'])
            .orderBy('c.createdAt')
            .orderBy('c.id')
            .limit(end)
            .as('undated'),
        )
        .selectAll(),
    );
  return db
    .selectFrom(runs.as('run'))
    .select(['run.id', 'run.dueKey', 'run.createdAt'])
    .orderBy('run.dueKey')
    .orderBy('run.createdAt')
    .orderBy('run.id')
    .limit(limit)
    .offset(offset);
}

const PENDING_ORDER: KeysetOrder = { key: sql`c.created_at`, type: 'timestamptz', id: sql`c.id`, direction: 'asc' };

/**
 * The count and sum of every pending commission the filter matches, and of those not offered yet. Without a
 * partner they come from `pending_months` (migration 0019, kept by triggers), a row per month instead of a
 * million index entries; a partner's pending commissions are few and indexed, so they are counted directly.
 */
async function pendingSummary(db: DbOrTx, filter: PendingFilter, today: string) {
  if (filter.partnerId || filter.dueBy) {
    const [offered, notYet] = await Promise.all([
      pendingFiltered(db, filter, today)
        .select([
          sql<number>`count(*)::int`.as('total'),
          sql<string>`coalesce(sum(c.amount), 0)::numeric(14, 2)::text`.as('totalAmount'),
        ])
        .executeTakeFirstOrThrow(),
      notYetOffered(db, filter, today),
    ]);
    return { ...offered, notYetOffered: notYet };
  }
  let months = db
    .selectFrom('pendingMonths as m')
    .select([
      sql<number>`coalesce(sum(m.pending_count), 0)::int`.as('total'),
      sql<string>`coalesce(sum(m.pending_amount), 0)::numeric(14, 2)::text`.as('totalAmount'),
    ]);
  if (filter.month) months = months.where('m.monthYear', '=', filter.month);
  // Less the fees not offered yet: few, on a partial index.
  const [all, notYet] = await Promise.all([months.executeTakeFirstOrThrow(), notYetOffered(db, filter, today)]);
  return {
    total: Number(all.total) - notYet.count,
    totalAmount: fromCents(toCents(all.totalAmount) - toCents(notYet.amount)),
    notYetOffered: notYet,
  };
}

/**
 * The pending fees of the filter's partner and month that the processor does not offer on `today`: payable
 * from a day later than today less the hold. The due-by filter does not narrow them, since none of them is
 * offered.
 */
async function notYetOffered(db: DbOrTx, filter: PendingFilter, today: string) {
  let query = db
    .selectFrom('commissions as c')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<string>`coalesce(sum(c.amount), 0)::numeric(14, 2)::text`.as('amount'),
      sql<string | null>`(min(c.payable_from) + ${holdDays})::text`.as('firstOfferedOn'),
    ])
    .where('c.status', '=', 'pending')
    .where('c.payableFrom', 'is not', null)
    .where(sql<SqlBool>`c.payable_from > ${today}::date - ${holdDays}`);
  if (filter.partnerId) query = query.where('c.partnerId', '=', filter.partnerId);
  if (filter.month) query = query.where('c.monthYear', '=', filter.month);
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), amount: row.amount, firstOfferedOn: row.firstOfferedOn };
}

/** The processor's list marks each line whose partner lacks a tax profile past the year's threshold. */
interface TaxMarks {
  config: Pick<AppConfig, 'tax'>;
  now: Date;
}

export async function listPendingCommissions(
  db: Db,
  { page, config, now }: TaxMarks & { page: PendingFilter & { limit: number; offset: number } },
): Promise<PendingCommissionsPage> {
  const filter: PendingFilter = { partnerId: page.partnerId, month: page.month, dueBy: page.dueBy };
  const today = todayOf(now);
  const [items, summary] = await Promise.all([
    // By due date (fees without one as due today), then oldest first: the page's ids, then their rows.
    pendingCommissions(db, filter, today)
      .innerJoin(
        pendingPageIds(db, { filter, today, limit: page.limit, offset: page.offset }).as('page'),
        'page.id',
        'c.id',
      )
      .orderBy('page.dueKey')
      .orderBy('page.createdAt')
      .orderBy('page.id')
      .execute(),
    pendingSummary(db, filter, today),
  ]);
  // Open clawbacks are offered with their partner's next commissions: every pending clawback of the
  // partners on this page, wherever it sits in the queue, so the screen can add it to a selection. They are
  // read from their own partial index (migration 0035), a few entries per partner whatever its pending fees.
  const partnerIds = [...new Set(items.map((item) => item.partnerId))];
  const openClawbacks =
    partnerIds.length === 0
      ? []
      : await pendingCommissions(db, undefined, today)
          .where('c.kind', '=', 'clawback')
          .where('c.partnerId', 'in', partnerIds)
          .orderBy('c.createdAt')
          .orderBy('c.id')
          .limit(500)
          .execute();
  const settings = await getProgramSettings(db);
  const waiting = await partnersBelowMinimum(db, { partnerIds, minimumPayout: settings.minimumPayout });
  const marked = await withTaxProfileMarks(db, { config, now, items });
  return {
    items: marked.map((item) => ({ ...item, belowMinimum: waiting.has(item.partnerId) })),
    openClawbacks,
    total: Number(summary.total),
    totalAmount: summary.totalAmount,
    limit: page.limit,
    offset: page.offset,
    minimumPayout: settings.minimumPayout,
    proposedPayoutDate: proposedPayoutDate(now, settings.payoutDay),
    notYetOffered: summary.notYetOffered,
  };
}

/** The partners among these whose whole payable total (every pending fee, clawbacks netted) is below the minimum. */
async function partnersBelowMinimum(
  db: DbOrTx,
  { partnerIds, minimumPayout }: { partnerIds: readonly string[]; minimumPayout: string },
): Promise<Set<string>> {
  if (partnerIds.length === 0 || toCents(minimumPayout) === 0) return new Set();
  const rows = await db
    .selectFrom('commissions as c')
    .select('c.partnerId')
    .where('c.status', '=', 'pending')
    .where('c.partnerId', 'in', partnerIds)
    .groupBy('c.partnerId')
    .having(sql<SqlBool>`sum(c.amount) < ${minimumPayout}::numeric`)
    .execute();
  return new Set(rows.map((row) => row.partnerId));
}

/** Every pending commission the filter matches, oldest first, batch by batch (the REST list without `limit`). */
export async function* streamPendingCommissions(
  db: Db,
  { filter, config, now, batchSize }: TaxMarks & { filter: PendingFilter; batchSize?: number },
): AsyncGenerator<PendingCommissionsPage['items']> {
  // One look-up before the first batch marks every batch.
  const missing = await pendingPartnersMissingTaxProfile(db, { config, now, filter });
  yield* mappedBatches(pendingCommissions(db, filter, todayOf(now)), {
    order: PENDING_ORDER,
    toItem: ({ keysetKey: _cursor, ...item }) => ({ ...item, taxProfileMissing: missing.has(item.partnerId) }),
    size: batchSize,
  });
}

/** One page of every payout, newest first, with the number of payouts in `total`. */
export async function listPayouts(db: Db, page: { limit: number; offset: number }): Promise<OffsetPage<Payout>> {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('payouts')
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('payouts')
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const totals = await payoutMethodTotals(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => toPayout(row, totals.get(row.id))),
    total: counted.total,
    limit: page.limit,
    offset: page.offset,
  };
}

/** A partner's own commissions, newest month first, with the client's name. */
export async function listPartnerCommissions(db: Db, partnerId: string): Promise<Commission[]> {
  const rows = await partnerCommissions(db, partnerId)
    .orderBy('c.monthYear', 'desc')
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map(toCommission);
}
