import { createFileRoute } from '@tanstack/react-router';
import { ReferralLanding, referralSearchSchema } from '../features/referral/referral-landing';

export const Route = createFileRoute('/r/$code')({
  validateSearch: referralSearchSchema,
  component: function ReferralLinkPage() {
    const { code } = Route.useParams();
    const search = Route.useSearch();
    return <ReferralLanding code={code} search={search} />;
  },
});
