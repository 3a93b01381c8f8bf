import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_POLL_MS } from '@teamshuffle/domain';
import { useEffect, useEffectEvent, useRef } from 'react';
import { queryKeys } from '../query-keys';
import { useSession } from '../session/session-context';
import { refreshNotificationViews } from './cache-updates';
import { getLiveStatus, setLiveStatus, useLiveStatus } from './live-status';
import { notificationCountsQueryOptions } from './notification-counts';
import type { TabCoordinator } from './tab-coordinator';

/** This tab's part in the browser's shared stream, while a verified user is signed in. */
let current: TabCoordinator | null = null;

/**
 * Closes this tab's part of the live stream at once and tells the other tabs to close theirs
 * (called on sign-out and account deletion, before the session turns to signed out).
 */
export function closeLiveEvents(): void {
  current?.stop({ signOut: true });
  current = null;
  setLiveStatus('off');
}

export interface LiveEventsOptions {
  /**
   * Another tab of this browser signed out (so this one is signed out too): drop the old user's
   * data. By default the session is asked for again.
   */
  onSignedOutElsewhere?: () => void;
}

/**
 * Keeps the unread count and the notifications current for the signed-in, verified user: joins
 * the browser's one live stream (loaded lazily, so signed-out visitors never download it) and,
 * whenever the stream is not live, polls the counts every 30 s (spec part 1, section 9: the
 * poll stays as the fallback). Mount it once, in the shell.
 */
export function useLiveEvents({ onSignedOutElsewhere }: LiveEventsOptions = {}): void {
  const queryClient = useQueryClient();
  const session = useSession();
  const userId =
    session.status === 'signedIn' && session.user?.isVerified === true ? session.user.id : null;
  const status = useLiveStatus();

  const counts = useQuery({
    ...notificationCountsQueryOptions(),
    enabled: userId !== null,
    refetchInterval: status === 'live' ? false : NOTIFICATION_POLL_MS,
  });

  // While polling, a changed count is the only sign of a change: the list follows it.
  const unread = counts.data?.unread;
  const lastUnread = useRef(unread);
  useEffect(() => {
    const previous = lastUnread.current;
    lastUnread.current = unread;
    if (previous === undefined || unread === undefined || previous === unread) return;
    if (getLiveStatus() !== 'live') refreshNotificationViews(queryClient);
  }, [unread, queryClient]);

  const signedOutElsewhere = useEffectEvent(() => {
    setLiveStatus('off');
    onSignedOutElsewhere?.();
    // Whatever was done above, the server has the last word on who is signed in now.
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  });

  useEffect(() => {
    if (userId === null) return;
    let isCancelled = false;
    let coordinator: TabCoordinator | null = null;
    setLiveStatus('connecting');
    import('./live-connection')
      .then(({ startLiveConnection }) => {
        if (isCancelled) return;
        coordinator = startLiveConnection({
          queryClient,
          userId,
          onStatus: setLiveStatus,
          onSignedOut: signedOutElsewhere,
        });
        current = coordinator;
      })
      .catch(() => setLiveStatus('down'));
    return () => {
      isCancelled = true;
      coordinator?.stop();
      if (current === coordinator) current = null;
      setLiveStatus('off');
    };
  }, [userId, queryClient]);
}
