// A cached JSON answer sent compressed as the client takes it, each compressed copy made once per
// cached body. Without it @fastify/compress compressed the same 181 kB gradebook (or a section)
// again on every browser request: brotli's CPU on each GET, more than the cached answer saved.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preparedJson } from '../db/versioned-cache.ts';
import { type Encoding, compress, encodingFor } from './web-html.ts';

/** Below this, an answer is sent as it is (as @fastify/compress's threshold does). */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Compressed copies by the body they were made from: a cached entry keeps its Buffer, so its
 * copies live exactly as long as it does (a body evicted from its cache takes them along).
 */
const copiesOf = new WeakMap<Buffer, Map<Encoding, Promise<Buffer>>>();

function copyOf(body: Buffer, encoding: Encoding): Promise<Buffer> {
  let copies = copiesOf.get(body);
  if (!copies) {
    copies = new Map();
    copiesOf.set(body, copies);
  }
  let copy = copies.get(encoding);
  if (!copy) {
    // 'quick': made on the first request after a change, which waits for it.
    copy = compress(body, encoding, 'quick');
    // A copy that failed is made again next time, not kept as a failure.
    copy.catch(() => copies.delete(encoding));
    copies.set(encoding, copy);
  }
  return copy;
}

/**
 * `body` (UTF-8 JSON, usually a cache entry's) for `reply`, typed as the route's response:
 * compressed as the request accepts (brotli, else gzip), the copy made once per body, with
 * `content-encoding` set so @fastify/compress leaves it alone; as it is otherwise.
 */
export async function preparedJsonFor<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
): Promise<T> {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding =
    body.byteLength >= MIN_COMPRESSED_BYTES
      ? encodingFor(request.headers['accept-encoding'])
      : null;
  if (encoding === null) return preparedJson<T>(body);
  const copy = await copyOf(body, encoding);
  reply.header('content-encoding', encoding);
  return preparedJson<T>(copy);
}
