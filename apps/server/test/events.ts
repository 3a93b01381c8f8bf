/** One server-sent event as a stream client sees it. */
export type SentEvent = { event: string; id: string | null; data: unknown };

/**
 * A client of GET /api/events over real HTTP (inject cannot stream): it collects events as they
 * arrive; `next` waits for the next one of a type, or fails after `timeoutMs`.
 */
export async function openEvents(
  base: string,
  cookie: string,
  lastEventId: string | null = null,
): Promise<{
  status: number;
  next: (type: string, timeoutMs?: number) => Promise<SentEvent>;
  events: SentEvent[];
  close: () => void;
}> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: {
      cookie,
      accept: 'text/event-stream',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const events: SentEvent[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  if (response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body!) {
          buffer += decoder.decode(chunk as Uint8Array, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            let id: string | null = null;
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length === 0) continue;
            events.push({ event, id, data: JSON.parse(data.join('\n')) as unknown });
            for (const wake of waiters.splice(0)) wake();
          }
        }
      } catch {
        // closed by the test
      }
    })();
  }
  const next = (type: string, timeoutMs = 10_000) =>
    new Promise<SentEvent>((resolve, reject) => {
      const deadline = setTimeout(
        () => reject(new Error(`no ${type} event in ${timeoutMs} ms`)),
        timeoutMs,
      );
      const look = () => {
        while (taken < events.length) {
          const candidate = events[taken++]!;
          if (candidate.event === type) {
            clearTimeout(deadline);
            return resolve(candidate);
          }
        }
        waiters.push(look);
      };
      look();
    });
  return { status: response.status, next, events, close: () => controller.abort() };
}
