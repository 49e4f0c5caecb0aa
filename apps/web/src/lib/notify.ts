// Toasts (spec §2): a default and a destructive variant, one at a time. A newer toast replaces the
// one on screen at once (and any waiting), so a success after a failure is never queued behind it.
import { notifications, type NotificationData } from '@mantine/notifications';
import { MESSAGES } from '@portal/contracts/plain';
import { errorMessage } from './errors';

const closeButtonProps = { 'aria-label': 'Close notification' };

function replaceToast(toast: NotificationData) {
  notifications.clean();
  notifications.show(toast);
}

export function notifySuccess(title: string, message?: string) {
  replaceToast({ title, message: message ?? '', color: 'teal', withBorder: true, closeButtonProps });
}

export function notifyError(title: string, message?: string) {
  replaceToast({ title, message: message ?? '', color: 'red', withBorder: true, closeButtonProps });
}

/** A failed call's toast: its title, and the words errorMessage reads from the error (or the fallback). */
export function notifyFailure(title: string, error: unknown, fallback: string = MESSAGES.genericError) {
  notifyError(title, errorMessage(error, fallback));
}
