import { queryOptions, useQuery } from '@tanstack/react-query';
import { lectureNotesSection } from '@teamshuffle/domain';
import type { LectureNotesSection } from '@teamshuffle/domain';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { notesPath } from './paths';

/** GET /api/workspaces/:id/notes: the section in the caller's sort order (drafts: author, owner). */
export async function getNotesSection(
  workspaceId: string,
  signal?: AbortSignal,
): Promise<LectureNotesSection> {
  const body = await apiFetch<unknown>(notesPath(workspaceId), signal ? { signal } : {});
  return lectureNotesSection.parse(body);
}

/** The answer depends on who asks (drafts, submission details), so the viewer is in the key. */
export function notesSectionQueryOptions(viewerId: string | null, workspaceId: string) {
  return queryOptions({
    queryKey: queryKeys.notes.section(viewerId, workspaceId),
    queryFn: ({ signal }) => getNotesSection(workspaceId, signal),
  });
}

/** The Lecture Notes section, fetched once the session is known (`isEnabled`). */
export function useNotesSection(viewerId: string | null, workspaceId: string, isEnabled: boolean) {
  return useQuery({ ...notesSectionQueryOptions(viewerId, workspaceId), enabled: isEnabled });
}
