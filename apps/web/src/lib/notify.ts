// Toasts (spec §2): a default and a destructive variant.
import { notifications } from '@mantine/notifications';

const closeButtonProps = { 'aria-label': 'Close notification' };

export function notifySuccess(title: string, message?: string) {
  notifications.show({ title, message: message ?? '', color: 'teal', withBorder: true, closeButtonProps });
}

export function notifyError(title: string, message?: string) {
  notifications.show({ title, message: message ?? '', color: 'red', withBorder: true, closeButtonProps });
}
