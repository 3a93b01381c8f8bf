import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** `/workspaces/:slug` and `/workspace/:workspaceId`: workspace detail (spec part 2, later issue). */
export function WorkspaceRoute() {
  const { t } = useTranslation();
  return <ComingSoon pageName={t('pages.workspace')} />;
}
