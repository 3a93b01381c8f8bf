// Bytes crossing between the event loop and a worker thread (structured clone): a Node Buffer
// arrives as a plain Uint8Array, and a view is sent with the whole ArrayBuffer under it.

/**
 * `bytes` to send from a worker: itself when it spans its memory, else a copy of just its bytes
 * (a small Buffer is a slice of Node's shared 8 kB pool, zlib's output of a 16 kB chunk: sent as
 * it is, the rest of that memory would be copied across, and kept while the bytes are).
 */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);
}

/** Bytes a worker sent, as a Buffer over the same memory (no copy). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
