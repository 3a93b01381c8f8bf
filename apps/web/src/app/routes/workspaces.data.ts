import type { QueryClient } from '@tanstack/react-query';
import { workspaceListQueryOptions } from '../../features/workspaces/api/list-workspaces';
import type { PageData } from '../page-data/page-data';
import { shellData } from '../page-data/shell.data';

/** The list page's data (app/page-data): the shell's, then the caller's list (`?user=` or own). */
export function workspacesPageData(user: string | null): PageData {
  return (client: QueryClient) => {
    const { screen, viewerId } = shellData(client);
    if (viewerId !== undefined) screen.push(workspaceListQueryOptions(viewerId, user));
    return { screen, rest: [] };
  };
}
