// The REST adapter: each documented /api path calls the same tRPC procedure the SPA uses,
// through a server-side caller, and answers in the REST error shape of DESIGN §5.

import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { getTRPCErrorFromUnknown, type TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { createContextFromRequest, type Context } from '../trpc/context';
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

export function registerRestRoutes(app: FastifyInstance, deps: AppDeps, routes: readonly RestRoute[]): void {
  const known = new Set(Object.keys(appRouter._def.procedures));
  for (const route of routes) {
    if (!known.has(route.procedure)) throw new Error(`REST route ${route.method} ${route.path} names an unknown procedure ${route.procedure}`);
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
          const output = await callProcedure(ctx, route.procedure, input);
          reply.status(route.status ?? 200);
          return route.respond ? route.respond(output as never, reply) : output;
        } catch (error) {
          return sendError(reply, error, deps);
        }
      },
    });
  }
}
