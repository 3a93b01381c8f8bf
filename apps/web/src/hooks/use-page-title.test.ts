// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageTitle, usePageTitle } from './use-page-title';

describe('page titles', () => {
  it('name the page first, then the app, as "Team Formation · Teamshuffle"', () => {
    expect(pageTitle('Team Formation')).toBe('Team Formation · Teamshuffle');
    expect(pageTitle()).toBe('Teamshuffle');
  });

  it('follow the page name as it changes (a language switch, a loaded workspace)', () => {
    const { rerender } = renderHook(({ name }) => usePageTitle(name), {
      initialProps: { name: 'Workspaces' },
    });
    expect(document.title).toBe('Workspaces · Teamshuffle');
    rerender({ name: '워크스페이스' });
    expect(document.title).toBe('워크스페이스 · Teamshuffle');
  });
});
