// /onboarding (spec §2): any signed-in user. Anonymous visitors see the landing page instead,
// admins have no application to make, and an active partner belongs on the dashboard.

import { createFileRoute, redirect } from '@tanstack/react-router';
import { OnboardingScreen } from '../features/onboarding/onboarding-screen';
import { ONBOARDING_LOADING_TEXT } from '../features/onboarding/onboarding-texts';
import { LoadingScreen } from '../layout/loading-screen';
import { isStaffUser } from '../lib/permissions';

export const Route = createFileRoute('/onboarding')({
  beforeLoad: async ({ context }) => {
    const state = await context.session.whenSettled();
    if (!state.user) throw redirect({ to: '/', replace: true });
    if (isStaffUser(state.user)) throw redirect({ to: '/admin', replace: true });
    if (state.partner?.status === 'active') throw redirect({ to: '/dashboard', replace: true });
  },
  pendingComponent: () => <LoadingScreen label={ONBOARDING_LOADING_TEXT} />,
  component: OnboardingScreen,
});
