// Toasts (spec §2): a default and a destructive variant.
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@portal/contracts/plain';
import { errorMessage } from './errors';

const closeButtonProps = { 'aria-label': 'Close notification' };

export function notifySuccess(title: string, message?: string) {
  notifications.show({ title, message: message ?? '', color: 'teal', withBorder: true, closeButtonProps });
}

export function notifyError(title: string, message?: string) {
  notifications.show({ title, message: message ?? '', color: 'red', withBorder: true, closeButtonProps });
}

/** A failed call's toast: its title, and the words errorMessage reads from the error (or the fallback). */
export function notifyFailure(title: string, error: unknown, fallback: string = MESSAGES.genericError) {
  notifyError(title, errorMessage(error, fallback));
}
