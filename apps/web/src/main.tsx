import './styles/mantine.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app-root';
import { createQueryClient } from './lib/query-client';
import { readToken } from './lib/rest';
import { sessionStore } from './lib/session';
import { apiLinks, trpc } from './lib/trpc';
import { createAppRouter } from './router';
import { primeQueryCache, SSR_DATA_ELEMENT, type SsrData } from './ssr/ssr-data';

const queryClient = createQueryClient(sessionStore);
const trpcClient = trpc.createClient({ links: apiLinks() });
const router = createAppRouter({ session: sessionStore, queryClient });
sessionStore.start();

const container = document.getElementById('root') as HTMLElement;
const app = <AppRoot router={router} queryClient={queryClient} trpcClient={trpcClient} session={sessionStore} />;
const ssrDataElement = document.getElementById(SSR_DATA_ELEMENT);
const ssrData = ssrDataElement?.textContent ? (JSON.parse(ssrDataElement.textContent) as SsrData) : undefined;

/**
 * `/` (prerendered) and `/r/{code}` (rendered per request) arrive with their HTML: the same data goes
 * into the cache and the route's code is loaded before hydrating, so the first render matches it. The
 * server renders for a visitor without a session; with a stored token the page renders afresh.
 */
async function hydrate(data: SsrData) {
  primeQueryCache(queryClient, trpcClient, data);
  // Renders the match tree as the server did (no Suspense around the root match); TanStack's own
  // hydration (RouterClient) sets the same, from a dehydrated state this app does not use.
  router.ssr = { manifest: undefined };
  await router.load();
  hydrateRoot(container, app);
}

if (container.dataset.ssr && ssrData && !readToken()) void hydrate(ssrData);
else createRoot(container).render(app);
