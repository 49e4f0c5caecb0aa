import { DEFAULT_PAGE_SIZE, listReferralsInput, REFERRAL_SORTS } from '@portal/contracts';
import { streamAllReferrals } from '../../services/referrals';
import type { RestRoute } from '../adapter';

export const referralRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/partners/referrals', procedure: 'partner.referrals', summary: "The partner's own referrals, newest first", tag: 'Partner' },
  {
    method: 'POST',
    path: '/api/partners/referrals',
    procedure: 'partner.createReferral',
    summary: 'Create a referral (active partners only); it starts in the booked stage',
    tag: 'Partner',
    status: 201,
  },
  { method: 'GET', path: '/api/partners/metrics', procedure: 'partner.metrics', summary: "The partner dashboard's earnings, active clients and link visits", tag: 'Partner' },
  {
    method: 'GET',
    path: '/api/admin/referrals',
    procedure: 'admin.referrals',
    summary: 'All referrals with their partner company (every row, or one page with limit/offset)',
    tag: 'Admin',
    paged: { noun: 'referrals', defaultLimit: DEFAULT_PAGE_SIZE },
    description: `Query: search, sort (one of ${REFERRAL_SORTS.join(', ')}; default -createdAt), stage, partnerId.`,
    streamAll: (deps, query) => streamAllReferrals(deps.db, listReferralsInput.parse(query)),
  },
  { method: 'POST', path: '/api/admin/referrals', procedure: 'admin.addClient', summary: 'Add a client to an active partner', tag: 'Admin', status: 201 },
  {
    method: 'PATCH',
    path: '/api/admin/referrals/{id}',
    procedure: 'admin.updateReferral',
    summary: "Change a deal's stage, lost reason, contract dates, churn date or notes",
    tag: 'Admin',
  },
  { method: 'GET', path: '/api/referral-links/{code}', procedure: 'public.referralLink', summary: "An active partner's referral link: company and code", tag: 'Public' },
  {
    method: 'POST',
    path: '/api/referral-visits',
    procedure: 'public.recordVisit',
    summary: 'Record an anonymous visit of a referral link (throttled per address)',
    tag: 'Public',
    status: 201,
  },
];
