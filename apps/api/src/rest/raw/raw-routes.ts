// What the raw routes (files, uploads, webhooks) share: the access check of the procedures, their raw
// bodies, a signed inbound webhook's POST, a CSV download's headers, and the error answers and inbound webhook
// operations of their OpenAPI document.

import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import { z } from 'zod';
import type { AppDeps, SessionUser } from '../../deps';
import { DomainError, requirePermission, type Permission } from '../../services/platform';
import { authenticate } from '../../trpc/context';
import { sendError } from '../adapter';
import type { ExtraOperation } from '../openapi';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user behind the request when it holds `permission`; a DomainError (401/403) otherwise. */
export async function requireAccess(deps: AppDeps, req: FastifyRequest, permission: Permission): Promise<SessionUser> {
  return requirePermission(await authenticate(deps, req.headers.authorization), permission);
}

/**
 * A raw route's handler: whatever it throws answers as a procedure's error does (a DomainError's status and
 * words, anything else a logged 500).
 */
export function answeringErrors<Route extends RouteGenericInterface = RouteGenericInterface>(
  deps: AppDeps,
  handle: (req: FastifyRequest<Route>, reply: FastifyReply) => Promise<FastifyReply>,
) {
  return async (req: FastifyRequest<Route>, reply: FastifyReply): Promise<FastifyReply> => {
    try {
      return await handle(req, reply);
    } catch (error) {
      return sendError(reply, error, deps);
    }
  };
}

/**
 * Registers `routes` in a scope of their own that hands them the bodies of these content types as they came,
 * a string or the bytes: a signature covers the exact bytes, and a CSV or a form is read by its route. The
 * parser stays in that scope; every other route still reads JSON.
 */
export async function withRawBodies(
  app: FastifyInstance,
  types: string[],
  options: { parseAs: 'string' | 'buffer'; bodyLimit: number },
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    // The app's JSON parser is its own (rest/json-body.ts): this scope replaces it, as every parser it names.
    scope.removeContentTypeParser(types.filter((type) => scope.hasContentTypeParser(type)));
    scope.addContentTypeParser<string | Buffer>(types, options as { parseAs: 'string' }, (_req, raw, done) =>
      done(null, raw),
    );
    routes(scope);
  });
}

/** The bytes a webhook's sender signed: the raw body, empty when there was none. */
export const rawBytes = (req: FastifyRequest): Buffer => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));

/** What a signed inbound webhook's POST hands its receiver: the signed bytes, the signature, the secret, the time. */
export interface SignedDelivery {
  raw: Buffer;
  signature: string | undefined;
  secret: string;
  now: Date;
}

/**
 * Registers a signed inbound webhook's POST in a scope of raw bodies (withRawBodies, as bytes): while its secret is
 * unset it answers 404 with `off`; otherwise `receive` checks the signature (a DomainError refuses it) and acts on
 * the event, and the answer is 200 with `received: true` beside what the event did.
 */
export function signedWebhookRoute(
  scope: FastifyInstance,
  deps: AppDeps,
  webhook: {
    path: string;
    /** The secret the signature is checked with, read at each delivery; unset turns the endpoint off. */
    secretOf: () => string | undefined;
    off: string;
    /** The request header that carries the signature. */
    signatureHeader: string;
    receive: (delivery: SignedDelivery) => Promise<object>;
  },
): void {
  scope.post(
    webhook.path,
    answeringErrors(deps, async (req, reply) => {
      const secret = webhook.secretOf();
      if (!secret) throw DomainError.notFound(webhook.off);
      const raw = rawBytes(req);
      const header = req.headers[webhook.signatureHeader.toLowerCase()];
      const signature = Array.isArray(header) ? header[0] : header;
      const result = await webhook.receive({ raw, signature, secret, now: deps.now() });
      return reply.status(200).send({ received: true, ...result });
    }),
  );
}

/** A CSV download: the file's name, never cached. */
export function csvHeaders(reply: FastifyReply, fileName: string): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store');
}

/** A schema of a raw route's body or answer in the document (its `$defs` become named schemas there). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return json;
}

/** An error answer in the document: the `{ message, code }` body. */
export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/**
 * An inbound webhook's operation in the document: signed by its sender (no bearer token), a JSON body,
 * 200 with what the event did (`received`, `replayed` and the sender's own fields), 400/401/404.
 */
export function inboundWebhookOperation(webhook: {
  path: string;
  id: string;
  summary: string;
  description: string;
  signature: { name: string; description: string };
  properties: Record<string, unknown>;
  badBody: string;
  badSignature: string;
  off: string;
}): ExtraOperation {
  return {
    method: 'POST',
    path: webhook.path,
    access: 'public',
    operation: {
      operationId: webhook.id,
      security: [],
      tags: ['Integrations: inbound'],
      summary: webhook.summary,
      description: webhook.description,
      parameters: [
        {
          name: webhook.signature.name,
          in: 'header',
          required: true,
          schema: { type: 'string' },
          description: webhook.signature.description,
        },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: {
        200: {
          description: 'Received (or a replay): what the event did',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { received: { type: 'boolean' }, replayed: { type: 'boolean' }, ...webhook.properties },
              },
            },
          },
        },
        400: errorResponse(webhook.badBody),
        401: errorResponse(webhook.badSignature),
        404: errorResponse(webhook.off),
      },
    },
  };
}
