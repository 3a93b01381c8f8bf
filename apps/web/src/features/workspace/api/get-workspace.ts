import { queryOptions } from '@tanstack/react-query';
import { LECTURE_NOTE_SORT_ORDERS, LECTURE_NOTE_SORT_ORDER_DEFAULT } from '@teamshuffle/domain';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { workspacesRootKey } from '../../../lib/workspace-api';

const idList = z.array(z.string());

export const workspaceDetailSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  isPublic: z.boolean(),
  groupSize: z.number(),
  createdAt: z.string(),
  role: z.enum(['owner', 'leader', 'member', 'viewer']),
  /** The caller's own roster entry and team, when their verified e-mail is on the roster. */
  myMemberId: z.string().nullable(),
  myTeamId: z.string().nullable(),
  counters: z.object({
    totalMembers: z.number(),
    teams: z.number(),
    groupSize: z.number(),
    fixedGroups: z.number(),
  }),
  teams: z.array(
    z.object({
      id: z.string(),
      number: z.number(),
      leaderMemberId: z.string().nullable(),
      memberIds: idList,
    }),
  ),
  members: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      teamId: z.string().nullable(),
      /** Null for viewers and signed-out visitors, who never receive addresses. */
      email: z.string().nullable(),
      hasEmail: z.boolean(),
      photoUrl: z.string().nullable(),
      isVerified: z.boolean(),
      isLeader: z.boolean(),
    }),
  ),
  fixedPairs: z.array(z.object({ id: z.string(), memberIds: idList })),
  keepApart: z.array(z.object({ id: z.string(), memberIds: idList })),
  lockedTeams: z.array(z.object({ id: z.string(), memberIds: idList })),
  preferences: z.object({
    lectureNoteSortOrder: z.enum(LECTURE_NOTE_SORT_ORDERS).catch(LECTURE_NOTE_SORT_ORDER_DEFAULT),
  }),
});

/** A workspace as its detail page shows it (GET /api/workspaces/:id). */
export type WorkspaceDetail = z.infer<typeof workspaceDetailSchema>;
export type WorkspaceRole = WorkspaceDetail['role'];
export type WorkspaceTeam = WorkspaceDetail['teams'][number];
export type WorkspaceMember = WorkspaceDetail['members'][number];

/** GET /api/workspaces/:id. A workspace the caller may not see answers 404 like a missing one. */
export async function getWorkspace(id: string, signal?: AbortSignal): Promise<WorkspaceDetail> {
  const body = await apiFetch<unknown>(
    `/api/workspaces/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
  return workspaceDetailSchema.parse(body);
}

// Same root as the list feature's keys ('workspaces'): invalidating it refreshes both pages.
// The viewer is in the key because a sign-in changes what the same address answers.
export { workspacesRootKey };

export function workspaceQueryKey(viewerId: string | null, id: string) {
  return [...workspacesRootKey, viewerId ?? 'anonymous', 'detail', 'id', id] as const;
}

export function workspaceQueryOptions(viewerId: string | null, id: string) {
  return queryOptions({
    queryKey: workspaceQueryKey(viewerId, id),
    queryFn: ({ signal }) => getWorkspace(id, signal),
  });
}
