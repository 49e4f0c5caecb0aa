// The labelled region the toasts appear in (spec §6), without the toasts themselves: the public pages
// render it on the server and mount the toast stack (@mantine/notifications) after hydration.

import { useHotkeys } from '@mantine/hooks';
import { useRef, type ReactNode } from 'react';

/** Spec §6: the key that moves focus to the notification region (anywhere, also from a text field). */
export const TOAST_REGION_HOTKEY = 'F8';
export const TOAST_REGION_LABEL = `Notifications (${TOAST_REGION_HOTKEY})`;

export function ToastRegion({ children }: { children?: ReactNode }) {
  const region = useRef<HTMLDivElement>(null);
  useHotkeys([[TOAST_REGION_HOTKEY, () => region.current?.focus()]], []);
  return (
    <div ref={region} role="region" aria-label={TOAST_REGION_LABEL} tabIndex={-1} data-testid="toast-region">
      {children}
    </div>
  );
}
