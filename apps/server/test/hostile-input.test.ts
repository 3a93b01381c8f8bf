// The hostile-input suite (issue 9): every operation of the OpenAPI document, and the Better
// Auth endpoints it hides, receives generated valid-shaped and hostile requests, anonymous and
// signed in. No answer may be a 5xx, and every error body must be the API's `{ error, message }`.
//
// Bounded by runs, not by time: each check has a fixed number of runs and a fixed seed (derived
// from the operation, the kind of input and who asks), so a failure replays on every run of the
// suite. fc.check rather than fc.assert: one failing operation must not hide the others, so the
// shrunk counterexample of every failing check is collected and reported together.
import { apiErrorBody } from '@teamshuffle/domain';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildUser } from './client.ts';
import {
  buildAssignmentInput,
  buildNoteInput,
  buildSnapshot,
  buildTaskInput,
  type WorkspaceDetailBody,
} from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import {
  controlText,
  deepArrayText,
  deepObjectText,
  type GeneratedRequest,
  HOSTILE_KINDS,
  type HostileKind,
  hostileRequest,
  type JsonSchema,
  longText,
  type Operation,
  operationsOf,
  requestParts,
  toRequest,
  unicodeText,
} from './openapi-arbitrary.ts';

type Auth = 'anonymous' | 'signed in';
const AUTHS: readonly Auth[] = ['anonymous', 'signed in'];
type InputKind = 'valid-shaped' | HostileKind;

// Runs per operation, per kind of input, per anonymous/signed in: about 5,000 requests in all.
// Raise them locally to search harder (the seeds stay fixed, so a failure found replays).
// Most API requests take a millisecond or two; the Better Auth endpoints hash passwords and a
// megabyte body takes longer, so those get fewer runs.
const RUNS: Record<InputKind, number> = {
  'valid-shaped': 20,
  'control characters': 16,
  unicode: 10,
  'long strings': 8,
  'deep nesting': 6,
  'wrong types': 10,
  'huge numbers': 8,
  duplicates: 10,
  'unknown fields': 8,
  malformed: 10,
};
/**
 * The time a pass over every operation may take: its runs times the operations times a request's
 * worst time on a loaded 2-core machine (about 10 ms alone; 37 s for the valid-shaped pass at load
 * 11 with about 120 operations). The operations are counted against MAX_OPERATIONS, so the bound
 * grows with the API only by raising it here.
 */
const MAX_OPERATIONS = 200;
const WORST_MS_PER_REQUEST = 40;
const everyOperationTimeout = (runs: number) =>
  Math.max(30_000, runs * MAX_OPERATIONS * WORST_MS_PER_REQUEST);

const AUTH_RUNS: Record<HostileKind, number> = {
  'control characters': 8,
  unicode: 6,
  'long strings': 6,
  'deep nesting': 4,
  'wrong types': 6,
  'huge numbers': 6,
  duplicates: 6,
  'unknown fields': 6,
  malformed: 6,
};
const BASE_SEED = 0x9e3779b9;

// The API's error contract: exactly `{ error, message }` (and the catalogue's optional `field`),
// with a stable snake_case id. Fastify's own default body (`statusCode`, `code`, `error: 'Bad
// Request'`) has the two keys too but is not this contract, so the schema is strict.
const errorContract = z
  .strictObject(apiErrorBody.shape)
  .refine((body) => /^[a-z][a-z0-9_]*$/.test(body.error), 'error is not a snake_case id');

/** FNV-1a: a stable 32-bit seed per check, independent of the order checks run in. */
function seedOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash ^ BASE_SEED) | 0;
}

// Characters JSON.stringify leaves as they are but a terminal does not show: DEL, C1 controls,
// zero-width and bidi characters, noncharacters.
const INVISIBLE =
  /[\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff\ufff0-\uffff]/g;

