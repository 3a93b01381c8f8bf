import { useCallback, useMemo } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { TeamFormationPage } from '../../features/team-formation/components/team-formation-page';
import { parseNavigationState } from '../../features/team-formation/model/navigation-state';
import { usePageTitle } from '../../hooks/use-page-title';

/**
 * `/app`: the team-formation tool. It accepts navigation state with a saved result to load and
 * a flag that opens Create Team for it (spec part 1, section 2); once applied, the state is
 * dropped from the history entry so a reload keeps the user's later edits.
 */
export function AppRoute() {
  const { t } = useTranslation();
  usePageTitle(t('pages.app'));
  const location = useLocation();
  const navigate = useNavigate();
  const loadRequest = useMemo(() => parseNavigationState(location.state), [location.state]);
  const { pathname, search } = location;
  const clearState = useCallback(() => {
    void navigate({ pathname, search }, { replace: true, state: null });
  }, [navigate, pathname, search]);

  return (
    <TeamFormationPage
      loadRequest={loadRequest}
      requestKey={location.key}
      onLoadRequestHandled={clearState}
    />
  );
}
