import { createFileRoute } from '@tanstack/react-router';
import { ReferralLanding } from '../features/referral/referral-landing';
import { parseReferralSearch } from '../lib/referral-search';

export const Route = createFileRoute('/partners/$code')({
  validateSearch: parseReferralSearch,
  component: function PartnerCodePage() {
    const { code } = Route.useParams();
    const search = Route.useSearch();
    return <ReferralLanding code={code} search={search} />;
  },
});
