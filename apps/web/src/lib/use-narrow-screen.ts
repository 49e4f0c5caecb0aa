// Below the `sm` breakpoint (768 px, where the sidebar becomes a sheet) the admin tables that would
// scroll sideways lay their rows out compactly instead. Read at the first render: no flash of the wide layout.

import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@portal/contracts/plain';

export function useNarrowScreen(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`, undefined, { getInitialValueInEffect: false });
}
