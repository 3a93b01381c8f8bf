import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TestClient } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { account, session, user, verification } from './users.table.ts';

describe('DELETE /api/me', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = t.config.publicUrl;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses anything but DELETE typed exactly, and changes nothing', async () => {
    const { client, id } = await buildUser(t.app, origin);
    for (const confirmation of ['delete', 'DELETE ', '']) {
      const response = await client.request('DELETE', '/api/me', {
        confirmation,
        password: 'secret-pass-1',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'delete_confirmation_mismatch',
        field: 'confirmation',
        message: 'Account deletion cancelled. You must type "DELETE" exactly to confirm.',
      });
    }
    expect(await t.app.db.select({ id: user.id }).from(user).where(eq(user.id, id))).toHaveLength(
      1,
    );
  });

  it('needs the password, and the right one', async () => {
    const { client, id } = await buildUser(t.app, origin);
    const missing = await client.request('DELETE', '/api/me', { confirmation: 'DELETE' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: 'password_required',
      message: 'Please enter your password.',
    });
    const wrong = await client.request('DELETE', '/api/me', {
      confirmation: 'DELETE',
      password: 'wrong-one-1',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'invalid_password' });
    expect(await t.app.db.select({ id: user.id }).from(user).where(eq(user.id, id))).toHaveLength(
      1,
    );
  });

  it('deletes the account, its sessions everywhere and everything it owns, and signs out', async () => {
    const { client, email, password, id } = await buildUser(t.app, origin);
    const otherDevice = new TestClient(t.app, origin);
    expect((await otherDevice.signIn(email, password)).statusCode).toBe(200);
    const bystander = await buildUser(t.app, origin);

    const response = await client.request('DELETE', '/api/me', {
      confirmation: 'DELETE',
      password,
    });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(
      /teamshuffle\.session_token=; .*Max-Age=0/,
    );

    expect(await t.app.db.select().from(user).where(eq(user.id, id))).toEqual([]);
    expect(await t.app.db.select().from(session).where(eq(session.userId, id))).toEqual([]);
    expect(await t.app.db.select().from(account).where(eq(account.userId, id))).toEqual([]);
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
    expect((await otherDevice.get('/api/me')).json()).toEqual({ user: null });
    expect((await new TestClient(t.app, origin).signIn(email, password)).statusCode).toBe(401);
    // Someone else's account is untouched.
    expect((await bystander.client.get('/api/me')).statusCode).toBe(200);
    expect(await t.app.db.select().from(verification)).toBeDefined();
  });

  it('refuses anonymous callers', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { origin },
      payload: { confirmation: 'DELETE' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the e-mail verification gate on the server', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    // A route guarded like every workspace, result and notification route.
    t = await createTestApp({}, (app) => {
      app.get('/api/test/gated', { preHandler: app.requireVerifiedUser }, async (request) => ({
        userId: request.user?.id,
      }));
    });
    origin = t.config.publicUrl;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an unverified user with 403 email_not_verified', async () => {
    const { client } = await buildUser(t.app, origin, { verified: false });
    const me = await client.get('/api/me');
    expect(me.json().user).toMatchObject({ emailVerified: false, isVerified: false });
    const response = await client.get('/api/test/gated');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('email_not_verified');
  });

  it('lets a verified user through and refuses anonymous callers with 401', async () => {
    const { client, id } = await buildUser(t.app, origin);
    const response = await client.get('/api/test/gated');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: id });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/gated' })).statusCode).toBe(401);
  });
});
