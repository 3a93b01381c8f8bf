import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports the app and the database as up', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'ok',
      database: { status: 'up', driver: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
    });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(typeof body.database.latencyMs).toBe('number');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 with the database down, and says so', async () => {
    const broken = await createTestApp();
    try {
      // Close the connection under the running app: the next query fails for real.
      const client = (
        broken.app.db as unknown as {
          $client: { close?: () => Promise<void>; end?: () => Promise<void> };
        }
      ).$client;
      await (client.close?.() ?? client.end?.());
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: 'degraded',
        database: { status: 'down', latencyMs: null },
      });
    } finally {
      await broken.close().catch(() => {});
    }
  });
});
