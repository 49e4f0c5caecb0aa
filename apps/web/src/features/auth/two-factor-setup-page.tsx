// /two-factor-setup: where a team member without TOTP goes before /admin while ADMIN_MFA_REQUIRED.

import { useNavigate } from '@tanstack/react-router';
import { useSession } from '../../lib/session';
import { BareCardPage } from './bare-card-page';
import { TwoFactorSetup } from './two-factor-setup';

export function TwoFactorSetupPage() {
  const navigate = useNavigate();
  const session = useSession();
  return (
    <BareCardPage
      size="sm"
      title="Turn on two-factor sign-in"
      description="Administrators sign in with a password and a code from an authenticator app. Set it up once to open the admin area."
    >
      <TwoFactorSetup
        onDone={() => {
          void session.refreshUser().then(() => navigate({ to: '/admin', replace: true }));
        }}
      />
    </BareCardPage>
  );
}
