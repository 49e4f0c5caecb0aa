import { createFileRoute, redirect } from '@tanstack/react-router';
import { TwoFactorSetupPage } from '../features/auth/two-factor-setup-page';

export const Route = createFileRoute('/two-factor-setup')({
  beforeLoad: async ({ context }) => {
    const state = await context.session.whenSettled();
    if (!state.user) throw redirect({ to: '/', replace: true });
  },
  component: TwoFactorSetupPage,
});
