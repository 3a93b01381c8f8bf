import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconLogin, IconLogout, IconRefresh, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthModal } from '../../../lib/auth-modal';
import { useSession } from '../../../lib/session/session-context';
import { useSignOutAction } from '../hooks/use-sign-out-action';

/**
 * The header's account area: a Sign In button (opening the auth modal) while signed out, the
 * user menu (View Profile, Sign Out) once signed in. While the session is being checked the
 * button shows a spinner, for at most AUTH_LOADING_TIMEOUT_MS; then a retry is offered.
 */
export function UserMenuSlot() {
  const { t } = useTranslation();
  const session = useSession();
  const authModal = useAuthModal();
  const { signOut, isPending: isSigningOut } = useSignOutAction();

  if (session.status === 'loading') {
    return (
      <Button size="sm" loading aria-label={t('header.checkingSession')}>
        {t('header.signIn')}
      </Button>
    );
  }

  if (session.status === 'signedOut' || !session.user) {
    return (
      <Group gap={6} wrap="nowrap">
        {session.isUnknown ? (
          <Tooltip label={t('header.retrySession')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('header.retrySession')}
              onClick={session.retry}
            >
              <IconRefresh size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <Button
          size="sm"
          leftSection={<IconLogin size={18} aria-hidden="true" />}
          onClick={() => authModal.open('signIn')}
        >
          {t('header.signIn')}
        </Button>
      </Group>
    );
  }

  const { user } = session;
  const name = user.displayName || user.email || user.phoneNumber || '';
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('header.accountMenu', { name })}
          style={{ borderRadius: 'var(--mantine-radius-xl)' }}
          px={4}
          py={2}
        >
          <Group gap={6} wrap="nowrap">
            <Avatar src={user.photoUrl} name={name} color="initials" radius="xl" size={32} />
            <Text size="sm" fw={500} visibleFrom="sm" maw={140} truncate="end">
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" truncate="end">
            {user.email || user.phoneNumber}
          </Text>
        </Menu.Label>
        <Menu.Item
          component={Link}
          to="/profile"
          leftSection={<IconUser size={16} aria-hidden="true" />}
        >
          {t('header.viewProfile')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden="true" />}
          onClick={signOut}
          disabled={isSigningOut}
        >
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
