// What the server knows about a public page before it renders it: put into the query cache on the
// server (so the HTML has it) and again in the browser before hydration (so the first render there
// is the same HTML).

import type { QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import type { trpc } from '../lib/trpc';

export interface SsrData {
  /** The deployment's scheduling address (runtime configuration: absent in the prerendered `/`). */
  schedulingUrl?: string;
  /** The referral page's partner; absent for the landing page and for an unknown or inactive code. */
  referral?: { code: string; companyName: string; referralCode: string };
}

/** The id of the server's <script type="application/json"> with SsrData (a data block: no inline script for the CSP). */
export const SSR_DATA_ELEMENT = 'portal-ssr-data';

export function primeQueryCache(queryClient: QueryClient, client: ReturnType<typeof trpc.createClient>, data: SsrData) {
  const utils = createTRPCQueryUtils({ queryClient, client });
  if (data.schedulingUrl !== undefined) utils.public.siteConfig.setData(undefined, { schedulingUrl: data.schedulingUrl });
  if (data.referral) utils.public.referralLink.setData({ code: data.referral.code }, { companyName: data.referral.companyName, referralCode: data.referral.referralCode });
}
