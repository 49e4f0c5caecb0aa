// The REST adapter: each documented /api path calls the same tRPC procedure the SPA uses,
// through a server-side caller, and answers in the REST error shape of DESIGN §5.

import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { getTRPCErrorFromUnknown, type TRPCError } from '@trpc/server';
import type { inferRouterOutputs } from '@trpc/server';
import { MAX_PAGE_SIZE } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { DomainError, type DomainErrorKind } from '../services/errors';
import { createContextFromRequest, type Context } from '../trpc/context';
import { retryAfterOf, toClientError, userMessage, validationIssues } from '../trpc/errors';
import { createCaller, type AppRouter } from '../trpc/router';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  headers: FastifyRequest['headers'];
}

type Outputs = inferRouterOutputs<AppRouter>;

/** The dotted path of every procedure of the AppRouter, e.g. "admin.approvePartner". */
export type ProcedurePath = { [NS in keyof Outputs]: { [P in keyof Outputs[NS]]: `${NS & string}.${P & string}` }[keyof Outputs[NS]] }[keyof Outputs];

/** What the procedure at `P` answers. */
export type ProcedureOutput<P extends ProcedurePath> = P extends `${infer NS extends keyof Outputs}.${infer Name}` ? (Name extends keyof Outputs[NS] ? Outputs[NS][Name] : never) : never;

interface Page {
  items: unknown[];
  total: number;
}

/** A paged list: the REST body is the page's items, the total travels in X-Total-Count. */
export interface PagedOption {
  /** What is counted, in the plural ("partners"). */
  noun: string;
  /** The limit when none is sent (the contract's default). */
  defaultLimit: number;
}

interface RestRouteOf<P extends ProcedurePath> {
  method: HttpMethod;
  /** OpenAPI form: /api/admin/partners/{id} */
  path: string;
  /** Dotted tRPC path, e.g. "admin.approvePartner". */
  procedure: P;
  summary: string;
  tag: string;
  /** Success status (default 200). */
  status?: number;
  /** Builds the procedure input; by default path params merged over the query (GET) or the JSON body. */
  input?: (req: RestRequest) => unknown;
  /**
   * Shapes the body from the procedure output; may set headers on the reply. On a paged route the
   * adapter has set X-Total-Count already and the default body is the page's items.
   */
  respond?: (output: ProcedureOutput<P>, reply: FastifyReply) => unknown;
  /** Only for procedures answering a page ({ items, total }). */
  paged?: ProcedureOutput<P> extends Page ? PagedOption : never;
  /** Request headers the route reads, for the OpenAPI document; `field` names the input field it fills. */
  requestHeaders?: { name: string; required: boolean; description: string; field?: string }[];
  /** Response headers the route sets, for the OpenAPI document (X-Total-Count of a paged route is added). */
  responseHeaders?: { name: string; description: string }[];
  /** Extra words for the OpenAPI description (defaults, filters). */
  description?: string;
}

/** One row of the REST table; `respond` and `paged` are typed by the procedure it names. */
export type RestRoute = { [P in ProcedurePath]: RestRouteOf<P> }[ProcedurePath];

/** The response headers of a route, with X-Total-Count on a paged one. */
export function responseHeadersOf(route: RestRoute): { name: string; description: string }[] | undefined {
  if (!route.paged) return route.responseHeaders;
  return [{ name: 'X-Total-Count', description: `How many ${route.paged.noun} match the filters, across all pages` }, ...(route.responseHeaders ?? [])];
}

/** The OpenAPI description of a route: paging (limit/offset from the contracts) before its own words. */
export function descriptionOf(route: RestRoute): string | undefined {
  if (!route.paged) return route.description;
  const { noun, defaultLimit } = route.paged;
  const paging =
    `The body is an array holding one page of ${noun}; the number of ${noun} matching the filters is in X-Total-Count. ` +
    `Defaults: limit=${defaultLimit} (at most ${MAX_PAGE_SIZE}), offset=0.`;
  return route.description ? `${paging} ${route.description}` : paging;
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
  if (typeof req.body === 'object' && !Array.isArray(req.body)) return { ...req.body, ...req.params };
  return req.body;
}

/** Calls a procedure by its dotted path with a prepared context. */
export async function callProcedure(ctx: Context, path: ProcedurePath, input: unknown): Promise<unknown> {
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

const KIND_OF_STATUS: Record<number, DomainErrorKind> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  503: 'unavailable',
};

const MB = 1024 * 1024;

/** Fastify's own refusals in a person's words (its FST_ codes never reach a client). */
const FASTIFY_MESSAGES: Record<string, (limitBytes: number) => string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'The request body is empty; send a JSON object',
  FST_ERR_CTP_BODY_TOO_LARGE: (limit) => `The request body is larger than ${limit % MB === 0 ? `${limit / MB} MB` : `${Math.round(limit / 1024)} KB`}`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'This content type is not accepted; send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'The Content-Length header does not match the body',
};

/**
 * A failure Fastify raised before a route ran (body parsing, content type, size) as a DomainError,
 * so it answers in the same { message, code } body; undefined for a server fault.
 */
export function fromFastifyError(error: { statusCode?: number; code?: string; message: string }, bodyLimitBytes: number): DomainError | undefined {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  const kind = KIND_OF_STATUS[status] ?? 'invalid';
  const message = (error.code && FASTIFY_MESSAGES[error.code]?.(bodyLimitBytes)) ?? error.message;
  return new DomainError(kind, message, { cause: error });
}

export function registerRestRoutes(app: FastifyInstance, deps: AppDeps, routes: readonly RestRoute[]): void {
  for (const route of routes) {
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
          if (route.paged) void reply.header('X-Total-Count', String((output as Page).total));
          const respond = route.respond as ((output: unknown, reply: FastifyReply) => unknown) | undefined;
          if (respond) return respond(output, reply);
          return route.paged ? (output as Page).items : output;
        } catch (error) {
          return sendError(reply, error, deps);
        }
      },
    });
  }
}
