import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** `/app`: the team-formation tool (later issue). */
export function AppRoute() {
  const { t } = useTranslation();
  return <ComingSoon pageName={t('pages.app')} />;
}
