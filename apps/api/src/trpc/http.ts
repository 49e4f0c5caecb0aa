// The tRPC endpoint on Fastify: /trpc/:path, tRPC's own Fastify handler for everything, except the
// commonest call (API overhead): a single GET query that succeeds. tRPC's adapter turns
// every request into a WHATWG Request and answers a Response that Fastify pipes out as a stream
// (Headers, AbortController, URL, web streams, chunked writes: a third of a partner.me call in the
// profile). The fast path runs the very same procedure (same middlewares: auth, permissions,
// input and output validation, metrics) with the same context, and writes tRPC's success body
// `{"result":{"data":…}}` as one JSON string. Whatever it does not recognise goes to tRPC
// untouched (batches, mutations, streaming accept headers, a content type, an unknown path, an
// input that does not parse); when the procedure (or the context) fails, tRPC's own resolver writes
// the error answer from that error and that context, so error shapes, statuses, onError and
// responseMeta stay tRPC's.

import { getTRPCErrorFromUnknown, type AnyTRPCProcedure, type TRPCError } from '@trpc/server';
import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from './context';
import { appRouter, type AppRouter } from './router';

type TrpcOptions = FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];

export interface TrpcEndpointOptions {
  /** e.g. "/trpc" */
  prefix: string;
  /** tRPC's handler options; createContext is built from `context`. */
  trpcOptions: Omit<TrpcOptions, 'createContext' | 'router'>;
  context: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>;
}

// tRPC keeps them flat by dotted path ("partner.me"), as its own getProcedureAtPath reads them.
const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure | undefined>;
const config = appRouter._def._config;

/** The query procedure a plain GET names, with its parsed input; undefined when tRPC should handle the request. */
function simpleQuery(
  req: FastifyRequest,
  rawPath: string,
): { procedure: AnyTRPCProcedure; path: string; input: unknown } | undefined {
  if (req.method !== 'GET') return undefined;
  const { headers } = req;
  if (headers['trpc-accept'] !== undefined || headers.accept?.includes('application/jsonl')) return undefined;
  if (headers['content-type'] !== undefined && !headers['content-type'].startsWith('application/json'))
    return undefined;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
  if (procedure?._def.type !== 'query') return undefined;
  const queryAt = req.url.indexOf('?');
  const search = new URLSearchParams(queryAt === -1 ? '' : req.url.slice(queryAt + 1));
  if (search.has('batch') || search.has('connectionParams')) return undefined;
  const rawInput = search.get('input');
  let input: unknown;
  if (rawInput) {
    try {
      input = config.transformer.input.deserialize(JSON.parse(rawInput));
    } catch {
      return undefined;
    }
  }
  return { procedure, path, input };
}

export async function registerTrpcEndpoint(app: FastifyInstance, options: TrpcEndpointOptions): Promise<void> {
  const trpcOptions: TrpcOptions = {
    ...options.trpcOptions,
    router: appRouter,
    createContext: ({ req, res }) => options.context(req, res),
  };

  /** tRPC's answer to a call that failed with `error` (context already made, or its failure). */
  async function sendTrpcError(
    req: FastifyRequest,
    reply: FastifyReply,
    rawPath: string,
    error: TRPCError,
    ctx: Context | undefined,
  ): Promise<void> {
    const response = await resolveResponse<AppRouter>({
      ...trpcOptions,
      req: incomingMessageToRequest(req.raw, reply.raw, { maxBodySize: null }),
      path: rawPath,
      error,
      createContext: async () => {
        if (!ctx) throw error;
        return ctx;
      },
      onError: (event) => trpcOptions.onError?.({ ...event, req }),
    });
    await reply.send(response);
  }

  await app.register(
    async (scope) => {
      // As tRPC's own plugin does in its scope: it reads bodies itself.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      scope.removeContentTypeParser('multipart/form-data');
      scope.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));

      scope.all('/:path', async (req, reply) => {
        const rawPath = (req.params as { path: string }).path;
        const call = simpleQuery(req, rawPath);
        if (!call) return fastifyRequestHandler({ ...trpcOptions, req, res: reply, path: rawPath });
        let ctx: Context | undefined;
        try {
          ctx = await options.context(req, reply);
          const data: unknown = await call.procedure({
            path: call.path,
            getRawInput: async () => call.input,
            ctx,
            type: 'query',
            signal: undefined,
            batchIndex: 0,
          });
          const body = JSON.stringify({ result: { data: config.transformer.output.serialize(data) } });
          // tRPC's headers exactly (a string would get "; charset=utf-8" appended by Fastify, a Buffer keeps them).
          return reply
            .header('vary', 'trpc-accept, accept')
            .header('content-type', 'application/json')
            .send(Buffer.from(body));
        } catch (cause) {
          return sendTrpcError(req, reply, rawPath, getTRPCErrorFromUnknown(cause), ctx);
        }
      });
    },
    { prefix: options.prefix },
  );
}
