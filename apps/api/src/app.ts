// buildApp(deps): the whole HTTP surface on a Fastify instance that never listens by itself.

import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { TRPC_MAX_BATCH_SIZE } from '@portal/contracts';
import { isTransactionConflict } from '@portal/db';
import { fromFastifyError, registerRestRoutes, sendError } from './rest/adapter';
import { renderDocsPage } from './rest/openapi';
import { servedOpenApiDocument } from './rest/served-document';
import { rawRoutes, restRoutes } from './rest/routes';
import type { AppDeps } from './deps';
import { hashApiKey } from './services/integrations';
import { checkReadiness } from './services/platform';
import { createContextFromRequest } from './trpc/context';
import { isDatabaseUnavailable, retryAfterOf, toClientError } from './trpc/errors';
import { registerTrpcEndpoint } from './trpc/http';
import { registerWebPages } from './web-pages';

export const BODY_LIMIT_BYTES = 1024 * 1024;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The client's request id when it is 1–64 letters, digits, dots, underscores or hyphens. */
export function acceptedRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : undefined;
}

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * The headers helmet sets for these CSP directives (and its defaults for the rest: HSTS, nosniff,
 * frame options, referrer policy, …), recorded once from helmet itself. Every header helmet sets is
 * static, so applying the record to each reply is byte for byte what running helmet per request does,
 * without building its middleware stack on every request (API overhead).
 */
function helmetHeaders(directives: typeof CSP_DIRECTIVES): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  } as unknown as ServerResponse;
  helmet({ contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false })(
    {} as IncomingMessage,
    response,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  if (!headers['content-security-policy']) throw new Error('helmet did not set a Content-Security-Policy');
  return Object.freeze(headers);
}

export const SECURITY_HEADERS = helmetHeaders(CSP_DIRECTIVES);
export const CONTENT_SECURITY_POLICY = SECURITY_HEADERS['content-security-policy'] as string;

/**
 * The procedure calls a request makes: one, or each procedure a tRPC batch names (/trpc/a,b,c?batch=1),
 * counted on the decoded path as tRPC reads it, so commas written as %2C count too.
 */
export function procedureCalls(url: string): number {
  if (!url.startsWith('/trpc/')) return 1;
  const raw = url.slice('/trpc/'.length).split('?', 1)[0] ?? '';
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // A malformed escape names no procedure tRPC can run; the raw commas are counted.
  }
  return Math.max(1, path.split(',').length);
}

/**
 * Closes the connection of a request whose body (other than a multipart upload, which has the
 * whole-request bound) has not fully arrived within `ms`: a dribbled JSON body holds no socket,
 * parser or memory for longer than that.
 */
function bodyTimeout(raw: IncomingMessage, response: ServerResponse, ms: number): void {
  const announced = raw.headers['content-length'] !== undefined || raw.headers['transfer-encoding'] !== undefined;
  if (!announced || raw.complete || raw.headers['content-type']?.startsWith('multipart/')) return;
  // An injected request (tests, the SSR renderer's own calls) has no socket to close.
  if (typeof raw.socket?.destroy !== 'function') return;
  const timer = setTimeout(() => {
    if (!raw.complete) raw.socket.destroy();
  }, ms);
  timer.unref();
  const clear = () => clearTimeout(timer);
  raw.once('end', clear);
  raw.once('close', clear);
  response.once('finish', clear);
}

