// Query parameters of the referral link (utm_source, utm_medium, utm_campaign, ref). A plain
// parser, not a schema: it runs in the route tree, which every first page load downloads.

export interface ReferralSearch {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  ref?: string;
}

const KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'ref'] as const;

export function parseReferralSearch(search: Record<string, unknown>): ReferralSearch {
  const result: ReferralSearch = {};
  for (const key of KEYS) {
    const value = search[key];
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text === 'string' && text.trim() !== '') result[key] = text.trim().slice(0, 200);
  }
  return result;
}
