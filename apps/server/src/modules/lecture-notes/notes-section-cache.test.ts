// The Lecture Notes section's cache (issue 22, commit 9f067fd): GET /api/workspaces/:id/notes
// answers from per-instance entries of pre-encoded JSON, one per workspace and reader scope
// (owner: every team's details; a team's members: their team's; everyone else: none), checked
// against the versions the database triggers bump. Each test reads in an order that would make
// a wrong cache show the wrong thing: a reader sharing an entry after one who filled it, a reader
// whose entry was cached before a change. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL
// (where two instances share one database).
import {
  type LectureNote,
  type LectureNoteSortOrder,
  type LectureNotesSection,
  lectureNotesSection,
  type TeamTaskState,
} from '@teamshuffle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TestClient, uniqueEmail } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import { buildNoteInput, buildTaskInput } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { fileOf, multipartBody, type Part, pdfPart } from '../../../test/multipart.ts';

const pdf = (name = 'plan.pdf', size = 2000) => pdfPart(name, size);

describe('the Lecture Notes section cache', () => {
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

  /**
   * The section as `client` gets it: the bytes must be UTF-8 JSON that the domain schema parses
   * to itself (zod drops members it does not know, so equal means nothing more was sent).
   */
  const read = async (client: TestClient, course: Course = c): Promise<LectureNotesSection> => {
    const response = await client.get(notesUrl(course));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const raw: unknown = JSON.parse(response.rawPayload.toString('utf8'));
    const parsed = lectureNotesSection.parse(raw);
    expect(parsed).toEqual(raw);
    return parsed;
  };
  const noteIn = async (client: TestClient, noteId: string, course: Course = c) =>
    (await read(client, course)).notes.find((item) => item.id === noteId);
  const teamState = async (
    client: TestClient,
    noteId: string,
    teamId: string,
    course: Course = c,
  ): Promise<TeamTaskState> => {
    const found = await noteIn(client, noteId, course);
    expect(found, `note ${noteId} for the reader`).toBeDefined();
    return found!.task!.teams.find((team) => team.teamId === teamId)!;
  };

  const create = async (client: TestClient, body = buildNoteInput(), course: Course = c) => {
    const response = await client.post(notesUrl(course), body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<LectureNote>();
  };
  const patch = async (noteId: string, body: Record<string, unknown>, course: Course = c) => {
    const response = await course.owner.request('PATCH', `${notesUrl(course)}/${noteId}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LectureNote>();
  };
  const publish = (noteId: string, course: Course = c) =>
    patch(noteId, { isPublished: true }, course);
  const send = async (client: TestClient, url: string, parts: Part[]) => {
    const { payload, headers } = multipartBody(parts);
    const response = await client.request('POST', url, payload, headers);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<LectureNote>();
  };
  const submit = (client: TestClient, noteId: string, parts: Part[], course: Course = c) =>
    send(client, `${notesUrl(course)}/${noteId}/submissions`, parts);
  const evaluate = async (noteId: string, teamId: string, score: number, course: Course = c) => {
    const response = await course.owner.post(`${notesUrl(course)}/${noteId}/evaluations`, {
      teamId,
      score,
      feedback: `scored ${score}`,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const rename = async (client: TestClient, name: string) => {
    const response = await client.post('/api/auth/update-user', { name });
    expect(response.statusCode, response.body).toBe(200);
  };
  const sortBy = async (client: TestClient, order: LectureNoteSortOrder) => {
    const response = await client.request('PUT', '/api/preferences', {
      lectureNoteSortOrder: order,
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('sends UTF-8 JSON that the domain schema parses, for the owner, a leader, a member, a viewer and a visitor', async () => {
    const made = await create(
      open.owner,
      buildNoteInput({ title: '강의 1주차: 소개', task: buildTaskInput({ title: '과제 — 계획' }) }),
      open,
    );
    await send(open.owner, `${notesUrl(open)}/${made.id}/attachments`, [
      { name: 'files', filename: '슬라이드 1.png', data: fileOf('png', 600) },
    ]);
    await publish(made.id, open);
    await submit(open.leader, made.id, [{ name: 'description', value: '우리 계획' }, pdf()], open);
    await submit(open.leader, made.id, [pdf('plan-v2.pdf')], open);
    await evaluate(made.id, open.team1.id, 91, open);
    const solo = await create(
      open.owner,
      buildNoteInput({
        title: 'Solo work',
        week: 2,
        task: buildTaskInput({ assignmentType: 'individual' }),
      }),
      open,
    );
    await publish(solo.id, open);
    await submit(open.member, solo.id, [pdf('mine.pdf')], open);
    const draft = await create(open.member, buildNoteInput({ title: 'Draft of a member' }), open);

    const owner = await read(open.owner, open);
    expect(owner).toMatchObject({ canCreate: true, myTeamId: null, isLeader: false });
    expect(owner.notes.map((n) => n.id)).toEqual(
      expect.arrayContaining([made.id, solo.id, draft.id]),
    );
    const shown = owner.notes.find((n) => n.id === made.id)!;
    expect(shown.title).toBe('강의 1주차: 소개');
    expect(shown.task!.title).toBe('과제 — 계획');
    expect(shown.attachments.map((a) => a.file.name)).toEqual(['슬라이드 1.png']);
    const team1 = shown.task!.teams.find((team) => team.teamId === open.team1.id)!;
    expect(team1.current).toMatchObject({ attempt: 2, submittedBy: { name: 'Leader One' } });
    expect(team1.history.map((attempt) => attempt.description)).toEqual(['우리 계획']);
    expect(team1.evaluation).toMatchObject({ score: 91 });

    const leader = await read(open.leader, open);
    expect(leader).toMatchObject({ canCreate: true, myTeamId: open.team1.id, isLeader: true });
    expect(leader.notes.map((n) => n.id)).not.toContain(draft.id);
    const member = await read(open.member, open);
    expect(member).toMatchObject({ myTeamId: open.team1.id, isLeader: false });
    expect(member.notes.map((n) => n.id)).toContain(draft.id);
    for (const outsider of [open.stranger, open.anonymous]) {
      const seen = await read(outsider, open);
      expect(seen).toMatchObject({ canCreate: false, myTeamId: null, isLeader: false });
      expect(seen.notes.map((n) => n.id).sort()).toEqual([made.id, solo.id].sort());
      const state = seen.notes.find((n) => n.id === made.id)!.task!.teams[0]!;
      expect(state.current).toMatchObject({ attempt: 2, submittedBy: null, files: null });
      expect(state.evaluation).toBeNull();
    }
  });

  describe('readers who share an entry', () => {
    let noteId: string;
    beforeAll(async () => {
      noteId = (
        await create(c.owner, buildNoteInput({ title: 'Team task', task: buildTaskInput() }))
      ).id;
      await publish(noteId);
      await submit(c.leader, noteId, [{ name: 'description', value: 'Team A plan' }, pdf()]);
      await submit(c.leader, noteId, [{ name: 'description', value: 'Team A v2' }, pdf('v2.pdf')]);
      await evaluate(noteId, c.team1.id, 77);
    });

    it("never shows one team's details to another after the owner's read, nor the other way round", async () => {
      // The owner's entry holds every team's details.
      const owners = await teamState(c.owner, noteId, c.team1.id);
      expect(owners.current).toMatchObject({ description: 'Team A v2' });
      expect(owners.evaluation).toMatchObject({ score: 77 });

      for (const other of [c.otherMember, c.otherLeader]) {
        const seen = await teamState(other, noteId, c.team1.id);
        expect(seen.current).toMatchObject({
          attempt: 2,
          submittedBy: null,
          description: null,
          files: null,
        });
        expect(seen.history).toEqual([]);
        expect(seen.evaluation).toBeNull();
      }
      const mine = await teamState(c.member, noteId, c.team1.id);
      expect(mine.current).toMatchObject({
        description: 'Team A v2',
        submittedBy: { name: 'Leader One' },
      });
      expect(mine.current!.files!.map((file) => file.name)).toEqual(['v2.pdf']);
      expect(mine.history.map((attempt) => attempt.description)).toEqual(['Team A plan']);
      expect(mine.evaluation).toMatchObject({ score: 77 });

      // Team B hands something in; team A (whose entry is cached) sees only that it did.
      await submit(c.otherLeader, noteId, [{ name: 'description', value: 'Team B plan' }, pdf()]);
      expect((await teamState(c.otherMember, noteId, c.team2.id)).current).toMatchObject({
        description: 'Team B plan',
        submittedBy: { name: 'Leader Two' },
      });
      const teamB = await teamState(c.leader, noteId, c.team2.id);
      expect(teamB.current).toMatchObject({ attempt: 1, description: null, submittedBy: null });
      expect((await teamState(c.owner, noteId, c.team2.id)).current?.description).toBe(
        'Team B plan',
      );
      // And the owner's read after team B's did not narrow the owner's view.
      expect((await teamState(c.owner, noteId, c.team1.id)).current?.description).toBe('Team A v2');
    });

    it("shows a member's draft to its author and the owner only, and canEdit per reader", async () => {
      const draft = await create(c.member, buildNoteInput({ title: 'My draft' }));
      // The author fills team A's entry first; the leader (same team) reads it after.
      const authors = await noteIn(c.member, draft.id);
      expect(authors).toMatchObject({ isPublished: false, canEdit: true });
      expect(await noteIn(c.leader, draft.id)).toBeUndefined();
      expect(await noteIn(c.otherMember, draft.id)).toBeUndefined();
      expect(await noteIn(c.owner, draft.id)).toMatchObject({ canEdit: true });
      expect(await noteIn(c.member, draft.id)).toMatchObject({ canEdit: true });

      await publish(draft.id);
      expect(await noteIn(c.member, draft.id)).toMatchObject({ isPublished: true, canEdit: true });
      expect(await noteIn(c.leader, draft.id)).toMatchObject({ isPublished: true, canEdit: false });
      expect(await noteIn(c.member, draft.id)).toMatchObject({ canEdit: true });
      expect(await noteIn(c.otherMember, draft.id)).toMatchObject({ canEdit: false });
      expect(await noteIn(c.owner, draft.id)).toMatchObject({ canEdit: true });
    });

    // Two plain members of one team get the same answer but for the drafts they wrote: the
    // answer's bytes are shared by readers of one kind (issue 22), never across authors.
    it("keeps a member's draft from a teammate of the same kind who reads before and after", async () => {
      const email = uniqueEmail('member3');
      const third = await buildUser(t.app, t.config.publicUrl, { email, name: 'Member Three' });
      const saved = await c.owner.request(
        'PUT',
        `/api/workspaces/${c.workspaceId}/teams/${c.team1.id}/member-emails`,
        { entries: [{ memberId: c.team1.memberIds[2], email }] },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const before = await read(third.client);
      const draft = await create(c.member, buildNoteInput({ title: "Member One's draft" }));
      expect(await noteIn(third.client, draft.id)).toBeUndefined();
      expect(await noteIn(c.member, draft.id)).toMatchObject({ canEdit: true });
      expect(await noteIn(third.client, draft.id)).toBeUndefined();
      const after = await read(third.client);
      expect(after.notes.map((note) => note.id)).toEqual(before.notes.map((note) => note.id));
      expect(after.notes.every((note) => !note.canEdit)).toBe(true);
      expect((await read(c.member)).notes.map((note) => note.id)).toContain(draft.id);
      await publish(draft.id);
      expect(await noteIn(third.client, draft.id)).toMatchObject({ canEdit: false });
      expect(await noteIn(c.member, draft.id)).toMatchObject({ canEdit: true });
    });

    // A deleted account's drafts keep their note with author_id set null; a signed-out
    // visitor's id is null too, and null is nobody's id (found by this test, fixed in the filter).
    it("keeps a draft whose author deleted their account from a public workspace's visitors", async () => {
      const course = await buildCourse(t.app, t.config.publicUrl, { isPublic: true, members: 4 });
      const draft = await create(
        course.member,
        buildNoteInput({ title: 'Never published' }),
        course,
      );
      expect(await noteIn(course.anonymous, draft.id, course)).toBeUndefined();
      const deleted = await course.member.request('DELETE', '/api/me', {
        confirmation: 'DELETE',
        password: 'secret-pass-1',
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(await noteIn(course.owner, draft.id, course)).toMatchObject({ author: null });
      expect(await noteIn(course.stranger, draft.id, course)).toBeUndefined();
      expect(await noteIn(course.anonymous, draft.id, course)).toBeUndefined();
    });
  });

  describe('a change is seen at once by a reader whose entry was cached before it', () => {
    let noteId: string;

    it('creating, publishing, editing and deleting a note', async () => {
      await read(c.owner);
      await read(c.member);
      await read(c.anonymous, open);
      noteId = (
        await create(c.owner, buildNoteInput({ title: 'Fresh', week: 4, task: buildTaskInput() }))
      ).id;
      expect(await noteIn(c.owner, noteId)).toMatchObject({ title: 'Fresh', isPublished: false });
      expect(await noteIn(c.member, noteId)).toBeUndefined();
      await publish(noteId);
      expect(await noteIn(c.member, noteId)).toMatchObject({ title: 'Fresh', isPublished: true });
      await patch(noteId, { title: 'Fresh, edited', description: 'new words', week: 5 });
      expect(await noteIn(c.member, noteId)).toMatchObject({
        title: 'Fresh, edited',
        description: 'new words',
        week: 5,
      });
      expect(await noteIn(c.otherMember, noteId)).toMatchObject({ title: 'Fresh, edited' });
      await patch(noteId, { isPublished: false });
      expect(await noteIn(c.member, noteId)).toBeUndefined();
      expect(await noteIn(c.otherMember, noteId)).toBeUndefined();
      await publish(noteId);

      // In a public workspace, for a visitor.
      const shown = await create(open.owner, buildNoteInput({ title: 'Open note' }), open);
      expect(await noteIn(open.anonymous, shown.id, open)).toBeUndefined();
      await publish(shown.id, open);
      expect(await noteIn(open.anonymous, shown.id, open)).toMatchObject({ title: 'Open note' });
      expect((await open.owner.request('DELETE', `${notesUrl(open)}/${shown.id}`)).statusCode).toBe(
        204,
      );
      expect(await noteIn(open.anonymous, shown.id, open)).toBeUndefined();
    });

    it('adding and deleting an attachment', async () => {
      expect((await noteIn(c.member, noteId))!.attachments).toEqual([]);
      const attached = await send(c.owner, `${notesUrl()}/${noteId}/attachments`, [
        pdf('slides.pdf'),
      ]);
      const attachment = attached.attachments[0]!;
      expect((await noteIn(c.member, noteId))!.attachments.map((a) => a.file.name)).toEqual([
        'slides.pdf',
      ]);
      const removed = await c.owner.request(
        'DELETE',
        `${notesUrl()}/${noteId}/attachments/${attachment.id}`,
      );
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await noteIn(c.member, noteId))!.attachments).toEqual([]);
    });

    it('submitting, resubmitting, evaluating and deleting a task submission', async () => {
      expect((await teamState(c.member, noteId, c.team1.id)).current).toBeNull();
      expect((await teamState(c.otherMember, noteId, c.team1.id)).current).toBeNull();
      expect((await teamState(c.owner, noteId, c.team1.id)).current).toBeNull();

      await submit(c.leader, noteId, [{ name: 'description', value: 'first' }, pdf('one.pdf')]);
      expect((await teamState(c.member, noteId, c.team1.id)).current).toMatchObject({
        attempt: 1,
        description: 'first',
      });
      expect((await teamState(c.otherMember, noteId, c.team1.id)).current).toMatchObject({
        attempt: 1,
        description: null,
      });
      expect((await teamState(c.owner, noteId, c.team1.id)).current?.files?.[0]?.name).toBe(
        'one.pdf',
      );

      await submit(c.leader, noteId, [{ name: 'description', value: 'second' }, pdf('two.pdf')]);
      const resubmitted = await teamState(c.member, noteId, c.team1.id);
      expect(resubmitted.current).toMatchObject({ attempt: 2, description: 'second' });
      expect(resubmitted.history.map((attempt) => attempt.attempt)).toEqual([1]);
      expect((await teamState(c.otherMember, noteId, c.team1.id)).current?.attempt).toBe(2);

      await evaluate(noteId, c.team1.id, 64);
      expect((await teamState(c.member, noteId, c.team1.id)).evaluation).toMatchObject({
        score: 64,
        feedback: 'scored 64',
        attempt: 2,
      });
      expect((await teamState(c.owner, noteId, c.team1.id)).evaluation?.score).toBe(64);
      await evaluate(noteId, c.team1.id, 70);
      expect((await teamState(c.member, noteId, c.team1.id)).evaluation?.score).toBe(70);
      expect((await teamState(c.otherMember, noteId, c.team1.id)).evaluation).toBeNull();

      // Graded: the leader may not delete it (decision 0016); the owner may, the grade with it.
      const refused = await c.leader.request('DELETE', `${notesUrl()}/${noteId}/submissions/mine`);
      expect(refused.statusCode, refused.body).toBe(409);
      const current = (await teamState(c.member, noteId, c.team1.id)).current!;
      const deleted = await c.owner.request(
        'DELETE',
        `${notesUrl()}/${noteId}/submissions/${current.id}`,
      );
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect((await teamState(c.member, noteId, c.team1.id)).current).toBeNull();
      expect((await teamState(c.member, noteId, c.team1.id)).evaluation).toBeNull();
      expect((await teamState(c.otherMember, noteId, c.team1.id)).current).toBeNull();
      expect((await teamState(c.owner, noteId, c.team1.id)).current).toBeNull();
    });

    it("an individual task's submission", async () => {
      const solo = await create(
        c.owner,
        buildNoteInput({ title: 'Solo', task: buildTaskInput({ assignmentType: 'individual' }) }),
      );
      await publish(solo.id);
      const stateOf = async (client: TestClient) =>
        (await noteIn(client, solo.id))!.task!.individual.find(
          (team) => team.teamId === c.team1.id,
        )!;
      expect(await stateOf(c.leader)).toMatchObject({ submittedCount: 0, submissions: [] });
      expect(await stateOf(c.otherMember)).toMatchObject({ submittedCount: 0 });
      await submit(c.member, solo.id, [pdf('mine.pdf')]);
      const seen = await stateOf(c.leader);
      expect(seen.submittedCount).toBe(1);
      expect(seen.submissions.map((s) => s.submittedBy?.name)).toEqual(['Member One']);
      expect(await stateOf(c.otherMember)).toMatchObject({ submittedCount: 1, submissions: [] });
    });

    it('deleting a note', async () => {
      expect(await noteIn(c.member, noteId)).toBeDefined();
      expect(await noteIn(c.owner, noteId)).toBeDefined();
      expect((await c.owner.request('DELETE', `${notesUrl()}/${noteId}`)).statusCode).toBe(204);
      expect(await noteIn(c.member, noteId)).toBeUndefined();
      expect(await noteIn(c.owner, noteId)).toBeUndefined();
      expect(await noteIn(c.otherMember, noteId)).toBeUndefined();
    });

    it("a verified user's new name, as author, uploader, submitter and grader", async () => {
      const course = await buildCourse(t.app, t.config.publicUrl, { isPublic: true, members: 4 });
      const made = await create(
        course.owner,
        buildNoteInput({ title: 'Names', task: buildTaskInput() }),
        course,
      );
      await send(course.owner, `${notesUrl(course)}/${made.id}/attachments`, [pdf('a.pdf')]);
      await publish(made.id, course);
      await submit(course.leader, made.id, [pdf()], course);
      await evaluate(made.id, course.team1.id, 50, course);
      const names = async (client: TestClient) => {
        const found = (await noteIn(client, made.id, course))!;
        const team = found.task!.teams.find((item) => item.teamId === course.team1.id)!;
        return {
          author: found.author?.name,
          uploader: found.attachments[0]!.uploadedBy?.name,
          submitter: team.current?.submittedBy?.name,
          grader: team.evaluation?.evaluatedBy?.name,
        };
      };
      const before = {
        author: 'Owner',
        uploader: 'Owner',
        submitter: 'Leader One',
        grader: 'Owner',
      };
      expect(await names(course.member)).toEqual(before);
      expect(await names(course.owner)).toEqual(before);
      expect((await noteIn(course.anonymous, made.id, course))!.author?.name).toBe('Owner');

      await rename(course.leader, 'Leader Renamed');
      expect(await names(course.member)).toEqual({ ...before, submitter: 'Leader Renamed' });
      expect(await names(course.owner)).toEqual({ ...before, submitter: 'Leader Renamed' });
      await rename(course.owner, 'Owner Renamed');
      const after = {
        author: 'Owner Renamed',
        uploader: 'Owner Renamed',
        submitter: 'Leader Renamed',
        grader: 'Owner Renamed',
      };
      expect(await names(course.member)).toEqual(after);
      expect(await names(course.owner)).toEqual(after);
      expect((await noteIn(course.anonymous, made.id, course))!.author?.name).toBe('Owner Renamed');
    });
  });

  it("orders each reader's answer by their own preference, from one shared entry", async () => {
    const course = await buildCourse(t.app, t.config.publicUrl, { members: 4 });
    // Created in the order week 3, 1, 2.
    for (const week of [3, 1, 2]) {
      const made = await create(
        course.owner,
        buildNoteInput({ title: `Week ${week}`, week }),
        course,
      );
      await publish(made.id, course);
    }
    const titles = async (client: TestClient) =>
      (await read(client, course)).notes.map((n) => n.title);
    // The leader and the member of team 1 share one entry.
    await sortBy(course.leader, 'week-asc');
    expect(await titles(course.leader)).toEqual(['Week 1', 'Week 2', 'Week 3']);
    expect(await titles(course.member)).toEqual(['Week 1', 'Week 2', 'Week 3']);
    await sortBy(course.member, 'week-desc');
    expect(await titles(course.member)).toEqual(['Week 3', 'Week 2', 'Week 1']);
    expect(await titles(course.leader)).toEqual(['Week 1', 'Week 2', 'Week 3']);
    expect((await read(course.member, course)).sortOrder).toBe('week-desc');
    expect((await read(course.leader, course)).sortOrder).toBe('week-asc');
    await sortBy(course.member, 'created-asc');
    expect(await titles(course.member)).toEqual(['Week 3', 'Week 1', 'Week 2']);
    await sortBy(course.member, 'created-desc');
    expect(await titles(course.member)).toEqual(['Week 2', 'Week 1', 'Week 3']);
    expect(await titles(course.leader)).toEqual(['Week 1', 'Week 2', 'Week 3']);
    // The owner's own entry, and its own preference.
    await sortBy(course.owner, 'week-desc');
    expect(await titles(course.owner)).toEqual(['Week 3', 'Week 2', 'Week 1']);
    await sortBy(course.owner, 'created-asc');
    expect(await titles(course.owner)).toEqual(['Week 3', 'Week 1', 'Week 2']);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'shows a change made through one instance in the next read through another',
    async () => {
      const b = await t.anotherInstance();
      try {
        const on = (client: TestClient) => {
          const other = new TestClient(b.app, t.config.publicUrl);
          for (const [name, value] of client.cookies) other.cookies.set(name, value);
          return other;
        };
        const memberB = on(c.member);
        const ownerB = on(c.owner);
        const made = await create(
          c.owner,
          buildNoteInput({ title: 'Across', task: buildTaskInput() }),
        );
        // Instance B caches team A's and the owner's entries.
        expect(await noteIn(memberB, made.id)).toBeUndefined();
        expect(await noteIn(ownerB, made.id)).toMatchObject({ title: 'Across' });
        await publish(made.id);
        expect(await noteIn(memberB, made.id)).toMatchObject({ title: 'Across' });
        await patch(made.id, { title: 'Across, edited' });
        expect(await noteIn(memberB, made.id)).toMatchObject({ title: 'Across, edited' });
        await submit(c.leader, made.id, [{ name: 'description', value: 'via A' }, pdf()]);
        expect((await teamState(memberB, made.id, c.team1.id)).current?.description).toBe('via A');
        await evaluate(made.id, c.team1.id, 88);
        expect((await teamState(ownerB, made.id, c.team1.id)).evaluation?.score).toBe(88);
        expect((await teamState(memberB, made.id, c.team1.id)).evaluation?.score).toBe(88);
        await rename(c.leader, 'Leader Across');
        expect((await teamState(memberB, made.id, c.team1.id)).current?.submittedBy?.name).toBe(
          'Leader Across',
        );
        await rename(c.leader, 'Leader One');
        expect((await c.owner.request('DELETE', `${notesUrl()}/${made.id}`)).statusCode).toBe(204);
        expect(await noteIn(memberB, made.id)).toBeUndefined();
        expect(await noteIn(ownerB, made.id)).toBeUndefined();
      } finally {
        await b.close();
      }
    },
  );
});
