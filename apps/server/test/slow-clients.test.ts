// Slow and stalled clients (issue 9, item 3) against the real HTTP server on loopback: a client
// that stops sending, or trickles, is cut off at the configured limits instead of holding a
// connection for minutes (a request whose body never finished stayed open 180 s and more).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

const HEADERS_MS = 500;
const BODY_MS = 1500;
// Far above the limits, far below what a missing limit would allow: a busy machine can be slow
// to notice a timer, but not by this much.
const CUT_OFF_WITHIN_MS = 15_000;

type Connection = { socket: net.Socket; closed: Promise<{ afterMs: number; received: string }> };

function connect(port: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.once('error', () => {});
    socket.once('connect', () => {
      const openedAt = Date.now();
      const closed = new Promise<{ afterMs: number; received: string }>((done) =>
        socket.once('close', () => done({ afterMs: Date.now() - openedAt, received })),
      );
      resolve({ socket, closed });
    });
    socket.once('error', reject);
  });
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | 'still open'> {
  return Promise.race([
    promise,
    new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms).unref()),
  ]);
}

describe('slow and stalled clients', { timeout: 60_000 }, () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({
      HEADERS_TIMEOUT_MS: String(HEADERS_MS),
      BODY_TIMEOUT_MS: String(BODY_MS),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => t.close());

  const head = (length: number) =>
    `POST /api/results HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${t.config.publicUrl}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

  it('closes a connection whose body stops arriving', async () => {
    const { socket, closed } = await connect(port);
    socket.write(`${head(1000)}{"title":`);
    const result = await withDeadline(closed, CUT_OFF_WITHIN_MS);
    expect(result).not.toBe('still open');
    if (result !== 'still open') expect(result.afterMs).toBeGreaterThanOrEqual(BODY_MS * 0.8);
  });

  it('closes a connection that trickles its body in under the idle limit', async () => {
    const { socket, closed } = await connect(port);
    socket.write(head(10_000));
    let sent = 0;
    // One byte every 200 ms keeps the socket busy, so only the body deadline can end it.
    const trickle = setInterval(() => {
      if (socket.destroyed) return clearInterval(trickle);
      socket.write(' ');
      sent += 1;
    }, 200);
    const result = await withDeadline(closed, CUT_OFF_WITHIN_MS);
    clearInterval(trickle);
    expect(result).not.toBe('still open');
    expect(sent).toBeLessThan(10_000);
  });

  it('answers 408 and closes when the headers never finish', async () => {
    const { socket, closed } = await connect(port);
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const result = await withDeadline(closed, CUT_OFF_WITHIN_MS);
    expect(result).not.toBe('still open');
    if (result !== 'still open') expect(result.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still serves a client that sends its body in pieces within the limits', async () => {
    const { socket, closed } = await connect(port);
    const body = '{"title":"x"}';
    socket.write(`${head(body.length)}${body.slice(0, 5)}`);
    // A pause well inside the deadline (a fifth of it), so only a stalled machine could miss it.
    await new Promise((resolve) => setTimeout(resolve, BODY_MS / 5));
    socket.end(body.slice(5));
    const result = await withDeadline(closed, CUT_OFF_WITHIN_MS);
    expect(result).not.toBe('still open');
    // Anonymous, so the answer is the API's 401: the request itself got through.
    if (result !== 'still open') expect(result.received).toMatch(/^HTTP\/1\.1 401/);
  });
});
