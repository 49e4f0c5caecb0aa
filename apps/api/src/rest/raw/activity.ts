// GET /api/admin/activity.csv: the audit log's filtered entries as a CSV download, with
// the same filters and 400s as GET /api/admin/activity and the exports' formula-safe cells.

import { activityFilterInput } from '@portal/contracts';
import { activityCsv, DomainError } from '../../services/platform';
import type { RawRoutes } from '../routes';
import { answeringErrors, csvHeaders, errorResponse, requireAccess } from './raw-routes';

const queryParameter = (name: string, description: string, format?: string) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type: 'string', ...(format ? { format } : {}) },
});

export const activityRawRoutes: RawRoutes = {
  register(app, deps) {
    app.get(
      '/api/admin/activity.csv',
      answeringErrors(deps, async (req, reply) => {
        const admin = await requireAccess(deps, req, 'activity:read');
        const parsed = activityFilterInput.safeParse(req.query ?? {});
        if (!parsed.success)
          throw DomainError.invalid(parsed.error.issues[0]?.message ?? 'Invalid filter', parsed.error);
        const stream = await activityCsv(deps.db, { filter: parsed.data, actorId: admin.id });
        stream.on('error', (error) => deps.logger.error({ err: error }, 'activity export failed while streaming'));
        return csvHeaders(reply, `activity-${deps.now().toISOString().slice(0, 10)}.csv`).send(stream);
      }),
    );
  },

  openapi: [
    {
      method: 'GET',
      path: '/api/admin/activity.csv',
      access: 'activity:read',
      operation: {
        operationId: 'exports.activity',
        summary:
          'The audit log entries matching the filters as CSV (RFC 4180, streamed, newest first; the download is logged)',
        description:
          'The same filters as GET /api/admin/activity, without paging. Columns: time, actor type and name, actor email, action, entity type and id, ' +
          'changes (one "field: before → after" line each) and the other details as JSON. Every cell is quoted; each line of a cell starting with =, +, -, @, a tab ' +
          'or a carriage return is prefixed with an apostrophe so spreadsheets do not run it.',
        tags: ['Admin: activity'],
        parameters: [
          queryParameter('actor', "'system', a user id or part of a user's email"),
          queryParameter('entityType', 'user, partner, referral, commission, payout, material or email'),
          queryParameter('entityId', 'The entity the entries are about', 'uuid'),
          queryParameter('action', 'An exact action (partner.approved) or its prefix (partner)'),
          queryParameter('from', 'YYYY-MM-DD (UTC) or an ISO 8601 date and time with a time zone'),
          queryParameter(
            'to',
            'YYYY-MM-DD (UTC, the whole day included) or an ISO 8601 date and time with a time zone',
          ),
        ],
        responses: {
          200: { description: 'The entries as CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
          400: errorResponse('A malformed filter, named in the message'),
          401: errorResponse('Not signed in'),
          403: errorResponse('Not an admin'),
        },
      },
    },
  ],
};
