import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** `/reset-password`: the target of the password-reset e-mail (later issue). */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  return <ComingSoon pageName={t('pages.resetPassword')} />;
}
