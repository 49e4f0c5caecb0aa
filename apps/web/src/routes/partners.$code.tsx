import { createFileRoute } from '@tanstack/react-router';
import { ReferralLanding, referralSearchSchema } from '../features/referral/referral-landing';

export const Route = createFileRoute('/partners/$code')({
  validateSearch: referralSearchSchema,
  component: function PartnerCodePage() {
    const { code } = Route.useParams();
    const search = Route.useSearch();
    return <ReferralLanding code={code} search={search} />;
  },
});
