// CSV downloads of the admin (Export Data, and a payout's wire instructions). They stream, so
// they are plain Fastify routes beside the procedure-backed REST table, with the same auth rules
// and error bodies.

import { COMMISSION_MESSAGES, EXPORT_KINDS, type ExportKind } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { withActor, DomainError } from '../../services/platform';
import {
  csvStream,
  exportTable,
  logExport,
  nachaFileForPayout,
  paypalBatchForPayout,
  WIRE_COLUMNS,
  wireInstructions,
} from '../../services/money';
import type { RawRoutes } from '../routes';
import { answeringErrors, csvHeaders, errorResponse, requireAccess, UUID } from './raw-routes';

const adminRefusals = { 401: errorResponse('Not signed in'), 403: errorResponse('Not an admin') };
const csvOk = (description: string) => ({ description, content: { 'text/csv': { schema: { type: 'string' } } } });
const csvResponse = (description: string) => ({ 200: csvOk(description), ...adminRefusals });

/** The document's operation of one of a payout's bank files (exports:bank): 404 without the payout, 409 as `conflict` says. */
const payoutFileOperation = ({
  file,
  operationId,
  summary,
  description,
  ok,
  conflict,
}: {
  file: string;
  operationId: string;
  summary: string;
  description?: string;
  ok: { description: string; content: Record<string, { schema: { type: string } }> };
  conflict: string;
}) => ({
  method: 'GET',
  path: `/api/admin/payouts/{id}/${file}`,
  access: 'exports:bank' as const,
  operation: {
    operationId,
    summary,
    ...(description ? { description } : {}),
    tags: ['Admin: exports'],
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
    responses: {
      200: ok,
      ...adminRefusals,
      404: errorResponse('No such payout'),
      409: errorResponse(conflict),
    },
  },
});

export const exportRoutes: RawRoutes = {
  register(app, deps) {
    for (const kind of EXPORT_KINDS) {
      app.get(
        `/api/admin/exports/${kind}.csv`,
        answeringErrors(deps, async (req, reply) => {
          const admin = await requireAccess(deps, req, 'exports:read');
          await withActor(admin, () => logExport(deps.db, { kind, actorId: admin.id }));
          const { columns, rows } = exportTable(deps.db, kind);
          const stream = csvStream(columns, rows);
          stream.on('error', (error) => deps.logger.error({ err: error, kind }, 'export failed while streaming'));
          return csvHeaders(reply, `${kind}-${deps.now().toISOString().slice(0, 10)}.csv`).send(stream);
        }),
      );
    }

    /**
     * A payout's bank file, for exports:bank: an id that is not a UUID, or a payout `make` finds nothing of,
     * is a 404; the file is made as the admin (its download is logged) and sent by `send`.
     */
    const payoutFile = <T>(
      name: string,
      make: (options: { payoutId: string; actorId: string }) => Promise<T | null>,
      send: (reply: FastifyReply, file: T) => FastifyReply,
    ) =>
      app.get<{ Params: { id: string } }>(
        `/api/admin/payouts/:id/${name}`,
        answeringErrors(deps, async (req, reply) => {
          const admin = await requireAccess(deps, req, 'exports:bank');
          const payoutId = req.params.id;
          const file = UUID.test(payoutId) ? await withActor(admin, () => make({ payoutId, actorId: admin.id })) : null;
          if (!file) throw DomainError.notFound(COMMISSION_MESSAGES.payoutNotFound);
          return send(reply, file);
        }),
      );

    payoutFile(
      'wire-instructions.csv',
      (payout) => wireInstructions(deps.db, { cipher: deps.cipher, ...payout }),
      (reply, result) =>
        csvHeaders(reply, `wire-instructions-${result.reference}.csv`).send(csvStream(WIRE_COLUMNS, result.rows)),
    );

    payoutFile(
      'ach.txt',
      (payout) =>
        nachaFileForPayout(deps.db, { cipher: deps.cipher, originator: deps.config.ach, ...payout, now: deps.now() }),
      (reply, file) =>
        reply
          .header('content-type', 'text/plain; charset=us-ascii')
          .header('content-disposition', `attachment; filename="ach-${file.reference}.txt"`)
          .header('cache-control', 'no-store')
          .send(file.text),
    );

    payoutFile(
      'paypal.csv',
      (payout) => paypalBatchForPayout(deps.db, { cipher: deps.cipher, ...payout }),
      (reply, batch) => csvHeaders(reply, `paypal-${batch.reference}.csv`).send(batch.text),
    );
  },

  openapi: [
    ...EXPORT_KINDS.map((kind: ExportKind) => ({
      method: 'GET',
      path: `/api/admin/exports/${kind}.csv`,
      access: 'exports:read' as const,
      operation: {
        operationId: `exports.${kind}`,
        summary: `Export all ${kind} as CSV (RFC 4180, streamed)`,
        description:
          'Every cell is quoted; each line of a cell starting with =, +, -, @, a tab or a carriage return is prefixed with an apostrophe so spreadsheets do not run it (plain numbers stay numbers).' +
          (kind === 'partners' ? ' Bank numbers are never part of this export.' : ''),
        tags: ['Admin: exports'],
        responses: csvResponse(`The ${kind} as CSV`),
      },
    })),
    payoutFileOperation({
      file: 'wire-instructions.csv',
      operationId: 'exports.wireInstructions',
      summary: "A payout's wire instructions per wire partner, with decrypted bank details (logged)",
      ok: csvOk('One row per partner: beneficiary, bank, routing and account numbers, amount'),
      conflict: 'The payout pays nobody by wire',
    }),
    payoutFileOperation({
      file: 'ach.txt',
      operationId: 'exports.achFile',
      summary: "A payout's NACHA file for its ACH partners (needs exports:bank; logged)",
      description:
        '94-character records blocked to a multiple of ten lines with 9-filler; a CCD batch for business accounts and a PPD batch for personal ones, credits only, one entry per partner (its net of the payout), effective the next banking day (weekends and US federal holidays skipped). ' +
        'Built from ACH_IMMEDIATE_DESTINATION, ACH_IMMEDIATE_ORIGIN, ACH_COMPANY_NAME, ACH_COMPANY_ID and ACH_ODFI_ROUTING; without them 409.',
      ok: { description: 'The NACHA file', content: { 'text/plain': { schema: { type: 'string' } } } },
      conflict: 'ACH originator settings are not configured, or the payout pays nobody by ACH',
    }),
    payoutFileOperation({
      file: 'paypal.csv',
      operationId: 'exports.paypalBatch',
      summary: "A payout's PayPal Payouts batch CSV for its PayPal partners (needs exports:bank; logged)",
      description:
        "PayPal's upload format without a header line: recipient email, amount, USD, a unique id per partner (its referral code), a note naming the payout, PAYPAL.",
      ok: csvOk('One row per PayPal partner'),
      conflict: 'The payout pays nobody by PayPal',
    }),
  ],
};
