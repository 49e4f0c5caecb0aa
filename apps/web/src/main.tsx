import './styles/mantine.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ResponsiveNotifications } from './layout/responsive-notifications';
import { createQueryClient } from './lib/query-client';
import { SessionProvider, sessionStore, useSession } from './lib/session';
import { colorSchemeManager, cssVariablesResolver, theme } from './lib/theme';
import { apiLinks, trpc } from './lib/trpc';
import { createAppRouter } from './router';

const queryClient = createQueryClient(sessionStore);
const trpcClient = trpc.createClient({ links: apiLinks() });
const router = createAppRouter({ session: sessionStore, queryClient });
sessionStore.start();

/** Re-runs the guards whenever the signed-in user or partner changes (sign-in, sign-out, a 401). */
function App() {
  const { user, partner } = useSession();
  const [previous, setPrevious] = useState({ user, partner });
  useEffect(() => {
    if (previous.user?.id !== user?.id || previous.partner?.status !== partner?.status) {
      setPrevious({ user, partner });
      void router.invalidate();
    }
  }, [user, partner, previous]);
  return <RouterProvider router={router} />;
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ResponsiveNotifications />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider store={sessionStore}>
            <App />
          </SessionProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  </StrictMode>,
);
