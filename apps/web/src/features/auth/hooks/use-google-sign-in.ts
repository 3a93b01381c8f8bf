import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { apiErrorMessage, isNetworkError } from '../../../lib/api-error-message';
import { notify } from '../../../lib/notify';
import { meQueryOptions } from '../../../lib/session/get-me';
import { requestGoogleAuthUrl } from '../api/request-oauth-url';
import { currentPath } from '../utils/current-path';
import { markOAuthRedirect } from '../utils/oauth-redirect-marker';
import {
  POPUP_WINDOW_FEATURES,
  POPUP_WINDOW_NAME,
  runGoogleSignIn,
  subscribeToOAuthMessages,
  watchOAuthPopup,
} from '../utils/oauth-popup';
import { queryKeys } from '../../../lib/query-keys';

// Google's own reason when the user declines on the consent screen: a cancellation, not a failure.
const CANCELLED_ERRORS = new Set(['access_denied', 'popup_closed', 'cancelled']);

/**
 * Google sign-in, popup first, full-page redirect when the popup is blocked. `start` must be
 * called directly from the click handler (the popup opens synchronously).
 */
export function useGoogleSignIn(onSignedIn: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isPending, setIsPending] = useState(false);

  const isSignedIn = async () =>
    (await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 })) !== null;

  const failureMessage = (error: unknown): string => {
    if (isNetworkError(error)) return t('auth.google.network');
    if (error instanceof DOMException && error.name === 'SecurityError') {
      return t('auth.google.securityBlocked');
    }
    const reason = error instanceof Error ? error.message : String(error);
    return t('auth.google.failed', { message: apiErrorMessage(error, reason) });
  };

  const start = () => {
    setIsPending(true);
    // Not aborted when the modal closes: the popup lives on, and its outcome still matters.
    void runGoogleSignIn({
      openPopup: () => window.open('about:blank', POPUP_WINDOW_NAME, POPUP_WINDOW_FEATURES),
      requestUrl: requestGoogleAuthUrl,
      returnPath: currentPath(),
      onPopupBlocked: () => {
        notify.info(t('auth.google.popupBlocked'));
        markOAuthRedirect();
      },
      redirect: (url) => window.location.assign(url),
      watch: (popup) => watchOAuthPopup({ popup, subscribe: subscribeToOAuthMessages, isSignedIn }),
    }).then(async (result) => {
      switch (result.kind) {
        case 'redirecting':
          return; // the page is leaving; stay busy until it does
        case 'success':
          await queryClient.invalidateQueries({ queryKey: queryKeys.me });
          notify.success(t('auth.google.success'));
          onSignedIn();
          break;
        case 'cancelled':
          notify.error(t('auth.google.cancelled'));
          break;
        case 'error':
          notify.error(
            CANCELLED_ERRORS.has(result.error)
              ? t('auth.google.cancelled')
              : t('auth.google.failed', { message: result.error }),
          );
          break;
        case 'failed':
          notify.error(failureMessage(result.error));
          break;
      }
      setIsPending(false);
    });
  };

  return { start, isPending };
}
