import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** `/workspaces`: the list of the user's teams (later issue). */
export function WorkspacesRoute() {
  const { t } = useTranslation();
  return <ComingSoon pageName={t('pages.workspaces')} />;
}
