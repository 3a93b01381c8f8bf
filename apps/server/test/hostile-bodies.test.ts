// The hostile-input suite, for bodies (issue 23, decision 0018): every operation of the OpenAPI
// document, the course half's included (notes, submissions, assignments, evaluations, files,
// notifications, workspaces), with real ids of a course so the request gets as far as it can.
// A JSON body that is not the object the operation takes (null, an array, a number, a string, a
// boolean, or a multipart, text or form body) is a 400 `body_not_object` before any access check
// or handler reads it; an object of the wrong shape is a 4xx (400 where the ids are real); an
// upload cut off before its closing boundary is a 400 `upload_malformed`. Never a 5xx, always the
// `{ error, message }` contract. A fixed list of inputs per operation: bounded, no randomness.
import { apiErrorBody } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '../src/db/rows.ts';
import { type Course, buildCourse } from './course.ts';
import { buildAssignmentInput, buildNoteInput, buildTaskInput } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { fileOf, multipartBody } from './multipart.ts';
import { type JsonSchema, type Operation, operationsOf } from './openapi-arbitrary.ts';

const errorContract = z.strictObject(apiErrorBody.shape);

type Body = { label: string; contentType: string; payload: string | Buffer };

const json = (label: string, text: string): Body => ({
  label,
  contentType: 'application/json',
  payload: text,
});

/** Bodies that are not a JSON object, under a JSON type or another one. */
function notAnObject(): Body[] {
  const multipart = multipartBody([{ name: 'title', value: 'Week 1' }]);
  return [
    json('null', 'null'),
    json('an empty array', '[]'),
    json('an array of an object', '[{"title":"x"}]'),
    json('a number', '42'),
    json('a negative float', '-1.5e300'),
    json('a string', '"title"'),
    json('true', 'true'),
    {
      label: 'a multipart body',
      contentType: multipart.headers['content-type']!,
      payload: multipart.payload,
    },
    { label: 'a text body', contentType: 'text/plain', payload: '{"title":"x"}' },
  ];
}

/** The schema's properties (following one $ref), or none. */
function propertiesOf(operation: Operation, schema: JsonSchema): string[] {
  const resolved = schema.$ref ? (operation.resolve(schema.$ref) ?? schema) : schema;
  return Object.keys(resolved.properties ?? {});
}

function takesObject(operation: Operation): boolean {
  const schema = operation.body?.schema;
  if (!schema) return false;
  const resolved = schema.$ref ? operation.resolve(schema.$ref) : schema;
  return resolved?.type === 'object' || resolved?.properties !== undefined;
}

