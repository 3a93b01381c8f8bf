import { PageSkeleton } from './page-skeleton';

/**
 * The workspace pages' loading state, with the spec's visible label ('Checking Access...'): the
 * page's frame with skeletons, not a bare spinner (issue 27: the workspace right after Create Team).
 */
export function WorkspaceLoading({ label }: { label: string }) {
  return <PageSkeleton label={label} isLabelShown />;
}
