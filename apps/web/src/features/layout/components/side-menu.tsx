import { Badge, Box, Divider, NavLink, Stack, VisuallyHidden } from '@mantine/core';
import { IconBell, IconHome, IconMail, IconUser, IconUsersGroup } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { menuBadge } from '@teamshuffle/domain';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useLocation } from 'react-router';
import { useUnreadCount } from '../../../lib/live-events/notification-counts';
import { LanguageSwitch } from './language-switch';

interface MenuItem {
  to: string;
  labelKey: 'nav.home' | 'nav.workspaces' | 'nav.notifications' | 'nav.contact' | 'nav.profile';
  icon: Icon;
  isActive: (pathname: string) => boolean;
}

// Spec part 1, section 2: Home, Workspaces, Notifications, Contact, Profile, Sign Out.
const MENU_ITEMS: readonly MenuItem[] = [
  { to: '/', labelKey: 'nav.home', icon: IconHome, isActive: (path) => path === '/' },
  {
    to: '/workspaces',
    labelKey: 'nav.workspaces',
    icon: IconUsersGroup,
    isActive: (path) => path.startsWith('/workspaces') || path.startsWith('/workspace/'),
  },
  {
    to: '/notifications',
    labelKey: 'nav.notifications',
    icon: IconBell,
    isActive: (path) => path.startsWith('/notifications'),
  },
  {
    to: '/contact',
    labelKey: 'nav.contact',
    icon: IconMail,
    isActive: (path) => path.startsWith('/contact'),
  },
  {
    to: '/profile',
    labelKey: 'nav.profile',
    icon: IconUser,
    isActive: (path) => path.startsWith('/profile'),
  },
];

interface SideMenuProps {
  /** Called after a link is chosen (closes the menu on small screens). */
  onNavigate: () => void;
  /** Sign Out goes here once the user can be signed in. */
  footerSlot?: ReactNode;
  /** True on narrow screens, where the header has no room for it. */
  hasLanguageSwitch: boolean;
}

export function SideMenu({ onNavigate, footerSlot, hasLanguageSwitch }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unread = useUnreadCount();
  // spec part 1, section 9: the menu badge reads '9+' above 9.
  const unreadBadge = menuBadge(unread);
  return (
    <Stack gap={4} h="100%">
      {MENU_ITEMS.map((item) => {
        // The router matches its routes' words in any case (`/Workspace/...`), and so does this.
        const isActive = item.isActive(pathname.toLowerCase());
        const ItemIcon = item.icon;
        return (
          <NavLink
            key={item.to}
            component={Link}
            to={item.to}
            label={t(item.labelKey)}
            leftSection={<ItemIcon size={20} stroke={1.6} aria-hidden="true" />}
            rightSection={
              item.to === '/notifications' && unreadBadge ? (
                <Badge
                  size="sm"
                  color="red"
                  variant="filled"
                  circle={unreadBadge.length < 2}
                  data-testid="notifications-menu-badge"
                >
                  <span aria-hidden="true">{unreadBadge}</span>
                  <VisuallyHidden>
                    {t('notifications.unreadCount', { count: unread })}
                  </VisuallyHidden>
                </Badge>
              ) : undefined
            }
            active={isActive}
            aria-current={isActive ? 'page' : undefined}
            onClick={onNavigate}
            fw={500}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
      {footerSlot ? (
        <>
          <Divider my="xs" />
          {footerSlot}
        </>
      ) : null}
      {hasLanguageSwitch ? (
        <Box mt="auto" pt="md">
          <LanguageSwitch fullWidth />
        </Box>
      ) : null}
    </Stack>
  );
}
