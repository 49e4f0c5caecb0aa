// Lead capture: a booking through a partner's link (Cal.com, Calendly) or a lead from the firm's own
// tools becomes a referral in `booked` for the partner whose code came with it. The same partner's
// second booking of a client attaches to the open referral; another partner's client is stored as a
// conflict (client-ownership.ts). Runs inside the caller's transaction.

import {
  LIST_PRICE_BY_SERVICE,
  REFERRAL_MESSAGES,
  SERVICE_OF_LANDING,
  SERVICE_TYPES,
  type BookingProvider,
  type LandingService,
  type leadInput,
  type RecentBookings,
  type Referral,
  type ServiceType,
} from '@portal/contracts';
import type { ReferralRow } from '@portal/db';
import type { z } from 'zod';
import { DomainError } from '../platform/errors';
import { inTransaction } from '../platform/idempotency';
import { toPartnerReferral, toReferral } from '../platform/mappers';
import { enqueueWebhookEvent, referralEventData } from '../integrations/webhooks';
import { notifyBooking, type MailDeps } from '../notifications/notify';
import { logActivity, type DbOrTx } from '../platform/activity';
import { refreshPartnerTotals } from '../partners/partner-totals';
import { findOwnOpenReferral, isBusinessDomain, mailDomain } from './client-ownership';
import { saveReferral } from './qualification';
import { insertReferral, stageChange } from './referrals';

/** A client who booked or was sent in, as read from a booking payload or POST /api/leads. */
export interface CapturedLead {
  referralCode: string | null;
  clientEmail: string;
  clientName?: string | null;
  clientCompanyName?: string | null;
  clientPhone?: string | null;
  /** ISO instant of the consultation. */
  consultationDate?: string | null;
  /** A service type, or a landing page's service card (basic, cfo); anything else is Basic Accounting. */
  service?: string | null;
  utm?: Record<string, string>;
  booking?: { provider: BookingProvider; uid: string };
}

export type CaptureOutcome = 'created' | 'conflict' | 'attached' | 'unknown code';

/** The pipeline's service type of a booked service: a service type, a landing card, or Basic Accounting. */
export function serviceTypeOf(service: string | null | undefined): ServiceType {
  const value = service?.trim().toLowerCase();
  if (!value) return 'basic_accounting';
  if ((SERVICE_TYPES as readonly string[]).includes(value)) return value as ServiceType;
  return SERVICE_OF_LANDING[value as LandingService] ?? 'basic_accounting';
}

/**
 * The company a booking names: the form's answer where given; else the email's business domain
 * ("acme.com"); on a free-mail address the client's name, else the address itself.
 */
export function companyOf(lead: Pick<CapturedLead, 'clientCompanyName' | 'clientEmail' | 'clientName'>): string {
  const given = lead.clientCompanyName?.trim();
  if (given) return given.slice(0, 200);
  const domain = mailDomain(lead.clientEmail);
  if (isBusinessDomain(domain)) return domain;
  return (lead.clientName?.trim() || lead.clientEmail).slice(0, 200);
}

/** The referral, locked until the transaction ends: its booking changes are read and written in one go. */
const referralForUpdate = (trx: DbOrTx, id: string) =>
  trx.selectFrom('referrals').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();

async function activePartnerByCode(db: DbOrTx, code: string | null) {
  const normalised = code?.trim().toUpperCase();
  if (!normalised) return null;
  const partner = await db
    .selectFrom('partners')
    .select(['id', 'status', 'userId'])
    .where('referralCode', '=', normalised)
    .executeTakeFirst();
  return partner?.status === 'active' ? partner : null;
}

/**
 * Stores a captured lead: a new `booked` referral (created, or conflict when another partner
 * introduced the client first), the partner's open referral of the same address updated (attached),
 * or nothing when no active partner has the code. The partner is mailed about a new booking.
 */
export async function captureLead(
  trx: DbOrTx,
  {
    lead,
    source,
    actorId,
    now,
    mail,
  }: { lead: CapturedLead; source: 'booking' | 'lead'; actorId: string | null; now: Date; mail: MailDeps },
): Promise<{ outcome: CaptureOutcome; referral: ReferralRow | null }> {
  const partner = await activePartnerByCode(trx, lead.referralCode);
  if (!partner) return { outcome: 'unknown code', referral: null };
  const email = lead.clientEmail.trim().toLowerCase();

  const ownId = await findOwnOpenReferral(trx, { partnerId: partner.id, clientEmail: email });
  if (ownId) {
    const current = await referralForUpdate(trx, ownId);
    const updated = await trx
      .updateTable('referrals')
      .set({
        consultationDate: lead.consultationDate ?? current.consultationDate,
        clientName: current.clientName ?? lead.clientName ?? null,
        clientPhone: current.clientPhone ?? lead.clientPhone ?? null,
        ...(lead.booking ? { bookingProvider: lead.booking.provider, bookingUid: lead.booking.uid } : {}),
        updatedAt: now,
      })
      .where('id', '=', ownId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      userId: actorId,
      action: 'referral.booking_attached',
      entityType: 'referral',
      entityId: ownId,
      details: {
        partnerId: partner.id,
        source,
        consultationDate: updated.consultationDate?.toISOString() ?? null,
        ...(lead.booking ? { bookingProvider: lead.booking.provider, bookingUid: lead.booking.uid } : {}),
      },
    });
    return { outcome: 'attached', referral: updated };
  }

  const serviceType = serviceTypeOf(lead.service);
  const row = await insertReferral(trx, {
    partnerId: partner.id,
    actorId,
    action: source === 'booking' ? 'referral.booked' : 'referral.lead_received',
    referralSource: source,
    values: {
      clientCompanyName: companyOf({ ...lead, clientEmail: email }),
      clientEmail: email,
      clientPhone: lead.clientPhone ?? undefined,
      serviceType,
      monthlyValue: LIST_PRICE_BY_SERVICE[serviceType],
      consultationDate: lead.consultationDate ?? undefined,
      notes: undefined,
    },
    lead: { clientName: lead.clientName ?? null, utm: lead.utm ?? null, booking: lead.booking },
    now,
  });
  if (row.consultationDate) {
    await enqueueWebhookEvent(trx, {
      type: 'referral.booked',
      data: {
        ...referralEventData(row),
        consultationDate: row.consultationDate.toISOString(),
        source,
        clientAlreadyIntroduced: row.conflictOf !== null,
      },
      now,
    });
    await notifyBooking(trx, { mail, now, referral: row });
  }
  return { outcome: row.conflictOf ? 'conflict' : 'created', referral: row };
}