/** Text for a report: every control or invisible character as a \u escape, and cut short. */
function excerpt(text: string | undefined, length = 300): string {
  if (text === undefined) return '(none)';
  const cut = text.length > length ? `${text.slice(0, length)}... (${text.length} chars)` : text;
  return JSON.stringify(cut).replace(
    INVISIBLE,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** What is wrong with an answer, or undefined when it keeps the contract. */
function problemWith(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (response.statusCode < 400) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    return `answered ${response.statusCode} with an error body that is not JSON`;
  }
  const checked = errorContract.safeParse(parsed);
  if (!checked.success)
    return `answered ${response.statusCode} with an error body that is not { error, message } (${checked.error.issues[0]?.message ?? 'invalid'})`;
  return undefined;
}

type Fixtures = {
  cookie: string;
  userId: string;
  email: string;
  workspaceId: string;
  slug: string;
  teamIds: string[];
  memberIds: string[];
  resultId: string;
  /** A lecture note with a team task, and an assignment: the course half's ids (issue 23). */
  noteId: string;
  assignmentId: string;
};

const MEMBER_NAMES = ['Ann', 'Bo', 'Chen', 'Dara', 'Eli', 'Fay', 'Gus', 'Hana'];

/**
 * Snapshots the server accepts (the groups are the engine's draw of the seed), with `text` in
 * member names and the seed: JSON Schema cannot say "faithful", and a hostile name inside an
 * unfaithful snapshot would be refused before it reached the database.
 */
function faithfulSnapshot(text: fc.Arbitrary<string>) {
  const name = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...MEMBER_NAMES) }, text);
  return fc
    .record({
      names: fc.array(name, { minLength: 2, maxLength: 8 }),
      teams: fc.integer({ min: 2, max: 3 }),
      seed: fc.oneof(fc.constant('seed-1'), text),
    })
    .map(({ names, teams, seed }) => {
      const members = names.map((memberName, index) => ({ id: `m${index + 1}`, name: memberName }));
      const teamCount = Math.min(teams, names.length);
      try {
        return buildSnapshot(names.length, teamCount, { members, seed });
      } catch {
        // The engine refuses this seed, so no faithful draw exists: send the seed anyway with a
        // draw of another one, and the server has to refuse it just as calmly.
        return { ...buildSnapshot(names.length, teamCount, { members }), seed };
      }
    });
}

const plainText = fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme-ascii' });

/** The text that kind of input puts into member names and seeds of generated snapshots. */
function snapshotText(kind: InputKind): fc.Arbitrary<string> {
  switch (kind) {
    case 'control characters':
      return controlText;
    case 'unicode':
      return unicodeText;
    case 'long strings':
      return longText;
    default:
      return plainText;
  }
}

/** Values of the test's own data, by the name of the parameter or property that takes them. */
function knownValues(
  fixtures: Fixtures,
  kind: InputKind,
  operation: Operation,
): Record<string, fc.Arbitrary<unknown>> {
  const isResult = operation.path.startsWith('/api/results');
  return {
    id: fc.constant(isResult ? fixtures.resultId : fixtures.workspaceId),
    workspaceId: fc.constant(fixtures.workspaceId),
    resultId: fc.constant(fixtures.resultId),
    teamId: fc.constantFrom(...fixtures.teamIds),
    noteId: fc.constant(fixtures.noteId),
    assignmentId: fc.constant(fixtures.assignmentId),
    memberId: fc.constantFrom(...fixtures.memberIds),
    slug: fc.constant(fixtures.slug),
    user: fc.constant(fixtures.userId),
    snapshot: faithfulSnapshot(snapshotText(kind)),
    confirmation: fc.constant('DELETE'),
    email: fc.constant(fixtures.email),
    callbackURL: fc.constant('/app'),
    redirectTo: fc.constant('/reset-password'),
  };
}

