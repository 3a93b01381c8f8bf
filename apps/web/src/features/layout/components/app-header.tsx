import { Burger, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { isPrerendering } from '../../../lib/prerendering';
import { BrandLink } from './brand-link';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { LanguageSwitch } from './language-switch';

function MenuBurger({
  isOpen,
  onToggle,
  hiddenFrom,
  visibleFrom,
}: {
  isOpen: boolean;
  onToggle: () => void;
  hiddenFrom?: 'sm';
  visibleFrom?: 'sm';
}) {
  const { t } = useTranslation();
  return (
    <Burger
      opened={isOpen}
      onClick={onToggle}
      size="sm"
      aria-label={t('header.toggleNavigation')}
      aria-expanded={isOpen}
      aria-controls="side-menu"
      {...(hiddenFrom ? { hiddenFrom } : {})}
      {...(visibleFrom ? { visibleFrom } : {})}
    />
  );
}

interface AppHeaderProps {
  isMenuOpen: boolean;
  onToggleMenu: () => void;
  hasLanguageSwitch: boolean;
  notificationSlot: ReactNode;
  userSlot: ReactNode;
}

export function AppHeader({
  isMenuOpen,
  onToggleMenu,
  hasLanguageSwitch,
  notificationSlot,
  userSlot,
}: AppHeaderProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {isPrerendering() ? (
          // Rendered to HTML at build time, with no viewport (decision 0009): the side menu is
          // open on a wide screen and closed on a phone, so each gets its own burger.
          <>
            <MenuBurger isOpen={false} onToggle={onToggleMenu} hiddenFrom="sm" />
            <MenuBurger isOpen onToggle={onToggleMenu} visibleFrom="sm" />
          </>
        ) : (
          <MenuBurger isOpen={isMenuOpen} onToggle={onToggleMenu} />
        )}
        <BrandLink />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {hasLanguageSwitch ? (
          <div data-header-language-switch>
            <LanguageSwitch />
          </div>
        ) : null}
        <ColorSchemeToggle />
        {notificationSlot}
        {userSlot}
      </Group>
    </Group>
  );
}
