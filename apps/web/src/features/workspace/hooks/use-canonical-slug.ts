import { useQueryClient } from '@tanstack/react-query';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../lib/query-keys';
import type { WorkspaceRef } from './use-workspace-detail';

/**
 * /workspaces/{name} opened at a name that is not the workspace's slug now (an old name from
 * before a rename, or a longer name the spec's prefix rule matches, issue 24): the address is
 * replaced by /workspaces/{slug}, the answer already in hand kept for it, so nothing loads again.
 */
export function useCanonicalSlug(
  ref: WorkspaceRef,
  detail: WorkspaceDetail | undefined,
  viewerId: string | null,
): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const requested = ref.kind === 'slug' ? ref.slug : null;
  useEffect(() => {
    if (requested === null || !detail || detail.slug === requested) return;
    queryClient.setQueryData(queryKeys.workspaces.detailBySlug(viewerId, detail.slug), detail);
    void navigate(`/workspaces/${encodeURIComponent(detail.slug)}`, { replace: true });
  }, [requested, detail, viewerId, navigate, queryClient]);
}
