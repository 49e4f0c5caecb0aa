// REST paths of lead capture: leads from the firm's tools, conflicts between partners, bookings no
// partner got, the funnel and recent bookings. The booking webhooks themselves are raw routes (raw/booking-webhooks.ts).

import {
  CONFLICT_RESOLUTIONS,
  FREE_MAIL_DOMAINS,
  AGREEMENT_DEFAULTS,
  UNPLACED_BOOKINGS_PAGE_SIZE,
  UNPLACED_REASONS,
} from '@portal/contracts';
import { idempotent, type RestRoute } from '../adapter';

const funnelDescription =
  'Per UTC month (query months, 1 to 24, default 6; oldest first) and in total: link visits that month, and the referrals created that month ' +
  '(every referral starts in Booked) followed to where they stand now: accepted (qualified, proposal or won), won, and paying (won, not churned, contract not ended).';

export const leadCaptureRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/leads',
    procedure: 'admin.captureLead',
    summary: "A lead from the firm's own forms and tools becomes a referral in Booked (API key scope leads:write)",
    tag: 'Leads',
    status: 201,
    description:
      'Body: { referralCode, clientEmail, clientName?, clientCompanyName?, clientPhone?, consultationDate? (ISO 8601), service? (basic_accounting, controller, basic, cfo, general), utm? { source, medium, campaign, term, content } }. ' +
      'An unknown or inactive partner code is 422. The same partner sending the same client address again updates its open referral (consultation date) instead of adding one. ' +
      `A client another partner introduced within that referral's qualification window (the qualification days of its terms version plus its extensions; ${AGREEMENT_DEFAULTS.qualificationDays} days under version 1) with the same address, or the same business domain (free-mail domains such as ${FREE_MAIL_DOMAINS.slice(0, 3).join(', ')} match by address only), is stored with conflictOf for an admin. ` +
      'The company defaults to the email domain; the monthly value to the service list price.',
    ...idempotent,
  },
  {
    method: 'GET',
    path: '/api/admin/referral-conflicts',
    procedure: 'admin.referralConflicts',
    summary: 'Open conflicts between partners over one client, and open self-referrals for review',
    tag: 'Admin',
  },
  {
    method: 'POST',
    path: '/api/admin/referral-conflicts/{id}/resolve',
    procedure: 'admin.resolveConflict',
    summary: 'Settle a conflict ({ resolution })',
    tag: 'Admin',
    description:
      `id is the second referral. resolution is one of ${CONFLICT_RESOLUTIONS.join(', ')}: keep_first → the second is lost ("Client already introduced by another partner"); ` +
      'move_to_second → the first is lost and the second keeps the client; reject → the second is lost. 404 when the referral has no open conflict.',
  },
  {
    method: 'GET',
    path: '/api/admin/unplaced-bookings',
    procedure: 'admin.unplacedBookings',
    summary: 'Bookings that reached no active partner and wait for an admin, newest first',
    tag: 'Admin',
    paged: { noun: 'unplaced bookings', defaultLimit: UNPLACED_BOOKINGS_PAGE_SIZE },
    description:
      'A Cal.com or Calendly booking whose code is missing, unknown, or belongs to a partner who is not active, with the client as the booking gave it. ' +
      `reason is one of ${UNPLACED_REASONS.join(', ')}. Placed and dismissed bookings leave the list.`,
  },
  {
    method: 'POST',
    path: '/api/admin/unplaced-bookings/{id}/place',
    procedure: 'admin.placeUnplacedBooking',
    summary: 'Place an unplaced booking with an active partner ({ partnerId }): it becomes their referral in Booked',
    tag: 'Admin',
    status: 201,
    description:
      'The booking becomes the partner’s referral exactly as a booking with their code would: outcome created, conflict (another partner introduced the client first) ' +
      'or attached (the partner’s open referral of that client takes the consultation date); the partner is mailed as for any booking.',
    errors: {
      404: 'No unplaced booking with this id, or no such partner',
      409: 'The booking is already placed or was dismissed',
      422: 'The partner is not active',
    },
    ...idempotent,
  },
  {
    method: 'POST',
    path: '/api/admin/unplaced-bookings/{id}/dismiss',
    procedure: 'admin.dismissUnplacedBooking',
    summary: 'Dismiss an unplaced booking ({ reason }): it leaves the list and keeps the reason',
    tag: 'Admin',
    errors: { 404: 'No unplaced booking with this id', 409: 'The booking is already placed or dismissed' },
  },
  {
    method: 'GET',
    path: '/api/admin/funnel',
    procedure: 'admin.funnel',
    summary: "The program's lead funnel by month, or one partner's (query partnerId)",
    tag: 'Admin',
    description: funnelDescription,
  },
  {
    method: 'GET',
    path: '/api/admin/bookings/recent',
    procedure: 'admin.recentBookings',
    summary: 'New bookings and leads: how many since Monday (UTC) and the latest five',
    tag: 'Admin',
  },
  {
    method: 'GET',
    path: '/api/partners/funnel',
    procedure: 'partner.funnel',
    summary: "The partner's own lead funnel by month",
    tag: 'Partner',
    description: funnelDescription,
  },
  {
    method: 'GET',
    path: '/api/partners/bookings/recent',
    procedure: 'partner.recentBookings',
    summary: "The partner's bookings and leads: how many since Monday (UTC) and the latest five",
    tag: 'Partner',
  },
];
