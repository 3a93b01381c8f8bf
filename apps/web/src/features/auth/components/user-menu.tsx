import {
  ActionIcon,
  Avatar,
  Group,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconLogout, IconRefresh, IconUser } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { SessionUser } from '../../../lib/session/session-user';
import { useSignOutAction } from '../hooks/use-sign-out-action';

/**
 * The signed-in user's menu (View Profile, Sign Out). In a chunk of its own with the other
 * floating parts of the header (issue 14): a signed-out first visit does not download the
 * menu, popover and tooltip code.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const { signOut, isPending: isSigningOut } = useSignOutAction();
  const name = user.displayName || user.email || user.phoneNumber || '';
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton style={{ borderRadius: 'var(--mantine-radius-xl)' }} px={4} py={2}>
          {/* The name comes from this text, not aria-label: the initials and the name shown
              would then be visible words missing from the label (WCAG 2.5.3, label in name). */}
          <VisuallyHidden>{t('header.accountMenu', { name })}</VisuallyHidden>
          <Group gap={6} wrap="nowrap" aria-hidden="true">
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

/** Offered when the session could not be checked (the server did not answer). */
export function RetrySessionButton({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('header.retrySession')}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('header.retrySession')}
        onClick={onRetry}
      >
        <IconRefresh size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
