import { useQueryClient } from '@tanstack/react-query';
import { lectureNote } from '@teamshuffle/domain';
import type { LectureNote, TaskSubmission, TaskView } from '@teamshuffle/domain';
import { useFileUpload } from '../../../components/file-upload';
import { applyGradedNote } from './note-cache';
import { noteSubmissionsPath } from './paths';

/**
 * POST /api/workspaces/:id/notes/:noteId/submissions (multipart: `description`, then `files`):
 * the team's leader (team task) or a member (individual task) submits or resubmits, or the owner
 * for a team of a team task (`onBehalfOf`; issue 25); 201 with the note. The files are checked first against the task's size and types in the leader panel's
 * words, as the route answers them, and sent together on `start({ description })`.
 */
export function useTaskSubmission(
  workspaceId: string,
  noteId: string,
  task: TaskView,
  /** The answer this one replaces: its submitter's own bytes count as left (decision 0016). */
  replaces: TaskSubmission | null = null,
  /** The team the owner hands in for (team tasks only: the server refuses it otherwise). */
  onBehalfOf?: string,
) {
  const queryClient = useQueryClient();
  return useFileUpload<LectureNote>({
    path: noteSubmissionsPath(workspaceId, noteId, onBehalfOf),
    mode: 'together',
    allowedTypes: task.allowedTypes,
    maxFileSizeMb: task.maxFileSizeMb,
    refusalWording: 'panel',
    replaces,
    parse: (body) => lectureNote.parse(body),
    onUploaded: (note) => void applyGradedNote(queryClient, workspaceId, note),
  });
}
