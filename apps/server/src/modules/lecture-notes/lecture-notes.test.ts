// Lecture notes through the API: every rule on the server, with a refusal test for each action
// and each wrong role (viewer, member of another team, stranger, signed out), the spec's words,
// and answers that two writers cannot lose. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { apiErrorBody, type LectureNote, type LectureNotesSection } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import { buildNoteInput, buildTaskInput } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { fileOf, multipartBody, type Part, pdfPart } from '../../../test/multipart.ts';

describe('lecture notes', () => {
  let t: TestApp;
  let c: Course;
  let open: Course;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    c = await buildCourse(t.app, t.config.publicUrl);
    open = await buildCourse(t.app, t.config.publicUrl, { isPublic: true });
  });
  afterAll(() => t.close());

  const notesUrl = (course: Course = c) => `/api/workspaces/${course.workspaceId}/notes`;
  const section = async (client: TestClient, course: Course = c) => {
    const response = await client.get(notesUrl(course));
    expect(response.statusCode).toBe(200);
    return response.json<LectureNotesSection>();
  };
  const create = async (client: TestClient, body = buildNoteInput(), course: Course = c) => {
    const response = await client.post(notesUrl(course), body);
    expect(response.statusCode).toBe(201);
    return response.json<LectureNote>();
  };
  const publish = async (noteId: string, course: Course = c) => {
    const response = await course.owner.request('PATCH', `${notesUrl(course)}/${noteId}`, {
      isPublished: true,
    });
    expect(response.statusCode).toBe(200);
  };
  const send = (client: TestClient, url: string, parts: Part[]) => {
    const { payload, headers } = multipartBody(parts);
    return client.request('POST', url, payload, headers);
  };
  const pdf = (name = 'plan.pdf', size = 2000) => pdfPart(name, size);
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const stored of t.app.storage.list()) keys.push(stored.key);
    return new Set(keys);
  };
  const fileKeys = async () =>
    new Set(
      (
        (await t.app.db.execute(sql`select storage_key from files`)) as {
          rows: Array<{ storage_key: string }>;
        }
      ).rows.map((row) => row.storage_key),
    );
  const expectNoOrphans = async () => {
    await t.app.files.drain();
    expect([...(await storedKeys())].sort()).toEqual([...(await fileKeys())].sort());
  };

  describe('notes', () => {
    it('creates a draft that only its author and the owner see, until it is published', async () => {
      const draft = await create(c.owner, buildNoteInput({ task: buildTaskInput() }));
      expect(draft).toMatchObject({ isPublished: false, canEdit: true, author: { name: 'Owner' } });
      expect(draft.task).toMatchObject({ title: 'Task Assignment', assignmentType: 'team' });
      expect(draft.task?.teams).toHaveLength(2);
      expect((await section(c.member)).notes.map((n) => n.id)).not.toContain(draft.id);

      const mine = await create(c.member, buildNoteInput({ title: 'Study group notes' }));
      expect((await section(c.owner)).notes.map((n) => n.id)).toContain(mine.id);
      expect((await section(c.otherMember)).notes.map((n) => n.id)).not.toContain(mine.id);
      expect((await section(c.leader)).notes.map((n) => n.id)).not.toContain(mine.id);

      await publish(draft.id);
      const seen = (await section(c.otherMember)).notes.find((n) => n.id === draft.id);
      expect(seen).toMatchObject({ isPublished: true, canEdit: false });
    });

    it("gives the spec's messages for a missing title or task title, and checks every range", async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [buildNoteInput({ title: '   ' }), 'title: Please enter a title'],
        [
          buildNoteInput({ task: buildTaskInput({ title: '\u200b' }) }),
          'task.title: Please enter a task title',
        ],
        [buildNoteInput({ week: 21 }), 'week: The week must be from 1 to 20'],
        [buildNoteInput({ week: 0 }), 'week: The week must be from 1 to 20'],
        [
          buildNoteInput({ task: buildTaskInput({ maxFileSizeMb: 101 }) }),
          'task.maxFileSizeMb: Enter a size from 1 to 100 MB',
        ],
        [
          buildNoteInput({ task: buildTaskInput({ maxFileSizeMb: 2.5 }) }),
          'task.maxFileSizeMb: Enter a whole number of MB',
        ],
        [
          buildNoteInput({ task: buildTaskInput({ allowedTypes: [] }) }),
          'task.allowedTypes: Choose at least one file type',
        ],
        [
          buildNoteInput({ task: buildTaskInput({ allowedTypes: ['exe'] }) }),
          'task.allowedTypes.0:',
        ],
        [buildNoteInput({ date: '2025-13-45' }), 'date:'],
      ];
      for (const [body, message] of cases) {
        const response = await c.owner.post(notesUrl(), body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message).toContain(message);
      }
      const trimmed = await create(
        c.owner,
        buildNoteInput({ title: '  Week 2  ', description: '  text  ' }),
      );
      expect(trimmed).toMatchObject({ title: 'Week 2', description: 'text' });
    });

    it('lets the owner and the author edit, publish and delete, and refuses everyone else', async () => {
      const mine = await create(c.member, buildNoteInput({ title: 'Member note' }));
      const url = `${notesUrl()}/${mine.id}`;
      expect((await c.member.request('PATCH', url, { isPublished: true })).statusCode).toBe(200);
      // Published now: others see it but may not change it.
      for (const client of [c.leader, c.otherMember, c.otherLeader]) {
        const edit = await client.request('PATCH', url, { title: 'Taken over' });
        expect(edit.statusCode).toBe(403);
        expect((await client.request('DELETE', url)).statusCode).toBe(403);
      }
      expect((await c.stranger.request('PATCH', url, { title: 'x' })).statusCode).toBe(404);
      expect((await c.anonymous.request('PATCH', url, { title: 'x' })).statusCode).toBe(401);
      const edited = await c.owner.request('PATCH', url, { title: 'Owner edit', week: 3 });
      expect(edited.json()).toMatchObject({ title: 'Owner edit', week: 3 });
      expect(
        (await c.member.request('PATCH', url, { isPublished: false })).json().isPublished,
      ).toBe(false);
      expect((await c.member.request('DELETE', url)).statusCode).toBe(204);
      expect((await c.member.request('DELETE', url)).statusCode).toBe(404);
    });

    it('refuses note creation to viewers, strangers and visitors', async () => {
      expect((await open.stranger.post(notesUrl(open), buildNoteInput())).statusCode).toBe(403);
      expect((await c.stranger.post(notesUrl(), buildNoteInput())).statusCode).toBe(404);
      expect((await c.anonymous.post(notesUrl(), buildNoteInput())).statusCode).toBe(401);
      expect((await c.stranger.get(notesUrl())).statusCode).toBe(404);
      expect((await c.anonymous.get(notesUrl())).statusCode).toBe(404);
      // A public workspace's published notes are readable by viewers and visitors.
      const shown = await create(open.owner, buildNoteInput({ title: 'Open lecture' }), open);
      await publish(shown.id, open);
      const visitor = await section(open.anonymous, open);
      expect(visitor.canCreate).toBe(false);
      expect(visitor.notes.map((n) => n.title)).toContain('Open lecture');
    });

    it("orders the section by the caller's preference", async () => {
      const course = await buildCourse(t.app, t.config.publicUrl);
      for (const week of [3, 1, 2]) {
        const made = await create(
          course.owner,
          buildNoteInput({ title: `Week ${week}`, week }),
          course,
        );
        await publish(made.id, course);
      }
      const titles = async () => (await section(course.member, course)).notes.map((n) => n.title);
      expect(await titles()).toEqual(['Week 1', 'Week 2', 'Week 3']);
      await course.member.request('PUT', '/api/preferences', { lectureNoteSortOrder: 'week-desc' });
      expect(await titles()).toEqual(['Week 3', 'Week 2', 'Week 1']);
      await course.member.request('PUT', '/api/preferences', {
        lectureNoteSortOrder: 'created-asc',
      });
      expect(await titles()).toEqual(['Week 3', 'Week 1', 'Week 2']);
    });
  });

  describe('attachments', () => {
    it('stores attachments for the owner and author, serves them to readers only', async () => {
      const made = await create(c.owner, buildNoteInput({ title: 'With slides' }));
      const url = `${notesUrl()}/${made.id}/attachments`;
      const attached = await send(c.owner, url, [
        { name: 'files', filename: '강의 1.png', data: fileOf('png', 3000) },
        pdf('reading.pdf'),
      ]);
      expect(attached.statusCode).toBe(201);
      const attachments = attached.json<LectureNote>().attachments;
      expect(attachments.map((a) => a.file.name)).toEqual(['강의 1.png', 'reading.pdf']);
      const fileUrl = `/api/files/${attachments[0]!.file.id}`;
      // A draft's attachment: its author and the owner only.
      expect((await c.owner.get(fileUrl)).statusCode).toBe(200);
      expect((await c.member.get(fileUrl)).statusCode).toBe(404);
      await publish(made.id);
      for (const client of [c.member, c.leader, c.otherMember]) {
        expect((await client.get(fileUrl)).statusCode).toBe(200);
      }
      expect((await c.stranger.get(fileUrl)).statusCode).toBe(404);
      expect((await c.anonymous.get(fileUrl)).statusCode).toBe(404);

      // Only the owner or the note's author attach or remove files.
      expect((await send(c.member, url, [pdf()])).statusCode).toBe(403);
      const removeUrl = `${url}/${attachments[1]!.id}`;
      expect((await c.member.request('DELETE', removeUrl)).statusCode).toBe(403);
      const removed = await c.owner.request('DELETE', removeUrl);
      expect(removed.json<LectureNote>().attachments).toHaveLength(1);
      expect((await c.owner.get(`/api/files/${attachments[1]!.file.id}`)).statusCode).toBe(404);
      // Types outside the picker's list are refused.
      const exe = await send(c.owner, url, [
        { name: 'files', filename: 'tool.exe', data: fileOf('exe', 100) },
      ]);
      expect(exe.statusCode).toBe(415);
      await expectNoOrphans();
    });

    it("never serves a public workspace's files to a visitor without a session", async () => {
      const made = await create(open.owner, buildNoteInput({ title: 'Public slides' }), open);
      await publish(made.id, open);
      const attached = await send(open.owner, `${notesUrl(open)}/${made.id}/attachments`, [pdf()]);
      const fileId = attached.json<LectureNote>().attachments[0]!.file.id;
      expect((await open.anonymous.get(`/api/files/${fileId}`)).statusCode).toBe(404);
      expect((await open.stranger.get(`/api/files/${fileId}`)).statusCode).toBe(200);
    });
  });

  describe('team tasks', () => {
    let noteId: string;
    let url: string;
    beforeAll(async () => {
      const made = await create(
        c.owner,
        buildNoteInput({ title: 'Team task', task: buildTaskInput() }),
      );
      noteId = made.id;
      url = `${notesUrl()}/${made.id}/submissions`;
      // A draft is not there for the leader, so it takes no answer.
      const early = await send(c.leader, url, [pdf()]);
      expect(early.statusCode).toBe(404);
      expect(early.json().error).toBe('lecture_note_not_found');
      await publish(noteId);
    });
    const stateOf = async (client: TestClient, teamId: string) => {
      const found = (await section(client)).notes.find((n) => n.id === noteId)!;
      return found.task!.teams.find((team) => team.teamId === teamId)!;
    };

    it("takes the leader's files and description, shows the state to all and the details to the team and the owner", async () => {
      const response = await send(c.leader, url, [
        { name: 'description', value: 'Our plan' },
        pdf('plan.pdf'),
        { name: 'files', filename: 'diagram.png', data: fileOf('png', 500) },
      ]);
      expect(response.statusCode).toBe(201);
      const mine = await stateOf(c.member, c.team1.id);
      expect(mine.current).toMatchObject({
        attempt: 1,
        description: 'Our plan',
        submittedBy: { name: 'Leader One' },
        isLate: false,
      });
      expect(mine.current?.files?.map((file) => file.name)).toEqual(['plan.pdf', 'diagram.png']);
      expect((await stateOf(c.owner, c.team1.id)).current?.description).toBe('Our plan');
      const others = await stateOf(c.otherMember, c.team1.id);
      expect(others.current).toMatchObject({
        attempt: 1,
        description: null,
        files: null,
        submittedBy: null,
      });

      const fileId = mine.current!.files![0]!.fileId!;
      expect((await c.member.get(`/api/files/${fileId}`)).statusCode).toBe(200);
      expect((await c.owner.get(`/api/files/${fileId}`)).statusCode).toBe(200);
      expect((await c.otherMember.get(`/api/files/${fileId}`)).statusCode).toBe(404);
      expect((await c.otherLeader.get(`/api/files/${fileId}`)).statusCode).toBe(404);
      expect((await c.stranger.get(`/api/files/${fileId}`)).statusCode).toBe(404);
    });

    it('counts a resubmission, keeps the earlier attempt as history and frees its bytes', async () => {
      const before = (await c.leader.get('/api/me/storage')).json<{ usedBytes: number }>();
      const response = await send(c.leader, url, [pdf('plan-v2.pdf', 3000)]);
      expect(response.statusCode).toBe(201);
      const state = await stateOf(c.leader, c.team1.id);
      expect(state.current).toMatchObject({ attempt: 2 });
      expect(state.history.map((attempt) => attempt.attempt)).toEqual([1]);
      expect(state.history[0]!.files).toEqual([
        { name: 'plan.pdf', size: 2000, fileId: null },
        { name: 'diagram.png', size: 500, fileId: null },
      ]);
      await t.app.files.drain();
      const after = (await c.leader.get('/api/me/storage')).json<{ usedBytes: number }>();
      expect(after.usedBytes).toBe(before.usedBytes - 2500 + 3000);
      // Others see the count, not the history.
      expect((await stateOf(c.otherMember, c.team1.id)).history).toEqual([]);
      await expectNoOrphans();
    });

    it("refuses members, other teams, the owner and viewers, in the spec's words", async () => {
      for (const client of [c.member, c.owner]) {
        const response = await send(client, url, [pdf()]);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          error: 'team_leader_only',
          message: 'Only team leader can submit',
        });
      }
      expect((await send(c.stranger, url, [pdf()])).statusCode).toBe(404);
      expect((await send(c.anonymous, url, [pdf()])).statusCode).toBe(401);
      expect((await c.member.request('DELETE', `${url}/mine`)).statusCode).toBe(403);
    });

    it("checks the task's size and types with the leader panel's messages", async () => {
      const large = await send(c.otherLeader, url, [pdf('big.pdf', 1024 * 1024 + 1)]);
      expect(large.statusCode).toBe(413);
      expect(large.json().message).toBe('Some files exceed the maximum size of 1MB');
      const wrong = await send(c.otherLeader, url, [
        { name: 'files', filename: 'notes.txt', data: fileOf('txt', 100) },
      ]);
      expect(wrong.statusCode).toBe(415);
      expect(wrong.json().message).toBe('Some files have invalid types. Allowed types: pdf, png');
      const none = await send(c.otherLeader, url, [{ name: 'description', value: 'nothing' }]);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('Please select at least one file');
      expect((await stateOf(c.otherLeader, c.team2.id)).current).toBeNull();
      await expectNoOrphans();
    });

    it('lets the leader delete the answer: Pending again, its files gone', async () => {
      const fileId = (await stateOf(c.leader, c.team1.id)).current!.files![0]!.fileId!;
      expect((await c.leader.request('DELETE', `${url}/mine`)).statusCode).toBe(204);
      expect((await stateOf(c.leader, c.team1.id)).current).toBeNull();
      expect((await c.owner.get(`/api/files/${fileId}`)).statusCode).toBe(404);
      expect((await c.leader.request('DELETE', `${url}/mine`)).statusCode).toBe(404);
      await expectNoOrphans();
    });

    it('keeps the task type while answers exist', async () => {
      await send(c.leader, url, [pdf()]);
      const change = await c.owner.request('PATCH', `${notesUrl()}/${noteId}`, {
        task: buildTaskInput({ assignmentType: 'individual' }),
      });
      expect(change.statusCode).toBe(422);
      expect(change.json().error).toBe('task_type_locked');
    });

    it('loses nothing when two teams submit at once, or a resubmission races a delete', async () => {
      const made = await create(c.owner, buildNoteInput({ title: 'Race', task: buildTaskInput() }));
      await publish(made.id);
      const raceUrl = `${notesUrl()}/${made.id}/submissions`;
      const both = await Promise.all([
        send(c.leader, raceUrl, [pdf('one.pdf')]),
        send(c.otherLeader, raceUrl, [pdf('two.pdf')]),
      ]);
      expect(both.map((response) => response.statusCode)).toEqual([201, 201]);
      const found = (await section(c.owner)).notes.find((n) => n.id === made.id)!;
      expect(found.task!.teams.map((team) => team.current?.files?.[0]?.name)).toEqual([
        'one.pdf',
        'two.pdf',
      ]);

      for (let round = 0; round < 3; round++) {
        const [resubmitted, deleted] = await Promise.all([
          send(c.leader, raceUrl, [pdf(`round-${round}.pdf`)]),
          c.leader.request('DELETE', `${raceUrl}/mine`),
        ]);
        expect(resubmitted.statusCode).toBe(201);
        expect([204, 404]).toContain(deleted.statusCode);
        const current = (await t.app.db.execute(sql`
          select count(*)::int as n from task_submissions
          where note_id = ${made.id} and team_id = ${c.team1.id} and is_current`)) as {
          rows: Array<{ n: number }>;
        };
        expect(current.rows[0]!.n).toBeLessThanOrEqual(1);
        // Whatever won, a current answer's files are all there.
        const state = (await section(c.leader)).notes.find((n) => n.id === made.id)!.task!
          .teams[0]!;
        for (const file of state.current?.files ?? []) expect(file.fileId).not.toBeNull();
      }
      expect(
        (await section(c.owner)).notes.find((n) => n.id === made.id)!.task!.teams[1]!.current,
      ).toMatchObject({ attempt: 1 });
      await expectNoOrphans();
    });
  });

  describe('individual tasks', () => {
    let small: Course;
    let url: string;
    let noteId: string;
    beforeAll(async () => {
      small = await buildCourse(t.app, t.config.publicUrl, { members: 4 });
      const made = await create(
        small.owner,
        buildNoteInput({ task: buildTaskInput({ assignmentType: 'individual' }) }),
        small,
      );
      noteId = made.id;
      await publish(noteId, small);
      url = `${notesUrl(small)}/${noteId}/submissions`;
    });
    const teamState = async (client: TestClient, teamId: string) =>
      (await section(client, small)).notes
        .find((n) => n.id === noteId)!
        .task!.individual.find((team) => team.teamId === teamId)!;

    it("takes each member's own answer and shows the team complete when all have answered", async () => {
      expect((await send(small.member, url, [pdf('mine.pdf')])).statusCode).toBe(201);
      let state = await teamState(small.leader, small.team1.id);
      expect(state).toMatchObject({ memberCount: 2, submittedCount: 1 });
      expect(state.submissions.map((s) => s.submittedBy?.name)).toEqual(['Member One']);
      expect((await send(small.leader, url, [pdf('leader.pdf')])).statusCode).toBe(201);
      state = await teamState(small.member, small.team1.id);
      expect(state).toMatchObject({ memberCount: 2, submittedCount: 2 });
      // Another team sees the count, not the answers.
      const seen = await teamState(small.otherMember, small.team1.id);
      expect(seen).toMatchObject({ submittedCount: 2, submissions: [] });
      const fileId = state.submissions[0]!.files![0]!.fileId!;
      expect((await small.leader.get(`/api/files/${fileId}`)).statusCode).toBe(200);
      expect((await small.otherMember.get(`/api/files/${fileId}`)).statusCode).toBe(404);
    });

    it("refuses the owner and outsiders in the spec's words, and deletes only one's own", async () => {
      for (const client of [small.owner, small.stranger]) {
        const response = await send(client, url, [pdf()]);
        expect(response.statusCode).toBe(client === small.owner ? 403 : 404);
        if (client === small.owner) {
          expect(response.json().message).toBe('You are not authorized to submit for this team');
        }
      }
      expect((await small.member.request('DELETE', `${url}/mine`)).statusCode).toBe(204);
      const state = await teamState(small.leader, small.team1.id);
      expect(state.submittedCount).toBe(1);
      expect(state.submissions.map((s) => s.submittedBy?.name)).toEqual(['Leader One']);
    });

    it('checks size and types in this panel too (the spec forgot them)', async () => {
      const wrong = await send(small.otherMember, url, [
        { name: 'files', filename: 'a.txt', data: fileOf('txt', 10) },
      ]);
      expect(wrong.statusCode).toBe(415);
      expect(apiErrorBody.parse(wrong.json()).message).toBe(
        'Some files have invalid types. Allowed types: pdf, png',
      );
    });
  });

  it('deletes a note with its attachments, answers and every byte of their files', async () => {
    const made = await create(
      c.owner,
      buildNoteInput({ title: 'To delete', task: buildTaskInput() }),
    );
    await publish(made.id);
    await send(c.owner, `${notesUrl()}/${made.id}/attachments`, [pdf('slides.pdf')]);
    await send(c.leader, `${notesUrl()}/${made.id}/submissions`, [pdf('answer.pdf')]);
    const before = (await fileKeys()).size;
    expect((await c.owner.request('DELETE', `${notesUrl()}/${made.id}`)).statusCode).toBe(204);
    expect((await fileKeys()).size).toBe(before - 2);
    await expectNoOrphans();
  });

  it('deletes every note file with its workspace', async () => {
    const course = await buildCourse(t.app, t.config.publicUrl);
    const made = await create(course.owner, buildNoteInput(), course);
    await send(course.owner, `${notesUrl(course)}/${made.id}/attachments`, [pdf()]);
    const before = (await fileKeys()).size;
    const deleted = await course.owner.request('DELETE', `/api/workspaces/${course.workspaceId}`);
    expect(deleted.statusCode).toBe(204);
    expect((await fileKeys()).size).toBe(before - 1);
    await expectNoOrphans();
  });
});
