// The web app rendered to HTML in Node, by its own components (issue 14): at build time, the
// pages of PRERENDERED_PAGES as a signed-out first visitor sees them (build/prerender.ts); at
// request time, on the server, the signed-in pages of SERVER_RENDERED_PAGES with the visitor's
// own data (apps/server/src/plugins/web.ts, decision 0011). Built for Node by the build, into
// dist/server/prerender.js.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  QueryClient,
  QueryClientProvider,
  dehydrate,
  hydrate,
  skipToken,
} from '@tanstack/react-query';
import type { DehydratedState, Query } from '@tanstack/react-query';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { DEFAULT_PASSWORD_POLICY, PRERENDERED_CONTACT_EMAIL } from '@teamshuffle/domain';
import { configQueryOptions } from '../features/config/api/get-config';
import { takeRenderedTitle } from '../hooks/use-page-title';
import { setApiTransport } from '../lib/api-client';
import type { ApiTransport } from '../lib/api-client';
import { initI18n } from '../lib/i18n';
import type { Language } from '../lib/i18n';
import { queryKeys } from '../lib/query-keys';
import { AppRoutes, preloadPage } from './router';
import { deferredKeys, fetchScreenData } from './page-data/page-data';
import { pageDataAt } from './page-data/page-data-at';
import { cssVariablesResolver, theme } from './theme';

function page(client: QueryClient, url: string): ReactNode {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** The page at `path` as a signed-out first visitor sees it, and its tab title (the build). */
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
  const markup = renderToString(page(client, path));
  return { markup, title: takeRenderedTitle() };
}

/** A signed-in page rendered on the server, with the data it shows (for the app to start from). */
export type ServerRenderedPage = { markup: string; title: string; queries: DehydratedState };

/** Each request's way to the API (its visitor's cookie), through everything its render awaits. */
const requests = new AsyncLocalStorage<ApiTransport>();
setApiTransport((path, init) => {
  const transport = requests.getStore();
  return transport ? transport(path, init) : Promise.reject(new TypeError(`no API for ${path}`));
});

/**
 * The language and the page title are the app's module state (one interface language at a
 * time): one render at a time. The API calls between two renders run side by side.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * One render of the page with the code of every lazy part on it. A part whose code has not
 * arrived yet (the first requests after a start) leaves its fallback, marked by React: then a
 * render that waits for them (React's prerender) and one more that writes the page. (The
 * waiting render's own HTML would show the late parts as hidden copies moved into place by
 * inline scripts, which the CSP blocks.)
 */
async function renderOnce(client: QueryClient, url: string, language: Language) {
  return oneAtATime(async () => {
    await initI18n(language);
    await preloadPage(new URL(url, 'http://localhost').pathname);
    takeRenderedTitle();
    let markup = renderToString(page(client, url));
    if (/<!--\$[!?]|<template/.test(markup)) {
      const { prelude } = await prerender(page(client, url));
      await new Response(prelude).text();
      takeRenderedTitle();
      markup = renderToString(page(client, url));
    }
    return { markup, title: takeRenderedTitle() };
  });
}

/** Whether a query the page rendered is one it would fetch now (not waiting for another). */
function isWanted(query: Query): boolean {
  if (query.state.status !== 'pending') return false;
  // As the first observer that asked for it set them.
  const { enabled, queryFn } = query.options as {
    enabled?: boolean | ((query: Query) => boolean);
    queryFn?: unknown;
  };
  if (queryFn === undefined || queryFn === skipToken) return false;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** The answers a page is rendered from, fresh for the render (no refresh shown as on its way). */
function clientWith(known: DehydratedState | null): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  if (known) hydrate(client, known);
  return client;
}

/**
 * The first screen's data of the signed-in page at `url` (path and query string), fetched as the
 * visitor whose API calls `transport` answers: the page's data list (app/page-data) step by step
 * as entries depend on earlier answers. Null where the app should render the page itself: a page
 * without a list, no signed-in session, or a call that failed.
 */
export async function fetchPageData(
  url: string,
  transport: ApiTransport,
): Promise<DehydratedState | null> {
  return requests.run(transport, async () => {
    const data = await pageDataAt(url);
    if (!data) return null;
    const client = clientWith(null);
    if (!(await fetchScreenData(client, data))) return null;
    if (!client.getQueryData(queryKeys.me)) return null;
    return dehydrate(client);
  });
}

/** A signed-in page and how many renders it took (always one: its data list is complete). */
export type ServerRender = ServerRenderedPage & { renders: number };

/**
 * The signed-in page at `url` in `language`, rendered once from its first screen's data (no API
 * call: this runs in the server's worker thread). What the page's list leaves to the browser (the
 * sections) stays pending, so the HTML does not grow with the course. Null where the app should
 * render the page itself: a part that could not render, or a page that asks for data its list
 * does not name (a list to complete: the test of each list checks there is none).
 */
export async function renderPage(
  url: string,
  language: Language,
  known: DehydratedState,
): Promise<ServerRender | null> {
  const data = await pageDataAt(url);
  if (!data) return null;
  const client = clientWith(known);
  const { markup, title } = await renderOnce(client, url, language);
  const deferred = deferredKeys(client, data);
  const isUnlisted = client
    .getQueryCache()
    .getAll()
    .some((query) => isWanted(query) && !deferred.has(JSON.stringify(query.queryKey)));
  if (isUnlisted) return null;
  // A part that failed is left for the app (React marks it); the CSP would block a script.
  if (/<script|<template|<!--\$!/.test(markup)) return null;
  return { markup, title, queries: dehydrate(client), renders: 1 };
}

/** `fetchPageData`, then `renderPage`: the whole server render in one thread (tests, tools). */
export async function renderSignedInPage(
  url: string,
  language: Language,
  transport: ApiTransport,
): Promise<ServerRender | null> {
  const known = await fetchPageData(url, transport);
  return known ? renderPage(url, language, known) : null;
}
