import { Progress } from '@mantine/core';
import { useNavigation } from 'react-router';

/** A thin bar at the top of the page while the next page's chunk or data is loading. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
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