describe('hostile bodies on every operation', () => {
  let t: TestApp;
  let course: Course;
  let ids: Record<string, string>;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    course = await buildCourse(t.app, t.config.publicUrl);
    const base = `/api/workspaces/${course.workspaceId}`;
    const note = await course.owner.post(
      `${base}/notes`,
      buildNoteInput({ task: buildTaskInput() }),
    );
    expect(note.statusCode, note.body).toBe(201);
    const published = await course.owner.request('PATCH', `${base}/notes/${note.json().id}`, {
      isPublished: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    const assignment = await course.owner.post(`${base}/assignments`, buildAssignmentInput());
    expect(assignment.statusCode, assignment.body).toBe(201);
    const noteId = note.json<{ id: string }>().id;
    const assignmentId = assignment.json<{ id: string }>().id;
    ids = {
      id: course.workspaceId,
      workspaceId: course.workspaceId,
      noteId,
      assignmentId,
      teamId: course.team1.id,
      memberId: course.team1.memberIds[1]!,
    };
    const document = await t.app.inject({ url: '/api/docs/json' });
    operations = operationsOf(document.json()).filter((operation) => operation.method !== 'GET');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The operation's URL with real ids where the course has them; whether all of them were real. */
  function urlOf(operation: Operation): { url: string; isReal: boolean } {
    let isReal = true;
    const url = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
      const real = ids[name];
      if (real) return real;
      isReal = false;
      return crypto.randomUUID();
    });
    return { url, isReal };
  }

  function send(
    operation: Operation,
    url: string,
    body: Body,
    cookie = course.owner.cookieHeader(),
  ) {
    return t.app.inject({
      method: operation.method,
      url,
      headers: { origin: t.config.publicUrl, cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  it('reads the course half from the document', () => {
    const paths = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/workspaces/{id}/notes',
        'PATCH /api/workspaces/{id}/notes/{noteId}',
        'POST /api/workspaces/{id}/notes/{noteId}/evaluations',
        'POST /api/workspaces/{id}/assignments',
        'POST /api/workspaces/{id}/assignments/{assignmentId}/evaluations/bulk',
        'PATCH /api/workspaces/{id}',
        'POST /api/notifications/read-all',
      ]),
    );
    expect(operations.filter(takesObject).length).toBeGreaterThan(15);
  });

  it('answers a body that is not a JSON object with 400 on every operation that takes one, before any access check', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter(takesObject)) {
      const { url } = urlOf(operation);
      for (const body of notAnObject()) {
        // The owner, and a stranger whom the access check would refuse: the body is judged first.
        for (const [who, cookie] of [
          ['owner', course.owner.cookieHeader()],
          ['stranger', course.stranger.cookieHeader()],
        ] as const) {
          const response = await send(operation, url, body, cookie);
          const parsed = errorContract.safeParse(response.json());
          if (
            response.statusCode !== 400 ||
            !parsed.success ||
            parsed.data.error !== 'body_not_object'
          ) {
            failures.push(
              `${operation.method} ${operation.path} [${who}] with ${body.label}: ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('answers a multipart body on a route that takes no upload (Better Auth, no body) with 400', async () => {
    const multipart = multipartBody([{ name: 'email', value: 'ann@example.com' }]);
    const body: Body = {
      label: 'a multipart body',
      contentType: multipart.headers['content-type']!,
      payload: multipart.payload,
    };
    for (const path of [
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/auth/update-user',
      '/api/notifications/read-all',
    ]) {
      const operation = { method: 'POST', path } as Operation;
      const response = await send(operation, path, body);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ error: 'body_not_object' });
    }
  });

  it('answers an object of the wrong shape with a 4xx on every operation (400 where its ids are real)', async () => {
    const failures: string[] = [];
    for (const operation of operations.filter(takesObject)) {
      const { url, isReal } = urlOf(operation);
      const keys = propertiesOf(operation, operation.body!.schema);
      const wrong = Object.fromEntries(
        (keys.length > 0 ? keys : ['unexpected']).map((key) => [key, [[{ a: null }]]]),
      );
      const body = json('every property an array of arrays', JSON.stringify(wrong));
      const response = await send(operation, url, body);
      const isContract = errorContract.safeParse(response.json()).success;
      const isExpected = isReal
        ? response.statusCode === 400
        : response.statusCode >= 400 && response.statusCode < 500;
      if (!isExpected || !isContract) {
        failures.push(
          `${operation.method} ${operation.path} with ${body.label}: ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('answers an upload cut off before its closing boundary with 400 on every upload route, and keeps no claim', async () => {
    const uploads = operations.filter(
      (operation) =>
        operation.method === 'POST' &&
        !operation.body &&
        /\/(attachments|submissions)$/.test(operation.path),
    );
    expect(uploads.map((operation) => operation.path)).toEqual(
      expect.arrayContaining([
        '/api/workspaces/{id}/notes/{noteId}/attachments',
        '/api/workspaces/{id}/notes/{noteId}/submissions',
        '/api/workspaces/{id}/assignments/{assignmentId}/submissions',
      ]),
    );
    const whole = multipartBody([
      { name: 'files', filename: 'work.pdf', data: fileOf('pdf', 100_000) },
    ]);
    const cut = whole.payload.subarray(0, whole.payload.lastIndexOf(Buffer.from('\r\n--')));
    const failures: string[] = [];
    for (const operation of uploads) {
      const { url } = urlOf(operation);
      // The owner attaches to notes; team 1's leader hands in the team's work.
      const client = operation.path.endsWith('attachments') ? course.owner : course.leader;
      const response = await send(
        operation,
        url,
        { label: 'cut', contentType: whole.headers['content-type']!, payload: cut },
        client.cookieHeader(),
      );
      const body = errorContract.safeParse(response.json());
      if (response.statusCode !== 400 || !body.success || body.data.error !== 'upload_malformed')
        failures.push(`${operation.path}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      for (const bad of [json('null', 'null'), json('an array', '[]')]) {
        const refused = await send(operation, url, bad, client.cookieHeader());
        if (refused.statusCode < 400 || refused.statusCode >= 500)
          failures.push(`${operation.path} with ${bad.label}: ${refused.statusCode}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    const claims = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from storage_reservations`),
    );
    expect(claims[0]!.n).toBe(0);
  });
});
