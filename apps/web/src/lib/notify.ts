/** Toasts (docs/product.md §8, §9): top right, 3000 ms, no progress bar — configured on <Notifications>. */
import { notifications } from '@mantine/notifications';

export const TOAST_AUTO_CLOSE_MS = 3000;

// Mantine's close button has no accessible name of its own (axe: button-name, critical).
const closeButtonProps = { 'aria-label': 'Close notification' };

/** `detail`, when given, is a second line under the message saying what exactly happened. */
export function notifySuccess(message: string, detail?: string) {
  const text = detail === undefined ? { message } : { title: message, message: detail };
  notifications.show({ ...text, color: 'green', autoClose: TOAST_AUTO_CLOSE_MS, withAutoCloseProgress: false, closeButtonProps });
}

export function notifyError(message: string) {
  notifications.show({ message, color: 'red', autoClose: TOAST_AUTO_CLOSE_MS, withAutoCloseProgress: false, closeButtonProps });
}
