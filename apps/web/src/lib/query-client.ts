import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpStatusOf } from './errors';
import type { SessionStore } from './session';

/** Spec §7: no retry, no refetch on focus or interval, never stale; mutations are not retried. Any 401 signs out. */
export function createQueryClient(session: SessionStore): QueryClient {
  const onError = (error: unknown) => {
    if (httpStatusOf(error) === 401) session.handleUnauthorized();
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  session.attachQueryClient(client);
  return client;
}
