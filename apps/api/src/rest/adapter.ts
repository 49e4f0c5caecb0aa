// The REST adapter: each documented /api path calls the same tRPC procedure the SPA uses,
// through a server-side caller, and answers in the REST error shape of DESIGN §5.

import { Readable } from 'node:stream';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { getTRPCErrorFromUnknown, type TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createContextFromRequest, type AppDeps, type Context } from '../trpc/context';
import { retryAfterOf, toClientError, userMessage, validationIssues } from '../trpc/errors';
import { appRouter, createCaller } from '../trpc/router';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  headers: FastifyRequest['headers'];
}

export interface RestRoute {
  method: HttpMethod;
  /** OpenAPI form: /api/admin/partners/{id} */
  path: string;
  /** Dotted tRPC path, e.g. "admin.approvePartner". */
  procedure: string;
  summary: string;
  tag: string;
  /** Success status (default 200). */
  status?: number;
  /** Builds the procedure input; by default path params merged over the query (GET) or the JSON body. */
  input?: (req: RestRequest) => unknown;
  /** Shapes the body from the procedure output; may set headers on the reply. */
  respond?: (output: never, reply: FastifyReply) => unknown;
  /** Request headers the route reads, for the OpenAPI document; `field` names the input field it fills. */
  requestHeaders?: { name: string; required: boolean; description: string; field?: string }[];
  /** Response headers the route sets, for the OpenAPI document. */
  responseHeaders?: { name: string; description: string }[];
  /** The REST body is the `items` array of the procedure's page (the total travels in a header). */
  bodyIsItems?: boolean;
  /** Extra words for the OpenAPI description (defaults, paging). */
  description?: string;
  /**
   * A list the spec answers whole: with neither `limit` nor `offset` in the query the body is every
   * matching row, streamed as one JSON array from these batches (the procedure, called for one row,
   * still checks the session and the query and gives the total headers).
   */
  streamAll?: (deps: AppDeps, query: Record<string, unknown>) => AsyncIterable<unknown[]>;
}

export interface ErrorBody {
  message: string;
  code: string;
  issues?: { path: string; message: string }[];
}

export function errorBody(error: TRPCError): ErrorBody {
  const issues = validationIssues(error);
  return { message: userMessage(error), code: error.code, ...(issues ? { issues } : {}) };
}

function defaultInput(route: RestRoute, req: RestRequest): unknown {
  if (route.method === 'GET' || route.method === 'DELETE') return { ...req.query, ...req.params };
  if (req.body === undefined || req.body === null) return { ...req.params };
  if (typeof req.body === 'object' && !Array.isArray(req.body)) return { ...(req.body as object), ...req.params };
  return req.body;
}

/** Calls a procedure by its dotted path with a prepared context. */
export async function callProcedure(ctx: Context, path: string, input: unknown): Promise<unknown> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let target: any = createCaller(ctx);
  for (const part of path.split('.')) target = target[part];
  return target(input);
}

export function sendError(reply: FastifyReply, cause: unknown, deps: AppDeps): FastifyReply {
  const error = toClientError(getTRPCErrorFromUnknown(cause));
  const status = getHTTPStatusCodeFromError(error);
  if (status >= 500 && error.code !== 'SERVICE_UNAVAILABLE') deps.logger.error({ err: error.cause ?? error }, 'request failed');
  const retryAfter = retryAfterOf(error);
  if (retryAfter) void reply.header('Retry-After', String(retryAfter));
  return reply.status(status).send(errorBody(error));
}

/** The schema of one item of a procedure's page output ({ items: [...], ... }). */
function itemSchemaOf(procedure: string): z.ZodType {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { output?: unknown } }>;
  const output = procedures[procedure]?._def.output;
  const items = output instanceof z.ZodObject ? output.shape.items : undefined;
  if (!(items instanceof z.ZodArray)) throw new Error(`REST route of ${procedure} streams a list, but its output has no items array`);
  return items.element as z.ZodType;
}

/**
 * One JSON array written batch by batch. The readable buffers at most one batch ahead of the socket
 * (highWaterMark of one byte), so the next query only runs once the client has taken the last one.
 * A failure after the first byte can only cut the connection: the array then never parses as complete.
 */
export function jsonArrayStream(batches: AsyncIterable<unknown[]>, item: z.ZodType): Readable {
  async function* text() {
    let opened = false;
    for await (const rows of batches) {
      const json = rows.map((row) => JSON.stringify(item.parse(row))).join(',');
      yield opened ? `,${json}` : `[${json}`;
      opened = true;
    }
    yield opened ? ']' : '[]';
  }
  return Readable.from(text(), { objectMode: false, highWaterMark: 1 });
}

/** RFC 8288 link to the page after this one, keeping the other query parameters; none on the last page. */
export function nextPageLink(requestUrl: string, page: { limit: number; offset: number; total: number }, publicUrl?: string): string | undefined {
  const offset = page.offset + page.limit;
  if (offset >= page.total) return undefined;
  const url = new URL(requestUrl, 'http://portal.invalid');
  url.searchParams.set('limit', String(page.limit));
  url.searchParams.set('offset', String(offset));
  const target = publicUrl ? new URL(`${url.pathname}${url.search}`, publicUrl).href : `${url.pathname}${url.search}`;
  return `<${target}>; rel="next"`;
}

export function registerRestRoutes(app: FastifyInstance, deps: AppDeps, routes: readonly RestRoute[]): void {
  const known = new Set(Object.keys(appRouter._def.procedures));
  for (const route of routes) {
    if (!known.has(route.procedure)) throw new Error(`REST route ${route.method} ${route.path} names an unknown procedure ${route.procedure}`);
    const streamItem = route.streamAll ? itemSchemaOf(route.procedure) : undefined;
    app.route({
      method: route.method,
      url: route.path.replace(/\{(\w+)\}/g, ':$1'),
      handler: async (req, reply) => {
        const restReq: RestRequest = {
          params: (req.params ?? {}) as Record<string, string>,
          query: (req.query ?? {}) as Record<string, unknown>,
          body: req.body,
          headers: req.headers,
        };
        try {
          const ctx = await createContextFromRequest(deps, req, reply);
          const input = route.input ? route.input(restReq) : defaultInput(route, restReq);
          if (route.streamAll && streamItem && restReq.query.limit === undefined && restReq.query.offset === undefined) {
            // The whole list: a one-row page call authorizes, validates and gives the totals; then the rows stream.
            const first = await callProcedure(ctx, route.procedure, { ...(input as object), limit: 1 });
            reply.status(route.status ?? 200);
            route.respond?.(first as never, reply);
            return reply.type('application/json; charset=utf-8').send(jsonArrayStream(route.streamAll(deps, restReq.query), streamItem));
          }
          const output = await callProcedure(ctx, route.procedure, input);
          reply.status(route.status ?? 200);
          if (route.bodyIsItems) {
            const link = nextPageLink(req.url, output as { limit: number; offset: number; total: number }, deps.config.publicUrl);
            if (link) void reply.header('Link', link);
          }
          return route.respond ? route.respond(output as never, reply) : output;
        } catch (error) {
          return sendError(reply, error, deps);
        }
      },
    });
  }
}
