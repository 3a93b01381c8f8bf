// Regression tests for the hostile inputs of issue 9, each reproduced as the outside probe sent
// it: every one answered 5xx (or 414) before, and must now answer 400 in the API's error shape
// and change nothing.
import { apiErrorBody, TEXT_MESSAGES } from '@teamshuffle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TestClient, uniqueEmail } from '../../test/client.ts';
import { buildSnapshot } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { findRefusedText, jsonNestsDeeperThan, MAX_JSON_DEPTH } from './input.ts';

function nestedArrays(depth: number, inner = '0'): string {
  return `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
}

describe('the input floor, as functions', () => {
  it('measures nesting without parsing, ignoring brackets inside strings', () => {
    expect(jsonNestsDeeperThan(nestedArrays(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(nestedArrays(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(100)}\\"["}`, 2)).toBe(false);
  });

  it('finds refused characters in values and keys at any depth', () => {
    expect(findRefusedText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(findRefusedText({ 'k\u202e': 1 })).toBe('k\u202e');
    expect(findRefusedText({ text: 'line\nnext\ttab', other: 3 })).toBeNull();
  });
});

describe('hostile input over HTTP', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  let workspaceId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await buildUser(t.app, t.config.publicUrl);
    const created = await owner.client.post('/api/workspaces', {
      title: 'Hostile',
      snapshot: buildSnapshot(6, 2),
    });
    expect(created.statusCode).toBe(201);
    workspaceId = created.json().workspace.id;
  });
  afterAll(() => t.close());

  function expectBadRequest(response: { statusCode: number; json: () => unknown }) {
    expect(response.statusCode).toBe(400);
    expect(apiErrorBody.safeParse(response.json()).success).toBe(true);
  }

  it('refuses NUL in a path parameter, anonymous (was 500)', async () => {
    const response = await t.app.inject({ url: '/api/workspaces/by-slug/%00' });
    expectBadRequest(response);
  });

  it('refuses NUL in a query string (was 500)', async () => {
    expectBadRequest(await owner.client.get('/api/workspaces?user=%00'));
  });

  it('refuses NUL in a new title and keeps the old one (was 500)', async () => {
    const response = await owner.client.request('PATCH', `/api/workspaces/${workspaceId}`, {
      title: 'a\u0000b',
    });
    expectBadRequest(response);
    expect((await owner.client.get(`/api/workspaces/${workspaceId}`)).json().title).toBe('Hostile');
  });

  it.each([
    ['the title', { title: 'a\u0000b', snapshot: buildSnapshot(4, 2) }],
    [
      'a member name',
      (() => {
        const snapshot = buildSnapshot(4, 2);
        snapshot.members[0]!.name = 'Kim\u0000';
        return { title: 'Members', snapshot };
      })(),
    ],
    ['the seed', { title: 'Seed', snapshot: { ...buildSnapshot(4, 2), seed: 'se\u0000ed' } }],
  ])('refuses NUL in %s of a result and of Create Team (was 500)', async (_what, body) => {
    expectBadRequest(await owner.client.post('/api/results', body));
    expectBadRequest(await owner.client.post('/api/workspaces', body));
    expect((await owner.client.get('/api/results')).json()).toHaveLength(1);
  });

  it('refuses deeply nested JSON before Better Auth sees it (was a stack overflow)', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: `{"email":"a@example.com","password":"secret-pass-1","extra":${nestedArrays(5000)}}`,
    });
    expectBadRequest(signIn);
    const email = uniqueEmail('deep');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
      payload: `{"email":"${email}","password":"secret-pass-1","name":${nestedArrays(100_000, '"x"')}}`,
    });
    expectBadRequest(signUp);
    // The app's own routes answer the same bodies the same way.
    const own = await owner.client.request('POST', '/api/results', undefined, {
      'content-type': 'application/json',
    });
    expect(own.statusCode).toBe(400);
    const deepOwn = await t.app.inject({
      method: 'POST',
      url: '/api/results',
      headers: {
        origin: t.config.publicUrl,
        cookie: owner.client.cookieHeader(),
        'content-type': 'application/json',
      },
      payload: `{"title":${nestedArrays(5000)}}`,
    });
    expectBadRequest(deepOwn);
  });

  it('refuses the same workspace twice in one order (was 500)', async () => {
    const response = await owner.client.request('PUT', '/api/workspaces/order', {
      items: [
        { workspaceId, teamNumber: 1 },
        { workspaceId, teamNumber: 2 },
      ],
    });
    expectBadRequest(response);
    expect(response.json().message).toContain('only once');
  });

  it('answers an over-long path parameter with 400 naming it (was 414)', async () => {
    const response = await t.app.inject({ url: `/api/workspaces/${'a'.repeat(150)}` });
    expectBadRequest(response);
    expect(response.json().field).toBe('id');
    const absurd = await t.app.inject({ url: `/api/workspaces/${'a'.repeat(5000)}` });
    expectBadRequest(absurd);
    const badEscape = await t.app.inject({ url: '/api/workspaces/%E0%A4%A' });
    expectBadRequest(badEscape);
  });

  describe('text that is too long or not what it looks like (issue 9, item 4)', () => {
    it('bounds a display name (a 999,960-character one was accepted)', async () => {
      const client = new TestClient(t.app, t.config.publicUrl);
      const response = await client.signUp(uniqueEmail(), 'secret-pass-1', 'x'.repeat(999_960));
      expect(response.statusCode).toBe(400);
      const tooLong = await client.signUp(uniqueEmail(), 'secret-pass-1', 'x'.repeat(101));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({ error: 'validation_failed', field: 'name' });
    });

    it.each([
      ['zero-width spaces only', '\u200b\u200b\u200b', 'Please enter a name'],
      ['a right-to-left override', 'abc\u202Egnp.exe', TEXT_MESSAGES.bad_characters],
      ['C0 control characters', 'a\u0001\u0002b', TEXT_MESSAGES.bad_characters],
    ])('refuses a title of %s', async (_what, title, message) => {
      const response = await owner.client.post('/api/results', {
        title,
        snapshot: buildSnapshot(4, 2),
      });
      expectBadRequest(response);
      expect(response.json().message).toContain(message);
    });

    it('refuses a display name that is invisible or reversed', async () => {
      for (const name of ['\u200b', 'evil\u202Etxt.exe', 'a\u0000']) {
        const response = await new TestClient(t.app, t.config.publicUrl).signUp(
          uniqueEmail(),
          'secret-pass-1',
          name,
        );
        expect(response.statusCode).toBe(400);
      }
    });

    it('stores names in NFC, so the same name is the same text', async () => {
      const decomposed = 'Cafe\u0301';
      const response = await owner.client.post('/api/results', {
        title: decomposed,
        snapshot: buildSnapshot(4, 2),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().title).toBe('Caf\u00e9');
    });
  });
});
