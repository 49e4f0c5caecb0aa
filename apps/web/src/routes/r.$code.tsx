import { createFileRoute } from '@tanstack/react-router';
import { ReferralLanding } from '../features/referral/referral-landing';
import { parseReferralSearch } from '../lib/referral-search';

export const Route = createFileRoute('/r/$code')({
  validateSearch: parseReferralSearch,
  component: function ReferralLinkPage() {
    const { code } = Route.useParams();
    const search = Route.useSearch();
    return <ReferralLanding code={code} search={search} />;
  },
});
