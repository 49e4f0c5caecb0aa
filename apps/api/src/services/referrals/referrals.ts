// Referrals: a partner's own referrals, an admin's clients, and the deal pipeline's stage rules
// (DESIGN §4). Every change runs in one transaction with its activity row and the partner's totals.

import {
  CLIENT_PAYMENT_MESSAGES,
  PROGRAM_TERMS_MESSAGES,
  REFERRAL_MESSAGES,
  MESSAGES,
  addDays,
  todayIsoDate,
  type addClientInput,
  type createReferralInput,
  type listReferralsInput,
  type ownReferralsInput,
  type pipelineColumnInput,
  type PipelineColumn,
  type Referral,
  type ReferralStage,
  type updateReferralInput,
  type WonPreview,
  type wonPreviewInput,
} from '@portal/contracts';
import type { Db, ReferralRow, ReferralsTable } from '@portal/db';
import { DomainError } from '../platform/errors';
import { inTransaction } from '../platform/idempotency';
import { sql, type Updateable } from 'kysely';
import type { z } from 'zod';
import { changeSet, logActivity, type DbOrTx } from '../platform/activity';
import { enqueueWebhookEvent, referralEventData } from '../integrations/webhooks';
import { decodeCursor, encodeCursor, keysetPage, mappedBatches, type KeysetOrder } from '../platform/keyset';
import { notifyClientAdded, notifyCommissionVoided, notifyDealClosed, type MailDeps } from '../notifications/notify';
import { toPartnerReferral, toReferral } from '../platform/mappers';
import { refreshPartnerTotals } from '../partners/partner-totals';
import { findConflictingReferral, findOwnOpenReferral, isSelfReferral } from './client-ownership';
import { feeOfService, termsOfVersion } from '../platform/program-terms';
import { lockReferral, qualificationOf, saveReferral } from './qualification';
import { clawBackRest, lockRefundClawbacks, voidRefundClawbacks } from '../money/adjustments';

type CreateReferral = z.output<typeof createReferralInput>;
type AddClient = z.output<typeof addClientInput>;
type UpdateReferral = z.output<typeof updateReferralInput>;
type ListReferrals = z.output<typeof listReferralsInput>;
type PipelineColumnQuery = z.output<typeof pipelineColumnInput>;
type OwnReferralsQuery = z.output<typeof ownReferralsInput>;

/** A partner's own referrals, newest first. */
export async function listPartnerReferrals(db: DbOrTx, partnerId: string): Promise<Referral[]> {
  const rows = await db
    .selectFrom('referrals')
    .selectAll()
    .where('partnerId', '=', partnerId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toPartnerReferral);
}

export interface NewReferral {
  partnerId: string;
  /** Null for the system (an inbound booking webhook). */
  actorId: string | null;
  action: 'referral.created' | 'referral.client_added' | 'referral.booked' | 'referral.lead_received';
  referralSource: 'partner' | 'admin' | 'booking' | 'lead';
  values: Omit<CreateReferral, 'serviceType'> &
    Partial<Pick<AddClient, 'contractStartDate' | 'contractEndDate'>> & { serviceType: CreateReferral['serviceType'] };
  /**
   * When the firm accepted the referral: an admin's client is accepted as it is added (now, or a past day
   * for a historical client); a partner's, a booking's or a lead's when an admin moves it out of `booked`.
   */
  acceptedAt?: Date | null;
  /** The client's annual gross eCommerce sales, when an admin knows them on adding the client. */
  annualSales?: string | null;
  /** Lead capture: the client's name, campaign parameters and the booking it came from. */
  lead?: {
    clientName?: string | null;
    utm?: Record<string, string> | null;
    booking?: { provider: 'calcom' | 'calendly'; uid: string };
  };
  now: Date;
}

/**
 * Stores a referral with its activity row and `referral.created` event. A client another partner
 * introduced within its window is stored with `conflictOf` (one client, one partner), and a client on
 * the partner's own domain is flagged as a self-referral.
 */
