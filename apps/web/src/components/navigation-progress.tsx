import { Progress } from '@mantine/core';
import { usePageLoading } from '../lib/page-loading';

/** A thin bar at the top of the page while the next page's chunk is loading. */
export function NavigationProgress() {
  const isLoading = usePageLoading();
  if (!isLoading) return null;
  return (
    <Progress
      value={100}
      animated
      striped
      size="xs"
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
      aria-hidden="true"
    />
  );
}
