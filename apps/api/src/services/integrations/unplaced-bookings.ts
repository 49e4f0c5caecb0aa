// Unplaced bookings: a booking webhook whose code reaches no active partner keeps the client on its
// inbound event (and the admins are mailed), until an admin places it with an active partner — it then
// becomes that partner's referral exactly as a booking with their code would (conflicts and mail
// included) — or dismisses it with a reason. Each decision and its activity row share one transaction.

import {
  REFERRAL_MESSAGES,
  type OffsetPage,
  type PlacedBooking,
  type UnplacedBooking,
  type UnplacedReason,
} from '@portal/contracts';
import type { Selectable } from 'kysely';
import type { InboundEventsTable } from '@portal/db';
import { notifyUnplacedBooking, type MailDeps } from '../notifications/notify';
import { logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { inTransaction } from '../platform/idempotency';
import { toReferral } from '../platform/mappers';
import { captureLead, type CapturedLead } from '../referrals/lead-capture';

type InboundEventRow = Selectable<InboundEventsTable>;

/** Why a booking with this code reaches no active partner; null when an active partner has it. */
export async function unplacedReasonOf(db: DbOrTx, code: string | null | undefined): Promise<UnplacedReason | null> {
  const normalised = code?.trim().toUpperCase();
  if (!normalised) return 'no_code';
  const partner = await db
    .selectFrom('partners')
    .select('status')
    .where('referralCode', '=', normalised)
    .executeTakeFirst();
  if (!partner) return 'unknown_code';
  return partner.status === 'active' ? null : `partner_${partner.status}`;
}

/**
 * Keeps the client of a booking no active partner got on its inbound event, for an admin to place, and
 * mails the administrators. Runs in the webhook's transaction, after the event row is stored.
 */
export async function holdUnplacedBooking(
  trx: DbOrTx,
  {
    source,
    eventId,
    lead,
    now,
    mail,
  }: { source: InboundEventRow['source']; eventId: string; lead: CapturedLead; now: Date; mail: MailDeps },
): Promise<void> {
  const reason = (await unplacedReasonOf(trx, lead.referralCode)) ?? 'unknown_code';
  const held = await trx
    .updateTable('inboundEvents')
    .set({
      unplacedReason: reason,
      clientName: lead.clientName ?? null,
      clientCompanyName: lead.clientCompanyName ?? null,
      clientPhone: lead.clientPhone ?? null,
      consultationDate: lead.consultationDate ?? null,
      service: lead.service?.slice(0, 100) ?? null,
      utm: lead.utm && Object.keys(lead.utm).length > 0 ? JSON.stringify(lead.utm) : null,
      bookingUid: lead.booking?.uid.slice(0, 500) ?? null,
    })
    .where('source', '=', source)
    .where('eventId', '=', eventId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await notifyUnplacedBooking(trx, { mail, now, booking: toUnplacedBooking(held) });
}

export function toUnplacedBooking(row: InboundEventRow): UnplacedBooking {
  return {
    id: row.id,
    provider: row.source,
    eventType: row.eventType,
    receivedAt: row.receivedAt.toISOString(),
    referralCode: row.referralCode,
    reason: row.unplacedReason ?? 'unknown_code',
    clientName: row.clientName,
    clientCompanyName: row.clientCompanyName,
    clientEmail: row.clientEmail ?? '',
    clientPhone: row.clientPhone,
    consultationDate: row.consultationDate?.toISOString() ?? null,
    service: row.service,
    utm: row.utm,
    resolution: row.resolution,
    referralId: row.referralId,
    dismissReason: row.dismissReason,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** Bookings that wait for an admin, newest first, one page at a time. */
export async function listUnplacedBookings(
  db: DbOrTx,
  { limit, offset }: { limit: number; offset: number },
): Promise<OffsetPage<UnplacedBooking>> {
  const waiting = db
    .selectFrom('inboundEvents')
    .where('unplacedReason', 'is not', null)
    .where('resolution', 'is', null);
  const [rows, count] = await Promise.all([
    waiting.selectAll().orderBy('receivedAt', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    waiting.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toUnplacedBooking), total: Number(count.total), limit, offset };
}

/** The unplaced booking `id`, locked until the transaction ends, or 404; a settled one is 409 (`settledMessage`). */
async function waitingBookingForUpdate(
  trx: DbOrTx,
  { id, dismissedMessage }: { id: string; dismissedMessage: string },
): Promise<InboundEventRow> {
  const row = await trx.selectFrom('inboundEvents').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row?.unplacedReason) throw DomainError.notFound(REFERRAL_MESSAGES.unplacedBookingNotFound);
  if (row.resolution === 'placed') throw DomainError.conflict(REFERRAL_MESSAGES.unplacedBookingPlaced);
  if (row.resolution === 'dismissed') throw DomainError.conflict(dismissedMessage);
  return row;
}

/**
 * Places an unplaced booking with an active partner: the booking becomes the partner's referral as if it
 * had carried their code (created, a conflict with another partner's client, or attached to the partner's
 * open referral of that client). The client's details then live on the referral only.
 */
export async function placeUnplacedBooking(
  db: DbOrTx,
  { id, partnerId, actorId, now, mail }: { id: string; partnerId: string; actorId: string; now: Date; mail: MailDeps },
): Promise<PlacedBooking> {
  return inTransaction(db, async (trx) => {
    const booking = await waitingBookingForUpdate(trx, {
      id,
      dismissedMessage: REFERRAL_MESSAGES.unplacedBookingDismissed,
    });
    const partner = await trx
      .selectFrom('partners')
      .select(['id', 'status', 'referralCode', 'companyName'])
      .where('id', '=', partnerId)
      .executeTakeFirst();
    if (!partner) throw DomainError.notFound(REFERRAL_MESSAGES.unplacedPartnerNotFound);
    if (partner.status !== 'active' || !partner.referralCode)
      throw DomainError.unprocessable(REFERRAL_MESSAGES.unplacedPartnerNotActive);
    const captured = await captureLead(trx, {
      lead: {
        referralCode: partner.referralCode,
        clientEmail: booking.clientEmail ?? '',
        clientName: booking.clientName,
        clientCompanyName: booking.clientCompanyName,
        clientPhone: booking.clientPhone,
        consultationDate: booking.consultationDate?.toISOString() ?? null,
        service: booking.service,
        utm: booking.utm ?? undefined,
        booking: booking.bookingUid ? { provider: booking.source, uid: booking.bookingUid } : undefined,
      },
      source: 'booking',
      actorId,
      now,
      mail,
    });
    if (!captured.referral || captured.outcome === 'unknown code')
      throw DomainError.unprocessable(REFERRAL_MESSAGES.unplacedPartnerNotActive);
    await trx
      .updateTable('inboundEvents')
      .set({
        resolution: 'placed',
        referralId: captured.referral.id,
        resolvedBy: actorId,
        resolvedAt: now,
        clientName: null,
        clientCompanyName: null,
        clientPhone: null,
        consultationDate: null,
        service: null,
        utm: null,
      })
      .where('id', '=', id)
      .execute();
    await logActivity(trx, {
      userId: actorId,
      action: 'booking.placed',
      entityType: 'booking',
      entityId: id,
      details: {
        partnerId: partner.id,
        referralId: captured.referral.id,
        outcome: captured.outcome,
        source: booking.source,
        reason: booking.unplacedReason,
        referralCode: booking.referralCode,
        clientEmail: booking.clientEmail,
      },
    });
    return {
      id,
      outcome: captured.outcome,
      referral: toReferral({ ...captured.referral, partnerCompanyName: partner.companyName }),
    };
  });
}

/** Dismisses an unplaced booking (a test booking, spam, a client the firm already has), keeping the reason. */
export async function dismissUnplacedBooking(
  db: DbOrTx,
  { id, reason, actorId, now }: { id: string; reason: string; actorId: string; now: Date },
): Promise<UnplacedBooking> {
  return inTransaction(db, async (trx) => {
    await waitingBookingForUpdate(trx, { id, dismissedMessage: REFERRAL_MESSAGES.unplacedBookingDismissedAlready });
    const row = await trx
      .updateTable('inboundEvents')
      .set({ resolution: 'dismissed', dismissReason: reason, resolvedBy: actorId, resolvedAt: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      userId: actorId,
      action: 'booking.dismissed',
      entityType: 'booking',
      entityId: id,
      details: { reason, source: row.source, referralCode: row.referralCode, clientEmail: row.clientEmail },
    });
    return toUnplacedBooking(row);
  });
}
