import { workspaceJoinPath, workspaceTabPath } from '@teamshuffle/domain';
import type { NotificationView } from '@teamshuffle/domain';

/**
 * Where a notification leads when clicked: the profile (its storage bar) for a storage warning;
 * else the part of the workspace it is about (issue 22: each section at its own address): the
 * lecture note for a task, the Assignments section for an assignment, the Overview otherwise;
 * null when it is about nothing to open (an announcement).
 */
export function notificationTarget(
  notification: Pick<NotificationView, 'type' | 'data'>,
): string | null {
  if (notification.type === 'storage_warning') return '/profile';
  const { workspaceId, noteId, assignmentId } = notification.data;
  if (!workspaceId) return null;
  // A join request: the owner's join panel, where it is answered (issue 24).
  if (notification.type === 'workspace_join_requested') return workspaceJoinPath(workspaceId);
  if (noteId) return workspaceTabPath(workspaceId, 'notes', noteId);
  if (assignmentId) return workspaceTabPath(workspaceId, 'assignments');
  return workspaceTabPath(workspaceId, 'overview');
}