/**
 * A request Node's parser refuses before Fastify sees it (a request line or headers over the limit: 431;
 * anything else unparsable: 400), answered in the API's one error body and closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(
    status === 431
      ? { message: 'The request line or headers are too long', code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' }
      : status === 408
        ? { message: 'The request took too long to arrive', code: 'TIMEOUT' }
        : { message: 'The request is not valid HTTP', code: 'BAD_REQUEST' },
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Matches a concrete /api path against the document's paths: the methods it takes, or none. */
function methodsOfPath(paths: Record<string, Record<string, unknown>>): (path: string) => string[] {
  const table = Object.entries(paths).map(([template, methods]) => ({
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`),
    methods: Object.keys(methods).map((m) => m.toUpperCase()),
  }));
  return (path) => [...new Set(table.filter((row) => row.pattern.test(path)).flatMap((row) => row.methods))];
}

export interface BuildAppOptions {
  /** Serve the built SPA from config.webDist (default: when it exists). */
  serveWeb?: boolean;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify accepts a hop count too; its typings leave the number out.
    trustProxy: config.trustProxy as boolean | string,
    // A client's X-Request-Id is kept only when it is a plain token; anything else (log injection,
    // megabyte headers) gets a fresh id.
    requestIdHeader: false,
    genReqId: (req) => acceptedRequestId(req.headers['x-request-id']) ?? randomUUID(),
    forceCloseConnections: 'idle',
    // A client that sends slowly cannot hold a connection open: the whole request has a bound (uploads
    // fit in it), a silent connection another; a non-upload body has a shorter one (bodyTimeout below).
    requestTimeout: config.httpTimeouts.requestMs,
    connectionTimeout: config.httpTimeouts.connectionMs,
    // A tRPC batch names its procedures in the path (auth.me,partner.me,...): allow long ones.
    routerOptions: { maxParamLength: 4000 },
    clientErrorHandler: answerClientError,
  });

  // A body is JSON unless a route says otherwise: Fastify's text/plain parser would hand a JSON endpoint a
  // string (a 400 about types) where any other content type is 415. Routes that take text add it in their scope.
  app.removeContentTypeParser('text/plain');

  // Helmet's headers as recorded once, and the request id, on every answer (errors and 404s included).
  // The hooks of the request path are callback-style: an async hook costs a promise per request.
  app.addHook('onRequest', (req, reply, done) => {
    void reply.headers(SECURITY_HEADERS).header('X-Request-Id', req.id);
    done();
  });
  app.addHook('onRequest', (req, reply, done) => {
    bodyTimeout(req.raw, reply.raw, config.httpTimeouts.bodyMs);
    done();
  });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || config.corsOrigins.includes(origin)),
    // What a browser tool on an allowed origin reads: paging, replays, limits.
    exposedHeaders: [
      'X-Total-Count',
      'X-Total-Amount',
      'X-Next-Cursor',
      'Link',
      'Idempotent-Replayed',
      'Retry-After',
      'X-Request-Id',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
    ],
  });

  // Per-key budget (API_KEY_RATE_LIMIT calls a minute) before any route runs, for REST, tRPC and raw routes
  // alike. A call is a procedure call: a tRPC batch of 20 takes 20, so batching does not multiply the budget.
  app.addHook('onRequest', (req, reply, done) => {
    const token = /^Bearer (ppk_\S+)$/.exec(req.headers.authorization?.trim() ?? '')?.[1];
    if (!token) return done();
    deps.rateLimits.consumeApiKey(hashApiKey(token), procedureCalls(req.url)).then((budget) => {
      void reply
        .header('RateLimit-Limit', String(budget.limit))
        .header('RateLimit-Remaining', String(budget.remaining))
        .header('RateLimit-Reset', String(budget.resetSeconds));
      if (budget.retryAfterSeconds === undefined) return done();
      // Answered here: a hook that sends does not call done.
      void reply
        .status(429)
        .header('Retry-After', String(budget.retryAfterSeconds))
        .send({
          message: `Too many requests with this API key. Try again in ${budget.retryAfterSeconds} seconds.`,
          code: 'TOO_MANY_REQUESTS',
        });
    }, done);
  });

  // Labelled by the route pattern (/api/materials/:id), never the raw URL: ids would make a series each.
  app.addHook('onResponse', (req, reply, done) => {
    deps.metrics.httpDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, req, reply) => {
    const refused = fromFastifyError(error, BODY_LIMIT_BYTES);
    if (refused) return sendError(reply, refused, deps);
    // A route outside the REST table (the public pages) that meets a database outage answers its 503 too.
    if (isDatabaseUnavailable(error) || isTransactionConflict(error)) return sendError(reply, error, deps);
    req.log.error({ err: error }, 'request failed');
    return reply
      .status(error.statusCode && error.statusCode >= 500 ? error.statusCode : 500)
      .send({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_SERVER_ERROR' });
  });

  app.get('/api/health', async (_req, reply) => {
    const ok = await deps.pingDb();
    return reply
      .status(ok ? 200 : 503)
      .send(ok ? { status: 'ok' } : { status: 'unavailable', message: 'The database does not answer' });
  });

  // Readiness: 200 only when the database, Redis (when configured) and storage answer.
  app.get('/api/ready', async (_req, reply) => {
    const readiness = await checkReadiness(deps);
    return reply
      .status(readiness.status === 'ready' ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send(readiness);
  });

  await registerTrpcEndpoint(app, {
    prefix: '/trpc',
    context: (req, reply) => createContextFromRequest(deps, req, reply),
    trpcOptions: {
      allowBatching: true,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      // Consulted for errors only on the fast path of a single GET query (trpc/http.ts): headers for successful answers do not belong here.
      responseMeta: ({ errors }) => {
        const retryAfter = errors.map((e) => retryAfterOf(toClientError(e))).find(Boolean);
        return retryAfter ? { headers: { 'Retry-After': String(retryAfter) } } : {};
      },
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          deps.logger.error({ err: error.cause ?? error, path }, 'procedure failed');
      },
    },
  });

  registerRestRoutes(app, deps, restRoutes);
  for (const raw of rawRoutes) await raw.register(app, deps);

  const document = servedOpenApiDocument({ publicUrl: config.publicUrl });
  app.get('/api/openapi.json', async () => document);
  const docsPage = renderDocsPage(document);
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(docsPage));

  const serveWeb = options.serveWeb ?? existsSync(join(config.webDist, 'index.html'));
  if (serveWeb) {
    // The build writes .br/.gz beside each asset; they are sent to browsers that accept them.
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
      preCompressed: true,
    });
    await registerWebPages(app, deps);
  }

  const methodsOf = methodsOfPath(document.paths);
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // A documented path asked with another method: 405 naming the methods it takes.
    const allowed = path.startsWith('/api/') ? methodsOf(path) : [];
    if (allowed.length > 0) {
      if (allowed.includes('GET')) allowed.push('HEAD');
      return reply
        .status(405)
        .header('Allow', allowed.join(', '))
        .send({
          message: `${req.method} is not allowed on ${path}; it takes ${allowed.join(', ')}`,
          code: 'METHOD_NOT_SUPPORTED',
        });
    }
    // /metrics too: a scrape sent to the public port must fail, not parse the SPA's shell (metrics live on METRICS_PORT).
    if (
      path.startsWith('/api') ||
      path.startsWith('/trpc') ||
      path === '/metrics' ||
      req.method !== 'GET' ||
      !serveWeb
    ) {
      return reply.status(404).send({ message: `No such path: ${req.method} ${path}`, code: 'NOT_FOUND' });
    }
    // Deep links into the SPA get its shell; the client router shows the page (or its 404).
    // no-cache: after a deploy the shell must name the new assets (static's maxAge would override it).
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', config.webDist, { cacheControl: false });
  });

  return app;
}
