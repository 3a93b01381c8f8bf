import { useParams } from 'react-router';
import { ResendVerificationButton } from '../../features/auth/components/resend-verification-button';
import { JoinPage } from '../../features/joining/components/join-page';
import { usePageTitle } from '../../hooks/use-page-title';
import { useTranslation } from '../../lib/i18n';

/** `/join` and `/join/:code` (issue 24): a student types a join code or opens a join link. */
export function JoinRoute() {
  const { t } = useTranslation();
  const { code = null } = useParams();
  usePageTitle(t('joining.join.pageTitle'));
  // An account not verified yet can ask for the verification mail again here; its link comes back.
  return (
    <JoinPage
      key={code ?? ''}
      code={code}
      resendVerification={(email) => <ResendVerificationButton email={email} />}
    />
  );
}
