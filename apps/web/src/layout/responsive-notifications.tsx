import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { MOBILE_BREAKPOINT_PX, TOAST_DURATION_MS } from '@portal/contracts/plain';

/** Toasts: top on mobile, bottom-right on wider screens, one at a time, 5 s. */
export function ResponsiveNotifications() {
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  return <Notifications position={mobile ? 'top-center' : 'bottom-right'} limit={1} autoClose={TOAST_DURATION_MS} zIndex={1000} />;
}
