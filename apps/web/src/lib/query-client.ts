import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpStatusOf } from './errors';
import { onRestUnauthorized } from './rest';
import type { SessionStore } from './session';

/** Spec §7: no retry, no refetch on focus or interval, never stale; mutations are not retried. A 401 (and only a 401) signs out, from tRPC and REST calls alike. */
export function createQueryClient(session: SessionStore): QueryClient {
  const onError = (error: unknown) => {
    if (httpStatusOf(error) === 401) session.handleUnauthorized();
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
  session.attachQueryClient(client);
  onRestUnauthorized(() => session.handleUnauthorized());
  return client;
}
