// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { darkModeColorSchemeManager } from './color-scheme-manager';

describe('darkModeColorSchemeManager', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('falls back to the default when nothing or garbage is stored', () => {
    const manager = darkModeColorSchemeManager();
    expect(manager.get('light')).toBe('light');
    localStorage.setItem('darkMode', 'not json');
    expect(manager.get('light')).toBe('light');
  });

  it('reads and writes the spec key darkMode as JSON true/false', () => {
    const manager = darkModeColorSchemeManager();
    manager.set('dark');
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(manager.get('light')).toBe('dark');
    manager.set('light');
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(manager.get('dark')).toBe('light');
  });
});
