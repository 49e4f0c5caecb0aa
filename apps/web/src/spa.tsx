// The signed-in app (an SPA): router, query client, tRPC client, session. Started by main.tsx for
// index.html, and by the public pages' entry (public-main.tsx) when a visitor has a stored token or
// signs in from the landing page.

import { createRoot, type Root } from 'react-dom/client';
import { AppRoot } from './app-root';
import { createQueryClient } from './lib/query-client';
import { sessionStore } from './lib/session';
import { apiLinks, trpc } from './lib/trpc';
import { createAppRouter } from './router';

/** Renders the SPA into #root: into `root` when given (the public page's root, whose tree it replaces), else a new root. */
export function startSpa(root?: Root) {
  const queryClient = createQueryClient(sessionStore);
  const trpcClient = trpc.createClient({ links: apiLinks() });
  const router = createAppRouter({ session: sessionStore, queryClient });
  sessionStore.start();
  const app = <AppRoot router={router} queryClient={queryClient} trpcClient={trpcClient} session={sessionStore} />;
  (root ?? createRoot(document.getElementById('root') as HTMLElement)).render(app);
}
