import { useParams } from 'react-router';
import { JoinPage } from '../../features/joining/components/join-page';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTranslation } from '../../lib/i18n';

/** `/join` and `/join/:code` (issue 24): a student types a join code or opens a join link. */
export function JoinRoute() {
  const { t } = useTranslation();
  const { code = null } = useParams();
  usePageTitle(t('joining.join.pageTitle'));
  return <JoinPage key={code ?? ''} code={code} />;
}
