// Renders a component inside the providers the app gives it (Mantine, React Query, tRPC, session).

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  type RouteComponent,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { onTestFinished } from 'vitest';
import { createQueryClient } from '../src/lib/query-client';
import { SessionProvider, SessionStore } from '../src/lib/session';
import { cssVariablesResolver, theme } from '../src/lib/theme';
import { apiLinks, trpc } from '../src/lib/trpc';
import { PHONE_QUERY } from '../src/layout/use-phone-layout';

export function renderWithProviders(ui: ReactElement, options: { session?: SessionStore } = {}) {
  const session = options.session ?? new SessionStore();
  const queryClient = createQueryClient(session);
  const trpcClient = trpc.createClient({ links: apiLinks() });
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider store={session}>{ui}</SessionProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>,
  );
  return { ...result, session, queryClient };
}

/** As renderWithProviders, inside a memory router at `path` (for screens with links). */
export function renderInRouter(ui: ReactElement, options: { session?: SessionStore; path?: string } = {}) {
  const root = createRootRoute({ component: () => ui });
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: [options.path ?? '/'] }),
  });
  return renderWithProviders(<RouterProvider router={router} />, options.session ? { session: options.session } : {});
}

/**
 * As renderWithProviders, inside a memory router that starts at `path`: each of `pages` (path → component)
 * a route below a root showing `layout` (by default only the page).
 */
export function renderRoutes(
  pages: Record<string, RouteComponent>,
  options: { path: string; session: SessionStore; layout?: RouteComponent; notFound?: RouteComponent },
) {
  const root = createRootRoute({ component: options.layout ?? Outlet, notFoundComponent: options.notFound });
  const routes = Object.entries(pages).map(([path, component]) =>
    createRoute({ getParentRoute: () => root, path, component }),
  );
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [options.path] }),
  });
  return { ...renderWithProviders(<RouterProvider router={router} />, { session: options.session }), router };
}

/** The window's media queries as the test set-up answers them: none matches. */
const plainMatchMedia = window.matchMedia;

/** For the rest of the test, the window's media queries match where `matches` says (a dark preference, a phone). */
export function matchMediaWhere(matches: (query: string) => boolean) {
  window.matchMedia = (query: string) => ({ ...plainMatchMedia(query), matches: matches(query) });
  onTestFinished(() => {
    window.matchMedia = plainMatchMedia;
  });
}

/** A phone's window for the rest of the test: the phone query matches, every other query does not. */
export function atPhoneWidth() {
  matchMediaWhere((query) => query === PHONE_QUERY);
}
