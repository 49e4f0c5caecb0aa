// The REST adapter: each documented /api path calls the same tRPC procedure the SPA uses,
// through a server-side caller, and answers in the REST error shape of DESIGN §5.

import { Readable } from 'node:stream';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { getTRPCErrorFromUnknown, TRPCError, type AnyTRPCProcedure } from '@trpc/server';
import type { inferRouterOutputs } from '@trpc/server';
import { MAX_PAGE_SIZE } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { DomainError, type DomainErrorKind, STREAM_BATCH_SIZE } from '../services/platform';
import { createContextFromRequest, type Context } from '../trpc/context';
import { retryAfterOf, toClientError, userMessage, validationIssues } from '../trpc/errors';
import { appRouter, type AppRouter } from '../trpc/router';
import { registerJsonBodyParser } from './json-body';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  headers: FastifyRequest['headers'];
}

type Outputs = inferRouterOutputs<AppRouter>;

/** The dotted path of every procedure of the AppRouter, e.g. "admin.approvePartner". */
export type ProcedurePath = {
  [NS in keyof Outputs]: { [P in keyof Outputs[NS]]: `${NS & string}.${P & string}` }[keyof Outputs[NS]];
}[keyof Outputs];

/** What the procedure at `P` answers. */
export type ProcedureOutput<P extends ProcedurePath> = P extends `${infer NS extends keyof Outputs}.${infer Name}`
  ? Name extends keyof Outputs[NS]
    ? Outputs[NS][Name]
    : never
  : never;

interface Page {
  items: unknown[];
  total: number;
  limit: number;
  offset: number;
}

interface CursorPage {
  items: unknown[];
  total: number;
  nextCursor: string | null;
}

/** One row of the page the procedure at `P` answers. */
type PageItem<P extends ProcedurePath> = ProcedureOutput<P> extends { items: (infer Item)[] } ? Item : never;

/** Every row of a paged list in batches, for a request with neither limit nor offset. */
export type StreamAll<P extends ProcedurePath> = (
  deps: AppDeps,
  query: Record<string, unknown>,
) => AsyncIterable<PageItem<P>[]>;

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
  /**
   * Only for procedures answering a page by cursor ({ items, total, nextCursor }): the body is the page's
   * items like every paged list, with X-Total-Count, X-Next-Cursor and Link in the headers.
   */
  cursorPaged?: ProcedureOutput<P> extends CursorPage ? PagedOption : never;
  /** Request headers the route reads, for the OpenAPI document; `field` names the input field it fills. */
  requestHeaders?: { name: string; required: boolean; description: string; field?: string }[];
  /** Response headers the route sets, for the OpenAPI document (X-Total-Count of a paged route is added). */
  responseHeaders?: { name: string; description: string }[];
  /** Extra words for the OpenAPI description (defaults, filters). */
  description?: string;
  /**
   * What the route's 4xx answers mean, where it says more than the shared wording of the document (which
   * gives 400 always; 401/403 unless public; 404 with path parameters, on a change and on /api/partners/…;
   * 409 and 422 on a change; 413/415 with a body).
   */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 422, string>>;
  /**
   * Only beside `paged`, for a list the spec answers whole: with neither `limit` nor `offset` in the
   * query the body is every matching row, streamed as one JSON array from these batches (the
   * procedure, called for one row, still checks the session and the query and gives the headers).
   */
  streamAll?: ProcedureOutput<P> extends Page ? StreamAll<P> : never;
}

/** One row of the REST table; `respond` and `paged` are typed by the procedure it names. */
export type RestRoute = { [P in ProcedurePath]: RestRouteOf<P> }[ProcedurePath];

/**
 * A route whose procedure answers null where the thing it reads is missing: the REST answer is then 404 with
 * `message`, and `meaning` is the document's line for that 404.
 */
export const nullIsNotFound = (message: string, meaning: string) => ({
  respond: <T>(output: T | null): T => {
    if (!output) throw DomainError.notFound(message);
    return output;
  },
  errors: { 404: meaning },
});

/** The header a replayed answer of an Idempotency-Key carries. */
export const IDEMPOTENT_REPLAYED_HEADER = {
  name: 'Idempotent-Replayed',
  description: '"true" when the answer is the stored one of an earlier request with this key',
};

/** The optional Idempotency-Key of a create or a money change, and the header of its replay. */
export const idempotent = {
  requestHeaders: [
    {
      name: 'Idempotency-Key',
      required: false,
      description:
        'Optional, 8 to 200 visible characters (e.g. a UUID): a retry with the same key and body answers the first result again (200, Idempotent-Replayed: true) and changes nothing; the same key with another body is 422. Keys are kept 24 hours.',
    },
  ],
  responseHeaders: [IDEMPOTENT_REPLAYED_HEADER],
};

