import { createFileRoute } from '@tanstack/react-router';
import { AcceptInvitationPage } from '../features/auth/accept-invitation-page';
import { parseTokenSearch } from '../lib/token-search';

export const Route = createFileRoute('/accept-invitation')({
  validateSearch: parseTokenSearch,
  component: function AcceptInvitation() {
    const { token } = Route.useSearch();
    return <AcceptInvitationPage token={token} />;
  },
});
