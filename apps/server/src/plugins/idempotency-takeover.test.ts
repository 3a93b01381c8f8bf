// Retries after a crash (issue 23, decisions 0015 and 0018): every idempotent request marks its
// key in the transaction that commits its work; a repeat whose first request died with its
// instance runs again at once if nothing committed, and is told its work was saved (409
// idempotency_answer_lost) if it did; a first request whose key was taken over cannot commit.
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, uniqueEmail, type TestClient } from '../../test/client.ts';
import { buildCourse, buildCourseWork, type Course } from '../../test/course.ts';
import { buildAssignmentInput, buildNoteInput, buildSnapshot } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { multipartBody, pdfPart } from '../../test/multipart.ts';
import { rowsOf } from '../db/rows.ts';
import { idempotencyHeaders } from './idempotency.ts';

describe('Idempotency-Key after a crash', () => {
  let t: TestApp;
  let c: Course;
  let noteId: string;
  let assignmentId: string;
  // A creating route that waits for the test before it commits its one row.
  let openGate: () => void = () => {};
  let gateReached: () => void = () => {};
  beforeAll(async () => {
    t = await createTestApp(
      { AUTH_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000' },
      (app) => {
        app.post(
          '/api/test/gated',
          {
            onRequest: app.requireVerifiedUser,
            config: { idempotent: true },
            schema: { headers: idempotencyHeaders },
          },
          async (request, reply) => {
            const gate = new Promise<void>((resolve) => {
              openGate = resolve;
            });
            gateReached();
            await gate;
            const marker = (request.headers['x-marker'] as string) ?? 'none';
            await app.db.transaction((tx) =>
              tx.execute(sql`insert into idempotency_keys (user_id, key, fingerprint, status)
                values (${request.user!.id}, ${marker}, 'marker', 'done')`),
            );
            return reply.status(201).send({ marker });
          },
        );
      },
    );
    c = await buildCourse(t.app, t.config.publicUrl);
    ({ noteId, assignmentId } = await buildCourseWork(c));
  }, 120_000);
  afterAll(() => t.close());

  const ws = () => `/api/workspaces/${c.workspaceId}`;
  const keyRow = async (key: string) =>
    rowsOf<{ status: string; committed: boolean; instance_id: string | null }>(
      await t.app.db.execute(sql`
        select status, committed_at is not null as committed, instance_id
        from idempotency_keys where key = ${key}`),
    )[0];
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: string | number }>(await t.app.db.execute(query))[0]!.n);
  const noteCount = () =>
    count(sql`select count(*) as n from lecture_notes where workspace_id = ${c.workspaceId}`);
  const postNote = (key: string, title: string, client: TestClient = c.owner) =>
    client.request('POST', `${ws()}/notes`, buildNoteInput({ title }), {
      'idempotency-key': key,
    });
  /** A first request of `key` left running by an instance that `instanceId` names. */
  const leftRunning = async (key: string, instanceId: string, isCommitted: boolean) => {
    // The fingerprint of the same request: made by a first run, then put back to running.
    const first = await postNote(key, 'Before the crash');
    expect(first.statusCode).toBe(201);
    await t.app.db.execute(sql`
      update idempotency_keys set status = 'running', status_code = null, response_body = null,
        instance_id = ${instanceId}, committed_at = ${isCommitted ? sql`now()` : null}
      where key = ${key}`);
    if (!isCommitted) {
      // Its work did not commit: it is not there.
      await t.app.db.execute(sql`delete from lecture_notes where id = ${first.json().id}`);
    }
  };

  it('marks the key in the transaction of the work, on every idempotent operation', async () => {
    const upload = (client: TestClient, url: string, field: string, key: string) => {
      const { payload, headers } = multipartBody([pdfPart(`${field}.pdf`, 2000)]);
      return client.request('POST', url, payload, { ...headers, 'idempotency-key': key });
    };
    const json = (client: TestClient, url: string, body: unknown, key: string) =>
      client.request('POST', url, body, { 'idempotency-key': key });
    const keyed = (
      client: TestClient,
      method: 'POST' | 'PUT' | 'DELETE',
      url: string,
      body: unknown,
      key: string,
    ) => client.request(method, url, body, { 'idempotency-key': key });
    // Setup without a key: each operation below prepares what it needs, so the order of the list
    // does not matter and the roster changes touch only members made for them.
    const ok = <T>(response: Awaited<ReturnType<TestClient['request']>>, status = 200): T => {
      expect(response.statusCode, response.body).toBe(status);
      return response.json<T>();
    };
    const addMember = async (name: string, teamId: string | null, email?: string) =>
      ok<{ memberId: string }>(
        await c.owner.post(`${ws()}/roster/members`, { name, teamId, email }),
        201,
      ).memberId;
    /** The invitations of this workspace as mailed 11 minutes ago: resending is allowed again. */
    const ageInvitations = () =>
      t.app.db.execute(sql`
        update workspace_invitations set created_at = created_at - interval '11 minutes'
        where workspace_id = ${c.workspaceId}`);
    const HOUR = 60 * 60 * 1000;
    const openEvaluation = async (teamId: string) =>
      ok<{ id: string }>(
        await c.owner.post(`${ws()}/peer-evaluations`, {
          title: 'Peer',
          startsAt: new Date(Date.now() - HOUR).toISOString(),
          endsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
          teamIds: [teamId],
        }),
        201,
      ).id;
    const operations: Array<[string, (key: string) => ReturnType<TestClient['request']>]> = [
      [
        'POST /api/results',
        (k) => json(c.owner, '/api/results', { title: 'R', snapshot: buildSnapshot(4, 2) }, k),
      ],
      [
        'POST /api/workspaces',
        (k) => json(c.owner, '/api/workspaces', { title: 'W', snapshot: buildSnapshot(4, 2) }, k),
      ],
      [
        'POST /api/workspaces/{id}/notes',
        (k) => json(c.owner, `${ws()}/notes`, buildNoteInput({ title: 'N' }), k),
      ],
      [
        'POST /api/workspaces/{id}/notes/{noteId}/attachments',
        (k) => upload(c.owner, `${ws()}/notes/${noteId}/attachments`, 'files', k),
      ],
      // Duplicate to next week (issue 26, decision 0028).
      [
        'POST /api/workspaces/{id}/notes/{noteId}/duplicate',
        (k) => json(c.owner, `${ws()}/notes/${noteId}/duplicate`, undefined, k),
      ],
      [
        'POST /api/workspaces/{id}/notes/{noteId}/submissions',
        (k) => upload(c.leader, `${ws()}/notes/${noteId}/submissions`, 'files', k),
      ],
      [
        'POST /api/workspaces/{id}/notes/{noteId}/evaluations',
        (k) =>
          json(
            c.owner,
            `${ws()}/notes/${noteId}/evaluations`,
            { teamId: c.team1.id, score: 70, feedback: 'ok' },
            k,
          ),
      ],
      [
        'POST /api/workspaces/{id}/notes/{noteId}/evaluations/bulk',
        (k) =>
          json(
            c.owner,
            `${ws()}/notes/${noteId}/evaluations/bulk`,
            { maxScore: 10, entries: [{ teamId: c.team1.id, score: 7, feedback: '' }] },
            k,
          ),
      ],
      [
        'POST /api/workspaces/{id}/assignments',
        (k) => json(c.owner, `${ws()}/assignments`, buildAssignmentInput({ title: 'A2' }), k),
      ],
      [
        'POST /api/workspaces/{id}/assignments/{assignmentId}/submissions',
        (k) => upload(c.leader, `${ws()}/assignments/${assignmentId}/submissions`, 'files', k),
      ],
      [
        'POST /api/workspaces/{id}/assignments/{assignmentId}/evaluations',
        (k) =>
          json(
            c.owner,
            `${ws()}/assignments/${assignmentId}/evaluations`,
            { teamId: c.team1.id, score: 80, feedback: 'ok' },
            k,
          ),
      ],
      [
        'POST /api/workspaces/{id}/assignments/{assignmentId}/evaluations/bulk',
        (k) =>
          json(
            c.owner,
            `${ws()}/assignments/${assignmentId}/evaluations/bulk`,
            {
              maxScore: 100,
              // Team 2 handed nothing in: graded on purpose (issue 25).
              entries: [{ teamId: c.team2.id, score: 60, feedback: '', noSubmission: true }],
            },
            k,
          ),
      ],
      // Roster changes (issue 24, decision 0019): each on a member made for it.
      [
        'POST /api/workspaces/{id}/roster/members',
        (k) =>
          json(
            c.owner,
            `${ws()}/roster/members`,
            // With an e-mail: the invitation is queued in the same transaction (decision 0021).
            { name: 'Added', email: uniqueEmail('added'), teamId: c.team2.id },
            k,
          ),
      ],
      [
        'PUT /api/workspaces/{id}/roster/members/{memberId}/team',
        async (k) => {
          const memberId = await addMember('Mover', null);
          return keyed(
            c.owner,
            'PUT',
            `${ws()}/roster/members/${memberId}/team`,
            { teamId: c.team2.id },
            k,
          );
        },
      ],
      [
        'PUT /api/workspaces/{id}/roster/members/{memberId}/name',
        async (k) => {
          const memberId = await addMember('Old name', c.team2.id);
          return keyed(
            c.owner,
            'PUT',
            `${ws()}/roster/members/${memberId}/name`,
            { name: 'New name' },
            k,
          );
        },
      ],
      [
        'DELETE /api/workspaces/{id}/roster/members/{memberId}',
        async (k) => {
          const memberId = await addMember('Leaving', c.team2.id);
          return keyed(c.owner, 'DELETE', `${ws()}/roster/members/${memberId}`, undefined, k);
        },
      ],
      // Invitations (decision 0021): a member whose address has no account yet.
      [
        'POST /api/workspaces/{id}/invitations/{memberId}/resend',
        async (k) => {
          const memberId = await addMember('Invitee', c.team2.id, uniqueEmail('invitee'));
          // Once per member per 10 minutes: the first mail is made older than that.
          await ageInvitations();
          return json(c.owner, `${ws()}/invitations/${memberId}/resend`, undefined, k);
        },
      ],
      [
        'POST /api/workspaces/{id}/invitations/resend-pending',
        async (k) => {
          await addMember('Pending', c.team2.id, uniqueEmail('pending'));
          // As above: at least one pending invitation is due again (none due would be a 429).
          await ageInvitations();
          return json(c.owner, `${ws()}/invitations/resend-pending`, undefined, k);
        },
      ],
      // Joining (decision 0020): a student picks a name without an e-mail through the link.
      [
        'POST /api/join/{code}/claims',
        async (k) => {
          const link = ok<{ link: { code: string } }>(
            await c.owner.request('PATCH', `${ws()}/join`, { isEnabled: true }),
          );
          const memberId = await addMember('Unclaimed', c.team2.id);
          const student = await buildUser(t.app, t.config.publicUrl, { name: 'Student' });
          return json(student.client, `/api/join/${link.link.code}/claims`, { memberId }, k);
        },
      ],
      // Peer evaluation (issue 25, decision 0026).
      [
        'POST /api/workspaces/{id}/peer-evaluations',
        (k) =>
          json(
            c.owner,
            `${ws()}/peer-evaluations`,
            {
              title: 'Peer',
              startsAt: new Date(Date.now() - HOUR).toISOString(),
              endsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
              teamIds: [c.team1.id],
            },
            k,
          ),
      ],
      [
        'PUT /api/workspaces/{id}/peer-evaluations/{evaluationId}/response',
        async (k) => {
          const url = `${ws()}/peer-evaluations/${await openEvaluation(c.team1.id)}`;
          // Self and every teammate in team 1 as it is now.
          const form = ok<{ teammates: Array<{ memberId: string }> }>(
            await c.leader.get(`${url}/form`),
          );
          const scores = {
            contributing: 4,
            interacting: 4,
            keepingOnTrack: 4,
            expectingQuality: 4,
            knowledge: 4,
          };
          return keyed(
            c.leader,
            'PUT',
            `${url}/response`,
            {
              ratings: form.teammates.map(({ memberId }) => ({ rateeMemberId: memberId, scores })),
            },
            k,
          );
        },
      ],
      [
        'POST /api/workspaces/{id}/peer-evaluations/{evaluationId}/release',
        async (k) => {
          const evaluationId = await openEvaluation(c.team1.id);
          return json(c.owner, `${ws()}/peer-evaluations/${evaluationId}/release`, undefined, k);
        },
      ],
    ];
    // Every operation that documents the header is here.
    const documented = Object.entries(
      (
        t.app.swagger() as {
          paths: Record<string, Record<string, { parameters?: Array<{ name: string }> }>>;
        }
      ).paths,
    ).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.parameters?.some((p) => p.name === 'idempotency-key'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const app = documented.filter((name) => !name.includes('/api/test/'));
    expect(operations.map(([name]) => name).sort()).toEqual(app.sort());
    const unmarked: string[] = [];
    for (const [name, send] of operations) {
      const key = randomUUID();
      const response = await send(key);
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(300);
      const row = await keyRow(key);
      if (!row || row.status !== 'done' || !row.committed) unmarked.push(name);
    }
    expect(unmarked).toEqual([]);
  });

  it('runs a repeat at once when the first request died with its instance before committing', async () => {
    const key = randomUUID();
    await leftRunning(key, randomUUID(), false);
    const before = await noteCount();
    if (t.app.instance.isOnlyInstance) {
      // The embedded database is one process's: any other instance is dead.
      const repeat = await postNote(key, 'Before the crash');
      expect(repeat.statusCode).toBe(201);
      expect(repeat.headers['idempotent-replayed']).toBeUndefined();
      expect(await noteCount()).toBe(before + 1);
      expect((await keyRow(key))?.instance_id).toBe(t.app.instance.id);
    } else {
      // On PostgreSQL an instance is dead when it has no live lease.
      const repeat = await postNote(key, 'Before the crash');
      expect(repeat.statusCode).toBe(201);
      expect(await noteCount()).toBe(before + 1);
    }
  });

  it('tells a repeat whose first request committed, then died, that its work was saved', async () => {
    const key = randomUUID();
    await leftRunning(key, randomUUID(), true);
    const before = await noteCount();
    const repeat = await postNote(key, 'Before the crash');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error).toBe('idempotency_answer_lost');
    expect(await noteCount()).toBe(before);
    // Another body under the key is still refused as such.
    const other = await postNote(key, 'Something else');
    expect(other.statusCode).toBe(422);
  });

  it('keeps a first request that runs here: the repeat waits (409 in progress)', async () => {
    const key = randomUUID();
    await leftRunning(key, t.app.instance.id, false);
    const before = await noteCount();
    const repeat = await postNote(key, 'Before the crash');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error).toBe('idempotency_request_in_progress');
    expect(await noteCount()).toBe(before);
  });

  it('refuses the commit of a first request whose key was taken over meanwhile', async () => {
    const key = randomUUID();
    const marker = `marker-${randomUUID()}`;
    const reached = new Promise<void>((resolve) => {
      gateReached = resolve;
    });
    const first = c.owner.request('POST', '/api/test/gated', undefined, {
      'idempotency-key': key,
      'x-marker': marker,
    });
    await reached;
    // Another instance took this one for dead and took the key over.
    await t.app.db.execute(
      sql`update idempotency_keys set instance_id = ${randomUUID()} where key = ${key}`,
    );
    openGate();
    const answer = await first;
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toBe('idempotency_request_in_progress');
    // Its work rolled back.
    expect(await count(sql`select count(*) as n from idempotency_keys where key = ${marker}`)).toBe(
      0,
    );
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('two instances on PostgreSQL', () => {
    it('waits while the other instance lives, and takes over once it is gone', async () => {
      const other = await t.anotherInstance();
      const key = randomUUID();
      try {
        await leftRunning(key, other.app.instance.id, false);
        const waiting = await postNote(key, 'Before the crash');
        expect(waiting.statusCode).toBe(409);
        expect(waiting.json().error).toBe('idempotency_request_in_progress');
      } finally {
        await other.close();
      }
      // Closed: its lease row is gone, so it is not alive.
      const before = await noteCount();
      const repeat = await postNote(key, 'Before the crash');
      expect(repeat.statusCode).toBe(201);
      expect(await noteCount()).toBe(before + 1);
    });

    it('takes over at once from a process of this host that no longer exists', async () => {
      // A process id that existed and is gone: a child that has exited.
      const gonePid = spawnSync(process.execPath, ['-e', '0']).pid;
      const deadId = randomUUID();
      await t.app.db.execute(sql`
        insert into server_instances (id, lease_until, host, pid)
        values (${deadId}, now() + interval '10 minutes', ${hostname()}, ${gonePid})`);
      const key = randomUUID();
      await leftRunning(key, deadId, false);
      const before = await noteCount();
      const repeat = await postNote(key, 'Before the crash');
      expect(repeat.statusCode).toBe(201);
      expect(await noteCount()).toBe(before + 1);
    });
  });
});
