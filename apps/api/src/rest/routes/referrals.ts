import { DEFAULT_PAGE_SIZE, listReferralsInput, MAX_PAGE_SIZE } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
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
    description:
      `Without limit and offset the body is every matching referral, in the list's order, streamed as one JSON array while it is read: the server reads keyset batches of 1000 rows (sort key, then id), one short query each, so memory stays flat at any size and no database connection is held between batches; a failure after the first byte cuts the connection, so the array never parses as complete. ` +
      `With limit or offset the body is one page; a Link header (RFC 8288, rel="next") gives the next page's address with the other query parameters kept, and is absent on the last page. Query: limit (at most ${MAX_PAGE_SIZE}; ${DEFAULT_PAGE_SIZE} when only offset is given), offset, search, sort (default -createdAt), stage, partnerId. X-Total-Count holds the number of matches either way.`,
    bodyIsItems: true,
    streamAll: (deps, query) => streamAllReferrals(deps.db, listReferralsInput.parse(query)),
    respond: (output: { items: unknown[]; total: number }, reply: FastifyReply) => {
      void reply.header('X-Total-Count', String(output.total));
      return output.items;
    },
    responseHeaders: [{ name: 'X-Total-Count', description: 'Number of referrals matching the filters' }, { name: 'Link', description: 'Paged requests only: <address of the next page>; rel="next" (RFC 8288); absent on the last page' }],
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
