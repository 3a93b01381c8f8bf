import { type ApiPath, handInPath } from '../../../lib/api-client';

/** /api/workspaces/:id/notes */
export function notesPath(workspaceId: string): ApiPath {
  return `/api/workspaces/${encodeURIComponent(workspaceId)}/notes`;
}

/** /api/workspaces/:id/notes/:noteId */
export function notePath(workspaceId: string, noteId: string): ApiPath {
  return `${notesPath(workspaceId)}/${encodeURIComponent(noteId)}`;
}

/**
 * /api/workspaces/:id/notes/:noteId/submissions; with `onBehalfOf`, the owner hands in for that
 * team (a team task; issue 25: recorded as handed in by the owner).
 */
export function noteSubmissionsPath(
  workspaceId: string,
  noteId: string,
  onBehalfOf?: string,
): ApiPath {
  const path: ApiPath = `${notePath(workspaceId, noteId)}/submissions`;
  return handInPath(path, { onBehalfOf });
}
