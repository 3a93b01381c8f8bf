import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinPreview, type JoinPreview } from '@teamshuffle/domain';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { joinKeys } from './join-keys';

/** GET /api/join/:code: already a member, a request waiting, or the unclaimed names. */
export async function getJoinPreview(code: string, signal?: AbortSignal): Promise<JoinPreview> {
  const body = await apiFetch<unknown>(
    `/api/join/${encodeURIComponent(code)}`,
    signal ? { signal } : {},
  );
  return joinPreview.parse(body);
}

export function joinPreviewQueryOptions(viewerId: string | null, code: string) {
  return queryOptions({
    queryKey: joinKeys.preview(viewerId, code),
    queryFn: ({ signal }) => getJoinPreview(code, signal),
    // A refusal (no such code, link off, too many tries) is an answer: asking again counts as a
    // guess and changes nothing.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

/** The student's join page, once signed in and verified (`isEnabled`). */
export function useJoinPreview(viewerId: string | null, code: string, isEnabled: boolean) {
  return useQuery({ ...joinPreviewQueryOptions(viewerId, code), enabled: isEnabled });
}