/** Operations for the Better Auth endpoints the document hides, with the bodies they take. */
function authOperation(path: string, schema: JsonSchema): Operation {
  return {
    method: 'POST',
    path,
    pathParams: [],
    query: [],
    body: { schema, required: true },
    resolve: () => undefined,
  };
}
const email: JsonSchema = { type: 'string', format: 'email', maxLength: 254 };
const password: JsonSchema = { type: 'string', minLength: 8, maxLength: 128 };
const AUTH_OPERATIONS: readonly Operation[] = [
  authOperation('/api/auth/sign-in/email', {
    type: 'object',
    properties: {
      email,
      password,
      rememberMe: { type: 'boolean' },
      callbackURL: { type: 'string' },
    },
    required: ['email', 'password'],
  }),
  authOperation('/api/auth/sign-up/email', {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      email,
      password,
      callbackURL: { type: 'string' },
    },
    required: ['name', 'email', 'password'],
  }),
  authOperation('/api/auth/request-password-reset', {
    type: 'object',
    properties: { email, redirectTo: { type: 'string' } },
    required: ['email'],
  }),
  authOperation('/api/auth/reset-password', {
    type: 'object',
    properties: { newPassword: password, token: { type: 'string', minLength: 1, maxLength: 64 } },
    required: ['newPassword', 'token'],
  }),
  authOperation('/api/auth/phone-number/send-otp', {
    type: 'object',
    properties: { phoneNumber: { type: 'string', pattern: '^\\+[1-9][0-9]{6,14}$' } },
    required: ['phoneNumber'],
  }),
  authOperation('/api/auth/update-user', {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      image: { type: 'string', format: 'uri', nullable: true },
    },
  }),
];

