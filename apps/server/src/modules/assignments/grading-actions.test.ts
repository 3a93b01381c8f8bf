// Grading actions (issue 25, decision 0025) through the API: bulk grading that never invents or
// changes a grade (the two bugs of the issue first), individual-task grades per member singly and
// in bulk, the owner handing in on a team's behalf, members downloading their team's work (a moved
// member their new team's), the submission_graded notification in the action's transaction, and
// the wrong roles refused for each. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import type { AssignmentView, LectureNote } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import { buildAssignmentInput, buildNoteInput, buildTaskInput } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipartBody, pdfPart } from '../../../test/multipart.ts';
import { rowsOf } from '../../db/rows.ts';

describe('grading actions', () => {
  let t: TestApp;
  let c: Course;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    c = await buildCourse(t.app, t.config.publicUrl);
  });
  afterAll(() => t.close());

  const base = (course: Course = c) => `/api/workspaces/${course.workspaceId}`;
  const createAssignment = async (course: Course = c, title = 'Graded work') => {
    const response = await course.owner.post(
      `${base(course)}/assignments`,
      buildAssignmentInput({ title }),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AssignmentView>();
  };
  const createNote = async (assignmentType: 'team' | 'individual', course: Course = c) => {
    const made = await course.owner.post(
      `${base(course)}/notes`,
      buildNoteInput({ task: buildTaskInput({ assignmentType, title: `${assignmentType} task` }) }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const noteId = made.json<LectureNote>().id;
    const published = await course.owner.request('PATCH', `${base(course)}/notes/${noteId}`, {
      isPublished: true,
    });
    expect(published.statusCode).toBe(200);
    return noteId;
  };
  const upload = (client: TestClient, url: string, name = 'work.pdf') => {
    const { payload, headers } = multipartBody([pdfPart(name, 2000)]);
    return client.request('POST', url, payload, headers);
  };
  const submitAssignment = async (client: TestClient, assignmentId: string, course = c) => {
    const response = await upload(
      client,
      `${base(course)}/assignments/${assignmentId}/submissions`,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AssignmentView>();
  };
  const submitTask = async (client: TestClient, noteId: string, course = c) => {
    const response = await upload(client, `${base(course)}/notes/${noteId}/submissions`);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<LectureNote>();
  };
  const gradedNotifications = async (workspaceId: string) =>
    rowsOf<{ userId: string; title: string; data: { assignmentId?: string; noteId?: string } }>(
      await t.app.db.execute(sql`
        select user_id as "userId", title, data from notification_outbox
        where type = 'submission_graded' and data->>'workspaceId' = ${workspaceId}
        order by id`),
    );

  describe('bulk grading never invents or changes a grade', () => {
    it('refuses a typed 70 of 50 on its row instead of saving 50/50 for a team that never submitted', async () => {
      const work = await createAssignment();
      await submitAssignment(c.leader, work.id);
      const url = `${base()}/assignments/${work.id}/evaluations/bulk`;
      const over = await c.owner.post(url, {
        maxScore: 50,
        entries: [
          { teamId: c.team1.id, score: 40, feedback: '' },
          { teamId: c.team2.id, score: 70, feedback: '' },
        ],
      });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({
        error: 'validation_failed',
        field: 'entries.1.score',
      });
      expect(over.json().message).toContain('Score must be between 0 and 50');

      // In range, but team 2 handed nothing in: refused by name, and nothing saved (all or nothing).
      const missing = await c.owner.post(url, {
        maxScore: 50,
        entries: [
          { teamId: c.team1.id, score: 40, feedback: '' },
          { teamId: c.team2.id, score: 30, feedback: '' },
        ],
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().message).toBe(
        'Failed to evaluate 1 teams: Team 2: No submission (mark it "No submission" to grade it)',
      );
      const after = rowsOf<{ n: number }>(
        await t.app.db.execute(
          sql`select count(*)::int as n from evaluations where assignment_id = ${work.id}`,
        ),
      );
      expect(after[0]!.n).toBe(0);

      // Marked "No submission" on purpose: graded, still without a submission.
      const marked = await c.owner.post(url, {
        maxScore: 50,
        entries: [
          { teamId: c.team1.id, score: 40, feedback: '' },
          { teamId: c.team2.id, score: 0, feedback: 'Nothing handed in', noSubmission: true },
        ],
      });
      expect(marked.statusCode, marked.body).toBe(200);
      const teams = marked.json<AssignmentView>().teams;
      expect(teams.map((team) => [team.grade?.score, team.grade?.submissionId ?? null])).toEqual([
        [80, teams[0]!.latest!.id],
        [0, null],
      ]);
      expect(teams[1]!.latest).toBeNull();
    });

    it('saves a row with only feedback as feedback and no score, never 0 (F)', async () => {
      const work = await createAssignment();
      await submitAssignment(c.leader, work.id);
      await submitAssignment(c.otherLeader, work.id);
      const url = `${base()}/assignments/${work.id}/evaluations/bulk`;
      const saved = await c.owner.post(url, {
        maxScore: 100,
        entries: [
          { teamId: c.team1.id, score: null, feedback: 'Good start' },
          { teamId: c.team2.id, score: 77, feedback: '' },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const [team1, team2] = saved.json<AssignmentView>().teams;
      expect(team1!.grade).toMatchObject({ score: null, rawScore: null, feedback: 'Good start' });
      expect(team2!.grade).toMatchObject({ score: 77, rawScore: 77 });

      // Feedback only again on a graded team: the feedback changes, the score stays.
      const again = await c.owner.post(url, {
        maxScore: 100,
        entries: [{ teamId: c.team2.id, score: null, feedback: 'Well argued' }],
      });
      expect(again.json<AssignmentView>().teams[1]!.grade).toMatchObject({
        score: 77,
        feedback: 'Well argued',
      });

      // Team Scores count a feedback-only grade as not evaluated.
      const scores = (await c.owner.get(`${base()}/scores`)).json<{
        teams: Array<{
          teamId: string;
          scores: Array<{ assignmentId: string; score: number | null }>;
        }>;
      }>();
      const team1Score = scores.teams
        .find((team) => team.teamId === c.team1.id)!
        .scores.find((item) => item.assignmentId === work.id)!;
      expect(team1Score.score).toBeNull();

      const empty = await c.owner.post(url, {
        maxScore: 100,
        entries: [{ teamId: c.team1.id, score: null, feedback: '  ' }],
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toContain(
        'Please enter scores or feedback for at least one team',
      );
    });
  });

  describe('individual tasks are graded per member', () => {
    it('grades one member singly and several in bulk; the wrong roles are refused', async () => {
      const noteId = await createNote('individual');
      await submitTask(c.leader, noteId);
      await submitTask(c.member, noteId);
      await submitTask(c.otherMember, noteId);
      const url = `${base()}/notes/${noteId}/evaluations`;

      const single = await c.owner.post(url, { userId: c.ids.member, score: 91, feedback: 'Nice' });
      expect(single.statusCode, single.body).toBe(200);
      const team1 = single
        .json<LectureNote>()
        .task!.individual.find((team) => team.teamId === c.team1.id)!;
      const mine = team1.submissions.find((item) => item.userId === c.ids.member)!;
      expect(mine.evaluation).toMatchObject({ score: 91, feedback: 'Nice' });

      // A member's grade is theirs: their teammates see the answers, not the grades.
      const asLeader = (await c.leader.get(`${base()}/notes`)).json<{ notes: LectureNote[] }>();
      const seen = asLeader.notes
        .find((note) => note.id === noteId)!
        .task!.individual.find((team) => team.teamId === c.team1.id)!;
      expect(seen.submissions.every((item) => !item.evaluation && !item.userId)).toBe(true);

      const bulk = await c.owner.post(`${url}/bulk`, {
        maxScore: 20,
        entries: [
          { userId: c.ids.leader, score: 18, feedback: '' },
          { userId: c.ids.otherMember, score: null, feedback: 'Feedback only' },
        ],
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      const grades = rowsOf<{ userId: string; score: string | null; raw: string | null }>(
        await t.app.db.execute(sql`
          select s.user_id as "userId", e.score::text as score, e.raw_score::text as raw
          from task_evaluations e join task_submissions s on s.id = e.submission_id
          where s.note_id = ${noteId} order by s.user_id`),
      );
      expect(
        new Map(grades.map((row) => [row.userId, row.score === null ? null : Number(row.score)])),
      ).toEqual(
        new Map([
          [c.ids.member, 91],
          [c.ids.leader, 90],
          [c.ids.otherMember, null],
        ]),
      );

      // Out of range on its row; a member with no answer refused by name; nothing saved.
      const over = await c.owner.post(`${url}/bulk`, {
        maxScore: 20,
        entries: [{ userId: c.ids.leader, score: 21, feedback: '' }],
      });
      expect(over.statusCode).toBe(400);
      expect(over.json().field).toBe('entries.0.score');
      const nobody = await c.owner.post(`${url}/bulk`, {
        maxScore: 20,
        entries: [
          { userId: c.ids.leader, score: 1, feedback: '' },
          { userId: c.ids.otherLeader, score: 5, feedback: '' },
        ],
      });
      expect(nobody.statusCode).toBe(422);
      expect(nobody.json().message).toContain(`${c.ids.otherLeader}: No submission found`);
      expect(
        (await c.owner.post(url, { userId: c.ids.otherLeader, score: 5, feedback: '' })).json(),
      ).toMatchObject({ error: 'member_submission_not_found' });
      expect(
        (
          await c.owner.post(url, {
            teamId: c.team1.id,
            userId: c.ids.leader,
            score: 5,
            feedback: '',
          })
        ).statusCode,
      ).toBe(400);

      // Each student was told once per action, with a link to the note; the grader never.
      const told = (await gradedNotifications(c.workspaceId)).filter(
        (row) => row.data.noteId === noteId,
      );
      expect(told.map((row) => row.userId).sort()).toEqual(
        [c.ids.member, c.ids.leader, c.ids.otherMember].sort(),
      );

      for (const client of [c.leader, c.member, c.otherMember, c.stranger]) {
        const refused = await client.post(url, { userId: c.ids.member, score: 1, feedback: '' });
        expect([403, 404]).toContain(refused.statusCode);
        const refusedBulk = await client.post(`${url}/bulk`, {
          maxScore: 10,
          entries: [{ userId: c.ids.member, score: 1, feedback: '' }],
        });
        expect([403, 404]).toContain(refusedBulk.statusCode);
      }
      expect(
        (await c.anonymous.post(url, { userId: c.ids.member, score: 1, feedback: '' })).statusCode,
      ).toBe(401);
    });
  });

  describe('the owner hands in on a team’s behalf', () => {
    it('records the attempt as handed in by the owner; leaders only for their own team', async () => {
      const work = await createAssignment();
      const url = `${base()}/assignments/${work.id}/submissions`;
      const byOwner = await upload(c.owner, `${url}?onBehalfOf=${c.team2.id}`);
      expect(byOwner.statusCode, byOwner.body).toBe(201);
      const team2 = byOwner
        .json<AssignmentView>()
        .teams.find((team) => team.teamId === c.team2.id)!;
      expect(team2.latest).toMatchObject({ attempt: 1, byOwner: true });
      // The team sees it in its history as handed in by the owner.
      const asTeam = (await c.otherMember.get(`${base()}/assignments`)).json<{
        assignments: AssignmentView[];
      }>();
      expect(
        asTeam.assignments.find((item) => item.id === work.id)!.teams[1]!.latest,
      ).toMatchObject({ byOwner: true, submittedBy: { name: 'Owner' } });

      const leaderOwn = await upload(c.leader, url);
      expect(leaderOwn.json<AssignmentView>().teams[0]!.latest).toMatchObject({ byOwner: false });
      expect((await upload(c.leader, `${url}?onBehalfOf=${c.team2.id}`)).statusCode).toBe(403);
      expect((await upload(c.member, `${url}?onBehalfOf=${c.team1.id}`)).statusCode).toBe(403);
      expect((await upload(c.stranger, `${url}?onBehalfOf=${c.team1.id}`)).statusCode).toBe(404);
      expect((await upload(c.anonymous, `${url}?onBehalfOf=${c.team1.id}`)).statusCode).toBe(401);
      expect(
        (await upload(c.owner, `${url}?onBehalfOf=${crypto.randomUUID()}`)).json(),
      ).toMatchObject({ error: 'team_not_found' });
      expect((await upload(c.owner, url)).json()).toMatchObject({
        error: 'leader_only_submission',
      });
      expect((await upload(c.owner, `${url}?onBehalfOf=not-a-uuid%00`)).statusCode).toBe(400);
    });

    it("hands in a team task's answer for a team", async () => {
      const noteId = await createNote('team');
      const url = `${base()}/notes/${noteId}/submissions`;
      const made = await upload(c.owner, `${url}?onBehalfOf=${c.team1.id}`);
      expect(made.statusCode, made.body).toBe(201);
      const team1 = made
        .json<LectureNote>()
        .task!.teams.find((team) => team.teamId === c.team1.id)!;
      expect(team1.current).toMatchObject({ attempt: 1, byOwner: true });
      expect((await upload(c.otherLeader, `${url}?onBehalfOf=${c.team1.id}`)).statusCode).toBe(403);
      expect((await upload(c.owner, url)).json()).toMatchObject({ error: 'team_leader_only' });
    });

    it("refuses the owner's hand-in for an individual task and on a draft, and stores nothing", async () => {
      const individual = await createNote('individual');
      const refused = await upload(
        c.owner,
        `${base()}/notes/${individual}/submissions?onBehalfOf=${c.team1.id}`,
      );
      expect([refused.statusCode, refused.json().error]).toEqual([403, 'forbidden']);
      const draft = await c.owner.post(
        `${base()}/notes`,
        buildNoteInput({ task: buildTaskInput({ assignmentType: 'team', title: 'Draft task' }) }),
      );
      const draftId = draft.json<LectureNote>().id;
      const onDraft = await upload(
        c.owner,
        `${base()}/notes/${draftId}/submissions?onBehalfOf=${c.team1.id}`,
      );
      expect(onDraft.json()).toMatchObject({ error: 'note_not_published' });
      const notes = (await c.owner.get(`${base()}/notes`)).json<{ notes: LectureNote[] }>();
      for (const id of [individual, draftId]) {
        const note = notes.notes.find((candidate) => candidate.id === id)!;
        expect(note.task!.teams.every((team) => team.current === null)).toBe(true);
      }
    });
  });

  describe('members download what their team handed in', () => {
    it('lets every member of the team read the leader’s file inline with the sandbox CSP; others are refused', async () => {
      const course = await buildCourse(t.app, t.config.publicUrl);
      const work = await createAssignment(course);
      const view = await submitAssignment(course.leader, work.id, course);
      const fileId = view.teams[0]!.latest!.files![0]!.fileId!;
      const file = `/api/files/${fileId}`;
      for (const client of [course.owner, course.leader, course.member]) {
        const read = await client.get(file);
        expect(read.statusCode).toBe(200);
        expect(read.headers['content-type']).toBe('application/pdf');
        expect(read.headers['content-disposition']).toMatch(/^inline;/);
        expect(read.headers['content-security-policy']).toBe('sandbox');
      }
      for (const client of [course.otherLeader, course.otherMember, course.stranger]) {
        expect((await client.get(file)).statusCode).toBe(404);
      }
      expect((await c.anonymous.get(file)).statusCode).toBe(404);

      // Moved to team 2: the member reads team 2's work from the move on, no longer team 1's.
      const otherView = await submitAssignment(course.otherLeader, work.id, course);
      const otherFile = `/api/files/${otherView.teams[1]!.latest!.files![0]!.fileId!}`;
      const moved = await course.owner.request(
        'PUT',
        `${base(course)}/roster/members/${course.team1.memberIds[1]}/team`,
        { teamId: course.team2.id },
      );
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await course.member.get(otherFile)).statusCode).toBe(200);
      expect((await course.member.get(file)).statusCode).toBe(404);
    });
  });

  describe('submission_graded', () => {
    it('tells each member of the graded team once per action, in the grading transaction', async () => {
      const course = await buildCourse(t.app, t.config.publicUrl);
      const work = await createAssignment(course, 'Essay');
      await submitAssignment(course.leader, work.id, course);
      await submitAssignment(course.otherLeader, work.id, course);
      const evaluated = await course.owner.post(
        `${base(course)}/assignments/${work.id}/evaluations`,
        { teamId: course.team1.id, score: 88, feedback: '' },
      );
      expect(evaluated.statusCode).toBe(200);
      let told = await gradedNotifications(course.workspaceId);
      expect(told.map((row) => row.userId).sort()).toEqual(
        [course.ids.leader, course.ids.member].sort(),
      );
      expect(told[0]).toMatchObject({
        title: 'Graded: Essay',
        data: {
          assignmentId: work.id,
          text: { key: 'teamGraded', values: { team: '1', work: 'Essay' } },
        },
      });

      // One bulk save: each student of the graded teams once.
      await course.owner.post(`${base(course)}/assignments/${work.id}/evaluations/bulk`, {
        maxScore: 10,
        entries: [
          { teamId: course.team1.id, score: 9, feedback: '' },
          { teamId: course.team2.id, score: 7, feedback: '' },
        ],
      });
      told = await gradedNotifications(course.workspaceId);
      expect(told).toHaveLength(2 + 4);

      // A refused action tells nobody (its transaction rolled back).
      await course.owner.post(`${base(course)}/assignments/${work.id}/evaluations/bulk`, {
        maxScore: 10,
        entries: [{ teamId: crypto.randomUUID(), score: 9, feedback: '' }],
      });
      expect(await gradedNotifications(course.workspaceId)).toHaveLength(6);
    });
  });
});
