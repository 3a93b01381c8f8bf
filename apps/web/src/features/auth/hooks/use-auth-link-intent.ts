import { authIntentOf } from '@teamshuffle/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAuthModal } from '../../../lib/auth-modal';
import { useSession } from '../../../lib/session/session-context';

/**
 * A link with `?auth=signUp` (or `signIn`), such as an invitation's (decision 0021), opens the
 * sign-up (sign-in) dialog on its page for a signed-out visitor, once the session is known. The
 * dialog's verification link brings them back to the page (`currentPath`, without the parameter).
 */
export function useAuthLinkIntent(): void {
  const session = useSession();
  const { search } = useLocation();
  const { open } = useAuthModal();
  const intent = authIntentOf(search);
  const isSignedOut = session.status === 'signedOut';
  useEffect(() => {
    if (intent !== null && isSignedOut) open(intent);
  }, [intent, isSignedOut, open]);
}
