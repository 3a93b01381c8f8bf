import { Anchor, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session/session-context';
import { NotificationsPanel } from './notifications-panel';
import { SignInButton } from './notifications-page';

interface NotificationsModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The bell's modal: the notifications list (spec part 1, section 2), or the way to sign in. */
export function NotificationsModal({ opened, onClose }: NotificationsModalProps) {
  const { t } = useTranslation();
  const session = useSession();
  const user = session.user;
  return (
    <Modal opened={opened} onClose={onClose} title={t('notifications.title')} size="lg">
      {!user ? (
        <Stack align="center" gap="md" ta="center" py="md">
          <Text fw={600}>{t('notifications.signIn.title')}</Text>
          <SignInButton onClick={onClose} />
        </Stack>
      ) : !user.isVerified ? (
        <Text c="dimmed">{t('notifications.verify.text')}</Text>
      ) : (
        <Stack gap="md">
          <NotificationsPanel onNavigate={onClose} />
          <Group justify="center">
            <Anchor component={Link} to="/notifications" onClick={onClose}>
              {t('notifications.viewAll')}
            </Anchor>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
