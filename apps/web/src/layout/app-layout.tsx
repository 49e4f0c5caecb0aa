// Bare page or shell (spec §2 Layout): bare on /, /partners/*, /r/*, /onboarding, when nobody is
// signed in, and while a partner's profile is loading; the shell everywhere else.

import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSession } from '../lib/session';
import { Shell } from './app-shell';

const BARE_PATHS = [/^\/$/, /^\/partners\//, /^\/r\//, /^\/onboarding/];

export function AppLayout({ children }: { children: ReactNode }) {
  const { user, partnerLoading } = useSession();
  const { pathname } = useLocation();
  const bare = !user || partnerLoading || BARE_PATHS.some((pattern) => pattern.test(pathname));
  return bare ? <>{children}</> : <Shell>{children}</Shell>;
}
