// Placeholder of the web foundation; the owning issue replaces it with the real component.
import { z } from 'zod';

export const referralSearchSchema = z.object({
  utm_source: z.string().optional(),
  utm_medium: z.string().optional(),
  utm_campaign: z.string().optional(),
  ref: z.string().optional(),
});
export type ReferralSearch = z.infer<typeof referralSearchSchema>;

export function ReferralLanding(_props: { code: string; search: ReferralSearch }) {
  return null;
}
