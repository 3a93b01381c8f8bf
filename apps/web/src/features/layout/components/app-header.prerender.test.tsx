// @vitest-environment node
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import { AppHeader } from './app-header';

// A page rendered to HTML (at build time or by the server) has no viewport: at 375 px the app
// may take over only after the visitor reaches for it, so the header's HTML must already hold
// the phone's language button, beside the wide screen's switch (CI: the a11y suite at 375 px
// found no language button on the server-rendered /workspaces).

vi.mock('./brand-link', () => ({ BrandLink: () => <span>Teamshuffle</span> }));

it('renders both language controls into the HTML, each for its own width', () => {
  const html = renderToString(
    <MantineProvider>
      <AppHeader
        isMenuOpen={false}
        onToggleMenu={() => {}}
        languageControl="switch"
        notificationSlot={null}
        userSlot={null}
      />
    </MantineProvider>,
  );
  const menu = /<div[^>]*data-header-language-menu[^>]*>/.exec(html)?.[0];
  const wide = /<div[^>]*data-header-language-switch[^>]*>/.exec(html)?.[0];
  expect(menu, 'the phone menu').toBeDefined();
  expect(wide, 'the wide switch').toBeDefined();
  expect(menu).toContain('mantine-hidden-from-sm');
  expect(wide).toContain('mantine-visible-from-sm');
  expect(html).toContain('aria-label="Language: EN"');
});
