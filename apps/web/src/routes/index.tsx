// / (spec §2): the landing page for visitors; a signed-in user is sent on to their area.

import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LandingPage } from '../features/auth/landing-page';
import { LoadingScreen } from '../layout/loading-screen';
import { landingTarget, returnPathOf } from '../lib/guards';
import { useSession } from '../lib/session';

export const Route = createFileRoute('/')({
  // ?signin=1 opens the sign-in dialog (after a password reset, from the mails, and from a deep link with
  // ?redirect=, where the user goes once signed in). It is the number 1, which the router writes unquoted.
  validateSearch: (search: Record<string, unknown>): { signin?: 1; redirect?: string } => {
    const redirectTo = returnPathOf(search.redirect);
    return {
      ...(search.signin === '1' || search.signin === 1 ? { signin: 1 as const } : {}),
      ...(redirectTo ? { redirect: redirectTo } : {}),
    };
  },
  component: Home,
});

function Home() {
  const session = useSession();
  const navigate = useNavigate();
  const search = Route.useSearch();
  const target = session.loading ? 'allow' : landingTarget(session, search.redirect);

  useEffect(() => {
    if (target === 'allow') return;
    if (target.startsWith('/') && search.redirect === target) void navigate({ href: target, replace: true });
    else void navigate({ to: target, replace: true });
  }, [target, navigate, search.redirect]);

  if (session.loading) return <LoadingScreen />;
  if (target !== 'allow') return <LoadingScreen label="Redirecting to dashboard..." />;
  return <LandingPage openSignIn={search.signin === 1} />;
}
