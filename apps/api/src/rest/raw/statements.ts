// Monthly statements (PDF, CSV) of the partner's own account and of any partner for the
// admin, and the 1099-NEC report of a tax year. Files, so plain Fastify routes with the same auth
// rules and error bodies as the procedure-backed table.

import { MESSAGES, statementMonth, TAX_MESSAGES, taxYear } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps';
import { DomainError } from '../../services/platform';
import {
  csvStream,
  buildStatement,
  STATEMENT_COLUMNS,
  statementCsvRows,
  statementPdf,
  FORM_1099_COLUMNS,
  form1099Rows,
  thresholdFor,
} from '../../services/money';
import { partnerOfUser } from '../../services/partners';
import type { RawRoutes } from '../routes';
import { answeringErrors, csvHeaders, errorResponse, requireAccess, UUID } from './raw-routes';

const FORMATS = ['pdf', 'csv'] as const;
type Format = (typeof FORMATS)[number];

/** "2026-03.pdf" → month and format; anything else is a 400 naming the expected form. */
function parseStatementFile(file: string): { month: string; format: Format } {
  const match = /^(.*)\.(pdf|csv)$/.exec(file);
  const month = statementMonth.safeParse(match?.[1]);
  if (!match || !month.success) throw DomainError.invalid(TAX_MESSAGES.invalidStatementMonth);
  return { month: month.data, format: match[2] as Format };
}

async function sendStatement(
  deps: AppDeps,
  reply: FastifyReply,
  partnerId: string,
  file: { month: string; format: Format },
) {
  const statement = await buildStatement(deps.db, { partnerId, month: file.month });
  const name = `statement-${
    statement.partner.companyName
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'partner'
  }-${file.month}.${file.format}`;
  void reply.header('Content-Disposition', `attachment; filename="${name}"`).header('Cache-Control', 'no-store');
  if (file.format === 'csv')
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .send(csvStream(STATEMENT_COLUMNS, statementCsvRows(statement)));
  return reply.header('Content-Type', 'application/pdf').send(Buffer.from(await statementPdf(statement)));
}

const fileResponses = (description: string, type: 'application/pdf' | 'text/csv', who: string) => ({
  200: {
    description,
    content: { [type]: { schema: { type: 'string', ...(type === 'application/pdf' ? { format: 'binary' } : {}) } } },
  },
  400: errorResponse('Not a month (YYYY-MM) or year'),
  401: errorResponse('Not signed in'),
  403: errorResponse(`Not ${who}`),
  404: errorResponse('No such partner'),
});
const monthParam = {
  name: 'month',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
  description: 'YYYY-MM',
};

export const statementRoutes: RawRoutes = {
  register(app, deps) {
    app.get<{ Params: { file: string } }>(
      '/api/partners/statements/:file',
      answeringErrors(deps, async (req, reply) => {
        const user = await requireAccess(deps, req, 'partner:self');
        const file = parseStatementFile(req.params.file);
        const partner = await partnerOfUser(deps.db, user.id);
        if (!partner) throw DomainError.notFound(MESSAGES.partnerProfileNotFound);
        return await sendStatement(deps, reply, partner.id, file);
      }),
    );

    app.get<{ Params: { id: string; file: string } }>(
      '/api/admin/partners/:id/statements/:file',
      answeringErrors(deps, async (req, reply) => {
        await requireAccess(deps, req, 'commissions:read');
        const file = parseStatementFile(req.params.file);
        if (!UUID.test(req.params.id)) throw DomainError.notFound(MESSAGES.partnerNotFound);
        return await sendStatement(deps, reply, req.params.id, file);
      }),
    );

    app.get<{ Params: { file: string } }>(
      '/api/admin/exports/1099-nec/:file',
      answeringErrors(deps, async (req, reply) => {
        const admin = await requireAccess(deps, req, 'exports:bank');
        const match = /^(\d{4})\.csv$/.exec(req.params.file);
        const year = taxYear.safeParse(match?.[1]);
        if (!match || !year.success) throw DomainError.invalid(TAX_MESSAGES.invalidTaxYear);
        const rows = await form1099Rows(deps.db, {
          cipher: deps.cipher,
          config: deps.config,
          year: year.data,
          actorId: admin.id,
        });
        // The screen tells "nobody reached the threshold" from an empty file by these two.
        return csvHeaders(reply, `1099-nec-${year.data}.csv`)
          .header('x-partner-count', String(rows.length))
          .header('x-threshold', thresholdFor(deps.config, year.data))
          .send(csvStream(FORM_1099_COLUMNS, rows));
      }),
    );
  },

  openapi: [
    ...FORMATS.map((format) => ({
      method: 'GET',
      path: `/api/partners/statements/{month}.${format}`,
      access: 'partner:self' as const,
      operation: {
        operationId: `partner.statement${format === 'pdf' ? 'Pdf' : 'Csv'}`,
        summary: `The signed-in partner's statement of a month as ${format.toUpperCase()}: opening balance, commissions, payouts, closing balance`,
        tags: ['Partner: commissions'],
        parameters: [monthParam],
        responses: fileResponses(
          `The statement as ${format.toUpperCase()}`,
          format === 'pdf' ? 'application/pdf' : 'text/csv',
          'a partner',
        ),
      },
    })),
    ...FORMATS.map((format) => ({
      method: 'GET',
      path: `/api/admin/partners/{id}/statements/{month}.${format}`,
      access: 'commissions:read' as const,
      operation: {
        operationId: `admin.partnerStatement${format === 'pdf' ? 'Pdf' : 'Csv'}`,
        summary: `Any partner's statement of a month as ${format.toUpperCase()}`,
        tags: ['Admin: commissions and payouts'],
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          monthParam,
        ],
        responses: fileResponses(
          `The statement as ${format.toUpperCase()}`,
          format === 'pdf' ? 'application/pdf' : 'text/csv',
          'an admin',
        ),
      },
    })),
    {
      method: 'GET',
      path: '/api/admin/exports/1099-nec/{year}.csv',
      access: 'exports:bank',
      operation: {
        operationId: 'exports.form1099Nec',
        summary:
          "1099-NEC report of a tax year: one row per partner whose payments reach the year's threshold (TIN decrypted; logged)",
        description:
          'Threshold per tax year: TAX_1099_THRESHOLDS, else $600 through 2025 and $2,000 from 2026 (Pub. L. 119-21). The X-Partner-Count header gives the number of rows (0: nobody reached the threshold, the file holds the header line only) and X-Threshold the threshold applied.',
        tags: ['Admin: exports'],
        parameters: [
          { name: 'year', in: 'path', required: true, schema: { type: 'integer', minimum: 2000, maximum: 2100 } },
        ],
        responses: fileResponses('The report as CSV', 'text/csv', 'an admin'),
      },
    },
  ],
};
