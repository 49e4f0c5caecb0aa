// The tRPC client of the SPA. Only the AppRouter *type* comes from the api.

import { AUTH_TOKEN_KEY } from '@portal/contracts/plain';
import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@portal/api/router';

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export function readToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function authHeaders(): Record<string, string> {
  const token = readToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

export function apiLinks(): TRPCLink<AppRouter>[] {
  return [httpBatchLink({ url: '/trpc', headers: authHeaders, maxURLLength: 4000 })];
}

/** A client for code outside React (the session store). */
export const vanillaTrpc = createTRPCClient<AppRouter>({ links: apiLinks() });
