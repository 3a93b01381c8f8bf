import { Burger, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { BrandLink } from './brand-link';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { LanguageSwitch } from './language-switch';

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
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={isMenuOpen}
          onClick={onToggleMenu}
          size="sm"
          aria-label={t('header.toggleNavigation')}
          aria-expanded={isMenuOpen}
          aria-controls="side-menu"
        />
        <BrandLink />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {hasLanguageSwitch ? <LanguageSwitch /> : null}
        <ColorSchemeToggle />
        {notificationSlot}
        {userSlot}
      </Group>
    </Group>
  );
}
