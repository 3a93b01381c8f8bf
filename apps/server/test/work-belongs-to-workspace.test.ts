// Issue 23, decision 0016, through the API: graded work is not erased by students (task answers
// and assignment attempts; the owner may delete, and the history records it), work handed in
// outlives its uploader's account (download, ZIP, grade, "Deleted account"), and history never
// locks a student out of their quota. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import type {
  AssignmentsSection,
  AssignmentView,
  LectureNote,
  LectureNotesSection,
} from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './client.ts';
import { buildCourse, type Course } from './course.ts';
import {
  buildAssignmentInput,
  buildNoteInput,
  buildSnapshot,
  buildTaskInput,
} from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { fileOf, multipartBody, type Part, pdfPart } from './multipart.ts';
import { readZip } from './zip.ts';

describe('work belongs to the workspace', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      STORAGE_QUOTA_MB: '2',
    });
  });
  afterAll(() => t.close());

  const base = (course: Course) => `/api/workspaces/${course.workspaceId}`;
  const send = (client: TestClient, url: string, parts: Part[]) => {
    const { payload, headers } = multipartBody(parts);
    return client.request('POST', url, payload, headers);
  };
  const usage = async (client: TestClient) =>
    (await client.get('/api/me/storage')).json<{ usedBytes: number; quotaBytes: number }>()
      .usedBytes;
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const stored of t.app.storage.list()) keys.push(stored.key);
    return keys.sort();
  };
  const rowKeys = async () =>
    (
      (await t.app.db.execute(sql`select storage_key from files order by storage_key`)) as {
        rows: Array<{ storage_key: string }>;
      }
    ).rows.map((row) => row.storage_key);
  const expectNoOrphans = async () => {
    await t.app.files.drain();
    expect(await storedKeys()).toEqual(await rowKeys());
  };

  // Lecture notes: a published team task.
  const teamTask = async (course: Course) => {
    const made = await course.owner.post(
      `${base(course)}/notes`,
      buildNoteInput({ title: `Task ${Math.random()}`, task: buildTaskInput() }),
    );
    expect(made.statusCode).toBe(201);
    const noteId = made.json<LectureNote>().id;
    const published = await course.owner.request('PATCH', `${base(course)}/notes/${noteId}`, {
      isPublished: true,
    });
    expect(published.statusCode).toBe(200);
    return noteId;
  };
  const taskState = async (client: TestClient, course: Course, noteId: string, teamId: string) => {
    const response = await client.get(`${base(course)}/notes`);
    expect(response.statusCode).toBe(200);
    const note = response.json<LectureNotesSection>().notes.find((n) => n.id === noteId)!;
    return note.task!.teams.find((team) => team.teamId === teamId)!;
  };

  // Assignments.
  const assignment = async (course: Course, overrides: Record<string, unknown> = {}) => {
    const response = await course.owner.post(
      `${base(course)}/assignments`,
      buildAssignmentInput({ title: `A ${Math.random()}`, ...overrides }),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AssignmentView>().id;
  };
  const teamOn = async (client: TestClient, course: Course, assignmentId: string) => {
    const response = await client.get(`${base(course)}/assignments`);
    expect(response.statusCode).toBe(200);
    return response
      .json<AssignmentsSection>()
      .assignments.find((item) => item.id === assignmentId)!
      .teams.find((team) => team.teamId === course.team1.id)!;
  };
  const submitAssignment = (course: Course, assignmentId: string, parts: Part[]) =>
    send(course.leader, `${base(course)}/assignments/${assignmentId}/submissions`, parts);
  const attemptUrl = (course: Course, assignmentId: string, submissionId: string) =>
    `${base(course)}/assignments/${assignmentId}/submissions/${submissionId}`;

  describe('graded work is not erased by students', () => {
    let c: Course;
    beforeAll(async () => {
      c = await buildCourse(t.app, t.config.publicUrl);
    });

    it('refuses the leader and members deleting a graded task answer; the owner deletes it and the history keeps it', async () => {
      const noteId = await teamTask(c);
      const url = `${base(c)}/notes/${noteId}/submissions`;
      expect((await send(c.leader, url, [pdfPart('plan.pdf', 2000)])).statusCode).toBe(201);
      const graded = await c.owner.post(`${base(c)}/notes/${noteId}/evaluations`, {
        teamId: c.team1.id,
        score: 88,
        feedback: 'Good',
      });
      expect(graded.statusCode).toBe(200);

      const refused = await c.leader.request('DELETE', `${url}/mine`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: 'submission_graded',
        message:
          'This submission has been graded, so it can no longer be deleted. Ask the workspace owner.',
      });
      expect((await c.member.request('DELETE', `${url}/mine`)).statusCode).toBe(403);
      const state = await taskState(c.leader, c, noteId, c.team1.id);
      expect(state.current).toMatchObject({ attempt: 1 });
      expect(state.evaluation).toMatchObject({ score: 88 });
      const fileId = state.current!.files![0]!.fileId!;
      expect((await c.owner.get(`/api/files/${fileId}`)).statusCode).toBe(200);

      // The owner's delete is by id; nobody else may use it.
      const ownerUrl = `${url}/${state.current!.id}`;
      for (const client of [c.leader, c.member]) {
        expect((await client.request('DELETE', ownerUrl)).statusCode).toBe(403);
      }
      expect((await c.owner.request('DELETE', ownerUrl)).statusCode).toBe(204);
      const after = await taskState(c.owner, c, noteId, c.team1.id);
      expect(after.current).toBeNull();
      expect(after.evaluation).toBeNull();
      expect(after.history).toHaveLength(1);
      expect(after.history[0]).toMatchObject({ attempt: 1, deletedAt: expect.any(String) });
      expect(after.history[0]!.files).toEqual([{ name: 'plan.pdf', size: 2000, fileId: null }]);
      expect((await c.owner.get(`/api/files/${fileId}`)).statusCode).toBe(404);
      expect((await c.owner.request('DELETE', ownerUrl)).statusCode).toBe(404);
      await expectNoOrphans();
    });

    it('lets the leader delete an ungraded task answer, recorded in the history', async () => {
      const noteId = await teamTask(c);
      const url = `${base(c)}/notes/${noteId}/submissions`;
      expect((await send(c.leader, url, [pdfPart('draft.pdf', 1500)])).statusCode).toBe(201);
      expect((await c.leader.request('DELETE', `${url}/mine`)).statusCode).toBe(204);
      const state = await taskState(c.member, c, noteId, c.team1.id);
      expect(state.current).toBeNull();
      expect(state.history.map((attempt) => [attempt.attempt, attempt.deletedAt !== null])).toEqual(
        [[1, true]],
      );
      // The count goes on after a deleted attempt.
      expect((await send(c.leader, url, [pdfPart('again.pdf', 1500)])).statusCode).toBe(201);
      expect((await taskState(c.member, c, noteId, c.team1.id)).current).toMatchObject({
        attempt: 2,
        deletedAt: null,
      });
      await expectNoOrphans();
    });

    it('keeps the bytes of a graded answer the leader replaces', async () => {
      const noteId = await teamTask(c);
      const url = `${base(c)}/notes/${noteId}/submissions`;
      expect((await send(c.leader, url, [pdfPart('v1.pdf', 1200)])).statusCode).toBe(201);
      await c.owner.post(`${base(c)}/notes/${noteId}/evaluations`, {
        teamId: c.team1.id,
        score: 70,
        feedback: '',
      });
      const before = await usage(c.leader);
      expect((await send(c.leader, url, [pdfPart('v2.pdf', 1300)])).statusCode).toBe(201);
      const state = await taskState(c.owner, c, noteId, c.team1.id);
      const gradedFile = state.history[0]!.files![0]!;
      expect(gradedFile).toMatchObject({ name: 'v1.pdf', fileId: expect.any(String) });
      expect((await c.owner.get(`/api/files/${gradedFile.fileId!}`)).statusCode).toBe(200);
      // Superseded: charged to no one (decision 0016).
      expect(await usage(c.leader)).toBe(before - 1200 + 1300);
    });

    it('refuses the leader and members deleting a graded assignment attempt; ungraded ones the leader may delete; the owner any', async () => {
      const assignmentId = await assignment(c);
      expect(
        (await submitAssignment(c, assignmentId, [pdfPart('report.pdf', 3000)])).statusCode,
      ).toBe(201);
      const first = (await teamOn(c.leader, c, assignmentId)).latest!;
      const graded = await c.owner.post(`${base(c)}/assignments/${assignmentId}/evaluations`, {
        teamId: c.team1.id,
        score: 88,
        feedback: 'B+',
      });
      expect(graded.statusCode).toBe(200);

      for (const client of [c.leader, c.member]) {
        const refused = await client.request('DELETE', attemptUrl(c, assignmentId, first.id));
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe('submission_graded');
      }
      for (const client of [c.otherLeader, c.otherMember]) {
        const hidden = await client.request('DELETE', attemptUrl(c, assignmentId, first.id));
        expect(hidden.statusCode).toBe(404);
        expect(hidden.json().error).toBe('submission_not_found');
      }
      expect(
        (await c.stranger.request('DELETE', attemptUrl(c, assignmentId, first.id))).statusCode,
      ).toBe(404);

      // An ungraded resubmission: not the member's to delete, the leader's.
      expect(
        (await submitAssignment(c, assignmentId, [pdfPart('report-v2.pdf', 3100)])).statusCode,
      ).toBe(201);
      const second = (await teamOn(c.leader, c, assignmentId)).latest!;
      expect(second.attempt).toBe(2);
      const byMember = await c.member.request('DELETE', attemptUrl(c, assignmentId, second.id));
      expect(byMember.statusCode).toBe(403);
      expect(byMember.json().error).toBe('leader_only_submission');
      expect(
        (await c.leader.request('DELETE', attemptUrl(c, assignmentId, second.id))).statusCode,
      ).toBe(204);
      let team = await teamOn(c.owner, c, assignmentId);
      expect(team.latest).toMatchObject({ id: first.id, attempt: 1, deletedAt: null });
      expect(team.history.map((attempt) => [attempt.attempt, attempt.deletedAt !== null])).toEqual([
        [2, true],
      ]);
      expect(team.grade).toMatchObject({ score: 88 });

      // The owner deletes the graded attempt: its grade goes with it, the history says so.
      expect(
        (await c.owner.request('DELETE', attemptUrl(c, assignmentId, first.id))).statusCode,
      ).toBe(204);
      team = await teamOn(c.owner, c, assignmentId);
      expect(team.latest).toBeNull();
      expect(team.grade).toBeNull();
      expect(team.history.map((attempt) => attempt.attempt)).toEqual([2, 1]);
      expect(team.history.every((attempt) => attempt.deletedAt !== null)).toBe(true);
      expect(team.history[1]!.files).toEqual([{ name: 'report.pdf', size: 3000, fileId: null }]);
      // The count goes on.
      expect(
        (await submitAssignment(c, assignmentId, [pdfPart('report-v3.pdf', 3000)])).statusCode,
      ).toBe(201);
      expect((await teamOn(c.leader, c, assignmentId)).latest).toMatchObject({ attempt: 3 });
      await expectNoOrphans();
    });
  });

  describe('an account that is deleted', () => {
    it("leaves its graded work in another owner's workspace: download, ZIP, grade, shown as a deleted account, charged to no one", async () => {
      const c = await buildCourse(t.app, t.config.publicUrl);
      const bytes = fileOf('pdf', 4000);
      const assignmentId = await assignment(c);
      expect(
        (
          await submitAssignment(c, assignmentId, [
            { name: 'files', filename: 'final.pdf', data: bytes },
          ])
        ).statusCode,
      ).toBe(201);
      await c.owner.post(`${base(c)}/assignments/${assignmentId}/evaluations`, {
        teamId: c.team1.id,
        score: 88,
        feedback: 'Well done',
      });
      const noteId = await teamTask(c);
      expect(
        (await send(c.leader, `${base(c)}/notes/${noteId}/submissions`, [pdfPart('task.pdf', 900)]))
          .statusCode,
      ).toBe(201);
      const fileId = (await teamOn(c.owner, c, assignmentId)).latest!.files![0]!.fileId!;
      const ownerBefore = await usage(c.owner);

      // The leader's own workspace (with a note attachment) goes with the account.
      const own = await c.leader.post('/api/workspaces', {
        title: `Mine ${Math.random()}`,
        snapshot: buildSnapshot(4, 2),
      });
      expect(own.statusCode, own.body).toBe(201);
      const ownWorkspaceId = own.json().workspace.id as string;
      let ownKey: string;
      {
        const note = await c.leader.post(
          `/api/workspaces/${ownWorkspaceId}/notes`,
          buildNoteInput(),
        );
        const noteOwn = note.json<LectureNote>().id;
        const attached = await send(
          c.leader,
          `/api/workspaces/${ownWorkspaceId}/notes/${noteOwn}/attachments`,
          [pdfPart('mine.pdf', 700)],
        );
        expect(attached.statusCode).toBe(201);
        const rows = (await t.app.db.execute(
          sql`select storage_key from files where workspace_id = ${ownWorkspaceId}`,
        )) as { rows: Array<{ storage_key: string }> };
        ownKey = rows.rows[0]!.storage_key;
      }

      const deleted = await c.leader.request('DELETE', '/api/me', {
        confirmation: 'DELETE',
        password: 'secret-pass-1',
      });
      expect(deleted.statusCode).toBe(204);
      await t.app.files.drain();

      const download = await c.owner.get(`/api/files/${fileId}`);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(bytes)).toBe(true);

      const zip = await c.owner.get(`${base(c)}/assignments/${assignmentId}/export.zip`);
      expect(zip.statusCode, zip.body).toBe(200);
      const entries = await readZip(zip.rawPayload);
      expect(entries.get('Team 1/final.pdf')?.equals(bytes)).toBe(true);
      const manifest = entries
        .get('manifest.csv')!
        .toString('utf8')
        .replace(/^\ufeff/, '');
      expect(manifest.split('\r\n')[1]).toMatch(/^Team 1,.*,1,[^,]+,Deleted account,no,88,/);

      const team = await teamOn(c.owner, c, assignmentId);
      expect(team.grade).toMatchObject({ score: 88 });
      expect(team.latest).toMatchObject({ submittedBy: null, attempt: 1 });
      expect(team.latest!.files).toHaveLength(1);
      const task = await taskState(c.owner, c, noteId, c.team1.id);
      expect(task.current).toMatchObject({ submittedBy: null });
      expect(task.current!.files![0]!.fileId).not.toBeNull();

      // Charged to no one: the owner's usage did not grow, the rows have no uploader.
      expect(await usage(c.owner)).toBe(ownerBefore);
      const orphaned = (await t.app.db.execute(
        sql`select count(*)::int as n from files where id = ${fileId} and uploader_id is null`,
      )) as { rows: Array<{ n: number }> };
      expect(orphaned.rows[0]!.n).toBe(1);

      {
        const gone = (await t.app.db.execute(
          sql`select count(*)::int as n from files where workspace_id = ${ownWorkspaceId}`,
        )) as { rows: Array<{ n: number }> };
        expect(gone.rows[0]!.n).toBe(0);
        expect(await storedKeys()).not.toContain(ownKey);
      }
      await expectNoOrphans();
    });
  });

  describe('a student is never locked out by history', () => {
    it('takes five resubmissions past the quota: superseded attempts count for no one, the bar and the refusal agree', async () => {
      const c = await buildCourse(t.app, t.config.publicUrl);
      const assignmentId = await assignment(c);
      const size = 900_000;
      // Quota 2 MB: five attempts of 0.9 MB would be 4.5 MB if history counted.
      for (let attempt = 1; attempt <= 5; attempt++) {
        const response = await submitAssignment(c, assignmentId, [
          pdfPart(`v${attempt}.pdf`, size),
        ]);
        expect(response.statusCode, response.body).toBe(201);
        expect(await usage(c.leader)).toBe(size);
      }
      const team = await teamOn(c.leader, c, assignmentId);
      expect(team.latest).toMatchObject({ attempt: 5 });
      expect(team.history.map((attempt) => attempt.attempt)).toEqual([4, 3, 2, 1]);
      // The history's bytes are kept (the owner may look at them again).
      expect(team.history.every((attempt) => attempt.files![0]!.fileId !== null)).toBe(true);

      // What is left is what the bar says: 2 MB - 0.9 MB = 1.1 MB, and a larger file is refused so.
      const big = await assignment(c, { maxFileSizeMb: 5 });
      const refused = await submitAssignment(c, big, [pdfPart('big.pdf', 1_500_000)]);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toMatch(/You have 1\.1MB remaining/);
      const fits = await submitAssignment(c, big, [pdfPart('fits.pdf', 1_000_000)]);
      expect(fits.statusCode, fits.body).toBe(201);
      expect(await usage(c.leader)).toBe(size + 1_000_000);
      await expectNoOrphans();
    });

    it('warns once when a resubmission keeps a leader past 80% (the superseded attempt freed in the same upload)', async () => {
      const c = await buildCourse(t.app, t.config.publicUrl);
      const large = await assignment(c, { maxFileSizeMb: 5 });
      const small = await assignment(c, { maxFileSizeMb: 5 });
      const warnings = async () =>
        (
          (await t.app.db.execute(sql`
            select count(*)::int as n from notification_outbox
            where user_id = ${c.ids.leader} and type = 'storage_warning'`)) as {
            rows: Array<{ n: number }>;
          }
        ).rows[0]!.n;
      // Quota 2 MB: 1.5 MB is 75%; with 0.2 MB more, 85%, and it stays 85% with each
      // resubmission of the 0.2 MB (the one it supersedes stops counting in the same upload).
      const first = await submitAssignment(c, large, [pdfPart('large.pdf', 1_500_000)]);
      expect(first.statusCode, first.body).toBe(201);
      expect(await warnings()).toBe(0);
      for (let attempt = 1; attempt <= 3; attempt++) {
        const response = await submitAssignment(c, small, [pdfPart(`v${attempt}.pdf`, 200_000)]);
        expect(response.statusCode, response.body).toBe(201);
        // Enqueued in the upload's own transaction: counted as soon as it answered.
        expect(await warnings()).toBe(1);
      }
      expect(await usage(c.leader)).toBe(1_700_000);
    });
  });
});
