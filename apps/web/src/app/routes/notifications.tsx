import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** `/notifications`: the notifications list (later issue). */
export function NotificationsRoute() {
  const { t } = useTranslation();
  return <ComingSoon pageName={t('pages.notifications')} />;
}
