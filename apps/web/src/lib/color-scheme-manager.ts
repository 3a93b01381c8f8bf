import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { DARK_MODE_STORAGE_KEY } from './constants';

function parseDarkMode(value: string | null): boolean | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'boolean' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Stores the colour scheme as the spec's `darkMode` key holding JSON true/false (default false).
 * public/theme-init.js reads the same key before the first paint, so the page never flashes
 * the wrong theme.
 */
export function darkModeColorSchemeManager(): MantineColorSchemeManager {
  let handleStorage: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue: MantineColorScheme): MantineColorScheme => {
      try {
        const isDark = parseDarkMode(window.localStorage.getItem(DARK_MODE_STORAGE_KEY));
        if (isDark === null) return defaultValue;
        return isDark ? 'dark' : 'light';
      } catch {
        return defaultValue;
      }
    },
    set: (value: MantineColorScheme): void => {
      try {
        window.localStorage.setItem(DARK_MODE_STORAGE_KEY, JSON.stringify(value === 'dark'));
      } catch {
        // Storage can be unavailable (private mode); the choice then lasts for this page only.
      }
    },
    subscribe: (onUpdate: (colorScheme: MantineColorScheme) => void): void => {
      // Another tab changed the preference: follow it.
      handleStorage = (event: StorageEvent) => {
        if (event.storageArea !== window.localStorage || event.key !== DARK_MODE_STORAGE_KEY)
          return;
        const isDark = parseDarkMode(event.newValue);
        if (isDark !== null) onUpdate(isDark ? 'dark' : 'light');
      };
      window.addEventListener('storage', handleStorage);
    },
    unsubscribe: (): void => {
      if (handleStorage) window.removeEventListener('storage', handleStorage);
    },
    clear: (): void => {
      try {
        window.localStorage.removeItem(DARK_MODE_STORAGE_KEY);
      } catch {
        // Nothing stored, nothing to clear.
      }
    },
  };
}
