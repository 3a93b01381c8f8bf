import { useTranslation } from '../../lib/i18n';
import { useNavigate } from 'react-router';
import { ResultsPage } from '../../features/results/components/results-page';
import type { OpenMode } from '../../features/results/components/results-page';
import type { SavedResult } from '@teamshuffle/domain';
import type { TeamFormationNavigationState } from '../../features/team-formation/model/navigation-state';
import { usePageTitle } from '../../hooks/use-page-title';

/**
 * `/results`: saved results. Load Result and Create Workspace hand the result to /app as
 * navigation state (with the Create Team flag for the latter).
 */
export function ResultsRoute() {
  const { t } = useTranslation();
  usePageTitle(t('pages.results'));
  const navigate = useNavigate();

  const open = (result: SavedResult, mode: OpenMode) => {
    const state: TeamFormationNavigationState = {
      loadResult: { id: result.id, title: result.title, snapshot: result.snapshot },
      openCreateTeam: mode === 'createWorkspace',
    };
    void navigate('/app', { state });
  };

  return <ResultsPage onOpen={open} />;
}
