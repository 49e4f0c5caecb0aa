import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { NotFound } from './layout/not-found';
import type { SessionStore } from './lib/session';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  session: SessionStore;
  queryClient: QueryClient;
}

/**
 * `history`: the server (ssr/entry-server.tsx) renders with a memory history and without the scroll
 * restoration script (an inline script the browser's render would not have); the browser uses the default.
 */
export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultPendingMs: 0,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: !history,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
