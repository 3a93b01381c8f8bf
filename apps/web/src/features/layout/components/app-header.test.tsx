// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { stubMatchMedia } from '../../../lib/testing/match-media';
import { AppHeader } from './app-header';

// Issue 27: at 375 px the language switch was only in the side menu; the header keeps a
// language menu on a phone, reachable by keyboard and named for a screen reader.

vi.mock('./brand-link', () => ({ BrandLink: () => <span>Teamshuffle</span> }));

beforeEach(() => stubMatchMedia());
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

it('offers the language from the header on a phone', async () => {
  render(
    <MantineProvider>
      <header>
        <AppHeader
          isMenuOpen={false}
          onToggleMenu={vi.fn()}
          languageControl="menu"
          notificationSlot={null}
          userSlot={null}
        />
      </header>
    </MantineProvider>,
  );
  const header = screen.getByRole('banner');
  const button = within(header).getByRole('button', { name: 'Language: EN' });
  fireEvent.click(button);
  const korean = await screen.findByRole('menuitem', { name: '한국어' }, { timeout: 10_000 });
  await act(async () => {
    fireEvent.click(korean);
  });
  // The Korean strings are a chunk of their own: on a loaded machine they take a while.
  await vi.waitFor(() => expect(i18n.language).toBe('ko'), { timeout: 10_000 });
  expect(within(header).getByRole('button', { name: '언어: 한국어' })).toBeTruthy();
});
