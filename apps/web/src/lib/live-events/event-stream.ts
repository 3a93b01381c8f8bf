import { NOTIFICATION_POLL_MS, notificationView } from '@teamshuffle/domain';
import type { LiveEvent } from '@teamshuffle/domain';
import type { LiveStream, StreamHandlers } from './tab-coordinator';

/** GET /api/events: the signed-in user's server-sent events. */
export const EVENTS_PATH = '/api/events';

/** The part of EventSource the stream uses. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** EventSource.CLOSED: the browser gave up (a refusal such as 401, or not an event stream). */
const CLOSED = 2;

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * One event of the stream, parsed with the contract (`event: notification` carries a
 * notificationView, `event: unread` `{ unread }`); null for anything else, which is ignored.
 */
export function parseLiveEvent(type: string, data: string): LiveEvent | null {
  const body = parseJson(data);
  if (type === 'notification') {
    const parsed = notificationView.safeParse(body);
    return parsed.success ? { type: 'notification', notification: parsed.data } : null;
  }
  if (type === 'unread' && typeof body === 'object' && body !== null && 'unread' in body) {
    const { unread } = body;
    return typeof unread === 'number' && Number.isFinite(unread)
      ? { type: 'unread', unread }
      : null;
  }
  return null;
}

export interface EventStreamOptions {
  create?: (url: string) => EventSourceLike;
  /** How long to wait before opening a stream the browser gave up on. */
  reopenAfterMs?: number;
}

/**
 * Opens the stream. The browser reconnects by itself after a dropped connection (after the
 * server's `retry: 3000`, sending Last-Event-ID so the server replays what was missed); when it
 * gives up (a refusal, a proxy's error page) the stream is reopened after the poll interval,
 * while the poll stands in.
 */
export function openEventStream(
  handlers: StreamHandlers,
  {
    create = (url) => new EventSource(url),
    reopenAfterMs = NOTIFICATION_POLL_MS,
  }: EventStreamOptions = {},
): LiveStream {
  let source: EventSourceLike | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  let isClosed = false;

  const open = () => {
    const next = create(EVENTS_PATH);
    source = next;
    const relay = (event: MessageEvent<string>) => {
      const parsed = parseLiveEvent(event.type, event.data);
      if (parsed && source === next) handlers.onEvent(parsed);
    };
    next.addEventListener('notification', relay);
    next.addEventListener('unread', relay);
    next.onopen = () => handlers.onOpen();
    next.onerror = () => {
      handlers.onDown();
      if (next.readyState !== CLOSED || isClosed) return;
      next.close();
      reopenTimer = setTimeout(() => {
        reopenTimer = null;
        if (!isClosed) open();
      }, reopenAfterMs);
    };
  };

  open();
  return {
    close() {
      isClosed = true;
      if (reopenTimer) clearTimeout(reopenTimer);
      source?.close();
      source = null;
    },
  };
}
