// The server process's log destination: pino's JSON lines on stdout, through a bounded buffer, so
// that a log reader which stops reading (a stalled shipper, `npm start | less`) can neither hold
// the process at exit nor make its memory grow.
//
// Why not pino's default destination: it is a sonic-boom on fd 1 that buffers without bound and,
// at process exit, flushes synchronously (pino lib/tools.js `autoEnd` -> sonic-boom `flushSync`),
// retrying EAGAIN with Atomics.wait forever while the pipe stays full, so `process.exit` never
// returns. process.stdout, on a pipe or socket, is a non-blocking libuv stream: a line reaches the
// kernel at once while the pipe has room (so last lines before an exit are not lost) and waits in
// memory otherwise, and nothing waits for those pending writes at exit. Only that memory needs a
// bound, kept here. On a file or a terminal Node writes process.stdout synchronously.
import { hostname } from 'node:os';
import type { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';

/** Where pino writes the server's log lines, with a bounded wait for them at shutdown. */
export type LogDestination = {
  /** Takes one serialized line from pino; drops it while too much already waits for the reader. */
  write(line: string): void;
  /** Waits up to `timeoutMs` for waiting lines to reach the OS; resolves whether they all did. */
  flush(timeoutMs: number): Promise<boolean>;
};

// How much log output (in characters) may wait for a slow reader: some 10,000 request lines.
const LOG_BUFFER_LIMIT = 4 * 1024 * 1024;

// pino's level number for warn, so the notice reads like the lines around it.
const WARN_LEVEL = 40;

/** Creates the log destination on `out` (stdout), dropping lines beyond `limit` waiting characters. */
export function createLogDestination(
  out: Writable = process.stdout,
  limit = LOG_BUFFER_LIMIT,
): LogDestination {
  let droppedLines = 0;
  let isBroken = false;
  // A reader that went away (EPIPE) must not crash a server that can still serve; like pino's
  // own destination, logging just stops. An unhandled 'error' here would throw.
  out.on('error', () => {
    isBroken = true;
  });

  const dropNotice = (count: number) =>
    `${JSON.stringify({
      level: WARN_LEVEL,
      time: Date.now(),
      pid: process.pid,
      hostname: hostname(),
      droppedLines: count,
      msg: 'log lines dropped: the log reader fell behind',
    })}\n`;

  return {
    write(line) {
      if (isBroken) return;
      if (out.writableLength + line.length > limit) {
        droppedLines += 1;
        return;
      }
      // The first line that fits after a gap says how many went missing.
      if (droppedLines > 0) {
        out.write(dropNotice(droppedLines));
        droppedLines = 0;
      }
      out.write(line);
    },
    async flush(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      // Polled: 'drain' only follows a write that filled the stream past its high-water mark.
      while (!isBroken && out.writableLength > 0) {
        if (Date.now() >= deadline) return false;
        await delay(10);
      }
      return !isBroken;
    },
  };
}
