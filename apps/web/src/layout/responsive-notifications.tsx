import { Notification } from '@mantine/core';
import { useDrag } from '@mantine/hooks';
import { Notifications, notifications, type NotificationData } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@portal/contracts/plain';
import { useState } from 'react';
import { ToastRegion } from './toast-region';
import { usePhoneLayout } from './use-phone-layout';

export { TOAST_REGION_HOTKEY, TOAST_REGION_LABEL } from './toast-region';

/** Spec §6: a toast dragged right past this many pixels is dismissed; a shorter drag springs back. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/**
 * One toast that follows the pointer to the right (Mantine's `useDrag`) and is hidden once released
 * past the threshold. Mantine's own drag dismissal (both directions, a third of the width) is off.
 */
function SwipeableToast({ data }: { data: NotificationData }) {
  const [offset, setOffset] = useState(0);
  const id = data.id ?? '';
  const { ref } = useDrag<HTMLDivElement>(
    (state) => {
      const rightward = Math.max(0, state.movement[0]);
      if (!state.last) return setOffset(rightward);
      if (!state.canceled && rightward > TOAST_SWIPE_THRESHOLD_PX) notifications.hide(id);
      else setOffset(0);
    },
    { axis: 'x' },
  );
  return (
    <Notification
      ref={ref}
      role="presentation"
      title={data.title}
      color={data.color}
      withBorder={data.withBorder}
      closeButtonProps={data.closeButtonProps}
      // Mantine's grey-6 description under a title misses AA contrast; the theme's dimmed grey passes.
      styles={{ description: { color: 'var(--mantine-color-dimmed)' } }}
      onClose={() => notifications.hide(id)}
      data-swipe-offset={offset}
      style={{
        transform: `translateX(${offset}px)`,
        opacity: 1 - Math.min(offset / 200, 0.6),
        touchAction: 'pan-y',
        cursor: 'grab',
      }}
    >
      {data.message}
    </Notification>
  );
}

/** Toasts: top on mobile, bottom-right on wider screens, one at a time, 5 s, swipe right to dismiss. */
export function ToastStack() {
  const mobile = usePhoneLayout();
  return (
    <Notifications
      withinPortal={false}
      position={mobile ? 'top-center' : 'bottom-right'}
      limit={1}
      autoClose={TOAST_DURATION_MS}
      allowDragDismiss={false}
      allowScrollDismiss={false}
      renderNotification={(data) => <SwipeableToast data={data} />}
      zIndex={1000}
    />
  );
}

/** The toasts inside a labelled region that F8 focuses (spec §6). */
export function ResponsiveNotifications() {
  return (
    <ToastRegion>
      <ToastStack />
    </ToastRegion>
  );
}
