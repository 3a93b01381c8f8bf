import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../lib/constants';

/** The toasts' container: its own chunk, loaded with the first toast (see provider.tsx). */
export function Toasts() {
  return <Notifications position="bottom-right" autoClose={TOAST_DURATION_MS} limit={4} />;
}
