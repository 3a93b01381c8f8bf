import type { LiveEvent } from '@teamshuffle/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENTS_PATH, openEventStream, parseLiveEvent } from './event-stream';
import type { EventSourceLike } from './event-stream';

const NOTIFICATION = {
  id: 'n1',
  seq: 41,
  type: 'system_announcement',
  title: 'Maintenance',
  message: 'Tonight at 10',
  isRead: false,
  createdAt: '2025-03-03T10:00:00.000Z',
  data: { workspaceId: null, assignmentId: null, noteId: null, teamName: null },
};

class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
  isClosed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.isClosed = true;
    this.readyState = 2;
  }
  emit(type: string, data: string) {
    this.listeners.get(type)?.(new MessageEvent(type, { data }));
  }
}

describe('parsing the stream', () => {
  it('reads notification and unread events by the contract', () => {
    expect(parseLiveEvent('notification', JSON.stringify(NOTIFICATION))).toEqual({
      type: 'notification',
      notification: NOTIFICATION,
    });
    expect(parseLiveEvent('unread', '{"unread":3}')).toEqual({ type: 'unread', unread: 3 });
  });

  it('ignores what it does not know', () => {
    expect(parseLiveEvent('notification', '{"id":"n1"}')).toBeNull();
    expect(parseLiveEvent('notification', 'not json')).toBeNull();
    expect(parseLiveEvent('unread', '{"unread":"3"}')).toBeNull();
    expect(parseLiveEvent('chat', '{}')).toBeNull();
  });
});

describe('the stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function start() {
    const sources: FakeEventSource[] = [];
    const heard: { events: LiveEvent[]; opens: number; downs: number } = {
      events: [],
      opens: 0,
      downs: 0,
    };
    const stream = openEventStream(
      {
        onEvent: (event) => heard.events.push(event),
        onOpen: () => (heard.opens += 1),
        onDown: () => (heard.downs += 1),
      },
      {
        create: (url) => {
          const source = new FakeEventSource(url);
          sources.push(source);
          return source;
        },
        reopenAfterMs: 30_000,
      },
    );
    return { sources, heard, stream };
  }

  it('opens /api/events and passes its events on', () => {
    const { sources, heard } = start();
    expect(sources.map((source) => source.url)).toEqual([EVENTS_PATH]);
    sources[0]!.onopen?.(new Event('open'));
    sources[0]!.emit('unread', '{"unread":1}');
    sources[0]!.emit('notification', JSON.stringify(NOTIFICATION));
    expect(heard.opens).toBe(1);
    expect(heard.events.map((event) => event.type)).toEqual(['unread', 'notification']);
  });

  it("leaves a dropped connection to the browser's own reconnect (with Last-Event-ID)", () => {
    const { sources, heard } = start();
    sources[0]!.readyState = 0; // CONNECTING again
    sources[0]!.onerror?.(new Event('error'));
    vi.advanceTimersByTime(60_000);
    expect(heard.downs).toBe(1);
    expect(sources).toHaveLength(1);
  });

  it('reopens a stream the browser gave up on after the poll interval', () => {
    const { sources, heard, stream } = start();
    sources[0]!.readyState = 2; // CLOSED: a refusal
    sources[0]!.onerror?.(new Event('error'));
    expect(heard.downs).toBe(1);
    vi.advanceTimersByTime(29_999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    // Events of the old source no longer count.
    sources[0]!.emit('unread', '{"unread":9}');
    expect(heard.events).toEqual([]);
    stream.close();
    expect(sources[1]!.isClosed).toBe(true);
  });

  it('does not reopen once closed', () => {
    const { sources, stream } = start();
    sources[0]!.readyState = 2;
    sources[0]!.onerror?.(new Event('error'));
    stream.close();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
  });
});
