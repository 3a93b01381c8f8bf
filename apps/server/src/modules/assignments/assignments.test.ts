// Assignments, grading and team scores through the API: a refusal for every action and wrong role
// (member, leader of another team, viewer, stranger, signed out), the spec's words, attempts kept
// as history, grades that never go missing, all-or-nothing bulk grading, and the exports. Runs on
// PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import type {
  AssignmentsSection,
  AssignmentView,
  LectureNote,
  TeamScores,
} from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import { buildAssignmentInput } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { fileOf, multipartBody, type Part, pdfPart } from '../../../test/multipart.ts';
import { readZip, readZipEntries } from '../../../test/zip.ts';

const HOUR = 60 * 60 * 1000;

describe('assignments', () => {
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
  const create = async (body = buildAssignmentInput(), course: Course = c) => {
    const response = await course.owner.post(`${base(course)}/assignments`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AssignmentView>();
  };
  const section = async (client: TestClient, course: Course = c) => {
    const response = await client.get(`${base(course)}/assignments`);
    expect(response.statusCode).toBe(200);
    return response.json<AssignmentsSection>();
  };
  const teamOn = async (client: TestClient, assignmentId: string, teamId: string) =>
    (await section(client)).assignments
      .find((item) => item.id === assignmentId)!
      .teams.find((team) => team.teamId === teamId)!;
  const submit = (client: TestClient, assignmentId: string, parts: Part[]) => {
    const { payload, headers } = multipartBody(parts);
    return client.request(
      'POST',
      `${base()}/assignments/${assignmentId}/submissions`,
      payload,
      headers,
    );
  };
  const pdf = (name = 'proposal.pdf', size = 3000) => pdfPart(name, size);
  const evaluate = (client: TestClient, assignmentId: string, body: Record<string, unknown>) =>
    client.post(`${base()}/assignments/${assignmentId}/evaluations`, body);

  describe('create and edit', () => {
    it("waits for every team leader's e-mail before an assignment can be created", async () => {
      const bare = await buildCourse(t.app, t.config.publicUrl);
      await bare.owner.request('PUT', `${base(bare)}/leader-emails`, {
        entries: [{ teamId: bare.team2.id, email: '' }],
      });
      expect((await section(bare.owner, bare)).teamsWithoutLeaderEmail).toEqual([2]);
      const refused = await bare.owner.post(`${base(bare)}/assignments`, buildAssignmentInput());
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(
        "Some team leaders don't have email addresses set. Please configure them in Settings first.",
      );
      const card = (await section(bare.owner, bare)).assignments;
      expect(card).toEqual([]);
    });

    it("checks the modal's fields with the spec's words", async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [buildAssignmentInput({ title: '  ' }), 'title: Please enter a title'],
        [
          buildAssignmentInput({ maxFileSizeMb: 0 }),
          'Set the maximum file size for submissions (1-100 MB)',
        ],
        [
          buildAssignmentInput({ maxFileSizeMb: 101 }),
          'Set the maximum file size for submissions (1-100 MB)',
        ],
        [buildAssignmentInput({ allowedTypes: ['exe'] }), 'allowedTypes.0'],
        [buildAssignmentInput({ allowedTypes: [] }), 'Choose at least one file type'],
        [
          buildAssignmentInput({
            startAt: new Date(Date.now() + 2 * HOUR).toISOString(),
            endAt: new Date().toISOString(),
          }),
          'endAt: The end must not be before the start',
        ],
      ];
      for (const [body, message] of cases) {
        const response = await c.owner.post(`${base()}/assignments`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message).toContain(message);
      }
    });

    it('numbers cards by creation order and lists them newest first; only the owner manages them', async () => {
      const first = await create(buildAssignmentInput({ title: 'First' }));
      const second = await create(buildAssignmentInput({ title: 'Second' }));
      const listed = (await section(c.member)).assignments.filter((item) =>
        [first.id, second.id].includes(item.id),
      );
      expect(listed.map((item) => [item.title, item.number])).toEqual([
        ['Second', second.number],
        ['First', first.number],
      ]);
      expect(second.number).toBe(first.number + 1);
      expect((await section(c.member)).canManage).toBe(false);

      const url = `${base()}/assignments/${first.id}`;
      for (const client of [c.leader, c.member, c.otherLeader]) {
        expect(
          (await client.post(`${base()}/assignments`, buildAssignmentInput())).statusCode,
        ).toBe(403);
        expect((await client.request('PATCH', url, { title: 'Mine' })).statusCode).toBe(403);
        expect((await client.request('DELETE', url)).statusCode).toBe(403);
      }
      expect((await c.stranger.request('PATCH', url, { title: 'x' })).statusCode).toBe(404);
      expect((await c.anonymous.request('PATCH', url, { title: 'x' })).statusCode).toBe(401);
      const edited = await c.owner.request('PATCH', url, {
        title: 'First, edited',
        maxFileSizeMb: 2,
      });
      expect(edited.json()).toMatchObject({ title: 'First, edited', maxFileSizeMb: 2 });
    });

    it('refuses a viewer of a public workspace', async () => {
      const open = await buildCourse(t.app, t.config.publicUrl, { isPublic: true });
      expect((await open.stranger.get(`${base(open)}/assignments`)).statusCode).toBe(200);
      expect(
        (await open.stranger.post(`${base(open)}/assignments`, buildAssignmentInput())).statusCode,
      ).toBe(403);
    });
  });

  describe('submissions', () => {
    let work: AssignmentView;
    beforeAll(async () => {
      work = await create(buildAssignmentInput({ title: 'Submissions' }));
    });

    it("takes the leader's files and notes; the team sees the work, only the owner and the writer the notes", async () => {
      const response = await submit(c.leader, work.id, [
        { name: 'notes', value: 'Read page 2 first' },
        pdf(),
      ]);
      expect(response.statusCode).toBe(201);
      const owners = await teamOn(c.owner, work.id, c.team1.id);
      expect(owners.latest).toMatchObject({
        attempt: 1,
        isLate: false,
        notes: 'Read page 2 first',
        submittedBy: { name: 'Leader One' },
      });
      expect((await teamOn(c.leader, work.id, c.team1.id)).latest?.notes).toBe('Read page 2 first');
      const members = await teamOn(c.member, work.id, c.team1.id);
      expect(members.latest).toMatchObject({ attempt: 1, notes: null });
      expect(members.latest?.files?.map((file) => file.name)).toEqual(['proposal.pdf']);
      const others = await teamOn(c.otherMember, work.id, c.team1.id);
      expect(others.latest).toMatchObject({ attempt: 1, files: null, submittedBy: null });

      // Downloads for the owner and every member of the team (issue 25; the spec had the leader
      // only, so a member got 404 for what their own leader handed in).
      const fileId = owners.latest!.files![0]!.fileId!;
      for (const client of [c.leader, c.member, c.owner]) {
        expect((await client.get(`/api/files/${fileId}`)).statusCode).toBe(200);
      }
      for (const client of [c.otherLeader, c.otherMember, c.stranger, c.anonymous]) {
        expect((await client.get(`/api/files/${fileId}`)).statusCode).toBe(404);
      }
    });

    it("refuses everyone but the team's leader, in the spec's words", async () => {
      for (const client of [c.member, c.owner]) {
        const response = await submit(client, work.id, [pdf()]);
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe('Only team leaders can submit assignments.');
      }
      expect((await submit(c.stranger, work.id, [pdf()])).statusCode).toBe(404);
      expect((await submit(c.anonymous, work.id, [pdf()])).statusCode).toBe(401);
    });

    it("checks the files and notes with the spec's messages", async () => {
      const docx = await submit(c.otherLeader, work.id, [
        { name: 'files', filename: 'report.docx', data: fileOf('pdf', 100) },
      ]);
      expect(docx.statusCode).toBe(415);
      expect(docx.json().message).toBe('report.docx: Only PDF files are allowed');
      const large = await submit(c.otherLeader, work.id, [pdf('big.pdf', 1024 * 1024 + 1)]);
      expect(large.json().message).toBe('File size cannot exceed 1MB');
      const notes = await submit(c.otherLeader, work.id, [
        { name: 'notes', value: 'x'.repeat(501) },
        pdf(),
      ]);
      expect(notes.statusCode).toBe(400);
      expect(notes.json().field).toBe('notes');
      expect((await teamOn(c.owner, work.id, c.team2.id)).latest).toBeNull();
    });

    it('refuses work before the window opens and marks work after it closes as late', async () => {
      const future = await create(
        buildAssignmentInput({ startAt: new Date(Date.now() + HOUR).toISOString(), endAt: null }),
      );
      const early = await submit(c.leader, future.id, [pdf()]);
      expect(early.statusCode).toBe(422);
      expect(early.json().error).toBe('assignment_not_open');
      const past = await create(
        buildAssignmentInput({
          startAt: new Date(Date.now() - 3 * HOUR).toISOString(),
          endAt: new Date(Date.now() - HOUR).toISOString(),
        }),
      );
      expect((await submit(c.leader, past.id, [pdf()])).statusCode).toBe(201);
      expect((await teamOn(c.leader, past.id, c.team1.id)).latest?.isLate).toBe(true);
    });

    it('keeps earlier attempts and their grades when a team resubmits', async () => {
      expect(
        (await evaluate(c.owner, work.id, { teamId: c.team1.id, score: 72, feedback: 'ok' }))
          .statusCode,
      ).toBe(200);
      expect((await submit(c.leader, work.id, [pdf('proposal-v2.pdf')])).statusCode).toBe(201);
      const state = await teamOn(c.leader, work.id, c.team1.id);
      expect(state.latest).toMatchObject({ attempt: 2, evaluation: null });
      expect(state.history.map((attempt) => attempt.attempt)).toEqual([1]);
      expect(state.history[0]!.evaluation).toMatchObject({ score: 72, attempt: 1 });
      // The team's grade stays the one it had, shown as the earlier attempt's.
      expect(state.grade).toMatchObject({ score: 72, attempt: 1 });
      // Earlier files stay downloadable for the owner.
      const earlier = state.history[0]!.files![0]!.fileId!;
      expect((await c.owner.get(`/api/files/${earlier}`)).statusCode).toBe(200);
    });
  });

  describe('grading', () => {
    it("grades one team, checks the score's range and never invents a submission", async () => {
      const work = await create(buildAssignmentInput({ title: 'Graded' }));
      await submit(c.leader, work.id, [pdf()]);
      const graded = await evaluate(c.owner, work.id, {
        teamId: c.team1.id,
        score: 95,
        feedback: 'Excellent',
      });
      expect(graded.statusCode).toBe(200);
      const team1 = graded.json<AssignmentView>().teams.find((team) => team.teamId === c.team1.id)!;
      expect(team1.grade).toMatchObject({
        score: 95,
        rawScore: 95,
        maxScore: 100,
        feedback: 'Excellent',
        attempt: 1,
      });
      expect(team1.latest?.evaluation).toMatchObject({ score: 95 });

      for (const score of [101, -1, 'NaN', null]) {
        const refused = await evaluate(c.owner, work.id, {
          teamId: c.team2.id,
          score,
          feedback: '',
        });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toContain('Score must be between 0 and 100');
      }
      // Team 2 handed nothing in: graded as "no submission", still no submission.
      const none = await evaluate(c.owner, work.id, {
        teamId: c.team2.id,
        score: 0,
        feedback: 'Missing',
      });
      const team2 = none.json<AssignmentView>().teams.find((team) => team.teamId === c.team2.id)!;
      expect(team2.latest).toBeNull();
      expect(team2.grade).toMatchObject({
        score: 0,
        submissionId: null,
        attempt: null,
        feedback: 'Missing',
      });
      const rows = await t.app.db.execute(
        sql`select count(*)::int as n from assignment_submissions where assignment_id = ${work.id} and team_id = ${c.team2.id}`,
      );
      expect((rows as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);

      for (const client of [c.leader, c.member]) {
        expect(
          (await evaluate(client, work.id, { teamId: c.team1.id, score: 100, feedback: '' }))
            .statusCode,
        ).toBe(403);
      }
      expect(
        (await evaluate(c.owner, work.id, { teamId: crypto.randomUUID(), score: 1, feedback: '' }))
          .statusCode,
      ).toBe(404);
    });

    it('keeps one consistent grade when two evaluations of a team arrive at once', async () => {
      const work = await create(buildAssignmentInput({ title: 'Race' }));
      await submit(c.leader, work.id, [pdf()]);
      const answers = await Promise.all(
        [60, 80].map((score) =>
          evaluate(c.owner, work.id, { teamId: c.team1.id, score, feedback: `${score}` }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const rows = (await t.app.db.execute(
        sql`select score, feedback from evaluations where assignment_id = ${work.id} and team_id = ${c.team1.id}`,
      )) as { rows: Array<{ score: string | number; feedback: string }> };
      expect(rows.rows).toHaveLength(1);
      expect(String(Number(rows.rows[0]!.score))).toBe(rows.rows[0]!.feedback);
    });

    it('grades every team in one go, scaled, all or nothing (issue 25: never clamped)', async () => {
      const work = await create(buildAssignmentInput({ title: 'Bulk' }));
      await submit(c.leader, work.id, [pdf()]);
      await submit(c.otherLeader, work.id, [pdf()]);
      const url = `${base()}/assignments/${work.id}/evaluations/bulk`;
      const empty = await c.owner.post(url, {
        maxScore: 50,
        entries: [{ teamId: c.team1.id, score: null, feedback: '' }],
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toContain(
        'Please enter scores or feedback for at least one team',
      );

      const broken = await c.owner.post(url, {
        maxScore: 50,
        entries: [
          { teamId: c.team1.id, score: 45, feedback: '' },
          { teamId: crypto.randomUUID(), score: 10, feedback: '' },
        ],
      });
      expect(broken.statusCode).toBe(422);
      expect(broken.json().message).toMatch(/^Failed to evaluate 1 teams: .+: Team not found$/);
      expect((await teamOn(c.owner, work.id, c.team1.id)).grade).toBeNull();

      // A score above the maximum is its row's error (the spec clamped it to the maximum).
      const over = await c.owner.post(url, {
        maxScore: 50,
        entries: [
          { teamId: c.team1.id, score: 45, feedback: '' },
          { teamId: c.team2.id, score: 60, feedback: 'Capped' },
        ],
      });
      expect(over.statusCode).toBe(400);
      expect(over.json().field).toBe('entries.1.score');

      const done = await c.owner.post(url, {
        maxScore: 50,
        entries: [
          { teamId: c.team1.id, score: 45, feedback: '' },
          { teamId: c.team2.id, score: 50, feedback: 'Full marks' },
        ],
      });
      expect(done.statusCode).toBe(200);
      const teams = done.json<AssignmentView>().teams;
      expect(
        teams.map((team) => [team.grade?.score, team.grade?.rawScore, team.grade?.maxScore]),
      ).toEqual([
        [90, 45, 50],
        [100, 50, 50],
      ]);
      expect((await c.member.post(url, { maxScore: 10, entries: [] })).statusCode).toBe(403);
    });

    it("evaluates a lecture note's team task the same way", async () => {
      const noteUrl = `${base()}/notes`;
      const made = await c.owner.post(noteUrl, {
        title: 'Task note',
        description: '',
        week: 2,
        date: null,
        task: {
          title: 'Task',
          description: '',
          deadline: null,
          maxFileSizeMb: 1,
          allowedTypes: ['pdf'],
          assignmentType: 'team',
        },
      });
      const noteId = made.json<LectureNote>().id;
      await c.owner.request('PATCH', `${noteUrl}/${noteId}`, { isPublished: true });
      const { payload, headers } = multipartBody([pdf()]);
      await c.leader.request('POST', `${noteUrl}/${noteId}/submissions`, payload, headers);
      const graded = await c.owner.post(`${noteUrl}/${noteId}/evaluations`, {
        teamId: c.team1.id,
        score: 88,
        feedback: 'Good',
      });
      expect(graded.statusCode).toBe(200);
      const team = graded
        .json<LectureNote>()
        .task!.teams.find((item) => item.teamId === c.team1.id)!;
      expect(team.evaluation).toMatchObject({ score: 88, feedback: 'Good', attempt: 1 });
      const none = await c.owner.post(`${noteUrl}/${noteId}/evaluations`, {
        teamId: c.team2.id,
        score: 50,
        feedback: '',
      });
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('No submission found for this team');
      expect(
        (
          await c.leader.post(`${noteUrl}/${noteId}/evaluations`, {
            teamId: c.team1.id,
            score: 1,
            feedback: '',
          })
        ).statusCode,
      ).toBe(403);
    });
  });

  describe('team scores and exports', () => {
    let course: Course;
    let a1: AssignmentView;
    beforeAll(async () => {
      course = await buildCourse(t.app, t.config.publicUrl);
      const make = async (title: string) => {
        const response = await course.owner.post(
          `${base(course)}/assignments`,
          buildAssignmentInput({ title }),
        );
        return response.json<AssignmentView>();
      };
      a1 = await make('Essay');
      await make('Presentation');
      const { payload, headers } = multipartBody([pdf('essay.pdf'), pdf('essay.pdf', 200)]);
      await course.leader.request(
        'POST',
        `${base(course)}/assignments/${a1.id}/submissions`,
        payload,
        headers,
      );
      await course.owner.post(`${base(course)}/assignments/${a1.id}/evaluations`, {
        teamId: course.team1.id,
        score: 95,
        feedback: '=cmd|calc',
      });
    });

    it('averages over evaluated work and with missing work as zero, for the owner only', async () => {
      const response = await course.owner.get(`${base(course)}/scores`);
      expect(response.statusCode).toBe(200);
      const [team1, team2] = response.json<TeamScores>().teams;
      expect(team1).toMatchObject({
        teamNumber: 1,
        totalAssignments: 2,
        evaluatedAssignments: 1,
        averageEvaluated: 95,
        averageWithMissing: 47.5,
      });
      expect(team1!.scores.map((score) => [score.title, score.score])).toEqual([
        ['Essay', 95],
        ['Presentation', null],
      ]);
      expect(team2).toMatchObject({
        evaluatedAssignments: 0,
        averageEvaluated: null,
        averageWithMissing: 0,
      });
      for (const client of [course.leader, course.member]) {
        expect((await client.get(`${base(course)}/scores`)).statusCode).toBe(403);
      }
      expect((await course.stranger.get(`${base(course)}/scores`)).statusCode).toBe(404);
      // Signed out: asked to sign in first, whatever the workspace (the guard reads the session).
      const anonymous = await course.anonymous.get(`${base(course)}/scores`);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: 'unauthenticated' });
    });

    it("streams every team's latest work in one ZIP with a manifest", async () => {
      const response = await course.owner.get(`${base(course)}/assignments/${a1.id}/export.zip`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; .*Assignment 1 - Essay/,
      );
      const entries = await readZip(response.rawPayload);
      expect([...entries.keys()].sort()).toEqual([
        'Team 1/essay (2).pdf',
        'Team 1/essay.pdf',
        'manifest.csv',
      ]);
      expect(entries.get('Team 1/essay.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
      const manifest = entries
        .get('manifest.csv')!
        .toString('utf8')
        .replace(/^\ufeff/, '')
        .split('\r\n');
      expect(manifest[0]).toBe(
        'team,leader,members,attempt,submitted at,submitted by,late,score,feedback',
      );
      expect(manifest[1]).toMatch(/^Team 1,.+,1,\d{4}-\d\d-\d\dT[^,]+,[^,]+,no,95,'=cmd\|calc$/);
      expect(manifest[2]).toMatch(/^Team 2,.*,,,,,,$/);
      // A PDF is compressed already: stored as it is; the manifest (text) is deflated.
      const methods = await readZipEntries(response.rawPayload);
      expect(methods.get('Team 1/essay.pdf')!.compressionMethod).toBe(0);
      expect(methods.get('manifest.csv')!.compressionMethod).toBe(8);
      for (const client of [course.leader, course.member]) {
        expect(
          (await client.get(`${base(course)}/assignments/${a1.id}/export.zip`)).statusCode,
        ).toBe(403);
      }
    });

    it('gives a grade sheet with a row per member and a column per assignment', async () => {
      const response = await course.owner.get(`${base(course)}/grades.csv`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = response.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n');
      // Every column of the gradebook's data (issue 25, decision 0024).
      expect(lines[0]).toBe(
        'name,email,team,A1: Essay,A2: Presentation,assignments %,tasks %,peer evaluation %,final %,letter,team average (evaluated),team average (missing = 0)',
      );
      expect(lines).toHaveLength(1 + course.detail.members.length);
      const leaderRow = lines.find((line) => line.includes(',Team 1,'))!;
      expect(leaderRow).toMatch(/,Team 1,95,,95,,,95,A,95,47.5$/);
      expect((await course.member.get(`${base(course)}/grades.csv`)).statusCode).toBe(403);
    });

    it('deletes an assignment with every submitted file', async () => {
      const keys = async () =>
        (
          (await t.app.db.execute(sql`select count(*)::int as n from files`)) as {
            rows: Array<{ n: number }>;
          }
        ).rows[0]!.n;
      const before = await keys();
      const deleted = await course.owner.request('DELETE', `${base(course)}/assignments/${a1.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(await keys()).toBe(before - 2);
      await t.app.files.drain();
      const stored: string[] = [];
      for await (const item of t.app.storage.list()) stored.push(item.key);
      const rows = (await t.app.db.execute(sql`select storage_key from files`)) as {
        rows: Array<{ storage_key: string }>;
      };
      expect(stored.sort()).toEqual(rows.rows.map((row) => row.storage_key).sort());
    });
  });
});
