// The component tree around the router, the same in the browser (main.tsx) and on the server
// (ssr/entry-server.tsx), so that a server-rendered public page hydrates without a mismatch.

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect, useState } from 'react';
import { ResponsiveNotifications } from './layout/responsive-notifications';
import { SessionProvider, useSession, type SessionStore } from './lib/session';
import { colorSchemeManager, cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme } from './lib/theme';
import { trpc } from './lib/trpc';
import type { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;
type TrpcClient = ReturnType<typeof trpc.createClient>;

/** Re-runs the guards whenever the signed-in user or partner changes (sign-in, sign-out, a 401). */
function App({ router }: { router: AppRouter }) {
  const { user, partner } = useSession();
  const [previous, setPrevious] = useState({ user, partner });
  // The page answers clicks from here on (a server-rendered page is hydrated by then); tools can wait for it.
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  useEffect(() => {
    if (previous.user?.id !== user?.id || previous.partner?.status !== partner?.status) {
      setPrevious({ user, partner });
      void router.invalidate();
    }
  }, [user, partner, previous, router]);
  return <RouterProvider router={router} />;
}

export interface AppRootProps {
  router: AppRouter;
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  session: SessionStore;
}

export function AppRoot({ router, queryClient, trpcClient, session }: AppRootProps) {
  return (
    <StrictMode>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme={DEFAULT_COLOR_SCHEME}
      >
        <ResponsiveNotifications />
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <SessionProvider store={session}>
              <App router={router} />
            </SessionProvider>
          </QueryClientProvider>
        </trpc.Provider>
      </MantineProvider>
    </StrictMode>
  );
}
