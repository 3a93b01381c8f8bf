import { useTranslation } from '../../../lib/i18n';
import { apiErrorMessage } from '../../../lib/api-error-message';
import { notify } from '../../../lib/notify';
import { useSignOut } from '../api/sign-out';

/** Sign-out with its toasts, for the user menu, the side menu and the verification gate. */
export function useSignOutAction() {
  const { t } = useTranslation();
  const mutation = useSignOut();
  const signOut = () =>
    mutation.mutate(undefined, {
      onSuccess: () => notify.success(t('auth.signOut.success')),
      onError: (error) => notify.error(apiErrorMessage(error, t('auth.signOut.failed'))),
    });
  return { signOut, isPending: mutation.isPending };
}
