import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { darkModeColorSchemeManager } from '../lib/color-scheme-manager';
import { TOAST_DURATION_MS } from '../lib/constants';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

const colorSchemeManager = darkModeColorSchemeManager();

/** Everything the app needs around the router: theme, colour scheme, toasts, server state. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      // Spec: darkMode defaults to false; public/theme-init.js applies the same default.
      defaultColorScheme="light"
    >
      <Notifications position="bottom-right" autoClose={TOAST_DURATION_MS} limit={4} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
