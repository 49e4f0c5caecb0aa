// The referral landing page (spec §2) in the SPA (routes /r/$code and /partners/$code): the view
// with its data from tRPC. Server-rendered visits hydrate public-referral-landing.tsx instead.

import { trpc } from '../../lib/trpc';
import { ReferralLandingView, referralCodeFor, useRecordVisitOnce, type ReferralSearch } from './referral-landing-view';

export { schedulingLink, type ReferralSearch, type ScheduledService } from './referral-landing-view';

export function ReferralLanding({ code, search }: { code: string; search: ReferralSearch }) {
  const ref = referralCodeFor(code, search);
  const siteConfig = trpc.public.siteConfig.useQuery();
  // An unknown or inactive code answers null (no failed request): the page still works, without a referrer.
  const link = trpc.public.referralLink.useQuery({ code: ref }, { retry: false });
  const unknownCode = link.data === null;
  const recordVisit = trpc.public.recordVisit.useMutation();
  // After the look-up: a code it found to be no partner's records no visit.
  useRecordVisitOnce(ref, search, (input) => recordVisit.mutate(input, { onError: () => undefined }), {
    ready: !link.isPending,
    unknownCode,
  });
  return (
    <ReferralLandingView
      code={code}
      search={search}
      referrer={link.data?.companyName}
      schedulingUrl={siteConfig.data?.schedulingUrl}
      unknownCode={unknownCode}
    />
  );
}
