// The landing page's sign-in dialog on the server-rendered `/` (public-main.tsx): the lean hydration
// has no tRPC or query client, so the dialog brings them (loaded with it, on the first opening). A
// sign-in hands the page over to the SPA (onSignedIn), which sends the user on to their area.

import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createQueryClient } from '../../lib/query-client';
import { sessionStore, useSession } from '../../lib/session';
import { apiLinks, trpc } from '../../lib/trpc';
import { AuthDialog, type AuthDialogProps } from './auth-dialog';

// Nobody is signed in here (a stored token starts the SPA instead of this page): the store settles at
// once, so the SPA started after a sign-in keeps the signed-in state instead of loading it again.
sessionStore.start();
const queryClient = createQueryClient(sessionStore);
const trpcClient = trpc.createClient({ links: apiLinks() });

export function PublicAuthDialog({ onSignedIn, ...props }: AuthDialogProps & { onSignedIn: () => void }) {
  const { user } = useSession();
  useEffect(() => {
    if (user) onSignedIn();
  }, [user, onSignedIn]);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <AuthDialog {...props} />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
