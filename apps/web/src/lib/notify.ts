// Toasts (spec §2): a default and a destructive variant.
import { notifications } from '@mantine/notifications';

export function notifySuccess(title: string, message?: string) {
  notifications.show({ title, message: message ?? '', color: 'teal', withBorder: true });
}

export function notifyError(title: string, message?: string) {
  notifications.show({ title, message: message ?? '', color: 'red', withBorder: true });
}
