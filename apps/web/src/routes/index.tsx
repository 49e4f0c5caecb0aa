// / (spec §2): the landing page for visitors; a signed-in user is sent on to their area.

import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LandingPage } from '../features/auth/landing-page';
import { LoadingScreen } from '../layout/loading-screen';
import { homeFor } from '../lib/guards';
import { useSession } from '../lib/session';

export const Route = createFileRoute('/')({
  // ?signin=1 opens the sign-in dialog (after a password reset, and from the mails).
  validateSearch: (search: Record<string, unknown>): { signin?: '1' } =>
    search.signin === '1' || search.signin === 1 ? { signin: '1' } : {},
  component: Home,
});

function Home() {
  const session = useSession();
  const navigate = useNavigate();
  const search = Route.useSearch();
  const target = session.loading ? 'allow' : homeFor(session);

  useEffect(() => {
    if (target !== 'allow') void navigate({ to: target, replace: true });
  }, [target, navigate]);

  if (session.loading) return <LoadingScreen />;
  if (target !== 'allow') return <LoadingScreen label="Redirecting to dashboard..." />;
  return <LandingPage openSignIn={search.signin === '1'} />;
}
