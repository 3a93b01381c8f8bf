import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session/session-context';
import { takeOAuthRedirectMark } from '../utils/oauth-redirect-marker';

// Read once per page load: the note is left by the page that redirected to Google.
let cameBackFromOAuth: boolean | undefined;
function hasComeBackFromOAuth(): boolean {
  cameBackFromOAuth ??= takeOAuthRedirectMark();
  return cameBackFromOAuth;
}

/**
 * After the full-page Google fallback: once the session is known, says how the sign-in went
 * and drops the provider's ?error= from the address.
 */
export function useOAuthRedirectResult(): void {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (session.status === 'loading' || !hasComeBackFromOAuth()) return;
    cameBackFromOAuth = false;
    const params = new URLSearchParams(location.search);
    const error = params.get('error');
    if (session.status === 'signedIn') {
      notify.success(t('auth.google.success'));
    } else if (error) {
      notify.error(
        error === 'access_denied'
          ? t('auth.google.cancelled')
          : t('auth.google.failed', { message: error }),
      );
    } else {
      notify.error(t('auth.google.cancelled'));
    }
    if (error !== null) {
      params.delete('error');
      const search = params.toString();
      void navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        { replace: true },
      );
    }
  }, [session.status, location, navigate, t]);
}
