import { AppError } from '@teamshuffle/domain';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { systemMeta } from '../modules/system/system.table.ts';

// Routes that exist only in this test, to drive each branch of the one error handler.
function addProbeRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/test/echo',
    {
      schema: {
        body: z.object({
          title: z.string().trim().min(1, 'Please enter a title'),
          week: z.number().int().min(1).max(20),
        }),
      },
    },
    async (request) => request.body,
  );
  typed.get('/api/test/crash', async () => {
    throw new Error('connection string postgres://admin:secret@10.0.0.1 leaked');
  });
  typed.get('/api/test/app-error', async () => {
    throw new AppError('visibility_owner_only');
  });
  typed.post('/api/test/check-violation', async () => {
    await app.db.insert(systemMeta).values({ id: 2 });
    return { ok: true };
  });
  typed.post('/api/test/unique-violation', async () => {
    await app.db.insert(systemMeta).values({ id: 1 });
    return { ok: true };
  });
}

describe('the error handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, addProbeRoutes);
  });
  afterAll(async () => {
    await t.close();
  });
  // As the app's own page sends them: state-changing requests say where they come from.
  const send = (options: InjectOptions) =>
    t.app.inject({
      ...options,
      headers: { origin: t.config.publicUrl, ...(options.headers as Record<string, string>) },
    });

  it('answers an unknown API path with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await send({ method, url: '/api/does-not-exist' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: 'route_not_found', message: expect.any(String) });
    }
  });

  it('answers bad input with 400, the field and the schema message', async () => {
    const response = await send({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: '   ', week: 3 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'validation_failed',
      field: 'title',
      message: 'title: Please enter a title',
    });

    const week = await send({
      method: 'POST',
      url: '/api/test/echo',
      payload: { title: 'Week', week: 21 },
    });
    expect(week.statusCode).toBe(400);
    expect(week.json()).toMatchObject({ error: 'validation_failed', field: 'week' });
  });

  it('answers malformed JSON and a wrong content type with 4xx, not 500', async () => {
    const malformed = await send({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('validation_failed');

    const wrongType = await send({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error).toBe('unsupported_media_type');
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await send({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024), week: 1 }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('payload_too_large');
  });

  it('turns a thrown AppError into its catalogue status and message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'visibility_owner_only',
      message: 'Only workspace owners can change visibility settings',
    });
  });

  it('turns database constraint violations into 422 and 409 and changes nothing', async () => {
    const check = await send({ method: 'POST', url: '/api/test/check-violation' });
    expect(check.statusCode).toBe(422);
    expect(check.json().error).toBe('rule_broken');
    const unique = await send({ method: 'POST', url: '/api/test/unique-violation' });
    expect(unique.statusCode).toBe(409);
    expect(unique.json().error).toBe('conflict');
    const rows = await t.app.db.select().from(systemMeta);
    expect(rows.map((row) => row.id)).toEqual([1]);
  });

  it('hides the internals of an unexpected error behind a 500 with the request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toEqual({
      error: 'internal',
      message: 'An unexpected error occurred',
      requestId: response.headers['x-request-id'],
    });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('stack');
  });
});
