// The toast region with its toasts (@mantine/notifications) loaded after the first render, so neither the
// public pages' hydration nor the SPA's first chunk carries them. A toast shown before they arrive waits in
// Mantine's store and appears once they mount.

import { lazy, Suspense, useEffect, useState } from 'react';
import { ToastRegion } from './toast-region';

const ToastStack = lazy(() => import('./responsive-notifications').then((m) => ({ default: m.ToastStack })));

/** The toast region as the server renders it; the toasts join it after the first commit. */
export function DeferredToasts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <ToastRegion>
      {mounted ? (
        <Suspense fallback={null}>
          <ToastStack />
        </Suspense>
      ) : null}
    </ToastRegion>
  );
}
