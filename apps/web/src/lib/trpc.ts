// The tRPC client of the SPA. Only the AppRouter *type* comes from the api.

import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@portal/api/router';
import { apiFetch, authHeaders } from './rest';

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export function apiLinks(): TRPCLink<AppRouter>[] {
  return [httpBatchLink({ url: '/trpc', headers: authHeaders, maxURLLength: 4000, fetch: apiFetch })];
}

/** A client for code outside React (the session store). */
export const vanillaTrpc = createTRPCClient<AppRouter>({ links: apiLinks() });
