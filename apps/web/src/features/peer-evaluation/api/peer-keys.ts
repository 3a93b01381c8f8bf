// The query keys of peer evaluation (issue 25), built here and nowhere else in the feature. They
// hang under the workspace's course root, so a change that refreshes a workspace refreshes them.
const WORKSPACES = ['workspaces'] as const;

export const peerKeys = {
  /** GET /api/workspaces/:id/peer-evaluations. */
  list: (workspaceId: string) => [...WORKSPACES, 'course', workspaceId, 'peer'] as const,
  /** GET .../peer-evaluations/:evaluationId/results (owner). */
  results: (workspaceId: string, evaluationId: string) =>
    [...WORKSPACES, 'course', workspaceId, 'peer', evaluationId, 'results'] as const,
  /** GET .../peer-evaluations/:evaluationId/form (member). */
  form: (workspaceId: string, evaluationId: string) =>
    [...WORKSPACES, 'course', workspaceId, 'peer', evaluationId, 'form'] as const,
};

/** The API path of a workspace's peer evaluations, or of one. */
export function peerApiPath(workspaceId: string, evaluationId?: string) {
  const base = `/api/workspaces/${encodeURIComponent(workspaceId)}/peer-evaluations` as const;
  return evaluationId === undefined
    ? base
    : (`${base}/${encodeURIComponent(evaluationId)}` as const);
}

/** After a change to an evaluation (opened, answered, released, its cap, its factor applied). */
export { refreshGrades } from '../../../lib/refresh-grades';