export async function insertReferral(trx: DbOrTx, input: NewReferral): Promise<ReferralRow> {
  const { values, now } = input;
  // The partner's row first (its lock, then the referral and the counters the triggers keep): the
  // order every writer of a partner's referrals takes.
  const partner = await trx
    .updateTable('partners')
    .set({ firstReferralDate: sql`coalesce(first_referral_date, ${now})`, lastReferralDate: now, updatedAt: now })
    .where('id', '=', input.partnerId)
    .returning('termsVersion')
    .executeTakeFirstOrThrow();
  // A client entered by hand twice is one client: under the partner's lock, so two racing creates find each other.
  // (A lead or booking of the same address attaches to the open referral instead, before it gets here.)
  if (values.clientEmail && (input.referralSource === 'partner' || input.referralSource === 'admin')) {
    const own = await findOwnOpenReferral(trx, { partnerId: input.partnerId, clientEmail: values.clientEmail });
    if (own)
      throw DomainError.conflict(
        input.referralSource === 'partner'
          ? REFERRAL_MESSAGES.clientAlreadyReferred
          : REFERRAL_MESSAGES.clientAlreadyWithPartner,
      );
  }
  // The fee of the partner's own terms version: fixed for good when the firm accepts the referral.
  const terms = await termsOfVersion(trx, partner.termsVersion);
  const acceptedAt = input.acceptedAt ?? null;
  const conflict = await findConflictingReferral(trx, {
    partnerId: input.partnerId,
    clientEmail: values.clientEmail,
    now,
  });
  const selfReferral = await isSelfReferral(trx, { partnerId: input.partnerId, clientEmail: values.clientEmail });
  const utm = input.lead?.utm && Object.keys(input.lead.utm).length > 0 ? input.lead.utm : null;
  const row = await trx
    .insertInto('referrals')
    .values({
      partnerId: input.partnerId,
      clientCompanyName: values.clientCompanyName,
      clientEmail: values.clientEmail ?? null,
      clientPhone: values.clientPhone ?? null,
      serviceType: values.serviceType,
      monthlyValue: values.monthlyValue,
      commissionAmount: feeOfService(terms, values.serviceType),
      termsVersion: acceptedAt ? terms.version : null,
      acceptedAt,
      qualifiesBy: acceptedAt ? addDays(todayIsoDate(acceptedAt), terms.qualificationDays) : null,
      annualSales: input.annualSales ?? null,
      stage: 'booked',
      consultationDate: values.consultationDate ?? null,
      contractStartDate: values.contractStartDate ?? null,
      contractEndDate: values.contractEndDate ?? null,
      notes: values.notes ?? null,
      referralSource: input.referralSource,
      clientName: input.lead?.clientName ?? null,
      utm: utm ? JSON.stringify(utm) : null,
      bookingProvider: input.lead?.booking?.provider ?? null,
      bookingUid: input.lead?.booking?.uid ?? null,
      conflictOf: conflict?.id ?? null,
      selfReferral,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await logActivity(trx, {
    userId: input.actorId,
    action: input.action,
    entityType: 'referral',
    entityId: row.id,
    details: {
      partnerId: input.partnerId,
      clientCompanyName: row.clientCompanyName,
      serviceType: row.serviceType,
      monthlyValue: row.monthlyValue,
      source: input.referralSource,
      ...(conflict ? { conflictOf: conflict.id, conflictPartnerId: conflict.partnerId } : {}),
      ...(selfReferral ? { selfReferral: true } : {}),
    },
  });
  await enqueueWebhookEvent(trx, {
    type: 'referral.created',
    data: { ...referralEventData(row), source: input.referralSource },
    now: input.now,
  });
  return row;
}

function assertContractDates(start: string | null | undefined, end: string | null | undefined): void {
  if (start && end && end < start) throw DomainError.invalid(REFERRAL_MESSAGES.contractEndBeforeStart);
}

/** A partner registers a business they refer. The caller has checked the partner is active. */
export async function createPartnerReferral(
  db: DbOrTx,
  { partner, input, now }: { partner: { id: string; userId: string }; input: CreateReferral; now: Date },
): Promise<Referral> {
  const row = await inTransaction(db, (trx) =>
    insertReferral(trx, {
      partnerId: partner.id,
      actorId: partner.userId,
      action: 'referral.created',
      referralSource: 'partner',
      values: input,
      now,
    }),
  );
  return toPartnerReferral(row);
}

/** An admin adds a client to an active partner (Add New Client). */
export async function addClient(
  db: DbOrTx,
  { actorId, input, now, mail }: { actorId: string; input: AddClient; now: Date; mail: MailDeps },
): Promise<Referral> {
  assertContractDates(input.contractStartDate, input.contractEndDate);
  const acceptedAt = input.acceptedAt ? new Date(input.acceptedAt) : now;
  if (acceptedAt > now) throw DomainError.invalid(PROGRAM_TERMS_MESSAGES.acceptedInFuture);
  const row = await inTransaction(db, async (trx) => {
    const partner = await trx
      .selectFrom('partners')
      .select(['id', 'status', 'companyName'])
      .where('id', '=', input.partnerId)
      .forUpdate()
      .executeTakeFirst();
    if (!partner) throw DomainError.notFound(MESSAGES.partnerNotFound);
    if (partner.status !== 'active') throw DomainError.invalid(REFERRAL_MESSAGES.partnerNotActiveForClient);
    const inserted = await insertReferral(trx, {
      partnerId: partner.id,
      actorId,
      action: 'referral.client_added',
      referralSource: 'admin',
      values: input,
      acceptedAt,
      annualSales: input.annualSales ?? null,
      now,
    });
    await notifyClientAdded(trx, { mail, now, referral: inserted });
    return { ...inserted, partnerCompanyName: partner.companyName };
  });
  return toReferral(row);
}

const SORT_KEYS = {
  createdAt: [sql`referrals.created_at`, 'timestamptz'],
  clientCompanyName: [sql`referrals.client_company_name`, 'text'],
  monthlyValue: [sql`referrals.monthly_value`, 'numeric'],
  stage: [sql`referrals.stage`, 'text'],
} as const;

function referralOrder(sort: ListReferrals['sort']): KeysetOrder {
  const [key, type] = SORT_KEYS[sort.replace(/^-/, '') as keyof typeof SORT_KEYS];
  return { key, type, id: sql`referrals.id`, direction: sort.startsWith('-') ? 'desc' : 'asc' };
}

type ReferralFilters = Pick<ListReferrals, 'stage' | 'partnerId' | 'search'>;

function filteredReferrals(db: DbOrTx, input: ReferralFilters) {
  let query = db.selectFrom('referrals').innerJoin('partners', 'partners.id', 'referrals.partnerId');
  if (input.stage) query = query.where('referrals.stage', '=', input.stage);
  if (input.partnerId) query = query.where('referrals.partnerId', '=', input.partnerId);
  if (input.search) query = query.where('referrals.id', 'in', searchMatches(db, input.search, input));
  return query;
}

/** The referrals the filters match, each with its partner's company: the rows every referral list maps. */
function referralRows(db: DbOrTx, input: ReferralFilters) {
  return filteredReferrals(db, input).selectAll('referrals').select('partners.companyName as partnerCompanyName');
}

/**
 * The ids of the referrals a search matches, in two arms narrowed by the same stage and partner so
 * each can read trigram indexes (migration 0017): the referral's own columns (one table: a BitmapOr
 * of two indexes) and its partner's company (partners first, then their referrals). One OR over
 * both could read neither. UNION drops a referral both arms find.
 */
function searchMatches(db: DbOrTx, search: string, filters: Omit<ReferralFilters, 'search'>) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const own = db
    .selectFrom('referrals as own')
    .select('own.id')
    .where((eb) => eb.or([eb('own.clientCompanyName', 'ilike', pattern), eb('own.clientEmail', 'ilike', pattern)]))
    .$if(Boolean(filters.stage), (q) => q.where('own.stage', '=', filters.stage as ReferralStage))
    .$if(Boolean(filters.partnerId), (q) => q.where('own.partnerId', '=', filters.partnerId as string));
  const byPartner = db
    .selectFrom('partners as named')
    .innerJoin('referrals as theirs', 'theirs.partnerId', 'named.id')
    .select('theirs.id')
    .where('named.companyName', 'ilike', pattern)
    .$if(Boolean(filters.stage), (q) => q.where('theirs.stage', '=', filters.stage as ReferralStage))
    .$if(Boolean(filters.partnerId), (q) => q.where('theirs.partnerId', '=', filters.partnerId as string));
  return own.union(byPartner);
}

/** How many referrals the filters match; under a search the matched ids alone (every referral has its partner). */
function countReferrals(db: DbOrTx, input: ReferralFilters) {
  const total = sql<number>`count(*)::int`.as('total');
  if (input.search)
    return db
      .selectFrom(searchMatches(db, input.search, input).as('match'))
      .select(total)
      .executeTakeFirstOrThrow();
  return filteredReferrals(db, input).select(total).executeTakeFirstOrThrow();
}

/** Every referral with its partner's company, paged like the partners list. */
export async function listAllReferrals(
  db: DbOrTx,
  input: ListReferrals,
): Promise<{ items: Referral[]; total: number; limit: number; offset: number }> {
  const order = referralOrder(input.sort);
  const [rows, count] = await Promise.all([
    referralRows(db, input)
      .orderBy(order.key, order.direction)
      .orderBy('referrals.id', order.direction)
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    countReferrals(db, input),
  ]);
  return { items: rows.map(toReferral), total: Number(count.total), limit: input.limit, offset: input.offset };
}

const PIPELINE_ORDER: KeysetOrder = {
  key: sql`referrals.created_at`,
  type: 'timestamptz',
  id: sql`referrals.id`,
  direction: 'desc',
};

/**
 * One page of one Deal Pipeline column, newest first, continuing after `cursor` (keyset on created_at
 * and id: the index on (stage, created_at, id) walks it at any depth). The column's true count is
 * read from the stage counts kept by triggers when nothing filters it.
 */
export async function listPipelineColumn(db: DbOrTx, input: PipelineColumnQuery): Promise<PipelineColumn> {
  const cursor = input.cursor ? decodeCursor(input.cursor) : null;
  if (input.cursor && !cursor) throw DomainError.invalid('cursor is not valid; start from the first page');
  const filters = { stage: input.stage, partnerId: input.partnerId, search: input.search };
  const unfiltered = !input.partnerId && !input.search;
  const [rows, counted] = await Promise.all([
    // One row more than asked says whether another page exists.
    keysetPage(referralRows(db, filters), { order: PIPELINE_ORDER, cursor, size: input.limit + 1 }).execute(),
    unfiltered
      ? db
          .selectFrom('referralStageCounts')
          .select(sql<number>`referral_count::int`.as('total'))
          .where('stage', '=', input.stage)
          .executeTakeFirst()
      : countReferrals(db, filters),
  ]);
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  const nextCursor = rows.length > input.limit && last ? encodeCursor({ key: last.keysetKey, id: last.id }) : null;
  return {
    items: items.map(({ keysetKey: _key, ...row }) => toReferral(row)),
    total: Number(counted?.total ?? 0),
    nextCursor,
  };
}

/** A partner's own referrals, newest first, searched, filtered by stage and paged. */
export async function listOwnReferrals(
  db: DbOrTx,
  { partnerId, query: input }: { partnerId: string; query: OwnReferralsQuery },
): Promise<{ items: Referral[]; total: number; limit: number; offset: number }> {
  const page = await listAllReferrals(db, { ...input, partnerId, sort: '-createdAt' });
  return { ...page, items: page.items.map((item) => ({ ...item, conflictOf: null })) };
}

/** Every referral matching the filters, in the list's order, batch by batch (the REST list without `limit`). */
export async function* streamAllReferrals(
  db: DbOrTx,
  { query: input, batchSize }: { query: Omit<ListReferrals, 'limit' | 'offset'>; batchSize?: number },
): AsyncGenerator<Referral[]> {
  yield* mappedBatches(referralRows(db, input), {
    order: referralOrder(input.sort),
    toItem: toReferral,
    size: batchSize,
  });
}

const CLOSED_STAGES: ReadonlySet<ReferralStage> = new Set(['won', 'lost']);

/**
 * The stored effect of an admin's change (DESIGN §4), as a pure function the tests read as a table:
 * entering `won` or `lost` sets closeDate; `won` fills an empty contractStartDate with today (UTC);
 * entering `proposal` fills an empty proposalDate; reopening a deal clears closeDate, and leaving `lost`
 * clears its reason unless a new one is given.
 */
export function stageChange(
  current: Pick<ReferralRow, 'stage' | 'closeDate' | 'proposalDate' | 'contractStartDate' | 'lostReason'>,
  input: Omit<UpdateReferral, 'id'>,
  now: Date,
): Updateable<ReferralsTable> {
  const next: Updateable<ReferralsTable> = {};
  const stage = input.stage ?? current.stage;
  if (input.contractStartDate !== undefined) next.contractStartDate = input.contractStartDate;
  if (input.contractEndDate !== undefined) next.contractEndDate = input.contractEndDate;
  if (input.churnDate !== undefined) next.churnDate = input.churnDate;
  if (input.notes !== undefined) next.notes = input.notes;
  if (input.lostReason !== undefined) next.lostReason = input.lostReason;

  if (stage !== current.stage) {
    next.stage = stage;
    next.closeDate = CLOSED_STAGES.has(stage) ? now : null;
    if (current.stage === 'lost' && input.lostReason === undefined) next.lostReason = null;
  }
  const contractStart = next.contractStartDate !== undefined ? next.contractStartDate : current.contractStartDate;
  if (stage === 'won' && !contractStart) next.contractStartDate = todayIsoDate(now);
  if (stage === 'proposal' && current.stage !== 'proposal' && !current.proposalDate) next.proposalDate = now;
  return next;
}

/**
 * One client, one partner: a referral in an open conflict (`conflictOf` set, which resolving the conflict
 * clears or closes as lost) cannot be won until an admin settles the conflict. The referral it points to,
 * the first partner's, is the client's owner while the conflict is open and can be won.
 */
function assertNoOpenConflict(current: Pick<ReferralRow, 'stage' | 'conflictOf'>, stage: ReferralStage | undefined) {
  if (stage === 'won' && current.stage !== 'won' && current.conflictOf !== null)
    throw DomainError.conflict(PROGRAM_TERMS_MESSAGES.wonInOpenConflict);
}

/**
 * The qualification part of an admin's change: entering `won` records the signing date (default today,
 * never later) and decides whether the client qualifies; recording the sales or the signing date of a won
 * client decides it again, unless an admin overrode it; leaving `won` clears the decision.
 */
async function decideQualification(
  trx: DbOrTx,
  options: {
    current: ReferralRow;
    patch: Omit<UpdateReferral, 'id'>;
    changes: Updateable<ReferralsTable>;
    now: Date;
  },
): Promise<void> {
  const { current, patch, changes, now } = options;
  const today = todayIsoDate(now);
  if (patch.signedAt && patch.signedAt > today) throw DomainError.invalid(PROGRAM_TERMS_MESSAGES.signedInFuture);
  if (patch.annualSales !== undefined) changes.annualSales = patch.annualSales;
  const stage = changes.stage ?? current.stage;
  if (stage !== 'won') {
    if (current.stage === 'won')
      Object.assign(changes, {
        signedAt: null,
        qualifying: null,
        qualificationReason: null,
        qualificationOverridden: false,
      });
    return;
  }
  const entering = current.stage !== 'won';
  if (entering) changes.signedAt = patch.signedAt ?? today;
  else if (patch.signedAt !== undefined) changes.signedAt = patch.signedAt;
  const decidedByAdmin = !entering && current.qualificationOverridden;
  if (decidedByAdmin || (!entering && patch.annualSales === undefined && patch.signedAt === undefined)) return;
  const terms = await termsOfVersion(trx, (changes.termsVersion as number | undefined) ?? current.termsVersion);
  const sales = changes.annualSales !== undefined ? changes.annualSales : current.annualSales;
  const decision = qualificationOf(
    {
      signedAt: changes.signedAt ?? current.signedAt,
      acceptedAt: (changes.acceptedAt as Date | undefined) ?? current.acceptedAt,
      qualifiesBy: changes.qualifiesBy ?? current.qualifiesBy,
      annualSales: sales === null ? null : String(sales),
    },
    terms.minAnnualSales,
  );
  Object.assign(changes, {
    qualifying: decision.qualifying,
    qualificationReason: decision.reason,
    qualificationOverridden: false,
  });
}

/**
 * Moving a partner's referral out of `booked` onwards (a lost one too, when it comes back) is the firm's
 * acceptance: its fee and window are the ones of the terms version the partner is on now.
 */
async function acceptOnMove(
  trx: DbOrTx,
  options: { current: ReferralRow; changes: Updateable<ReferralsTable>; now: Date },
): Promise<void> {
  const { current, changes, now } = options;
  if (!changes.stage || changes.stage === 'lost' || changes.stage === 'booked' || current.acceptedAt) return;
  const partner = await trx
    .selectFrom('partners')
    .select('termsVersion')
    .where('id', '=', current.partnerId)
    .executeTakeFirstOrThrow();
  const terms = await termsOfVersion(trx, partner.termsVersion);
  changes.acceptedAt = now;
  changes.termsVersion = terms.version;
  changes.qualifiesBy = addDays(todayIsoDate(now), terms.qualificationDays + current.extensionDays);
  changes.commissionAmount = feeOfService(terms, current.serviceType);
}

/**
 * What moving a deal to won with this signing date and these sales would decide, computed by the same
 * steps as the move itself (acceptance, then the qualification rule) without storing anything, so the
 * warning an admin reads before confirming is the outcome they get.
 */
export async function previewWon(
  db: DbOrTx,
  options: { input: z.output<typeof wonPreviewInput>; now: Date },
): Promise<WonPreview> {
  const { id, ...values } = options.input;
  const current = await db.selectFrom('referrals').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) throw DomainError.notFound(REFERRAL_MESSAGES.referralNotFound);
  const patch = { stage: 'won' as const, ...values };
  assertNoOpenConflict(current, patch.stage);
  const changes = stageChange(current, patch, options.now);
  await acceptOnMove(db, { current, changes, now: options.now });
  await decideQualification(db, { current, patch, changes, now: options.now });
  const terms = await termsOfVersion(db, (changes.termsVersion as number | undefined) ?? current.termsVersion);
  const pick = <K extends 'qualifying' | 'qualificationReason' | 'signedAt' | 'qualifiesBy'>(key: K) =>
    (changes[key] !== undefined ? changes[key] : current[key]) as ReferralRow[K];
  return {
    qualifying: pick('qualifying') ?? false,
    reason: pick('qualificationReason'),
    signedAt: pick('signedAt') ?? todayIsoDate(options.now),
    qualifiesBy: pick('qualifiesBy'),
    minAnnualSales: terms.minAnnualSales,
    overridden: current.stage === 'won' && current.qualificationOverridden,
  };
}

