// Retries repeat nothing (issue 23, decision 0015): a creating request sent again with the same
// Idempotency-Key gets the first answer and changes nothing; another request under the key is a
// 422; keys are per user; a concurrent repeat makes no second attempt; an expired key is free.
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client.ts';
import { buildCourse, buildCourseWork, type Course } from '../../test/course.ts';
import { buildAssignmentInput, buildNoteInput } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { multipartBody, pdfPart, type Part } from '../../test/multipart.ts';
import { rowsOf } from '../db/rows.ts';
import { canonicalJson, idempotencyHeaders, sweepExpiredKeys } from './idempotency.ts';

describe('Idempotency-Key on creating requests', () => {
  let t: TestApp;
  let c: Course;
  let noteId: string;
  let assignmentId: string;
  let flakyRuns = 0;
  let largeRuns = 0;
  beforeAll(async () => {
    t = await createTestApp(
      { AUTH_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000' },
      (app) => {
        // A creating route that fails with a 500 on its first run and works after.
        app.post(
          '/api/test/flaky',
          {
            onRequest: app.requireVerifiedUser,
            config: { idempotent: true },
            schema: { headers: idempotencyHeaders },
          },
          async (_request, reply) => {
            flakyRuns += 1;
            if (flakyRuns === 1) throw new Error('the first run fails');
            return reply.status(201).send({ run: flakyRuns });
          },
        );
        // A creating route whose answer is large enough to be compressed.
        app.post(
          '/api/test/large',
          {
            onRequest: app.requireVerifiedUser,
            config: { idempotent: true },
            schema: { headers: idempotencyHeaders },
          },
          async (_request, reply) => {
            largeRuns += 1;
            return reply.status(201).send({ run: largeRuns, text: 'x'.repeat(5000) });
          },
        );
      },
    );
    c = await buildCourse(t.app, t.config.publicUrl);
    ({ noteId, assignmentId } = await buildCourseWork(c));
  });
  afterAll(() => t.close());

  const taskUrl = () => `/api/workspaces/${c.workspaceId}/notes/${noteId}/submissions`;
  const assignmentUrl = () =>
    `/api/workspaces/${c.workspaceId}/assignments/${assignmentId}/submissions`;
  // A fresh multipart body each time (a new boundary, as a browser's retry makes), same parts.
  const upload = (client: TestClient, url: string, parts: Part[], key?: string) => {
    const { payload, headers } = multipartBody(parts);
    return client.request('POST', url, payload, {
      ...headers,
      ...(key ? { 'idempotency-key': key } : {}),
    });
  };
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: string | number }>(await t.app.db.execute(query))[0]!.n);
  const taskAttempts = () =>
    count(sql`select count(*) as n from task_submissions where note_id = ${noteId}`);
  const assignmentAttempts = () =>
    count(
      sql`select count(*) as n from assignment_submissions where assignment_id = ${assignmentId}`,
    );
  const filesOf = (userId: string) =>
    count(sql`select count(*) as n from files where uploader_id = ${userId}`);
  const usedBytes = async (client: TestClient) =>
    (await client.get('/api/me/storage')).json<{ usedBytes: number }>().usedBytes;
  /**
   * The stored blobs' keys. Compared as sets: an earlier test's leftovers may be collected in the
   * background meanwhile (the deletion queue), which a count would read as a missing new blob.
   */
  const storedBlobs = async () => {
    const keys = new Set<string>();
    for await (const stored of t.app.storage.list()) keys.add(stored.key);
    return keys;
  };
  const addedSince = (before: Set<string>, after: Set<string>) =>
    [...after].filter((key) => !before.has(key));
  const keyRows = () => count(sql`select count(*) as n from idempotency_keys`);

  for (const [name, url, attempts, parts] of [
    [
      'a task submission',
      taskUrl,
      taskAttempts,
      () => [{ name: 'description', value: 'Our plan' }, pdfPart('plan.pdf', 3000)],
    ],
    [
      'an assignment submission',
      assignmentUrl,
      assignmentAttempts,
      () => [{ name: 'notes', value: 'Draft 1' }, pdfPart('proposal.pdf', 5000)],
    ],
  ] as const) {
    it(`${name} sent twice with one key makes one attempt, one file, one charge and one answer`, async () => {
      const key = randomUUID();
      const [attemptsBefore, filesBefore, bytesBefore, blobsBefore] = [
        await attempts(),
        await filesOf(c.ids.leader),
        await usedBytes(c.leader),
        await storedBlobs(),
      ];
      const first = await upload(c.leader, url(), [...parts()], key);
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const charged = await usedBytes(c.leader);
      expect(charged).toBeGreaterThan(bytesBefore);
      const again = await upload(c.leader, url(), [...parts()], key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(await attempts()).toBe(attemptsBefore + 1);
      expect(await filesOf(c.ids.leader)).toBe(filesBefore + 1);
      expect(addedSince(blobsBefore, await storedBlobs())).toHaveLength(1);
      expect(await usedBytes(c.leader)).toBe(charged);

      // Another request under the same key (other bytes: another length) is refused, changing nothing.
      const other = await upload(c.leader, url(), [pdfPart('other.pdf', 9000)], key);
      expect(other.statusCode).toBe(422);
      expect(other.json()).toMatchObject({
        error: 'idempotency_key_reused',
        field: 'Idempotency-Key',
      });
      expect(await attempts()).toBe(attemptsBefore + 1);
      expect(await filesOf(c.ids.leader)).toBe(filesBefore + 1);
      expect(await usedBytes(c.leader)).toBe(charged);

      // A new key is a new action.
      const next = await upload(c.leader, url(), [...parts()], randomUUID());
      expect(next.statusCode).toBe(201);
      expect(await attempts()).toBe(attemptsBefore + 2);
    });
  }

  it('gives a concurrent repeat no second attempt', async () => {
    const key = randomUUID();
    const before = await assignmentAttempts();
    const parts = () => [pdfPart('race.pdf', 4000)];
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => upload(c.leader, assignmentUrl(), parts(), key)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // One ran; each other one either waited out nothing (409, the first still running) or came
    // after it and got its answer.
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().error).toBe('idempotency_request_in_progress');
    }
    expect(await assignmentAttempts()).toBe(before + 1);
    // Once it is done, a retry gets the first answer.
    const retry = await upload(c.leader, assignmentUrl(), parts(), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await assignmentAttempts()).toBe(before + 1);
  });

  it('frees the key after a 5xx, so the retry runs, and keeps the 2xx that follows', async () => {
    const key = randomUUID();
    const send = () =>
      c.owner.request('POST', '/api/test/flaky', { n: 1 }, { 'idempotency-key': key });
    const failed = await send();
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error).toBe('internal');
    const retried = await send();
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual({ run: 2 });
    const replayed = await send();
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual({ run: 2 });
    expect(flakyRuns).toBe(2);
  });

  it('keeps the answer as it was before compression, and replays it compressed as asked', async () => {
    const key = randomUUID();
    const send = (encoding: string) =>
      c.owner.request(
        'POST',
        '/api/test/large',
        { n: 1 },
        { 'idempotency-key': key, 'accept-encoding': encoding },
      );
    const first = await send('gzip');
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('gzip');
    const again = await send('br');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(
      gunzipSync(first.rawPayload).toString(),
    );
    expect(largeRuns).toBe(1);
  });

  describe('JSON bodies', () => {
    const notesUrl = () => `/api/workspaces/${c.workspaceId}/notes`;
    const noteCount = () =>
      count(sql`select count(*) as n from lecture_notes where workspace_id = ${c.workspaceId}`);
    const post = (client: TestClient, body: unknown, key: string, url = notesUrl()) =>
      client.request('POST', url, body, { 'idempotency-key': key });

    it('replays the first answer for the same body, whatever the order of its keys', async () => {
      const key = randomUUID();
      const before = await noteCount();
      const body = buildNoteInput({ title: 'Week 2' });
      const first = await post(c.owner, body, key);
      expect(first.statusCode).toBe(201);
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      const again = await post(c.owner, reordered, key);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(await noteCount()).toBe(before + 1);
    });

    it('refuses another body, another path or another method under the key with a 422', async () => {
      const key = randomUUID();
      const first = await post(c.owner, buildNoteInput({ title: 'Week 3' }), key);
      expect(first.statusCode).toBe(201);
      const before = await noteCount();
      const otherBody = await post(c.owner, buildNoteInput({ title: 'Week 4' }), key);
      expect(otherBody.statusCode).toBe(422);
      expect(otherBody.json()).toMatchObject({
        error: 'idempotency_key_reused',
        message:
          'This Idempotency-Key was already used for a different request. Use a new key for a new action.',
      });
      const otherPath = await post(
        c.owner,
        buildAssignmentInput(),
        key,
        `/api/workspaces/${c.workspaceId}/assignments`,
      );
      expect(otherPath.statusCode).toBe(422);
      expect(await noteCount()).toBe(before);
    });

    it('keeps keys per user: the same key from another user is their own', async () => {
      const key = randomUUID();
      const before = await noteCount();
      const mine = await post(c.owner, buildNoteInput({ title: 'Owner note' }), key);
      const theirs = await post(c.member, buildNoteInput({ title: 'Member note' }), key);
      expect(mine.statusCode).toBe(201);
      expect(theirs.statusCode).toBe(201);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
      expect(theirs.json().title).toBe('Member note');
      expect(await noteCount()).toBe(before + 2);
    });

    it('does not keep a refusal: the key is free for a retry that can pass', async () => {
      const key = randomUUID();
      const refused = await post(c.owner, { ...buildNoteInput(), week: 99 }, key);
      expect(refused.statusCode).toBe(400);
      const stranger = await post(c.stranger, buildNoteInput(), key);
      expect(stranger.statusCode).toBe(404);
      expect(await count(sql`select count(*) as n from idempotency_keys where key = ${key}`)).toBe(
        0,
      );
      // The same key, now with a body that passes, runs.
      const passed = await post(c.owner, buildNoteInput({ title: 'Second try' }), key);
      expect(passed.statusCode).toBe(201);
      expect(passed.headers['idempotent-replayed']).toBeUndefined();
    });

    it('answers a malformed key with 400 before anything else, and takes requests without one', async () => {
      const before = await noteCount();
      for (const key of ['short', 'has spaces in it', 'x'.repeat(129), 'ключ-ключ-ключ']) {
        const response = await post(c.owner, buildNoteInput(), key);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          error: 'idempotency_key_invalid',
          field: 'Idempotency-Key',
        });
      }
      // Before the access check: a stranger's malformed key is a 400 too, not the 404.
      expect((await post(c.stranger, buildNoteInput(), 'bad key')).statusCode).toBe(400);
      expect(await noteCount()).toBe(before);
      const without = await c.owner.post(notesUrl(), buildNoteInput({ title: 'No key' }));
      expect(without.statusCode).toBe(201);
    });

    it('frees a key after 24 h', async () => {
      const key = randomUUID();
      const before = await noteCount();
      expect((await post(c.owner, buildNoteInput({ title: 'Old' }), key)).statusCode).toBe(201);
      await t.app.db.execute(
        sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
      );
      const later = await post(c.owner, buildNoteInput({ title: 'New' }), key);
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(later.json().title).toBe('New');
      expect(await noteCount()).toBe(before + 2);
    });

    it('lets a repeat take over a key whose first request died with its instance', async () => {
      const key = randomUUID();
      const user = c.ids.owner;
      const fingerprint = 'of a request that never finished';
      await t.app.db.execute(
        sql`insert into idempotency_keys (user_id, key, fingerprint, created_at)
            values (${user}, ${key}, ${fingerprint}, now() - interval '2 hours')`,
      );
      const response = await post(c.owner, buildNoteInput({ title: 'After a crash' }), key);
      expect(response.statusCode).toBe(201);
      expect(response.json().title).toBe('After a crash');
    });

    it('answers 409 to a repeat while the first is still running', async () => {
      const key = randomUUID();
      const body = buildNoteInput({ title: 'Slow' });
      const first = await post(c.owner, body, key);
      expect(first.statusCode).toBe(201);
      // Put the record back to 'running', as it is while the first request runs.
      await t.app.db.execute(
        sql`update idempotency_keys set status = 'running' where key = ${key}`,
      );
      const repeat = await post(c.owner, body, key);
      expect(repeat.statusCode).toBe(409);
      expect(repeat.json().error).toBe('idempotency_request_in_progress');
      expect(repeat.headers['retry-after']).toBe('1');
    });

    // The record is in the database: an instance behind the same load balancer answers the repeat.
    it.runIf(process.env.TEST_DATABASE_URL)('holds across instances on one database', async () => {
      const other = await t.anotherInstance();
      try {
        const key = randomUUID();
        const before = await noteCount();
        const body = buildNoteInput({ title: 'Two instances' });
        const first = await post(c.owner, body, key);
        expect(first.statusCode).toBe(201);
        const twin = new TestClient(other.app, t.config.publicUrl);
        for (const [name, value] of c.owner.cookies) twin.cookies.set(name, value);
        const again = await post(twin, body, key);
        expect(again.statusCode).toBe(201);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.json()).toEqual(first.json());
        expect(await noteCount()).toBe(before + 1);
      } finally {
        await other.close();
      }
    });

    it('sweeps keys older than 24 h and keeps the others', async () => {
      const old = randomUUID();
      expect((await post(c.owner, buildNoteInput({ title: 'Swept' }), old)).statusCode).toBe(201);
      await t.app.db.execute(
        sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${old}`,
      );
      const before = await keyRows();
      await sweepExpiredKeys(t.app.db);
      expect(await keyRows()).toBe(before - 1);
      expect(await count(sql`select count(*) as n from idempotency_keys where key = ${old}`)).toBe(
        0,
      );
    });
  });

  it('writes object keys in one order at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: undefined, b: 'x' })).toBe('{"b":"x"}');
  });
});
