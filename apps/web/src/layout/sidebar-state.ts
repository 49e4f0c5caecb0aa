import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE } from '@portal/contracts/plain';

/** The sidebar's expanded state lives in a cookie for 7 days (spec §9). */
export function readSidebarOpen(): boolean {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  return match ? match.split('=')[1] !== 'false' : true;
}

export function writeSidebarOpen(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}
