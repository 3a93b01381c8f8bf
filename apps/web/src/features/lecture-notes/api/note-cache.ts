import type { QueryClient } from '@tanstack/react-query';
import type { LectureNote, LectureNotesSection } from '@teamshuffle/domain';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a change that answers the note (edit, publish, attachments, submissions, evaluation):
 * shows it at once in the cached section, then refreshes the section (order, other notes).
 */
export function applyNote(
  queryClient: QueryClient,
  workspaceId: string,
  note: LectureNote,
): Promise<void> {
  queryClient.setQueriesData<LectureNotesSection>(
    { queryKey: queryKeys.notes.all(workspaceId) },
    (section) =>
      section && {
        ...section,
        notes: section.notes.map((cached) => (cached.id === note.id ? note : cached)),
      },
  );
  return refreshNotes(queryClient, workspaceId);
}

/** Refreshes the workspace's Lecture Notes section. */
export function refreshNotes(queryClient: QueryClient, workspaceId: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.notes.all(workspaceId) });
}
