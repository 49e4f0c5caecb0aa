// What the server knows about a public page before it renders it: rendered into the HTML on the
// server and read again in the browser before hydration (public-main.tsx), so the first render there
// is the same HTML.

export interface SsrData {
  /** The deployment's scheduling address (runtime configuration: absent in the prerendered `/`). */
  schedulingUrl?: string;
  /** The referral page's partner; absent for the landing page and for an unknown or inactive code. */
  referral?: { code: string; companyName: string; referralCode: string };
  /** The referral page's code is no active partner's (not merely unchecked: a refused look-up leaves it unset). */
  unknownReferralCode?: boolean;
}

/** The id of the server's <script type="application/json"> with SsrData (a data block: no inline script for the CSP). */
export const SSR_DATA_ELEMENT = 'portal-ssr-data';
