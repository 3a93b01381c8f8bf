import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { darkModeColorSchemeManager } from '../lib/color-scheme-manager';
import { loadChunk } from '../lib/chunk-load';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

const colorSchemeManager = darkModeColorSchemeManager();

/**
 * The toasts' container, loaded with the first toast (issue 14: most first visits show none, and
 * its code and transitions weigh ~7 kB gzip). `notifications.show()` only writes to Mantine's
 * store, which is here from the start, so a toast shown before the code arrives is kept and
 * appears as soon as it does.
 */
function LazyToasts() {
  const { notifications, queue } = useNotifications();
  const hasToasts = notifications.length > 0 || queue.length > 0;
  const [Toasts, setToasts] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!hasToasts || Toasts) return;
    let isCurrent = true;
    loadChunk(async () => (await import('./toasts')).Toasts).then(
      (component) => {
        if (isCurrent) setToasts(() => component);
      },
      // No toasts rather than a broken app; the next toast tries again.
      (error: unknown) => console.error(error),
    );
    return () => {
      isCurrent = false;
    };
  }, [hasToasts, Toasts]);
  return Toasts ? <Toasts /> : null;
}

/** Everything the app needs around the router: theme, colour scheme, toasts, server state. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      // Spec: darkMode defaults to false; public/theme-init.js applies the same default.
      defaultColorScheme="light"
    >
      <LazyToasts />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
