// Renders a component inside the providers the app gives it (Mantine, React Query, tRPC, session).

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createQueryClient } from '../src/lib/query-client';
import { SessionProvider, SessionStore } from '../src/lib/session';
import { cssVariablesResolver, theme } from '../src/lib/theme';
import { apiLinks, trpc } from '../src/lib/trpc';

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
