// Build step (issue 14): the signed-out landing page rendered to HTML, so a first visit paints
// its content before any JavaScript arrives. Run by build/prerender.ts after the client build.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { initI18n } from '../lib/i18n';
import type { Language } from '../lib/i18n';
import { AppRoutes, preloadPage } from './router';
import { theme } from './theme';

export async function prerenderLanding(language: Language): Promise<string> {
  await initI18n(language);
  await preloadPage('/');
  const client = new QueryClient();
  // The page's code is here (preloaded), so nothing suspends: plain HTML, no inline scripts
  // (the CSP allows none).
  return renderToString(
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/']}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
