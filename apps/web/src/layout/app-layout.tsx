// Bare page or shell (spec §2 Layout): bare on /, /partners/*, /r/*, /onboarding, /reset-password, when nobody is
// signed in, and while a partner's profile is loading; the shell everywhere else.

import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { useSession } from '../lib/session';
import { LoadingScreen } from './loading-screen';

// The shell loads with the first signed-in screen; the bare landing page never pays for it.
const Shell = lazy(() => import('./app-shell').then((m) => ({ default: m.Shell })));

const BARE_PATHS = [
  /^\/$/,
  /^\/partners\//,
  /^\/r\//,
  /^\/onboarding/,
  /^\/reset-password/,
  /^\/accept-invitation/,
  /^\/two-factor-setup/,
];

export function AppLayout({ children }: { children: ReactNode }) {
  const { user, partnerLoading } = useSession();
  const { pathname } = useLocation();
  const bare = !user || partnerLoading || BARE_PATHS.some((pattern) => pattern.test(pathname));
  if (bare) return <>{children}</>;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Shell>{children}</Shell>
    </Suspense>
  );
}
