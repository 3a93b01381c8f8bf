import { useEffect } from 'react';
import { APP_NAME } from '../lib/constants';
import { isPrerendering } from '../lib/prerendering';

/** The tab title: "<page> · Teamshuffle", or just "Teamshuffle" without a page name. */
export function pageTitle(pageName?: string): string {
  return pageName ? `${pageName} · ${APP_NAME}` : APP_NAME;
}

/** The title the last page rendered without a document asked for (the build's prerender). */
let renderedTitle = APP_NAME;

function noteRenderedTitle(title: string): void {
  // Effects do not run in a render to HTML: the prerender writes this into the page's <title>.
  if (isPrerendering()) renderedTitle = title;
}

/** The title of the page rendered last by the build's prerender (src/app/prerender.tsx). */
export function takeRenderedTitle(): string {
  const title = renderedTitle;
  renderedTitle = APP_NAME;
  return title;
}

/** Sets the tab title to "<page> · Teamshuffle" (e.g. "Team Formation · Teamshuffle"). */
export function usePageTitle(pageName?: string): void {
  const title = pageTitle(pageName);
  noteRenderedTitle(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
