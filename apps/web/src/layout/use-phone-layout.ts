// The one narrow-layout rule for what is not a list: a window narrower than MOBILE_BREAKPOINT_PX
// (768 px, Mantine's `sm`) is a phone's. The shell, the toasts and the dialogs follow the window, not
// a container, because the window is what they fill: the sidebar becomes a sheet (AppShell's `sm`
// breakpoint and `hiddenFrom`/`visibleFrom="sm"` are this rule in CSS), the toasts move to the top,
// a form dialog fills the screen. Lists follow their own width instead (components/column-table).

import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@portal/contracts/plain';

export const PHONE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

/** True in a phone's window; false on the server and at the first render (read in an effect). */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}
