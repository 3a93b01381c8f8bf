import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconLogin, IconMailExclamation } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { PageLoader } from '../../../components/page-loader';
import { useAuthModal } from '../../../lib/auth-modal';
import { useSession } from '../../../lib/session/session-context';
import { NotificationsPanel } from './notifications-panel';

/** `/notifications`: the signed-in user's notifications (spec part 1, section 2). */
export function NotificationsPage() {
  const { t } = useTranslation();
  const session = useSession();

  if (session.status === 'loading') return <PageLoader />;
  if (!session.user) {
    return (
      <Notice
        icon={<IconBell size={34} aria-hidden="true" />}
        title={t('notifications.signIn.title')}
      >
        <Text c="dimmed">{t('notifications.signIn.text')}</Text>
        <SignInButton />
      </Notice>
    );
  }
  if (!session.user.isVerified) {
    return (
      <Notice
        icon={<IconMailExclamation size={34} aria-hidden="true" />}
        title={t('notifications.verify.title')}
      >
        <Text c="dimmed">{t('notifications.verify.text')}</Text>
      </Notice>
    );
  }
  return (
    <Container size="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('notifications.title')}</Title>
          <Text c="dimmed">{t('notifications.intro')}</Text>
        </Stack>
        <NotificationsPanel />
      </Stack>
    </Container>
  );
}

/** The modal's and the page's Sign In (opens the sign-in modal). */
export function SignInButton({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation();
  const authModal = useAuthModal();
  return (
    <Button
      leftSection={<IconLogin size={18} aria-hidden="true" />}
      onClick={() => {
        onClick?.();
        authModal.open('signIn');
      }}
    >
      {t('notifications.signIn.button')}
    </Button>
  );
}

function Notice({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Container size="sm" py={{ base: 40, sm: 80 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            {icon}
          </ThemeIcon>
          <Title order={1}>{title}</Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
