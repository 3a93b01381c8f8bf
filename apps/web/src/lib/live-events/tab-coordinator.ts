import type { LiveEvent } from '@teamshuffle/domain';

// One live stream per browser, shared by its tabs (issue 13: many open tabs must not exhaust the
// browser's connection limit). The Web Locks API elects the leader: every tab asks for the same
// lock, the browser grants it to one, and hands it to the next waiting tab when that one closes
// or stops. The leader holds the stream and relays what it hears over a BroadcastChannel; the
// others only listen. Without either API (an old browser), each tab holds its own stream.
// Everything the coordinator touches is passed in, so its hand-over logic is tested without a
// browser (tab-coordinator.test.ts).

/** The state of the browser's stream, as the tabs share it. */
export type StreamStatus = 'connecting' | 'live' | 'down';

/** What the leader tells the others (and a follower asks, or a signing-out tab says). */
export type RelayMessage =
  | { kind: 'event'; event: LiveEvent }
  | { kind: 'status'; status: StreamStatus }
  /** The stream (re)opened after a gap: what was missed meanwhile must be fetched. */
  | { kind: 'resync' }
  /** A new follower asks the leader for the status. */
  | { kind: 'hello' }
  /** The user signed out in one tab: every tab closes its part. */
  | { kind: 'signed-out' }
  /** A tab's message to itself, through a second channel: what was posted before it is here. */
  | { kind: 'flush'; token: string };

/** The longest a tab waits for its own flush message before taking the stream over. */
const FLUSH_LIMIT_MS = 1000;

/** The part of BroadcastChannel the coordinator uses. */
export interface RelayChannel {
  postMessage(message: RelayMessage): void;
  onmessage: ((event: MessageEvent<RelayMessage>) => void) | null;
  close(): void;
}

