import type { ApiPath } from '../../../lib/api-client';

/** /api/workspaces/:id/notes */
export function notesPath(workspaceId: string): ApiPath {
  return `/api/workspaces/${encodeURIComponent(workspaceId)}/notes`;
}

/** /api/workspaces/:id/notes/:noteId */
export function notePath(workspaceId: string, noteId: string): ApiPath {
  return `${notesPath(workspaceId)}/${encodeURIComponent(noteId)}`;
}
