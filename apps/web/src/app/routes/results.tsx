import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/coming-soon';

/** `/results`: saved results (later issue). */
export function ResultsRoute() {
  const { t } = useTranslation();
  return <ComingSoon pageName={t('pages.results')} />;
}
