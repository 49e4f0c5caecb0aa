// REST path of the audit log (its CSV is a raw route: rest/raw/activity.ts).

import { ACTIVITY_PAGE_SIZE } from '@portal/contracts';
import type { RestRoute } from '../adapter';

export const adminActivityRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/activity',
    procedure: 'admin.activity',
    summary:
      'The audit log, newest first: who (user, API key or the system) did what to which entity, with before/after where the change has them',
    tag: 'Admin: activity',
    paged: { noun: 'entries', defaultLimit: ACTIVITY_PAGE_SIZE },
    description:
      "Filters (all optional, combined): actor = 'system' (timers, workers, the CLI), a user id, or part of a user's email, a team member's name or an API key's name (case-insensitive); " +
      'entityType (user, partner, referral, commission, payout, material, email); entityId (UUID); action = an exact action (partner.approved) or a prefix (partner); ' +
      'from / to = a day (YYYY-MM-DD, UTC; to includes the whole day) or an ISO 8601 date and time with a time zone. A malformed filter is a 400 naming it.',
  },
];
