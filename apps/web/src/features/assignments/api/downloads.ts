import { type ApiPath, handInPath } from '../../../lib/api-client';

// The owner's downloads are plain authenticated GETs: the page links to them and the browser
// saves what the server streams (the session cookie goes with the request), no fetch needed.

/** GET .../assignments/:assignmentId/export.zip (owner): every team's latest work and a manifest. */
export function submissionsZipPath(workspaceId: string, assignmentId: string): ApiPath {
  return `/api/workspaces/${encodeURIComponent(workspaceId)}/assignments/${encodeURIComponent(assignmentId)}/export.zip`;
}

/** GET /api/workspaces/:id/grades.csv (owner): one row per member, a column per assignment. */
export function gradesCsvPath(workspaceId: string): ApiPath {
  return `/api/workspaces/${encodeURIComponent(workspaceId)}/grades.csv`;
}

/** GET /api/files/:id: a submitted file (the owner and every member of its team; issue 25). */
export function filePath(fileId: string): ApiPath {
  return `/api/files/${encodeURIComponent(fileId)}`;
}

/**
 * POST .../assignments/:assignmentId/submissions (multipart `files` + `notes`): the upload route;
 * with `onBehalfOf`, the owner hands in for that team (issue 25: recorded as handed in by the owner).
 */
export function submissionsPath(
  workspaceId: string,
  assignmentId: string,
  onBehalfOf?: string,
): ApiPath {
  const path: ApiPath = `/api/workspaces/${encodeURIComponent(workspaceId)}/assignments/${encodeURIComponent(assignmentId)}/submissions`;
  return handInPath(path, { onBehalfOf });
}
