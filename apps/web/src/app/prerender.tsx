// Build step (issue 14): the pages of PRERENDERED_PAGES rendered to HTML, so a first visit paints
// their content before any JavaScript arrives. Run by build/prerender.ts after the client build.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { DEFAULT_PASSWORD_POLICY, PRERENDERED_CONTACT_EMAIL } from '@teamshuffle/domain';
import { configQueryOptions } from '../features/config/api/get-config';
import { takeRenderedTitle } from '../hooks/use-page-title';
import { initI18n } from '../lib/i18n';
import type { Language } from '../lib/i18n';
import { AppRoutes, preloadPage } from './router';
import { theme } from './theme';

/** The page at `path` as a signed-out first visitor sees it, and its tab title. */
export async function prerenderPage(
  path: string,
  language: Language,
): Promise<{ markup: string; title: string }> {
  await initI18n(language);
  await preloadPage(path);
  takeRenderedTitle();
  const client = new QueryClient();
  // The server's configuration is not known at build time. Of it, a prerendered page shows only
  // the contact e-mail (/contact): a placeholder the server replaces with its own address.
  client.setQueryData(configQueryOptions().queryKey, {
    contactEmail: PRERENDERED_CONTACT_EMAIL,
    googleEnabled: false,
    phoneEnabled: true,
    passwordPolicy: DEFAULT_PASSWORD_POLICY,
  });
  // The page's code is here (preloaded), so nothing suspends: plain HTML, no inline scripts
  // (the CSP allows none).
  const markup = renderToString(
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { markup, title: takeRenderedTitle() };
}
