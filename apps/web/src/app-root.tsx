// The component tree around the SPA's router (spa.tsx): theme, toasts, tRPC and query clients, session.
// The toasts load after the first render (layout/deferred-toasts.tsx), outside the first chunk.

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { DeferredToasts } from './layout/deferred-toasts';
import { ThemedRoot, useMarkInteractive } from './layout/themed-root';
import { SessionProvider, useSession, type SessionStore } from './lib/session';
import { trpc } from './lib/trpc';
import type { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;
type TrpcClient = ReturnType<typeof trpc.createClient>;

/** Re-runs the guards whenever the signed-in user or partner changes (sign-in, sign-out, a 401). */
function App({ router }: { router: AppRouter }) {
  const { user, partner } = useSession();
  const [previous, setPrevious] = useState({ user, partner });
  useMarkInteractive();
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
    <ThemedRoot>
      <DeferredToasts />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider store={session}>
            <App router={router} />
          </SessionProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </ThemedRoot>
  );
}
