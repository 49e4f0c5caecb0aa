import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { parseTokenSearch } from '../lib/token-search';

export const Route = createFileRoute('/reset-password')({
  validateSearch: parseTokenSearch,
  component: function ResetPassword() {
    const { token } = Route.useSearch();
    return <ResetPasswordPage token={token} />;
  },
});
