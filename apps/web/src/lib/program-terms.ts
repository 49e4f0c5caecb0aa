// The program terms in force, read once and shared (GET /api/program-terms): the fee labels of the landing
// page and the New Referral dialog, and the agreement text of onboarding.

import type { AgreementText, PublicProgramTerms } from '@portal/contracts';
import { trpc } from './trpc';

const TERMS_STALE_MS = 5 * 60_000;

export function useProgramTerms(enabled = true) {
  return trpc.public.programTerms.useQuery(undefined, { staleTime: TERMS_STALE_MS, retry: false, enabled });
}

/** The agreement text of a terms version, in the shape the agreement box reads. */
export function agreementOf(terms: Pick<PublicProgramTerms, 'agreementVersion' | 'agreementText'>): AgreementText {
  return { version: terms.agreementVersion, title: terms.agreementText.title, sections: terms.agreementText.sections };
}
