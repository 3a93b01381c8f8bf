import { Box, Burger, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { isPrerendering } from '../../../lib/prerendering';
import { BrandLink } from './brand-link';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { LanguageMenu, LanguageSwitch } from './language-switch';

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
  /**
   * The language choice: the EN / 한국어 switch on a wide screen, a compact menu on a phone
   * (issue 27: it stays reachable from the header), none while prerendering a phone's page.
   */
  languageControl: 'switch' | 'menu';
  notificationSlot: ReactNode;
  userSlot: ReactNode;
}

export function AppHeader({
  isMenuOpen,
  onToggleMenu,
  languageControl,
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
        {isPrerendering() ? (
          // Rendered to HTML with no viewport (decision 0009; the server-rendered pages too):
          // both, so a phone finds its language button in the header before the app takes over.
          <>
            <Box visibleFrom="sm" data-header-language-switch>
              <LanguageSwitch />
            </Box>
            <Box hiddenFrom="sm" data-header-language-menu>
              <LanguageMenu />
            </Box>
          </>
        ) : languageControl === 'switch' ? (
          <div data-header-language-switch>
            <LanguageSwitch />
          </div>
        ) : (
          <LanguageMenu />
        )}
        <ColorSchemeToggle />
        {notificationSlot}
        {userSlot}
      </Group>
    </Group>
  );
}
