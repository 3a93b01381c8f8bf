import { PopupComplete } from '../../features/auth/components/popup-complete';

/** `/auth/popup-complete`: where Google sends the sign-in popup back; outside the app shell. */
export function AuthPopupCompleteRoute() {
  return <PopupComplete />;
}
