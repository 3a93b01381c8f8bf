import { useTranslation } from '../../lib/i18n';
import { useSearchParams } from 'react-router';
import { WorkspaceListPage } from '../../features/workspaces/components/workspace-list-page';
import { usePageTitle } from '../../hooks/use-page-title';

/** `/workspaces` and `/workspaces?user=<id>`: the list of teams. */
export function WorkspacesRoute() {
  const { t } = useTranslation();
  usePageTitle(t('pages.workspaces'));
  const [searchParams] = useSearchParams();
  const user = searchParams.get('user')?.trim() || null;
  return <WorkspaceListPage user={user} />;
}
