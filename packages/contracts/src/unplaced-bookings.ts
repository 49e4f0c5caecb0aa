// Unplaced bookings: a Cal.com or Calendly booking that reached no active partner (no code, an unknown
// code, a partner who is not active) waits for an admin, who places it with an active partner — it then
// becomes that partner's referral exactly as a booking with their code would — or dismisses it.

import { z } from 'zod';
import { BOOKING_PROVIDERS } from './enums';
import { idField, multiLine, requiredString, timestamp } from './fields';
import { labelledEnum } from './labelled-enum';
import { pageLimitField, pageOffsetField, pageOutputOf } from './paging';
import { referralOutput } from './referral';

/** Why a booking reached no partner: no code at all, a code nobody has, or a partner who is not active. */
export const { values: UNPLACED_REASONS, labels: UNPLACED_REASON_LABELS } = labelledEnum([
  ['no_code', 'No referral code given'],
  ['unknown_code', 'No partner has this code'],
  ['partner_pending', 'The partner is still pending approval'],
  ['partner_inactive', 'The partner is inactive'],
  ['partner_suspended', 'The partner is suspended'],
  ['partner_rejected', 'The partner was rejected'],
]);
export type UnplacedReason = (typeof UNPLACED_REASONS)[number];

/** How an admin settled an unplaced booking. */
export const UNPLACED_RESOLUTIONS = ['placed', 'dismissed'] as const;
export type UnplacedResolution = (typeof UNPLACED_RESOLUTIONS)[number];

/** Rows per page of the Unplaced bookings card. */
export const UNPLACED_BOOKINGS_PAGE_SIZE = 10;

export const unplacedBookingsInput = z.object({
  limit: pageLimitField(UNPLACED_BOOKINGS_PAGE_SIZE),
  offset: pageOffsetField,
});
export type UnplacedBookingsInput = z.input<typeof unplacedBookingsInput>;

export const unplacedBookingOutput = z.object({
  id: z.uuid(),
  provider: z.enum(BOOKING_PROVIDERS).describe('The scheduling service the booking came from'),
  eventType: z.string(),
  receivedAt: timestamp,
  referralCode: z.string().nullable().describe('The code the booking carried, as given; null when it carried none'),
  reason: z.enum(UNPLACED_REASONS).describe('Why no partner got the booking'),
  clientName: z.string().nullable(),
  clientCompanyName: z.string().nullable().describe("The booking form's company answer, when given"),
  clientEmail: z.string(),
  clientPhone: z.string().nullable(),
  consultationDate: timestamp.nullable(),
  service: z.string().nullable(),
  utm: z.record(z.string(), z.string()).nullable(),
  resolution: z.enum(UNPLACED_RESOLUTIONS).nullable().describe('Null while it waits for an admin'),
  referralId: z.uuid().nullable().describe('The referral a placed booking became'),
  dismissReason: z.string().nullable(),
  resolvedAt: timestamp.nullable(),
});
export type UnplacedBooking = z.infer<typeof unplacedBookingOutput>;

export const unplacedBookingsOutput = pageOutputOf(unplacedBookingOutput);
export type UnplacedBookings = z.infer<typeof unplacedBookingsOutput>;

export const placeUnplacedBookingInput = z.object({
  id: idField,
  partnerId: idField,
});
export type PlaceUnplacedBookingInput = z.input<typeof placeUnplacedBookingInput>;

/** The outcome of a placement is a booking's: a new referral, a conflict, or the partner's open referral. */
export const placeUnplacedBookingOutput = z.object({
  id: z.uuid(),
  outcome: z.enum(['created', 'conflict', 'attached']),
  referral: referralOutput,
});
export type PlacedBooking = z.infer<typeof placeUnplacedBookingOutput>;

export const dismissUnplacedBookingInput = z.object({
  id: idField,
  reason: multiLine(
    'Reason',
    requiredString('A reason is required to dismiss a booking', 1000, 'Reason must be at most 1000 characters'),
  ),
});
export type DismissUnplacedBookingInput = z.input<typeof dismissUnplacedBookingInput>;