/**
 * A cancelled consultation: a referral still in `booked` becomes lost ('Consultation cancelled');
 * one that moved on is kept (the deal is past its first call). Answers what happened.
 */
export async function cancelBookedReferral(
  trx: DbOrTx,
  { referralId, now }: { referralId: string; now: Date },
): Promise<'cancelled' | 'ignored: referral past booked'> {
  const current = await referralForUpdate(trx, referralId);
  if (current.stage !== 'booked') return 'ignored: referral past booked';
  const changes = stageChange(current, { stage: 'lost', lostReason: REFERRAL_MESSAGES.consultationCancelled }, now);
  const updated = await saveReferral(trx, { id: referralId, changes, now });
  await refreshPartnerTotals(trx, { partnerIds: [current.partnerId], now });
  await logActivity(trx, {
    userId: null,
    action: 'referral.booking_cancelled',
    entityType: 'referral',
    entityId: referralId,
    details: { partnerId: current.partnerId, stage: { from: current.stage, to: 'lost' } },
  });
  await enqueueWebhookEvent(trx, {
    type: 'referral.stage_changed',
    data: { ...referralEventData(updated), previousStage: current.stage },
    now,
  });
  return 'cancelled';
}

/** A moved consultation: the referral takes the new time and the new booking's uid. */
export async function rescheduleBookedReferral(
  trx: DbOrTx,
  {
    referralId,
    consultationDate,
    booking,
    now,
  }: {
    referralId: string;
    consultationDate: string | null;
    booking: { provider: BookingProvider; uid: string };
    now: Date;
  },
): Promise<'rescheduled'> {
  const current = await trx
    .selectFrom('referrals')
    .select(['partnerId', 'consultationDate'])
    .where('id', '=', referralId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('referrals')
    .set({
      consultationDate: consultationDate ?? current.consultationDate,
      bookingProvider: booking.provider,
      bookingUid: booking.uid,
      updatedAt: now,
    })
    .where('id', '=', referralId)
    .execute();
  await logActivity(trx, {
    userId: null,
    action: 'referral.booking_rescheduled',
    entityType: 'referral',
    entityId: referralId,
    details: {
      partnerId: current.partnerId,
      consultationDate: { from: current.consultationDate?.toISOString() ?? null, to: consultationDate },
    },
  });
  return 'rescheduled';
}

/** POST /api/leads: a lead from the firm's own tools; a code no active partner has is a 422. */
export async function receiveLead(
  db: DbOrTx,
  {
    input,
    actorId,
    now,
    mail,
  }: { input: z.output<typeof leadInput>; actorId: string | null; now: Date; mail: MailDeps },
): Promise<Referral> {
  return inTransaction(db, async (trx) => {
    const captured = await captureLead(trx, {
      lead: {
        referralCode: input.referralCode,
        clientEmail: input.clientEmail,
        clientName: input.clientName ?? null,
        clientCompanyName: input.clientCompanyName ?? null,
        clientPhone: input.clientPhone ?? null,
        consultationDate: input.consultationDate ?? null,
        service: input.service ?? null,
        utm: input.utm ? Object.fromEntries(Object.entries(input.utm).filter(([, v]) => v)) : undefined,
      },
      source: 'lead',
      actorId,
      now,
      mail,
    });
    if (!captured.referral) throw DomainError.unprocessable(REFERRAL_MESSAGES.referralCodeUnknown);
    const partner = await trx
      .selectFrom('partners')
      .select('companyName')
      .where('id', '=', captured.referral.partnerId)
      .executeTakeFirstOrThrow();
    return toReferral({ ...captured.referral, partnerCompanyName: partner.companyName });
  });
}

/** Monday 00:00 UTC of the week `now` is in. */
export function weekStart(now: Date): Date {
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day));
}

/** Referrals that came from a booking or a lead: how many since Monday (UTC), and the latest few. */
export async function recentBookings(
  db: DbOrTx,
  { now, partnerId, limit = 5 }: { now: Date; partnerId?: string; limit?: number },
): Promise<RecentBookings> {
  const base = db
    .selectFrom('referrals')
    .innerJoin('partners', 'partners.id', 'referrals.partnerId')
    .where('referrals.referralSource', 'in', ['booking', 'lead'])
    .$if(Boolean(partnerId), (q) => q.where('referrals.partnerId', '=', partnerId as string));
  const [count, rows] = await Promise.all([
    base
      .where('referrals.createdAt', '>=', weekStart(now))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    base
      .selectAll('referrals')
      .select('partners.companyName as partnerCompanyName')
      .orderBy('referrals.createdAt', 'desc')
      .orderBy('referrals.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  const map = partnerId ? toPartnerReferral : toReferral;
  return { thisWeek: Number(count.n), latest: rows.map(map) };
}
