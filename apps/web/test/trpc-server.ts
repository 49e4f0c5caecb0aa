// A stand-in for the API at the HTTP boundary: answers tRPC's batch requests (GET queries, POST
// mutations) from handlers per procedure, in the wire format the server uses. Installed as the
// global fetch, so the app's own tRPC client, links and error handling run unchanged.

import { vi } from 'vitest';

export class ProcedureError {
  constructor(
    readonly httpStatus: number,
    readonly code: string,
    readonly message: string,
    /** The validation issues a 400 names by field, as the server's error formatter sends them. */
    readonly issues: Array<{ path: string; message: string }> = [],
  ) {}
}

type Handler = (input: unknown) => unknown;

/** A promise the test settles when it wants the server (or a handler's caller) to answer. */
export function deferred<T = unknown>() {
  let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

export interface FakeApi {
  /** Every call so far, as `path` and parsed input. */
  calls: Array<{ path: string; input: unknown; headers: Headers }>;
  /** The inputs of the calls to `path` so far, in order. */
  inputs: (path: string) => unknown[];
}

function answer(path: string, result: unknown) {
  if (result instanceof ProcedureError) {
    return {
      status: result.httpStatus,
      body: {
        error: {
          message: result.message,
          code: -32603,
          data: { code: result.code, httpStatus: result.httpStatus, path, issues: result.issues },
        },
      },
    };
  }
  return { status: 200, body: { result: { data: result } } };
}

export function serveTrpc(handlers: Record<string, Handler>): FakeApi {
  const api: FakeApi = {
    calls: [],
    inputs: (path) => api.calls.filter((call) => call.path === path).map((call) => call.input),
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const paths = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
    const inputs = (
      init?.method === 'POST'
        ? JSON.parse(String(init.body ?? '{}'))
        : JSON.parse(url.searchParams.get('input') ?? '{}')
    ) as Record<string, unknown>;
    const answers = await Promise.all(
      paths.map(async (path, index) => {
        const handler = handlers[path];
        if (!handler) throw new Error(`no handler for ${path}`);
        // The headers are kept out of equality checks of a call (`toEqual({ path, input })`).
        const call = { path, input: inputs[index] } as FakeApi['calls'][number];
        Object.defineProperty(call, 'headers', { value: new Headers(init?.headers), enumerable: false });
        api.calls.push(call);
        try {
          return answer(path, await handler(inputs[index]));
        } catch (error) {
          return answer(path, error);
        }
      }),
    );
    const status = answers.every((item) => item.status === 200)
      ? 200
      : (answers.find((item) => item.status !== 200)?.status ?? 500);
    return new Response(JSON.stringify(answers.map((item) => item.body)), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return api;
}
