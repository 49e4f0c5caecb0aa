import { createFileRoute } from '@tanstack/react-router';
import { AcceptInvitationPage } from '../features/auth/accept-invitation-page';

export const Route = createFileRoute('/accept-invitation')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token ? { token: search.token } : {},
  component: function AcceptInvitation() {
    const { token } = Route.useSearch();
    return <AcceptInvitationPage token={token} />;
  },
});
