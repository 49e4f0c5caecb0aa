// REST paths of the admin's partner management (spec §7 plus issue 5's decisions and list options).

import { DEFAULT_PAGE_SIZE, listPartnersInput, MAX_PAGE_SIZE, PARTNER_SORTS } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { streamPartners } from '../../services/admin-partners';
import type { RestRoute } from '../adapter';

const tag = 'Admin: partners';

export const adminPartnerRoutes: RestRoute[] = [
  { method: 'GET', path: '/api/admin/metrics', procedure: 'admin.metrics', summary: 'Program metrics of the admin dashboard', tag },
  { method: 'GET', path: '/api/admin/partners/pending', procedure: 'admin.pendingPartners', summary: 'Partner applications awaiting review, oldest first', tag },
  {
    method: 'GET',
    path: '/api/admin/partners',
    procedure: 'admin.partners',
    summary: 'All partners with email, MRR, total earned and joined date (every row, or one page with limit/offset)',
    tag,
    description:
      `Without limit and offset the body is every matching partner, in the list's order, streamed as one JSON array while it is read: the server reads keyset batches of 1000 rows (sort key, then id), one short query each, so memory stays flat at any size and no database connection is held between batches; a failure after the first byte cuts the connection, so the array never parses as complete. ` +
      `With limit or offset the body is one page; a Link header (RFC 8288, rel="next") gives the next page's address with the other query parameters kept, and is absent on the last page. The number of partners matching the filters is in X-Total-Count either way. ` +
      `Paging: limit at most ${MAX_PAGE_SIZE} (${DEFAULT_PAGE_SIZE} when only offset is given), offset=0. Defaults: sort=-createdAt (newest first), no status filter, no search. ` +
      `search matches company, contact, email and referral code (case-insensitive substring). sort is one of ${PARTNER_SORTS.join(', ')}; a leading "-" sorts descending.`,
    responseHeaders: [{ name: 'X-Total-Count', description: 'How many partners match the filters, across all pages' }, { name: 'Link', description: 'Paged requests only: <address of the next page>; rel="next" (RFC 8288); absent on the last page' }],
    bodyIsItems: true,
    streamAll: (deps, query) => streamPartners(deps.db, listPartnersInput.parse(query)),
    respond: (output: { items: unknown[]; total: number }, reply: FastifyReply) => {
      void reply.header('X-Total-Count', String(output.total));
      return output.items;
    },
  },
  { method: 'GET', path: '/api/admin/partners/{id}', procedure: 'admin.partner', summary: 'Details of one partner (bank numbers masked)', tag },
  { method: 'POST', path: '/api/admin/partners/{id}/approve', procedure: 'admin.approvePartner', summary: 'Approve a pending or rejected partner', tag },
  { method: 'POST', path: '/api/admin/partners/{id}/reject', procedure: 'admin.rejectPartner', summary: 'Reject a pending application, with an optional reason', tag },
  { method: 'POST', path: '/api/admin/partners/{id}/suspend', procedure: 'admin.suspendPartner', summary: 'Suspend an active partner', tag },
  { method: 'POST', path: '/api/admin/partners/{id}/reactivate', procedure: 'admin.reactivatePartner', summary: 'Reactivate a suspended or inactive partner', tag },
  { method: 'POST', path: '/api/admin/partners', procedure: 'admin.createPartner', summary: 'Create an active partner with its sign-in (Create Partner form)', tag, status: 201 },
];
