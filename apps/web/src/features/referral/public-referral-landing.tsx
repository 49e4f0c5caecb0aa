// The server-rendered referral page's hydration (public-main.tsx): the view with the data the server
// rendered it with (the partner's name, the scheduling address), and the visit recorded with one
// plain POST to the same tRPC procedure the SPA calls, without the tRPC and query clients; a code the
// server found to be no active partner's records no visit.

import type { SsrData } from '../../ssr/ssr-data';
import {
  ReferralLandingView,
  referralCodeFor,
  useRecordVisitOnce,
  type ReferralSearch,
  type VisitInput,
} from './referral-landing-view';

/** public.recordVisit over tRPC's HTTP protocol (a mutation: POST, the input as the JSON body). */
export function recordVisit(input: VisitInput): Promise<void> {
  return fetch('/trpc/public.recordVisit', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  }).then(
    () => undefined,
    () => undefined,
  );
}

export function PublicReferralLanding({ code, search, data }: { code: string; search: ReferralSearch; data: SsrData }) {
  const ref = referralCodeFor(code, search);
  // The server looked the code up (an unknown or inactive code renders without a referrer).
  const referrer = data.referral && data.referral.code === ref ? data.referral.companyName : undefined;
  const unknownCode = data.unknownReferralCode === true && !referrer;
  useRecordVisitOnce(ref, search, (input) => void recordVisit(input), { unknownCode });
  return (
    <ReferralLandingView
      code={code}
      search={search}
      referrer={referrer}
      schedulingUrl={data.schedulingUrl}
      unknownCode={unknownCode}
    />
  );
}
