import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compressPlugin from '@fastify/compress';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preparedJsonFor } from './prepared-json.ts';
import * as webHtml from './web-html.ts';
import type * as WebHtml from './web-html.ts';

vi.mock('./web-html.ts', async (importOriginal) => {
  const original = await importOriginal<typeof WebHtml>();
  return { ...original, compress: vi.fn(original.compress) };
});

// A cached answer: the same Buffer on every request, as a cache entry keeps it.
const big = Buffer.from(
  JSON.stringify({ rows: Array.from({ length: 400 }, (_, i) => ({ name: `Member ${i}` })) }),
);
const small = Buffer.from(JSON.stringify({ ok: true }));

describe('preparedJsonFor', () => {
  const app = Fastify();

  beforeAll(async () => {
    // As the app registers it: it must leave an answer that is compressed already alone.
    await app.register(compressPlugin, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
    app.get('/big', async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await preparedJsonFor(request, reply, big)),
    );
    // A fresh Buffer each time, of the same bytes.
    app.get('/fresh', async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await preparedJsonFor(request, reply, Buffer.from(big))),
    );
    app.get('/small', async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await preparedJsonFor(request, reply, small)),
    );
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => vi.mocked(webHtml.compress).mockClear());

  it('sends brotli, made once for a cached body, that decodes to the same JSON', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } }),
      );
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toContain('Accept-Encoding');
      expect(brotliDecompressSync(answer.rawPayload).equals(big)).toBe(true);
    }
    expect(answers[0]!.rawPayload.byteLength).toBeLessThan(big.byteLength / 4);
    expect(webHtml.compress).toHaveBeenCalledTimes(1);
  });

  it('sends gzip to a client that takes only gzip, and nothing encoded to one that takes none', async () => {
    const gzipped = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).equals(big)).toBe(true);
    const plain = await app.inject({ url: '/big', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(big)).toBe(true);
    const refused = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.payload)).toEqual(JSON.parse(big.toString()));
  });

  it('compresses a new body again, and leaves a small one as it is', async () => {
    const headers = { 'accept-encoding': 'br' };
    await app.inject({ url: '/fresh', headers });
    await app.inject({ url: '/fresh', headers });
    expect(webHtml.compress).toHaveBeenCalledTimes(2);
    const tiny = await app.inject({ url: '/small', headers });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toEqual({ ok: true });
  });
});
