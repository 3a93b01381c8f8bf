import { PAGE_PATHS, workspaceSectionAt } from '@teamshuffle/domain';
import { matchPath } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchPageData } from './page-data';
import type { PageData } from './page-data';

/**
 * The data list of the page at `url` (path and query string), or null for a page without one.
 * Each list loads with its page's code (a chunk of its own), not with the app's entry.
 */
export async function pageDataAt(url: string): Promise<PageData | null> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const byId = matchPath(`${PAGE_PATHS.workspace}/*`, pathname);
  const bySlug = matchPath(PAGE_PATHS.workspaceBySlug, pathname);
  // A workspace's section (its own address, issue 22) loads that section's data only.
  const section = byId ? workspaceSectionAt(pathname) : null;
  if ((byId && section) || bySlug) {
    const { workspacePageData } = await import('../routes/workspace.data');
    return workspacePageData(
      byId
        ? { kind: 'id', id: byId.params['workspaceId'] ?? '' }
        : { kind: 'slug', slug: bySlug?.params['slug'] ?? '' },
      section?.tab ?? 'overview',
    );
  }
  if (matchPath(PAGE_PATHS.workspaces, pathname)) {
    const { workspacesPageData } = await import('../routes/workspaces.data');
    return workspacesPageData(searchParams.get('user')?.trim() || null);
  }
  return null;
}

/** The longest the app waits for a page's sections before it takes over the server's HTML. */
export const TAKEOVER_PREFETCH_MAX_MS = 4000;

/**
 * Over a page the server rendered (its first screen, with the sections left loading): fetches
 * the rest of the page's list side by side, so the app takes over with the sections filled
 * instead of a loader in their place; past TAKEOVER_PREFETCH_MAX_MS it takes over anyway and the
 * sections show their own loaders. Never fails (a failure is the section's to show).
 */
export async function prefetchBeforeTakeover(client: QueryClient, url: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, TAKEOVER_PREFETCH_MAX_MS);
  });
  const prefetched = pageDataAt(url)
    .then((data) => (data ? prefetchPageData(client, data) : undefined))
    .catch(() => undefined);
  await Promise.race([prefetched, late]);
  clearTimeout(timer);
}
