import type { ApiPath } from '../../../lib/api-client';

/**
 * GET /api/workspaces/:id/teams.csv (owner): one row per member with team, e-mail and leader. A
 * plain authenticated GET the page links to (the browser saves it), like the grade sheet.
 */
export function teamsCsvPath(workspaceId: string): ApiPath {
  return `/api/workspaces/${encodeURIComponent(workspaceId)}/teams.csv`;
}
