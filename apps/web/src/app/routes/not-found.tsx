import { useTranslation } from '../../lib/i18n';
import { NotFound } from '../../components/not-found';
import { usePageTitle } from '../../hooks/use-page-title';

/** `*`: any path no route matches. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  usePageTitle(t('pages.notFound'));
  return <NotFound />;
}
