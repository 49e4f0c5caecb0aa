import { createFileRoute, redirect } from '@tanstack/react-router';
import { TwoFactorSetupPage } from '../features/auth/two-factor-setup-page';
import { twoFactorSetupDecision } from '../lib/guards';

export const Route = createFileRoute('/two-factor-setup')({
  beforeLoad: async ({ context }) => {
    const decision = twoFactorSetupDecision(await context.session.whenSettled());
    if (decision !== 'allow') throw redirect({ to: decision, replace: true });
  },
  component: TwoFactorSetupPage,
});
