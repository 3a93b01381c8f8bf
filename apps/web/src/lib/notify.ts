import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from './constants';

// Every toast closes after 2.5 s and has a close button (spec part 1, section 2).
function show(message: string, color: string): void {
  notifications.show({ message, color, autoClose: TOAST_DURATION_MS, withCloseButton: true });
}

/** Short-lived toast messages. */
export const notify = {
  success: (message: string): void => show(message, 'teal'),
  error: (message: string): void => show(message, 'red'),
  info: (message: string): void => show(message, 'blue'),
};
