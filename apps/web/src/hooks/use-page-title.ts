import { useEffect } from 'react';
import { APP_NAME } from '../lib/constants';

/** Sets the tab title to "<page> - Teamshuffle", or just "Teamshuffle" without a page name. */
export function usePageTitle(pageName?: string): void {
  const title = pageName ? `${pageName} - ${APP_NAME}` : APP_NAME;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