const LINK_HEADER = {
  name: 'Link',
  description:
    'Paged requests only (RFC 8288, absolute addresses): <next page>; rel="next", absent on the last page, and on offset-paged lists <previous page>; rel="prev", absent on the first',
};

/** The response headers of a route, with X-Total-Count and Link on a paged one. */
export function responseHeadersOf(route: RestRoute): { name: string; description: string }[] | undefined {
  if (route.cursorPaged)
    return [
      { name: 'X-Total-Count', description: `How many ${route.cursorPaged.noun} match the filters, across all pages` },
      { name: 'X-Next-Cursor', description: 'The cursor of the next page; absent on the last page' },
      ...(route.responseHeaders ?? []),
      LINK_HEADER,
    ];
  if (!route.paged) return route.responseHeaders;
  return [
    { name: 'X-Total-Count', description: `How many ${route.paged.noun} match the filters, across all pages` },
    ...(route.responseHeaders ?? []),
    LINK_HEADER,
  ];
}

/** The OpenAPI description of a route: streaming and paging (limit/offset from the contracts) before its own words. */
export function descriptionOf(route: RestRoute): string | undefined {
  if (route.cursorPaged) {
    const { noun, defaultLimit } = route.cursorPaged;
    const paging =
      `The body is an array holding one page of ${noun}; the number of ${noun} matching the filters is in X-Total-Count. ` +
      'The next page is asked for with cursor = the X-Next-Cursor of this page (an opaque text); a Link header (RFC 8288, rel="next", absolute, the other query parameters kept) gives its address. ' +
      `Both are absent on the last page. Defaults: limit=${defaultLimit} (at most ${MAX_PAGE_SIZE}).`;
    return route.description ? `${paging} ${route.description}` : paging;
  }
  if (!route.paged) return route.description;
  const { noun, defaultLimit } = route.paged;
  const link =
    'a Link header (RFC 8288, rel="next") gives the next page\'s address with the other query parameters kept, and is absent on the last page; its rel="prev" gives the previous page\'s, absent on the first.';
  const paging = route.streamAll
    ? `Without limit and offset the body is every matching row (all the ${noun} matching the filters), in the list's order, streamed as one JSON array while it is read: ` +
      `the server reads keyset batches of ${STREAM_BATCH_SIZE} rows (sort key, then id), one short query each, so memory stays flat at any size and no database connection is held between batches; ` +
      `a failure after the first byte cuts the connection, so the array never parses as complete. ` +
      `With limit or offset the body is one page; ${link} The number of ${noun} matching the filters is in X-Total-Count either way. ` +
      `Paging: limit at most ${MAX_PAGE_SIZE} (${defaultLimit} when only offset is given), offset=0.`
    : `The body is an array holding one page of ${noun}; the number of ${noun} matching the filters is in X-Total-Count; ${link} ` +
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

const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure | undefined>;

/**
 * Calls a procedure by its dotted path with a prepared context: the call tRPC's server-side caller
 * makes (same middlewares, input and output validation), without building its proxy per request.
 */
export async function callProcedure(
  ctx: Context,
  path: ProcedurePath,
  input: unknown,
  /** Runs when the procedure reads its input: after the middlewares that authorize the call. */
  beforeInput?: () => void,
): Promise<unknown> {
  const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
  if (!procedure) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure found on path "${path}"` });
  return procedure({
    path,
    getRawInput: async () => {
      beforeInput?.();
      return input;
    },
    ctx,
    type: procedure._def.type,
    signal: undefined,
    batchIndex: 0,
  });
}

export function sendError(reply: FastifyReply, cause: unknown, deps: AppDeps): FastifyReply {
  const error = toClientError(getTRPCErrorFromUnknown(cause));
  const status = getHTTPStatusCodeFromError(error);
  if (status >= 500 && error.code !== 'SERVICE_UNAVAILABLE')
    deps.logger.error({ err: error.cause ?? error }, 'request failed');
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
  FST_ERR_CTP_BODY_TOO_LARGE: (limit) =>
    `The request body is larger than ${limit % MB === 0 ? `${limit / MB} MB` : `${Math.round(limit / 1024)} KB`}`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'This content type is not accepted; send application/json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'The Content-Length header does not match the body',
};

/**
 * A failure Fastify raised before a route ran (body parsing, content type, size) as a DomainError,
 * so it answers in the same { message, code } body; undefined for a server fault.
 */
export function fromFastifyError(
  error: { statusCode?: number; code?: string; message: string },
  bodyLimitBytes: number,
): DomainError | undefined {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  const kind = KIND_OF_STATUS[status] ?? 'invalid';
  const message = (error.code && FASTIFY_MESSAGES[error.code]?.(bodyLimitBytes)) ?? error.message;
  return new DomainError(kind, message, { cause: error });
}

interface ZodDefOf {
  type: string;
  shape?: Record<string, unknown>;
  catchall?: { _zod: { def: ZodDefOf } };
  options?: unknown[];
  left?: unknown;
  right?: unknown;
  in?: unknown;
  out?: unknown;
  innerType?: unknown;
  getter?: () => unknown;
}

/**
 * The field names an input schema takes (every branch of a union), or undefined when it takes any
 * name (a record, a loose object) or is not an object at all: then nothing is refused by name.
 */
export function inputFieldsOf(schema: unknown): Set<string> | undefined {
  const names = new Set<string>();
  const visit = (node: unknown, depth: number): boolean => {
    if (depth > 20 || !(node instanceof z.ZodType)) return false;
    const def = (node as unknown as { _zod: { def: ZodDefOf } })._zod.def;
    switch (def.type) {
      case 'object':
        if (def.catchall && def.catchall._zod.def.type !== 'never') return false;
        for (const name of Object.keys(def.shape ?? {})) names.add(name);
        return true;
      case 'union':
        return (def.options ?? []).every((option) => visit(option, depth + 1));
      case 'intersection':
        return visit(def.left, depth + 1) && visit(def.right, depth + 1);
      case 'pipe': {
        // z.preprocess(fn, schema) is a pipe from a transform: the names are the target schema's.
        const from = def.in as { _zod?: { def: ZodDefOf } } | undefined;
        return visit(from?._zod?.def.type === 'transform' ? def.out : def.in, depth + 1);
      }
      case 'lazy':
        return visit(def.getter?.(), depth + 1);
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return visit(def.innerType, depth + 1);
      default:
        return false;
    }
  };
  return visit(schema, 0) ? names : undefined;
}

/** What a route takes by name: its query parameters and its body fields (path parameters and headers apart). */
interface RouteFields {
  query: Set<string> | undefined;
  body: Set<string> | undefined;
}

/** The query parameters and body fields a route takes, from its procedure's input schema. */
function routeFieldsOf(route: RestRoute): RouteFields {
  const procedure = procedures[route.procedure] as { _def: { inputs?: unknown[] } } | undefined;
  const inputs = procedure?._def.inputs ?? [];
  const fields = inputs.length === 0 ? new Set<string>() : inputFieldsOf(inputs[0]);
  const pathParams = new Set([...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string));
  const fromHeaders = new Set((route.requestHeaders ?? []).flatMap((h) => (h.field ? [h.field] : [])));
  const without = (names: Set<string> | undefined, apart: Set<string>) =>
    names && new Set([...names].filter((name) => !apart.has(name)));
  const takesQuery = route.method === 'GET' || route.method === 'DELETE';
  return takesQuery
    ? { query: without(fields, pathParams), body: undefined }
    : { query: new Set(), body: without(fields, new Set([...pathParams, ...fromHeaders])) };
}

/**
 * The query parameters and body fields the route does not take: a 400 naming each, the first in the
 * message (a misspelt filter must not answer the unfiltered list, a misspelt field must not be dropped in
 * silence). The adapter checks names only; the shared schemas stay as they are for tRPC, which strips
 * unknown keys. The document lists what each operation takes.
 */
export function refuseUnknownFields(fields: RouteFields, req: RestRequest): void {
  const unknownIn = (names: string[], known: Set<string> | undefined) =>
    known ? names.filter((name) => !known.has(name)) : [];
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? Object.keys(req.body) : [];
  const issues = [
    ...unknownIn(Object.keys(req.query), fields.query).map((name) => ({
      path: [name],
      message: `Unknown query parameter: ${name}`,
    })),
    ...unknownIn(body, fields.body).map((name) => ({ path: [name], message: `Unknown field: ${name}` })),
  ];
  const [first] = issues;
  if (first) throw DomainError.invalid(first.message, { issues });
}

/** The schema of one item of a procedure's page output ({ items: [...], ... }). */
function itemSchemaOf(procedure: string): z.ZodType {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { output?: unknown } }>;
  const output = procedures[procedure]?._def.output;
  const items = output instanceof z.ZodObject ? output.shape.items : undefined;
  if (!(items instanceof z.ZodArray))
    throw new Error(`REST route of ${procedure} streams a list, but its output has no items array`);
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

/**
 * The origin of the links an answer gives: PUBLIC_URL when set, else the request's own protocol and host
 * (X-Forwarded-Proto/Host only from a proxy TRUST_PROXY trusts).
 */
export function originOf(req: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : `${req.protocol}://${req.host}`;
}

/**
 * RFC 8288 absolute links to the pages beside this one, keeping the other query parameters: rel="next"
 * unless this is the last page, rel="prev" unless it is the first; undefined when there is neither.
 */
export function pageLinks(
  requestUrl: string,
  page: { limit: number; offset: number; total: number },
  origin: string,
): string | undefined {
  const linkTo = (offset: number, rel: 'next' | 'prev') => {
    const url = new URL(requestUrl, origin);
    url.searchParams.set('limit', String(page.limit));
    url.searchParams.set('offset', String(offset));
    return `<${new URL(`${url.pathname}${url.search}`, origin).href}>; rel="${rel}"`;
  };
  const links = [
    ...(page.offset + page.limit < page.total ? [linkTo(page.offset + page.limit, 'next')] : []),
    ...(page.offset > 0 ? [linkTo(Math.max(0, page.offset - page.limit), 'prev')] : []),
  ];
  return links.length > 0 ? links.join(', ') : undefined;
}

/** RFC 8288 absolute link to the page at `cursor`, keeping the other query parameters. */
export function nextCursorLink(requestUrl: string, cursor: string, origin: string): string {
  const url = new URL(requestUrl, origin);
  url.searchParams.set('cursor', cursor);
  return `<${new URL(`${url.pathname}${url.search}`, origin).href}>; rel="next"`;
}

export function registerRestRoutes(app: FastifyInstance, deps: AppDeps, routes: readonly RestRoute[]): void {
  registerJsonBodyParser(app);
  for (const route of routes) {
    if (route.streamAll && !route.paged)
      throw new Error(`REST route ${route.method} ${route.path} streams a list but is not paged`);
    const streamItem = route.streamAll ? itemSchemaOf(route.procedure) : undefined;
    const fields = routeFieldsOf(route);
    const takesInput =
      ((procedures[route.procedure] as { _def: { inputs?: unknown[] } } | undefined)?._def.inputs ?? []).length > 0;
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
          // Unknown names are refused once the call is authorized, so a caller without access learns nothing
          // of the fields: a procedure with input checks them when it reads its input (after its guards); one
          // without input either reads (a GET: it runs, then the names are checked) or is a signed-in person's
          // own account call (logout, MFA setup), checked once the session is known.
          const checkNames = () => refuseUnknownFields(fields, restReq);
          if (!takesInput && route.method !== 'GET' && ctx.user && !ctx.user.apiKeyId) checkNames();
          if (
            route.streamAll &&
            streamItem &&
            restReq.query.limit === undefined &&
            restReq.query.offset === undefined
          ) {
            // The whole list: a one-row page call authorizes, validates and gives the totals; then the rows stream.
            const first = await callProcedure(ctx, route.procedure, { ...(input as object), limit: 1 }, checkNames);
            reply.status(route.status ?? 200);
            void reply.header('X-Total-Count', String((first as Page).total));
            (route.respond as ((output: unknown, reply: FastifyReply) => unknown) | undefined)?.(first, reply);
            return reply
              .type('application/json; charset=utf-8')
              .send(jsonArrayStream(route.streamAll(deps, restReq.query), streamItem));
          }
          const output = await callProcedure(ctx, route.procedure, input, checkNames);
          if (!takesInput) checkNames();
          // A replayed create answers 200: nothing was created this time.
          reply.status(reply.getHeader('idempotent-replayed') === 'true' ? 200 : (route.status ?? 200));
          if (route.paged) {
            const page = output as Page;
            void reply.header('X-Total-Count', String(page.total));
            const link = pageLinks(req.url, page, originOf(req, deps.config.publicUrl));
            if (link) void reply.header('Link', link);
          }
          if (route.cursorPaged) {
            const page = output as CursorPage;
            void reply.header('X-Total-Count', String(page.total));
            if (page.nextCursor) {
              void reply.header('X-Next-Cursor', page.nextCursor);
              void reply.header('Link', nextCursorLink(req.url, page.nextCursor, originOf(req, deps.config.publicUrl)));
            }
          }
          const respond = route.respond as ((output: unknown, reply: FastifyReply) => unknown) | undefined;
          if (respond) return respond(output, reply);
          return route.paged || route.cursorPaged ? (output as Page).items : output;
        } catch (error) {
          return sendError(reply, error, deps);
        }
      },
    });
  }
}
