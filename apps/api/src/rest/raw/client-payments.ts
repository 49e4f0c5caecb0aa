// POST /api/admin/client-payments/import: the CSV of a billing system as the raw body (text/csv, or
// text/plain), checked row by row through admin.importClientPayments. `?dryRun=true` only reports.
// A raw route because the body is not JSON.

import { importReportOutput } from '@portal/contracts';
import { z } from 'zod';
import { withActor, DomainError, requirePermission } from '../../services/platform';
import { createContextFromRequest } from '../../trpc/context';
import { callProcedure } from '../adapter';
import type { RawRoutes } from '../routes';
import { answeringErrors, errorResponse, jsonSchemaOf, withRawBodies } from './raw-routes';

const IMPORT_PATH = '/api/admin/client-payments/import';
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/** The import's report, as the document states it (the named schema `ClientPaymentImportReport`). */
const reportSchema = jsonSchemaOf(importReportOutput, 'output');
/** The report of a refused import, with the error body's `message` and `code` beside it. */
const refusedReportSchema = jsonSchemaOf(
  importReportOutput.extend({
    message: z.string().meta({ description: 'How many rows have errors' }),
    code: z.literal('UNPROCESSABLE_CONTENT'),
  }),
  'output',
);

export const clientPaymentRawRoutes: RawRoutes = {
  register: (app, deps) =>
    withRawBodies(
      app,
      ['text/csv', 'text/plain', 'application/csv'],
      { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
      (scope) => {
        scope.post<{ Querystring: { dryRun?: string } }>(
          IMPORT_PATH,
          { bodyLimit: IMPORT_BODY_LIMIT },
          answeringErrors(deps, async (req, reply) => {
            const ctx = await createContextFromRequest(deps, req, reply);
            // Who may import is answered first (401/403), whatever the body, as on every other route.
            requirePermission(ctx, 'commissions:write');
            if (typeof req.body !== 'string')
              throw DomainError.unsupportedMediaType('Send the CSV as the body with Content-Type: text/csv');
            const dryRun = req.query.dryRun === 'true' || req.query.dryRun === '1';
            const report = (await withActor(ctx.user, () =>
              callProcedure(ctx, 'admin.importClientPayments', { csv: req.body, dryRun }),
            )) as { errorCount: number; written: boolean };
            if (report.errorCount > 0)
              return reply.status(422).send({
                message: `${report.errorCount} row${report.errorCount === 1 ? ' has an error' : 's have errors'}; nothing was recorded`,
                code: 'UNPROCESSABLE_CONTENT',
                ...report,
              });
            return reply.status(report.written ? 201 : 200).send(report);
          }),
        );
      },
    ),
  openapi: [
    {
      method: 'POST',
      path: IMPORT_PATH,
      access: 'commissions:write',
      operation: {
        operationId: 'admin.importClientPayments',
        tags: ['Admin: client payments'],
        summary: 'Import client payments from a CSV (all rows or none); ?dryRun=true only reports',
        description:
          'Columns (first line, case and _ ignored): client_email or referral_id, period (YYYY-MM), amount, paid_date (YYYY-MM-DD), collection_cost (optional, default 0.00), reference (optional). ' +
          'Every row is checked first; the answer reports each row (row number, ok, message, the fee it earns or would earn). With any bad row nothing is written (422 with the report). ' +
          'A row imported before (same referral, period and reference; without a reference, same referral, period, amount and paid date) is reported as alreadyImported and not recorded again. ' +
          'A client email must match exactly one referral (won ones first). At most 200,000 rows, 32 MB.',
        parameters: [
          { name: 'dryRun', in: 'query', required: false, schema: { type: 'boolean' }, description: 'Only report' },
        ],
        requestBody: {
          required: true,
          content: { 'text/csv': { schema: { type: 'string' } } },
        },
        responses: {
          200: {
            description: 'The dry run report (nothing written)',
            content: { 'application/json': { schema: reportSchema } },
          },
          201: {
            description: 'The report; every ok row was recorded and earned its fee',
            content: { 'application/json': { schema: reportSchema } },
          },
          400: errorResponse('The file is not a CSV, or a required column is missing'),
          401: errorResponse('Not signed in'),
          403: errorResponse('Not allowed (commissions:write)'),
          413: errorResponse('More than 200,000 rows or 32 MB'),
          415: errorResponse('Not a text/csv body'),
          422: {
            description:
              'Some rows have errors (the report is in the body beside message and code); nothing was recorded',
            content: {
              'application/json': {
                schema: refusedReportSchema,
              },
            },
          },
        },
      },
    },
  ],
};