/**
 * The day a client's fees stop: the earlier of its churn date and its contract end date, with the reason a
 * fee of a later month is void. A month earns while it starts on or before that day (activeInMonth).
 */
function feesStop(referral: Pick<ReferralRow, 'churnDate' | 'contractEndDate'>) {
  const { churnDate, contractEndDate } = referral;
  if (contractEndDate && (!churnDate || contractEndDate < churnDate))
    return { date: contractEndDate, reason: CLIENT_PAYMENT_MESSAGES.voidedAfterContractEnd(contractEndDate) };
  return churnDate ? { date: churnDate, reason: CLIENT_PAYMENT_MESSAGES.voidedAfterChurn(churnDate) } : null;
}

/**
 * Fees are earned only while the client stays active and its contract runs: when a churn date or a contract
 * end date is set or moved so that the client's fees stop earlier, the referral's pending fees (in no payout
 * yet) for months after the stop month are voided with the reason, each logged and mailed to the partner as
 * any void is, and the clawbacks its client payment's refunds booked are voided with it. Fees already paid, or in
 * a payout, stay. A fee a refund already took part of back in a payout stays too, and the rest of it is taken back
 * with a clawback, so the month nets to nothing and no part of it is taken twice.
 */
async function voidFeesAfterStop(
  trx: DbOrTx,
  options: { before: ReferralRow; after: ReferralRow; actorId: string; now: Date; mail: MailDeps },
): Promise<void> {
  const { before, after, now } = options;
  const stop = feesStop(after);
  const earlier = feesStop(before);
  if (!stop || (earlier !== null && earlier.date <= stop.date)) return;
  const { reason } = stop;
  const fees = await trx
    .selectFrom('commissions')
    .selectAll()
    .where('referralId', '=', after.id)
    .where('kind', '=', 'recurring')
    .where('status', '=', 'pending')
    .where('payoutId', 'is', null)
    .where('monthYear', '>', stop.date.slice(0, 7))
    .orderBy('monthYear')
    .forUpdate()
    .execute();
  const voided = [];
  for (const fee of fees) {
    const { paidBackCents, restCents } = await lockRefundClawbacks(trx, { fee });
    if (paidBackCents > 0) {
      await clawBackRest(trx, {
        fee,
        restCents,
        reason,
        clientCompanyName: after.clientCompanyName,
        actorId: options.actorId,
        now,
        mail: options.mail,
      });
      continue;
    }
    await voidRefundClawbacks(trx, { fee, reason, actorId: options.actorId, now });
    voided.push(
      await trx
        .updateTable('commissions')
        .set({ status: 'voided', voidedAt: now, voidReason: reason, updatedAt: now })
        .where('id', '=', fee.id)
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  for (const row of voided) {
    await logActivity(trx, {
      userId: options.actorId,
      action: 'commission.voided',
      entityType: 'commission',
      entityId: row.id,
      details: { partnerId: row.partnerId, kind: row.kind, amount: row.amount, monthYear: row.monthYear, reason },
    });
    await notifyCommissionVoided(trx, {
      mail: options.mail,
      now,
      commission: { ...row, reason, clientCompanyName: after.clientCompanyName },
    });
  }
}

/** An admin's change to a deal: stored, the partner's MRR recomputed, one activity row. */
export async function updateReferral(
  db: Db,
  { actorId, input, now, mail }: { actorId: string; input: UpdateReferral; now: Date; mail: MailDeps },
): Promise<Referral> {
  const { id, ...patch } = input;
  const row = await db.transaction().execute(async (trx) => {
    // Adding a client locks the partner first too: every writer of a partner's referrals queues.
    const current = await lockReferral(trx, id);
    assertNoOpenConflict(current, patch.stage);
    const changes = stageChange(current, patch, now);
    await acceptOnMove(trx, { current, changes, now });
    await decideQualification(trx, { current, patch, changes, now });
    const start = changes.contractStartDate !== undefined ? changes.contractStartDate : current.contractStartDate;
    const end = changes.contractEndDate !== undefined ? changes.contractEndDate : current.contractEndDate;
    assertContractDates(start, end);
    const updated = await saveReferral(trx, { id, changes, now });
    await voidFeesAfterStop(trx, { before: current, after: updated, actorId, now, mail });
    await refreshPartnerTotals(trx, { partnerIds: [current.partnerId], now });
    await logActivity(trx, {
      userId: actorId,
      action: changes.stage ? 'referral.stage_changed' : 'referral.updated',
      entityType: 'referral',
      entityId: id,
      details: { partnerId: current.partnerId, ...changeSet(current, changes) },
    });
    if (changes.stage && changes.stage !== current.stage) {
      await enqueueWebhookEvent(trx, {
        type: 'referral.stage_changed',
        data: { ...referralEventData(updated), previousStage: current.stage },
        now,
      });
    }
    if ((updated.stage === 'won' || updated.stage === 'lost') && updated.stage !== current.stage) {
      await notifyDealClosed(trx, { mail, now, referral: { ...updated, stage: updated.stage } });
    }
    const partner = await trx
      .selectFrom('partners')
      .select('companyName')
      .where('id', '=', current.partnerId)
      .executeTakeFirstOrThrow();
    return { ...updated, partnerCompanyName: partner.companyName };
  });
  return toReferral(row);
}
