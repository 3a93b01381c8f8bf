import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** `/profile`: account details, storage quota, account deletion (later issue). */
export function ProfileRoute() {
  const { t } = useTranslation();
  return <ComingSoon pageName={t('pages.profile')} />;
}
