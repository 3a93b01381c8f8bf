import { useEffect } from 'react';
import { APP_NAME } from '../lib/constants';

/** The tab title: "<page> · Teamshuffle", or just "Teamshuffle" without a page name. */
export function pageTitle(pageName?: string): string {
  return pageName ? `${pageName} · ${APP_NAME}` : APP_NAME;
}

/** Sets the tab title to "<page> · Teamshuffle" (e.g. "Team Formation · Teamshuffle"). */
export function usePageTitle(pageName?: string): void {
  const title = pageTitle(pageName);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