/** The part of navigator.locks the coordinator uses. */
export interface TabLocks {
  request(
    name: string,
    options: { signal: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

export interface StreamHandlers {
  onEvent: (event: LiveEvent) => void;
  onOpen: () => void;
  onDown: () => void;
}

/** An open stream (the browser's EventSource behind it). */
export interface LiveStream {
  close(): void;
}

export interface CoordinatorDeps {
  /** navigator.locks, or null where the browser has none. */
  locks: TabLocks | null;
  /** Opens a BroadcastChannel, or null where the browser has none. */
  openChannel: ((name: string) => RelayChannel) | null;
  openStream: (handlers: StreamHandlers) => LiveStream;
}

export interface CoordinatorCallbacks {
  /** An event of the stream, heard here or relayed by the leader. */
  onEvent: (event: LiveEvent) => void;
  onStatus: (status: StreamStatus) => void;
  /** The stream reopened after a gap: refetch what may have been missed. */
  onResync: () => void;
  /** Another tab signed out. */
  onSignedOut: () => void;
}

export type TabRole = 'waiting' | 'follower' | 'leader' | 'solo' | 'stopped';

export interface TabCoordinator {
  readonly role: TabRole;
  /** Leaves: closes the stream (handing the lock on) and the channel; `signOut` tells the others. */
  stop(options?: { signOut?: boolean }): void;
}

/**
 * Joins the tabs of one browser and user (`name`, e.g. 'teamshuffle-live:<userId>'): as the leader
 * when this tab gets the lock, as a follower until then.
 */
export function startTabCoordinator(
  name: string,
  deps: CoordinatorDeps,
  callbacks: CoordinatorCallbacks,
): TabCoordinator {
  let role: TabRole = 'waiting';
  let stream: LiveStream | null = null;
  let status: StreamStatus = 'connecting';
  /** Whether this tab's next stream opens after a gap (its stream broke, or it followed one). */
  let hadGap = false;
  /** Whether this follower has heard the leader's status since it said hello. */
  let hasHeardLeader = false;
  let releaseLock: (() => void) | null = null;
  const abort = new AbortController();
  const { openChannel } = deps;
  const channel = deps.locks && openChannel ? openChannel(name) : null;

  const setStatus = (next: StreamStatus) => {
    status = next;
    callbacks.onStatus(next);
    channel?.postMessage({ kind: 'status', status: next });
  };

  const openStream = () => {
    setStatus('connecting');
    stream = deps.openStream({
      onEvent: (event) => {
        callbacks.onEvent(event);
        channel?.postMessage({ kind: 'event', event });
      },
      onOpen: () => {
        setStatus('live');
        if (hadGap) {
          callbacks.onResync();
          channel?.postMessage({ kind: 'resync' });
        }
        hadGap = true;
      },
      onDown: () => setStatus('down'),
    });
  };

  const coordinator: TabCoordinator = {
    get role() {
      return role;
    },
    stop({ signOut = false } = {}) {
      if (role === 'stopped') return;
      role = 'stopped';
      // Told before the lock is let go, so no waiting tab takes the stream over for nothing.
      if (signOut) channel?.postMessage({ kind: 'signed-out' });
      abort.abort();
      stream?.close();
      stream = null;
      releaseLock?.();
      if (channel) {
        channel.onmessage = null;
        channel.close();
      }
    },
  };

  if (!channel || !openChannel || !deps.locks) {
    role = 'solo';
    openStream();
    return coordinator;
  }

  // Resolves once every message the other tabs posted before now has been handled here: a
  // message this tab posts from a second channel reaches this one behind them. Never waits past
  // a second (a browser that lost it).
  let flushed: { token: string; done: () => void } | null = null;
  const flush = () =>
    new Promise<void>((resolve) => {
      const probe = openChannel(name);
      const done = () => {
        clearTimeout(timer);
        flushed = null;
        probe.close();
        resolve();
      };
      const timer = setTimeout(done, FLUSH_LIMIT_MS);
      // (Not crypto.randomUUID: a page served over plain http has none.)
      flushed = { token: `${Date.now()}-${Math.random()}`, done };
      probe.postMessage({ kind: 'flush', token: flushed.token });
    });

  channel.onmessage = ({ data }) => {
    if (role === 'stopped') return;
    switch (data.kind) {
      case 'flush':
        if (flushed?.token === data.token) flushed.done();
        return;
      case 'hello':
        if (role === 'leader') channel.postMessage({ kind: 'status', status });
        return;
      case 'signed-out':
        coordinator.stop();
        callbacks.onSignedOut();
        return;
      case 'event':
      case 'status':
      case 'resync':
        // Only the leader's stream speaks; a leader ignores echoes of an older one.
        if (role !== 'follower') return;
        hadGap = true;
        if (data.kind === 'event') callbacks.onEvent(data.event);
        else if (data.kind === 'status') {
          callbacks.onStatus(data.status);
          // A tab that joins a stream already live has missed what it relayed before this tab
          // listened (its data was fetched before then): it asks again once. Seen in CI: a tab
          // opened a moment before a notification kept its bell at 0.
          if (!hasHeardLeader && data.status === 'live') callbacks.onResync();
          hasHeardLeader = true;
        } else callbacks.onResync();
        return;
    }
  };

  role = 'follower';
  callbacks.onStatus('connecting');
  channel.postMessage({ kind: 'hello' });
  deps.locks
    .request(name, { signal: abort.signal }, async () => {
      // Messages already on their way run first: a 'signed-out' that freed the lock must not
      // be answered by opening a stream for a session that has ended. The lock can come before
      // that message does (a loaded machine, CI 2026-11-23), so the channel is flushed.
      await flush();
      if (role === 'stopped') return;
      // The previous leader left (or there was none): this tab takes over the stream. If it heard
      // an older leader, whatever came between is fetched once this one opens.
      role = 'leader';
      openStream();
      await new Promise<void>((resolve) => {
        releaseLock = resolve;
      });
    })
    .catch(() => {
      // Aborted by stop() before the lock came: nothing to hand on.
    });
  return coordinator;
}
