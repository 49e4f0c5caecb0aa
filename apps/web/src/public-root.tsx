// The public pages' component tree, the same on the server (ssr/entry-server.tsx: `/`
// prerendered, `/r/{code}` per request) and in the browser (public-main.tsx hydrates it): Mantine
// and the page, no router, no query or tRPC client, no session. The toast stack mounts after
// hydration; the sign-in dialog loads its providers when first opened and hands over to the SPA.

import { lazy, useMemo, type ReactNode } from 'react';
import type { AuthDialogProps } from './features/auth/auth-dialog';
import { LandingPage } from './features/auth/landing-page';
import { PublicReferralLanding } from './features/referral/public-referral-landing';
import { DeferredToasts } from './layout/deferred-toasts';
import { ThemedRoot, useMarkInteractive } from './layout/themed-root';
import { parseReferralSearch, type ReferralSearch } from './lib/referral-search';
import type { SsrData } from './ssr/ssr-data';

export type PublicPage =
  { kind: 'landing'; openSignIn: boolean } | { kind: 'referral'; code: string; search: ReferralSearch };

/**
 * The public page an address stands for (`/`, `/r/{code}`, `/partners/{code}`), or null. `query` is
 * the search as the SPA's router parses it (parseSearch), so both read the same values.
 */
export function publicPageOf(pathname: string, query: Record<string, unknown>): PublicPage | null {
  if (pathname === '/') return { kind: 'landing', openSignIn: query.signin === '1' || query.signin === 1 };
  const match = /^\/(?:r|partners)\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  let code: string;
  try {
    code = decodeURIComponent(match[1]);
  } catch {
    code = match[1];
  }
  return { kind: 'referral', code, search: parseReferralSearch(query) };
}

const LazyPublicAuthDialog = lazy(() =>
  import('./features/auth/public-auth-dialog').then((m) => ({ default: m.PublicAuthDialog })),
);

/** Tells tools the page answers clicks (hydrated), as the SPA's root does. */
function Interactive({ children }: { children: ReactNode }) {
  useMarkInteractive();
  return <>{children}</>;
}

export interface PublicRootProps {
  page: PublicPage;
  data: SsrData;
  /** Called after a sign-in from the landing page's dialog (the browser starts the SPA). */
  onSignedIn?: () => void;
}

export function PublicRoot({ page, data, onSignedIn }: PublicRootProps) {
  const authDialog = useMemo(
    () =>
      function PublicAuthDialog(props: AuthDialogProps) {
        return <LazyPublicAuthDialog {...props} onSignedIn={onSignedIn ?? (() => undefined)} />;
      },
    [onSignedIn],
  );
  return (
    <ThemedRoot>
      <DeferredToasts />
      <Interactive>
        {page.kind === 'landing' ? (
          <LandingPage openSignIn={page.openSignIn} authDialog={authDialog} />
        ) : (
          <PublicReferralLanding code={page.code} search={page.search} data={data} />
        )}
      </Interactive>
    </ThemedRoot>
  );
}
