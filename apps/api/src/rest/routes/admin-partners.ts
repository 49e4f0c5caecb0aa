// REST paths of the admin's partner management (spec §7, with the decisions and list options).

import { DEFAULT_PAGE_SIZE, listPartnersInput, PARTNER_SORTS, partnerPageInput } from '@portal/contracts';
import { streamPartners } from '../../services/partners';
import { idempotent, type RestRoute } from '../adapter';

const tag = 'Admin: partners';

/** The page size of a partner page's lists when none is asked for (the contract's default). */
const PARTNER_PAGE_SIZE: number = partnerPageInput.shape.limit.parse(undefined);
const unknownPartner = 'An id that names no partner is a 404 "Partner not found".';

export const adminPartnerRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/metrics',
    procedure: 'admin.metrics',
    summary: 'Program metrics of the admin dashboard',
    tag,
  },
  {
    method: 'GET',
    path: '/api/admin/partners/pending',
    procedure: 'admin.pendingPartners',
    summary: 'Partner applications awaiting review, oldest first',
    tag,
  },
  {
    method: 'GET',
    path: '/api/admin/partners',
    procedure: 'admin.partners',
    summary: 'All partners with email, MRR, total earned and joined date (every row, or one page with limit/offset)',
    tag,
    paged: { noun: 'partners', defaultLimit: DEFAULT_PAGE_SIZE },
    description:
      `Defaults: sort=-createdAt (newest first), no status filter, no search. ` +
      `search matches company, contact, email and referral code (case-insensitive substring). sort is one of ${PARTNER_SORTS.join(', ')}; a leading "-" sorts descending.`,
    streamAll: (deps, query) => streamPartners(deps.db, { query: listPartnersInput.parse(query) }),
  },
  {
    method: 'GET',
    path: '/api/admin/partners/{id}',
    procedure: 'admin.partner',
    summary: 'Details of one partner (bank numbers and PayPal email masked)',
    tag,
  },
  {
    method: 'GET',
    path: '/api/admin/partners/{partnerId}/commissions',
    procedure: 'admin.partnerCommissions',
    summary: "One page of a partner's commissions, newest month first, each with its client (the partner page)",
    tag,
    paged: { noun: 'commissions', defaultLimit: PARTNER_PAGE_SIZE },
    description: `Every status (pending, paid, failed, voided) and kind (recurring, bonus, clawback). returnedAt is the day the payout line that paid a failed fee came back (null otherwise); such a fee keeps the payout's paymentDate but was never paid. ${unknownPartner}`,
  },
  {
    method: 'GET',
    path: '/api/admin/partners/{partnerId}/payouts',
    procedure: 'admin.partnerPayouts',
    summary:
      "One page of the payouts a partner was part of, newest first, each with the partner's line only (amount, commission count, status)",
    tag,
    paged: { noun: 'payouts', defaultLimit: PARTNER_PAGE_SIZE },
    description: `A payout can pay several partners: amount and commissionCount are this partner's line in it. Every payout the partner was in is listed, whatever became of its line: status is sent, confirmed or returned (with returnCode, returnReason and resolvedAt, the day it came back). ${unknownPartner}`,
  },
  {
    method: 'GET',
    path: '/api/admin/partners/{partnerId}/activity',
    procedure: 'admin.partnerActivity',
    summary:
      "One page of a partner's activity, newest first: the audit rows about the partner, its user, and its referrals, commissions and mail",
    tag,
    paged: { noun: 'entries', defaultLimit: PARTNER_PAGE_SIZE },
    description: `The whole audit log, with filters, is GET /api/admin/activity. ${unknownPartner}`,
  },
  {
    method: 'POST',
    path: '/api/admin/partners/{id}/approve',
    procedure: 'admin.approvePartner',
    summary: 'Approve a pending or rejected partner',
    tag,
  },
  {
    method: 'POST',
    path: '/api/admin/partners/{id}/reject',
    procedure: 'admin.rejectPartner',
    summary: 'Reject a pending application, with an optional reason',
    tag,
  },
  {
    method: 'POST',
    path: '/api/admin/partners/{id}/suspend',
    procedure: 'admin.suspendPartner',
    summary: 'Suspend an active partner, with an optional reason ({ reason? }) the partner is told',
    tag,
  },
  {
    method: 'POST',
    path: '/api/admin/partners/{id}/reactivate',
    procedure: 'admin.reactivatePartner',
    summary: 'Reactivate a suspended or inactive partner',
    tag,
  },
  {
    method: 'POST',
    path: '/api/admin/partners',
    procedure: 'admin.createPartner',
    summary: 'Create an active partner with its sign-in (Create Partner form)',
    tag,
    status: 201,
    description:
      'The partner starts on the program terms in force (termsVersion, agreementVersion), whose fees its referrals earn. A taken email is 409.',
    ...idempotent,
    errors: { 409: 'The email is taken' },
  },
];
