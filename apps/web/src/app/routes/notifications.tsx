import { useTranslation } from '../../lib/i18n';
import { NotificationsPage } from '../../features/notifications/components/notifications-page';
import { usePageTitle } from '../../hooks/use-page-title';

/** `/notifications`: counts, Mark All Read, the list with Load More (spec part 1, section 2). */
export function NotificationsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('pages.notifications'));
  return <NotificationsPage />;
}
