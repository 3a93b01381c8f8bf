import { Container, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { PageLoader } from '../../components/page-loader';
import { AccountDetailsCard } from '../../features/profile/components/account-details-card';
import { useDashboard } from '../../features/dashboard/api/get-dashboard';
import { AccountStatsCard } from '../../features/profile/components/account-stats-card';
import { CalendarFeedCard } from '../../features/profile/components/calendar-feed-card';
import { DeleteAccountSection } from '../../features/profile/components/delete-account-section';
import { EmailNotificationsCard } from '../../features/profile/components/email-notifications-card';
import { ProfileSignInPrompt } from '../../features/profile/components/profile-sign-in-prompt';
import { StorageCard } from '../../features/profile/components/storage-card';
import { usePageTitle } from '../../hooks/use-page-title';
import { useSession } from '../../lib/session/session-context';

/**
 * `/profile`: account details, the storage bar, statistics, e-mail notifications, the calendar
 * feed and account deletion.
 */
export function ProfileRoute() {
  const { t } = useTranslation();
  usePageTitle(t('pages.profile'));
  const session = useSession();

  if (session.status === 'loading') return <PageLoader />;
  if (!session.user) return <ProfileSignInPrompt />;

  const { user } = session;
  return (
    <Container size="md" py={{ base: 24, sm: 48 }}>
      <Stack gap="lg">
        <Title order={1}>{t('pages.profile')}</Title>
        <AccountDetailsCard user={user} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <StorageCard />
          {user.isVerified ? (
            <ProfileStats />
          ) : (
            // The dashboard's figures are for verified accounts (GET /api/dashboard).
            <AccountStatsCard
              stats={undefined}
              isError={false}
              onRetry={() => undefined}
              unavailable={t('profile.stats.verifyFirst')}
            />
          )}
        </SimpleGrid>
        {user.isVerified && user.email ? <EmailNotificationsCard email={user.email} /> : null}
        {user.isVerified ? <CalendarFeedCard /> : null}
        <DeleteAccountSection hasPassword={user.hasPassword} />
      </Stack>
    </Container>
  );
}

/** The account statistics: the dashboard's figures, from its query (issue 27). */
function ProfileStats() {
  const dashboard = useDashboard();
  return (
    <AccountStatsCard
      stats={dashboard.data?.stats}
      isError={dashboard.isError}
      onRetry={() => void dashboard.refetch()}
    />
  );
}
