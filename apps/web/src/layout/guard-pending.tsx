// What the guarded areas show while the session settles (spec §4 Session: 'Validating admin access...',
// 'Validating partner access...', 'Loading partner profile...'; 'Loading...' elsewhere).

import { useSession } from '../lib/session';
import { LoadingScreen } from './loading-screen';

export const GUARD_TEXTS = {
  admin: 'Validating admin access...',
  partner: 'Validating partner access...',
  partnerProfile: 'Loading partner profile...',
} as const;

export function AdminAccessPending() {
  return <LoadingScreen label={GUARD_TEXTS.admin} />;
}

/** The user is checked first; once a partner is known, the guard waits on the partner profile. */
export function PartnerAccessPending() {
  const { user, partnerLoading } = useSession();
  return <LoadingScreen label={user && partnerLoading ? GUARD_TEXTS.partnerProfile : GUARD_TEXTS.partner} />;
}
