// What the raw routes (files, uploads) share: the access check of the procedures, a CSV download's
// headers, and the error answers of their OpenAPI document.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps, SessionUser } from '../../deps';
import { requirePermission, type Permission } from '../../services/platform/permissions';
import { authenticate } from '../../trpc/context';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user behind the request when it holds `permission`; a DomainError (401/403) otherwise. */
export async function requireAccess(deps: AppDeps, req: FastifyRequest, permission: Permission): Promise<SessionUser> {
  return requirePermission(await authenticate(deps, req.headers.authorization), permission);
}

/** A CSV download: the file's name, never cached. */
export function csvHeaders(reply: FastifyReply, fileName: string): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store');
}

/** An error answer in the document: the `{ message, code }` body. */
export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
