import { useCallback, useEffect, useState } from 'react';

export interface LoadingTimeout {
  /** True once `isLoading` has lasted `timeoutMs` without finishing (this episode). */
  hasTimedOut: boolean;
  /** Starts a fresh wait, for a retry while still loading. */
  restart: () => void;
}

/**
 * Gives up on a loading state after `timeoutMs`: the caller then stops showing a spinner and
 * offers a retry instead. Each new loading episode (false -> true, or `restart`) waits afresh.
 */
export function useLoadingTimeout(isLoading: boolean, timeoutMs: number): LoadingTimeout {
  const [episode, setEpisode] = useState(0);
  const [expiredEpisode, setExpiredEpisode] = useState<number | null>(null);
  const [wasLoading, setWasLoading] = useState(isLoading);

  // A new loading episode starts a new wait (state adjusted during render, as React recommends
  // over an effect for state derived from a prop change).
  if (wasLoading !== isLoading) {
    setWasLoading(isLoading);
    if (isLoading) setEpisode((value) => value + 1);
  }

  useEffect(() => {
    if (!isLoading) return undefined;
    const timer = setTimeout(() => setExpiredEpisode(episode), timeoutMs);
    return () => clearTimeout(timer);
  }, [isLoading, episode, timeoutMs]);

  const restart = useCallback(() => setEpisode((value) => value + 1), []);
  return { hasTimedOut: isLoading && expiredEpisode === episode, restart };
}
