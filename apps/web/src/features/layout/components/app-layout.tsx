import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { isPrerendering } from '../../../lib/prerendering';
import { AppHeader } from './app-header';
import { SideMenu } from './side-menu';

export interface AppLayoutProps {
  children: ReactNode;
  /** The notification bell (and later its badge). */
  notificationSlot: ReactNode;
  /** Sign In button while signed out; the user menu once signed in. */
  userSlot: ReactNode;
  /** Extra items at the foot of the side menu (Sign Out when signed in). */
  navFooterSlot?: ReactNode;
}

const NAVBAR_BREAKPOINT = 'sm';
const DESKTOP_QUERY = '(min-width: 48em)'; // Mantine's default "sm" breakpoint

/** The page frame: header on top, collapsible side menu, page content in the main area. */
export function AppLayout({ children, notificationSlot, userSlot, navFooterSlot }: AppLayoutProps) {
  const { t } = useTranslation();
  const [isMobileMenuOpen, mobileMenu] = useDisclosure(false);
  const [isDesktopMenuOpen, desktopMenu] = useDisclosure(true);
  const isWide = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  // Rendered to HTML at build time (decision 0009) there is no viewport: the wide layout, whose
  // side menu is open and usable; on a phone the CSS keeps that page's side menu and header
  // language switch out of sight until the app renders the narrow layout (global.css).
  const isDesktop = isPrerendering() || isWide;
  const isMenuOpen = isDesktop ? isDesktopMenuOpen : isMobileMenuOpen;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 240,
        breakpoint: NAVBAR_BREAKPOINT,
        collapsed: { mobile: !isMobileMenuOpen, desktop: !isDesktopMenuOpen },
      }}
      padding={0}
    >
      <AppShell.Header>
        <AppHeader
          isMenuOpen={isMenuOpen}
          onToggleMenu={isDesktop ? desktopMenu.toggle : mobileMenu.toggle}
          // The switch on wide screens; on narrow ones a compact menu here, and the switch in
          // the side menu too.
          languageControl={isDesktop ? 'switch' : 'menu'}
          notificationSlot={notificationSlot}
          userSlot={userSlot}
        />
      </AppShell.Header>
      <AppShell.Navbar
        id="side-menu"
        aria-label={t('nav.label')}
        p="sm"
        // A collapsed menu slides off screen; inert keeps its links out of the tab order.
        inert={!isMenuOpen}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !isDesktop) mobileMenu.close();
        }}
      >
        <SideMenu
          onNavigate={mobileMenu.close}
          footerSlot={navFooterSlot}
          hasLanguageSwitch={!isDesktop}
        />
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
