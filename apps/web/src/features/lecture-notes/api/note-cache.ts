import type { QueryClient } from '@tanstack/react-query';
import type { LectureNote, LectureNotesSection } from '@teamshuffle/domain';
import { queryKeys } from '../../../lib/query-keys';
import { refreshGrades } from '../../../lib/refresh-grades';

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

/**
 * After a change to what is graded (an answer handed in or deleted, a grade): the note as
 * `applyNote` shows it, and the grades (gradebook, My grades, Team Scores) refreshed.
 */
export async function applyGradedNote(
  queryClient: QueryClient,
  workspaceId: string,
  note: LectureNote,
): Promise<void> {
  await Promise.all([
    applyNote(queryClient, workspaceId, note),
    refreshGrades(queryClient, workspaceId),
  ]);
}

/** Refreshes the Lecture Notes section and the grades (a deleted answer or note). */
export async function refreshNotesAndGrades(
  queryClient: QueryClient,
  workspaceId: string,
): Promise<void> {
  await Promise.all([
    refreshNotes(queryClient, workspaceId),
    refreshGrades(queryClient, workspaceId),
  ]);
}
