import type { QueryClient } from '@tanstack/react-query';
import { notificationCountsQueryOptions } from '../../lib/live-events/notification-counts';
import { meQueryOptions } from '../../lib/session/get-me';
import type { PageQuery } from './page-data';

/**
 * What the shell shows on every page's first screen: the session, and for a verified account the
 * bell's counts. Each page's list starts with it; `viewerId` is undefined until the session is
 * known (null: signed out).
 */
export function shellData(client: QueryClient): { screen: PageQuery[]; viewerId?: string | null } {
  const me = meQueryOptions();
  const session = client.getQueryData(me.queryKey);
  if (session === undefined) return { screen: [me] };
  const screen: PageQuery[] = [me];
  if (session?.isVerified) screen.push(notificationCountsQueryOptions());
  return { screen, viewerId: session?.id ?? null };
}