describe('hostile input', () => {
  let t: TestApp;
  let origin: string;
  let operations: Operation[];
  let fixtures: Fixtures;
  let isStale = false;
  let fixtureCount = 0;

  async function inject(request: GeneratedRequest, auth: Auth) {
    const headers: Record<string, string> = {};
    // As a browser on the app's page: state-changing requests carry the app's origin, so they
    // are not refused as cross-site before they reach validation.
    if (request.method !== 'GET') headers.origin = origin;
    if (auth === 'signed in') headers.cookie = fixtures.cookie;
    if (request.body) headers['content-type'] = request.body.contentType;
    return t.app.inject({
      method: request.method,
      url: request.url,
      headers,
      ...(request.body ? { payload: request.body.text } : {}),
    });
  }

  async function createWorkspace(cookie: string) {
    fixtureCount += 1;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: { origin, cookie },
      payload: { title: `Hostile course ${fixtureCount}`, snapshot: buildSnapshot(6, 2) },
    });
    if (created.statusCode !== 201) throw new Error(`workspace not created: ${created.body}`);
    const { resultId, workspace } = created.json<{
      resultId: string;
      workspace: { id: string; slug: string };
    }>();
    const detail = await t.app.inject({
      url: `/api/workspaces/${workspace.id}`,
      headers: { cookie },
    });
    const body = detail.json<WorkspaceDetailBody>();
    const base = `/api/workspaces/${workspace.id}`;
    const note = await t.app.inject({
      method: 'POST',
      url: `${base}/notes`,
      headers: { origin, cookie },
      payload: buildNoteInput({ task: buildTaskInput() }),
    });
    // An assignment needs every team's leader to have an e-mail (spec part 2).
    for (const team of body.teams) {
      await t.app.inject({
        method: 'PUT',
        url: `${base}/teams/${team.id}/leader`,
        headers: { origin, cookie },
        payload: { memberId: team.memberIds[0] },
      });
    }
    await t.app.inject({
      method: 'PUT',
      url: `${base}/leader-emails`,
      headers: { origin, cookie },
      payload: {
        entries: body.teams.map((team) => ({
          teamId: team.id,
          email: `leader-${fixtureCount}-${team.number}@example.com`,
        })),
      },
    });
    const assignment = await t.app.inject({
      method: 'POST',
      url: `${base}/assignments`,
      headers: { origin, cookie },
      payload: buildAssignmentInput(),
    });
    if (note.statusCode !== 201 || assignment.statusCode !== 201)
      throw new Error(`course fixtures not created: ${note.body} ${assignment.body}`);
    return {
      noteId: note.json<{ id: string }>().id,
      assignmentId: assignment.json<{ id: string }>().id,
      // Create Team saves the result too: one fixture of each without depending on POST /api/results.
      resultId,
      workspaceId: workspace.id,
      slug: workspace.slug,
      teamIds: body.teams.map((team) => team.id),
      memberIds: body.members.map((member) => member.id),
    };
  }

  async function createFixtures(): Promise<Fixtures> {
    const user = await buildUser(t.app, origin);
    const cookie = user.client.cookieHeader();
    return {
      cookie,
      userId: user.id,
      email: user.email,
      ...(await createWorkspace(cookie)),
    };
  }

  /** Puts back what a successful DELETE took away, so later checks still have real ids. */
  async function restoreFixtures() {
    if (!isStale) return;
    isStale = false;
    const { cookie } = fixtures;
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    if (me.json<{ user: unknown }>().user === null) {
      fixtures = await createFixtures();
      return;
    }
    const [workspace, result] = await Promise.all([
      t.app.inject({ url: `/api/workspaces/${fixtures.workspaceId}`, headers: { cookie } }),
      t.app.inject({ url: `/api/results/${fixtures.resultId}`, headers: { cookie } }),
    ]);
    if (workspace.statusCode !== 200 || result.statusCode !== 200)
      fixtures = { ...fixtures, ...(await createWorkspace(cookie)) };
  }

  /**
   * Runs one bounded check and returns its report when it fails: the shrunk request, what came
   * back, and the seed and path that replay it.
   */
  async function check(
    name: string,
    requests: fc.Arbitrary<GeneratedRequest>,
    auth: Auth,
    numRuns: number,
  ): Promise<string | undefined> {
    const seed = seedOf(name);
    const details = await fc.check(
      fc.asyncProperty(requests, async (request) => {
        const response = await inject(request, auth);
        if (request.method === 'DELETE' && response.statusCode < 300) isStale = true;
        const problem = problemWith(response);
        if (problem) {
          throw new Error(
            [
              `${request.method} ${excerpt(request.url, 200)} ${problem}`,
              `    input: ${request.label}`,
              `    body: ${request.body ? `${request.body.contentType} ${excerpt(request.body.text)}` : '(none)'}`,
              `    answer: ${excerpt(response.body, 500)}`,
            ].join('\n'),
          );
        }
      }),
      { numRuns, seed },
    );
    if (!details.failed) return undefined;
    const cause =
      details.errorInstance instanceof Error
        ? details.errorInstance.message
        : String(details.errorInstance);
    return `${name}\n  ${cause}\n    replay: seed ${details.seed}, path "${details.counterexamplePath ?? ''}"`;
  }

  /** Every operation, anonymous and signed in, with `kind` input; the failures' reports. */
  async function checkAll(ops: readonly Operation[], kind: InputKind, numRuns: number) {
    const failures: string[] = [];
    for (const operation of ops) {
      for (const auth of AUTHS) {
        await restoreFixtures();
        const known = knownValues(fixtures, kind, operation);
        const parts = requestParts(operation, { known });
        const requests =
          kind === 'valid-shaped'
            ? parts.map((value) => toRequest(operation, value))
            : fc
                .oneof(
                  { weight: 3, arbitrary: requestParts(operation, { known, isComplete: true }) },
                  { weight: 1, arbitrary: parts },
                )
                .chain((value) => hostileRequest(kind, operation, value));
        const name = `${operation.method} ${operation.path} [${auth}, ${kind}]`;
        const failure = await check(name, requests, auth, numRuns);
        if (failure) failures.push(failure);
      }
    }
    return failures;
  }

  function expectNoFailures(failures: string[]) {
    expect(
      failures,
      `${failures.length} failing check(s):\n\n${failures.join('\n\n')}\n`,
    ).toHaveLength(0);
  }

  beforeAll(async () => {
    t = await createTestApp({
      // A per-client limit would turn most of the suite into 429s that hide the real answers.
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    origin = t.config.publicUrl;
    const document = await t.app.inject({ url: '/api/docs/json' });
    // The live event stream never ends by design and takes no input but a session; its refusals
    // and its stream are tested in modules/notifications.
    operations = operationsOf(document.json()).filter(
      (operation) => !(operation.method === 'GET' && operation.path === '/api/events'),
    );
    fixtures = await createFixtures();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('reads every operation of the OpenAPI document', () => {
    expect(operations.length).toBeLessThanOrEqual(MAX_OPERATIONS);
    const names = operations.map((operation) => `${operation.method} ${operation.path}`);
    // A few known ones, so a document the reader misunderstands cannot pass as "no routes".
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/workspaces',
        'PUT /api/workspaces/order',
        'PATCH /api/workspaces/{id}',
        'PUT /api/workspaces/{id}/teams/{teamId}/member-emails',
      ]),
    );
    const patch = operations.find((operation) => operation.method === 'PATCH');
    expect(patch?.pathParams.map((parameter) => parameter.name)).toEqual(['id']);
    expect(patch?.body?.schema.type).toBe('object');
  });

  it(
    'answers valid-shaped requests to every operation without a 5xx',
    { timeout: everyOperationTimeout(RUNS['valid-shaped']) },
    async () => {
      expectNoFailures(await checkAll(operations, 'valid-shaped', RUNS['valid-shaped']));
    },
  );

  describe.each(HOSTILE_KINDS)('%s', (kind) => {
    it(
      'in bodies, path parameters and query strings of every operation',
      { timeout: everyOperationTimeout(RUNS[kind]) },
      async () => {
        expectNoFailures(await checkAll(operations, kind, RUNS[kind]));
      },
    );

    it('in bodies sent to the Better Auth endpoints', { timeout: 30_000 }, async () => {
      expectNoFailures(await checkAll(AUTH_OPERATIONS, kind, AUTH_RUNS[kind]));
    });
  });

  it('answers deeply nested JSON on the Better Auth endpoints', { timeout: 20_000 }, async () => {
    const valid: Record<string, Record<string, unknown>> = {
      '/api/auth/sign-in/email': { email: fixtures.email, password: 'wrong-password-1' },
      '/api/auth/sign-up/email': {
        name: 'Deep',
        email: 'deep@example.com',
        password: 'secret-pass-1',
      },
      '/api/auth/request-password-reset': { email: fixtures.email, redirectTo: '/reset-password' },
      '/api/auth/reset-password': { newPassword: 'secret-pass-2', token: 'not-a-token' },
      '/api/auth/phone-number/send-otp': { phoneNumber: '+4915112345678' },
      '/api/auth/update-user': { name: 'Deep' },
    };
    const failures: string[] = [];
    for (const [path, body] of Object.entries(valid)) {
      const own = JSON.stringify(body).slice(1, -1);
      const bodies = {
        'a 5,000-level nested array in an extra field': `{${own},"extra":${deepArrayText(5_000)}}`,
        'a name of 100,000 nested arrays': `{${own},"name":${deepArrayText(100_000)}}`,
        'a name of 100,000 nested objects': `{${own},"name":${deepObjectText(100_000, 'name')}}`,
      };
      for (const [label, text] of Object.entries(bodies)) {
        for (const auth of AUTHS) {
          const request: GeneratedRequest = {
            method: 'POST',
            url: path,
            body: { text, contentType: 'application/json' },
            label,
          };
          const response = await inject(request, auth);
          const problem = problemWith(response);
          if (problem)
            failures.push(
              `POST ${path} [${auth}] with ${label} ${problem}\n    answer: ${excerpt(response.body, 500)}`,
            );
        }
      }
    }
    expectNoFailures(failures);
  });
});
