// The tRPC client of the SPA. Only the AppRouter *type* comes from the api.

import { createTRPCClient, httpBatchLink, splitLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@portal/api/router';
import { TRPC_MAX_BATCH_SIZE } from '@portal/contracts/plain';
import { apiFetch, authHeaders } from './rest';

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The operation context a create passes to be sent with its Idempotency-Key (see lib/use-submit-once.ts). */
export interface IdempotentContext extends Record<string, unknown> {
  idempotencyKey?: string;
}

function idempotencyKeyOf(context: Record<string, unknown>): string | undefined {
  const key = (context as IdempotentContext).idempotencyKey;
  return typeof key === 'string' ? key : undefined;
}

export function apiLinks(): TRPCLink<AppRouter>[] {
  const batched = { url: '/trpc', maxURLLength: 4000, maxItems: TRPC_MAX_BATCH_SIZE, fetch: apiFetch };
  return [
    splitLink({
      // A call with an Idempotency-Key travels alone, so the header belongs to that call only.
      condition: (op) => idempotencyKeyOf(op.context) !== undefined,
      true: httpBatchLink({
        ...batched,
        maxItems: 1,
        headers: ({ opList }) => ({
          ...authHeaders(),
          'idempotency-key': idempotencyKeyOf(opList[0]?.context ?? {}) ?? '',
        }),
      }),
      false: httpBatchLink({ ...batched, headers: authHeaders }),
    }),
  ];
}

/** A client for code outside React (the session store). */
export const vanillaTrpc = createTRPCClient<AppRouter>({ links: apiLinks() });
