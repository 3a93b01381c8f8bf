import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';

/** Switches between light and dark; the choice is stored as localStorage.darkMode. */
export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const isDark = useComputedColorScheme('light') === 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={t('header.toggleDarkMode')}
      aria-pressed={isDark}
      onClick={() => setColorScheme(isDark ? 'light' : 'dark')}
    >
      {isDark ? (
        <IconSun size={20} stroke={1.6} aria-hidden="true" />
      ) : (
        <IconMoon size={20} stroke={1.6} aria-hidden="true" />
      )}
    </ActionIcon>
  );
}
