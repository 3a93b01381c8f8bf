import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../query-keys';
import { applyLiveEvent, refreshNotificationViews } from './cache-updates';
import { openEventStream } from './event-stream';
import type { LiveStatus } from './live-status';
import { startTabCoordinator } from './tab-coordinator';
import type { RelayChannel, TabCoordinator, TabLocks } from './tab-coordinator';

// Loaded only once a verified user is signed in (use-live-events.ts imports it lazily), so the
// stream, its parsing and zod stay off the signed-out landing page.

export interface LiveConnectionOptions {
  queryClient: QueryClient;
  userId: string;
  onStatus: (status: LiveStatus) => void;
  /** Another tab signed out. */
  onSignedOut: () => void;
}

function browserLocks(): TabLocks | null {
  return typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : null;
}

function browserChannel(): ((name: string) => RelayChannel) | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  return (name) => new BroadcastChannel(name);
}

/** Joins this browser's shared stream for `userId` and feeds it into the query cache. */
export function startLiveConnection({
  queryClient,
  userId,
  onStatus,
  onSignedOut,
}: LiveConnectionOptions): TabCoordinator {
  const canStream = typeof EventSource !== 'undefined';
  return startTabCoordinator(
    `teamshuffle-live:${userId}`,
    {
      locks: browserLocks(),
      openChannel: browserChannel(),
      // Without EventSource the stream is 'down' for good and the poll does the work.
      openStream: canStream
        ? (handlers) => openEventStream(handlers)
        : (handlers) => {
            handlers.onDown();
            return { close: () => undefined };
          },
    },
    {
      onEvent: (event) => applyLiveEvent(queryClient, event),
      onStatus,
      // Events may have gone by unheard: the bell's counts too (a stream's own open sends the
      // unread figure, but a tab that joins a live stream hears none).
      onResync: () => {
        refreshNotificationViews(queryClient);
        void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.counts() });
      },
      onSignedOut,
    },
  );
}
