import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { asBuffer, ownBytes } from './bytes.ts';

describe('bytes crossing to and from a worker', () => {
  it("sends a small Buffer's own bytes, not the shared pool it is a slice of", () => {
    const small = Buffer.from('{"members":[]}');
    expect(small.buffer.byteLength).toBeGreaterThan(small.byteLength);
    const sent = ownBytes(small);
    expect(sent.buffer.byteLength).toBe(small.byteLength);
    expect(Buffer.from(sent).toString()).toBe('{"members":[]}');
    const zipped = gzipSync(small);
    expect(ownBytes(zipped).buffer.byteLength).toBe(zipped.byteLength);
  });

  it('sends bytes that span their memory as they are, and reads them back without a copy', () => {
    const whole = new Uint8Array([1, 2, 3]);
    expect(ownBytes(whole)).toBe(whole);
    const view = new Uint8Array(new ArrayBuffer(8), 2, 3);
    view.set([7, 8, 9]);
    const read = asBuffer(view);
    expect([...read]).toEqual([7, 8, 9]);
    read[0] = 6;
    expect(view[0]).toBe(6);
  });
});
