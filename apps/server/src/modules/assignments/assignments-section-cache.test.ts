// The Assignments section's and Team Scores' caches (issue 22, commit 9f067fd): GET
// /api/workspaces/:id/assignments answers from per-instance entries of pre-encoded JSON, one per
// workspace and reader scope (owner: every team's details; a team's members: their team's;
// everyone else: none) plus one per attempt writer (an attempt's notes are for the owner and the
// one who wrote them), and GET /api/workspaces/:id/scores from one entry per workspace; all checked
// against the versions the database triggers bump. Each test reads in an order that would make a
// wrong cache show the wrong thing. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL (where
// two instances share one database).
import {
  type AssignmentsSection,
  assignmentsSection,
  type AssignmentTeamState,
  type AssignmentView,
  type TeamScores,
  teamScores,
} from '@teamshuffle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import { buildAssignmentInput } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipartBody, type Part, pdfPart } from '../../../test/multipart.ts';

const pdf = (name = 'proposal.pdf', size = 3000) => pdfPart(name, size);

describe('the Assignments section and Team Scores caches', () => {
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

  const base = (course: Course = c) => `/api/workspaces/${course.workspaceId}`;

  /** Checks the answer's bytes: UTF-8 JSON that `schema` parses to itself (nothing more). */
  const bytesOf = async (client: TestClient, url: string) => {
    const response = await client.get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    return JSON.parse(response.rawPayload.toString('utf8')) as unknown;
  };
  const read = async (client: TestClient, course: Course = c): Promise<AssignmentsSection> => {
    const raw = await bytesOf(client, `${base(course)}/assignments`);
    const parsed = assignmentsSection.parse(raw);
    expect(parsed).toEqual(raw);
    return parsed;
  };
  const scores = async (course: Course = c): Promise<TeamScores> => {
    const raw = await bytesOf(course.owner, `${base(course)}/scores`);
    const parsed = teamScores.parse(raw);
    expect(parsed).toEqual(raw);
    return parsed;
  };
  const cardIn = async (client: TestClient, assignmentId: string, course: Course = c) =>
    (await read(client, course)).assignments.find((item) => item.id === assignmentId);
  const teamOn = async (
    client: TestClient,
    assignmentId: string,
    teamId: string,
    course: Course = c,
  ): Promise<AssignmentTeamState> => {
    const card = await cardIn(client, assignmentId, course);
    expect(card, `assignment ${assignmentId} for the reader`).toBeDefined();
    return card!.teams.find((team) => team.teamId === teamId)!;
  };
  const scoreOf = async (assignmentId: string, teamId: string, course: Course = c) =>
    (await scores(course)).teams
      .find((team) => team.teamId === teamId)!
      .scores.find((item) => item.assignmentId === assignmentId)?.score;

  const create = async (body = buildAssignmentInput(), course: Course = c) => {
    const response = await course.owner.post(`${base(course)}/assignments`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AssignmentView>();
  };
  const submit = async (
    client: TestClient,
    assignmentId: string,
    parts: Part[],
    course: Course = c,
  ) => {
    const { payload, headers } = multipartBody(parts);
    const response = await client.request(
      'POST',
      `${base(course)}/assignments/${assignmentId}/submissions`,
      payload,
      headers,
    );
    expect(response.statusCode, response.body).toBe(201);
  };
  const evaluate = async (
    assignmentId: string,
    teamId: string,
    score: number,
    course: Course = c,
  ) => {
    const response = await course.owner.post(
      `${base(course)}/assignments/${assignmentId}/evaluations`,
      { teamId, score, feedback: `scored ${score}` },
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const rename = async (client: TestClient, name: string) => {
    const response = await client.post('/api/auth/update-user', { name });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('sends UTF-8 JSON that the domain schemas parse, for the owner, a leader, a member, a viewer and a visitor', async () => {
    const work = await create(
      buildAssignmentInput({ title: '과제 1: 제안서', description: '두 쪽' }),
      open,
    );
    await submit(
      open.leader,
      work.id,
      [{ name: 'notes', value: '2쪽부터 읽어 주세요' }, pdf()],
      open,
    );
    await evaluate(work.id, open.team1.id, 72, open);
    await submit(open.leader, work.id, [pdf('제안서 v2.pdf')], open);
    await evaluate(work.id, open.team1.id, 90, open);
    await create(buildAssignmentInput({ title: 'Second' }), open);

    const owner = await read(open.owner, open);
    expect(owner).toMatchObject({
      canManage: true,
      myTeamId: null,
      isLeader: false,
      teamsWithoutLeaderEmail: [],
    });
    expect(owner.assignments.map((item) => item.title)).toEqual(['Second', '과제 1: 제안서']);
    const team1 = owner.assignments[1]!.teams.find((team) => team.teamId === open.team1.id)!;
    expect(team1.latest).toMatchObject({ attempt: 2, submittedBy: { name: 'Leader One' } });
    expect(team1.latest!.files!.map((file) => file.name)).toEqual(['제안서 v2.pdf']);
    expect(team1.history[0]).toMatchObject({ attempt: 1, notes: '2쪽부터 읽어 주세요' });
    expect(team1.grade).toMatchObject({ score: 90, attempt: 2 });

    const leader = await read(open.leader, open);
    expect(leader).toMatchObject({ canManage: false, myTeamId: open.team1.id, isLeader: true });
    const leaders = leader.assignments[1]!.teams.find((team) => team.teamId === open.team1.id)!;
    expect(leaders.history[0]!.notes).toBe('2쪽부터 읽어 주세요');
    const member = await read(open.member, open);
    expect(member).toMatchObject({ canManage: false, myTeamId: open.team1.id, isLeader: false });
    for (const outsider of [open.stranger, open.anonymous]) {
      const seen = await read(outsider, open);
      expect(seen).toMatchObject({ canManage: false, myTeamId: null, isLeader: false });
      const state = seen.assignments[1]!.teams.find((team) => team.teamId === open.team1.id)!;
      expect(state.latest).toMatchObject({ attempt: 2, submittedBy: null, files: null });
      expect(state.grade).toBeNull();
      expect(state.history).toEqual([]);
    }

    const table = await scores(open);
    expect(table.teams.map((team) => team.teamNumber)).toEqual([1, 2]);
    expect(table.teams[0]).toMatchObject({ evaluatedAssignments: 1, averageEvaluated: 90 });
    expect(table.teams[0]!.scores.map((item) => item.title)).toEqual(['과제 1: 제안서', 'Second']);
  });

  describe('readers who share an entry', () => {
    let work: AssignmentView;
    beforeAll(async () => {
      work = await create(buildAssignmentInput({ title: 'Shared entries' }));
      await submit(c.leader, work.id, [{ name: 'notes', value: 'A: page 2 first' }, pdf('a.pdf')]);
      await evaluate(work.id, c.team1.id, 81);
      await submit(c.leader, work.id, [{ name: 'notes', value: 'A: fixed' }, pdf('a2.pdf')]);
    });

    it("never shows one team's details to another after the owner's read, nor the other way round", async () => {
      const owners = await teamOn(c.owner, work.id, c.team1.id);
      expect(owners.latest).toMatchObject({
        notes: 'A: fixed',
        submittedBy: { name: 'Leader One' },
      });
      expect(owners.grade).toMatchObject({ score: 81 });

      for (const other of [c.otherMember, c.otherLeader, c.otherMember]) {
        const seen = await teamOn(other, work.id, c.team1.id);
        expect(seen.latest).toMatchObject({
          attempt: 2,
          submittedBy: null,
          notes: null,
          files: null,
          evaluation: null,
        });
        expect(seen.history).toEqual([]);
        expect(seen.grade).toBeNull();
      }
      const mine = await teamOn(c.member, work.id, c.team1.id);
      expect(mine.latest).toMatchObject({ attempt: 2, submittedBy: { name: 'Leader One' } });
      expect(mine.latest!.files!.map((file) => file.name)).toEqual(['a2.pdf']);
      expect(mine.history.map((attempt) => attempt.evaluation?.score)).toEqual([81]);
      expect(mine.grade).toMatchObject({ score: 81, attempt: 1 });

      // Team B hands in; team A's readers (entries cached) see only that it did.
      await submit(c.otherLeader, work.id, [{ name: 'notes', value: 'B notes' }, pdf('b.pdf')]);
      expect((await teamOn(c.otherLeader, work.id, c.team2.id)).latest?.notes).toBe('B notes');
      for (const client of [c.leader, c.member]) {
        const seen = await teamOn(client, work.id, c.team2.id);
        expect(seen.latest).toMatchObject({ attempt: 1, notes: null, files: null });
        expect(seen.latest!.submittedBy).toBeNull();
      }
      // Team B's leader is a writer now, with an entry of their own: still not team A's notes.
      expect((await teamOn(c.otherLeader, work.id, c.team1.id)).latest?.notes).toBeNull();
      const owner = await cardIn(c.owner, work.id);
      expect(owner!.teams.map((team) => team.latest?.notes)).toEqual(['A: fixed', 'B notes']);
    });

    it("shows an attempt's notes to its writer and the owner, never to the writer's teammates", async () => {
      const fresh = await create(buildAssignmentInput({ title: 'Notes' }));
      await submit(c.leader, fresh.id, [{ name: 'notes', value: 'only for the owner' }, pdf()]);
      // The leader first (their entries filled), then a member of the same team, then the leader.
      expect((await teamOn(c.leader, fresh.id, c.team1.id)).latest?.notes).toBe(
        'only for the owner',
      );
      const members = await teamOn(c.member, fresh.id, c.team1.id);
      expect(members.latest).toMatchObject({ attempt: 1, notes: null });
      expect(members.latest!.files).toHaveLength(1);
      expect((await teamOn(c.leader, fresh.id, c.team1.id)).latest?.notes).toBe(
        'only for the owner',
      );
      expect((await teamOn(c.member, fresh.id, c.team1.id)).latest?.notes).toBeNull();
      expect((await teamOn(c.owner, fresh.id, c.team1.id)).latest?.notes).toBe(
        'only for the owner',
      );
      expect((await teamOn(c.member, fresh.id, c.team1.id)).latest?.notes).toBeNull();
    });
  });

  describe('a change is seen at once by a reader whose entry was cached before it', () => {
    let work: AssignmentView;

    it('creating and editing an assignment', async () => {
      await read(c.owner);
      await read(c.member);
      await read(c.otherMember);
      const before = (await scores()).teams[0]!.totalAssignments;
      work = await create(buildAssignmentInput({ title: 'Fresh' }));
      for (const client of [c.owner, c.member, c.otherMember]) {
        expect(await cardIn(client, work.id)).toMatchObject({ title: 'Fresh' });
      }
      expect((await scores()).teams[0]!.totalAssignments).toBe(before + 1);
      const edited = await c.owner.request('PATCH', `${base()}/assignments/${work.id}`, {
        title: 'Fresh, edited',
        maxFileSizeMb: 2,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      for (const client of [c.owner, c.member, c.otherMember]) {
        expect(await cardIn(client, work.id)).toMatchObject({
          title: 'Fresh, edited',
          maxFileSizeMb: 2,
        });
      }
      expect(
        (await scores()).teams[0]!.scores.find((item) => item.assignmentId === work.id)?.title,
      ).toBe('Fresh, edited');
    });

    it('submitting and resubmitting an attempt', async () => {
      expect((await teamOn(c.member, work.id, c.team1.id)).latest).toBeNull();
      expect((await teamOn(c.otherMember, work.id, c.team1.id)).latest).toBeNull();
      expect((await teamOn(c.leader, work.id, c.team1.id)).latest).toBeNull();
      await submit(c.leader, work.id, [{ name: 'notes', value: 'v1' }, pdf('v1.pdf')]);
      expect((await teamOn(c.member, work.id, c.team1.id)).latest).toMatchObject({
        attempt: 1,
        notes: null,
        files: [{ name: 'v1.pdf' }],
      });
      expect((await teamOn(c.otherMember, work.id, c.team1.id)).latest?.attempt).toBe(1);
      // The leader's first attempt makes them a writer: their next read shows their notes.
      expect((await teamOn(c.leader, work.id, c.team1.id)).latest?.notes).toBe('v1');
      await submit(c.leader, work.id, [{ name: 'notes', value: 'v2' }, pdf('v2.pdf')]);
      const after = await teamOn(c.leader, work.id, c.team1.id);
      expect(after.latest).toMatchObject({ attempt: 2, notes: 'v2' });
      expect(after.history.map((attempt) => attempt.notes)).toEqual(['v1']);
      expect((await teamOn(c.member, work.id, c.team1.id)).history).toHaveLength(1);
      expect((await teamOn(c.otherMember, work.id, c.team1.id)).latest?.attempt).toBe(2);
      expect((await teamOn(c.owner, work.id, c.team1.id)).latest?.notes).toBe('v2');
    });

    it('evaluating one team, then all in bulk, in the section and in Team Scores', async () => {
      expect((await teamOn(c.member, work.id, c.team1.id)).grade).toBeNull();
      expect((await teamOn(c.owner, work.id, c.team1.id)).grade).toBeNull();
      expect(await scoreOf(work.id, c.team1.id)).toBeNull();

      await evaluate(work.id, c.team1.id, 66);
      expect((await teamOn(c.member, work.id, c.team1.id)).grade).toMatchObject({
        score: 66,
        feedback: 'scored 66',
        attempt: 2,
      });
      expect((await teamOn(c.member, work.id, c.team1.id)).latest?.evaluation?.score).toBe(66);
      expect((await teamOn(c.owner, work.id, c.team1.id)).grade?.score).toBe(66);
      expect((await teamOn(c.otherMember, work.id, c.team1.id)).grade).toBeNull();
      expect(await scoreOf(work.id, c.team1.id)).toBe(66);
      await evaluate(work.id, c.team1.id, 71);
      expect((await teamOn(c.member, work.id, c.team1.id)).grade?.score).toBe(71);
      expect(await scoreOf(work.id, c.team1.id)).toBe(71);

      const bulk = await c.owner.post(`${base()}/assignments/${work.id}/evaluations/bulk`, {
        maxScore: 50,
        entries: [
          { teamId: c.team1.id, score: 40, feedback: 'bulk A' },
          // Team 2 handed nothing in: graded on purpose (issue 25).
          { teamId: c.team2.id, score: 25, feedback: 'bulk B', noSubmission: true },
        ],
      });
      expect(bulk.statusCode, bulk.body).toBe(200);
      expect((await teamOn(c.member, work.id, c.team1.id)).grade).toMatchObject({
        score: 80,
        rawScore: 40,
        maxScore: 50,
        feedback: 'bulk A',
      });
      expect((await teamOn(c.otherMember, work.id, c.team2.id)).grade).toMatchObject({
        score: 50,
        submissionId: null,
      });
      expect((await teamOn(c.owner, work.id, c.team2.id)).grade?.score).toBe(50);
      expect(await scoreOf(work.id, c.team1.id)).toBe(80);
      expect(await scoreOf(work.id, c.team2.id)).toBe(50);
    });

    it('deleting an assignment', async () => {
      expect(await cardIn(c.member, work.id)).toBeDefined();
      expect(await cardIn(c.leader, work.id)).toBeDefined();
      expect(await scoreOf(work.id, c.team1.id)).toBe(80);
      const deleted = await c.owner.request('DELETE', `${base()}/assignments/${work.id}`);
      expect(deleted.statusCode, deleted.body).toBe(204);
      for (const client of [c.owner, c.member, c.leader, c.otherMember]) {
        expect(await cardIn(client, work.id)).toBeUndefined();
      }
      expect(await scoreOf(work.id, c.team1.id)).toBeUndefined();
    });

    it("a team's new leader, in leaderName, in Team Scores and in whose notes are whose", async () => {
      const course = await buildCourse(t.app, t.config.publicUrl, { isPublic: true, members: 4 });
      const made = await create(buildAssignmentInput({ title: 'Leaders' }), course);
      await submit(
        course.leader,
        made.id,
        [{ name: 'notes', value: 'by the first leader' }, pdf()],
        course,
      );
      const nameOf = (memberId: string) =>
        course.detail.members.find((member) => member.id === memberId)!.name;
      const [firstLeader, nextLeader] = course.team1.memberIds as [string, string];
      const leaderName = async (client: TestClient) =>
        (await teamOn(client, made.id, course.team1.id, course)).leaderName;
      for (const client of [course.owner, course.member, course.anonymous]) {
        expect(await leaderName(client)).toBe(nameOf(firstLeader));
      }
      expect((await scores(course)).teams[0]!.leaderName).toBe(nameOf(firstLeader));
      expect((await read(course.member, course)).isLeader).toBe(false);

      const changed = await course.owner.request(
        'PUT',
        `${base(course)}/teams/${course.team1.id}/leader`,
        { memberId: nextLeader },
      );
      expect(changed.statusCode, changed.body).toBe(200);
      for (const client of [course.owner, course.member, course.anonymous]) {
        expect(await leaderName(client)).toBe(nameOf(nextLeader));
      }
      expect((await scores(course)).teams[0]!.leaderName).toBe(nameOf(nextLeader));
      expect((await read(course.member, course)).isLeader).toBe(true);

      // The new leader writes the next attempt: each writer sees their own notes only.
      await submit(
        course.member,
        made.id,
        [{ name: 'notes', value: 'by the second leader' }, pdf()],
        course,
      );
      const seenBy = async (client: TestClient) => {
        const state = await teamOn(client, made.id, course.team1.id, course);
        return [state.latest?.notes, ...state.history.map((attempt) => attempt.notes)];
      };
      expect(await seenBy(course.leader)).toEqual([null, 'by the first leader']);
      expect(await seenBy(course.member)).toEqual(['by the second leader', null]);
      expect(await seenBy(course.leader)).toEqual([null, 'by the first leader']);
      expect(await seenBy(course.owner)).toEqual(['by the second leader', 'by the first leader']);
    });

    it("a verified user's new name, as submitter and grader", async () => {
      const course = await buildCourse(t.app, t.config.publicUrl, { members: 4 });
      const made = await create(buildAssignmentInput({ title: 'Names' }), course);
      await submit(course.leader, made.id, [pdf()], course);
      await evaluate(made.id, course.team1.id, 60, course);
      const names = async (client: TestClient) => {
        const state = await teamOn(client, made.id, course.team1.id, course);
        return [state.latest?.submittedBy?.name, state.grade?.evaluatedBy?.name];
      };
      expect(await names(course.member)).toEqual(['Leader One', 'Owner']);
      expect(await names(course.owner)).toEqual(['Leader One', 'Owner']);
      expect(await names(course.leader)).toEqual(['Leader One', 'Owner']);
      await rename(course.leader, 'Leader Renamed');
      expect(await names(course.member)).toEqual(['Leader Renamed', 'Owner']);
      expect(await names(course.owner)).toEqual(['Leader Renamed', 'Owner']);
      expect(await names(course.leader)).toEqual(['Leader Renamed', 'Owner']);
      await rename(course.owner, 'Owner Renamed');
      expect(await names(course.member)).toEqual(['Leader Renamed', 'Owner Renamed']);
      expect(await names(course.owner)).toEqual(['Leader Renamed', 'Owner Renamed']);
    });
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
        const leaderB = on(c.leader);
        const ownerB = on(c.owner);
        // Instance B caches the member's, the leader's, the owner's entries and Team Scores.
        const work = await create(buildAssignmentInput({ title: 'Across' }));
        expect((await teamOn(memberB, work.id, c.team1.id)).latest).toBeNull();
        expect((await teamOn(leaderB, work.id, c.team1.id)).latest).toBeNull();
        expect((await teamOn(ownerB, work.id, c.team1.id)).latest).toBeNull();
        const scoresB = async () =>
          teamScores.parse(JSON.parse((await ownerB.get(`${base()}/scores`)).body));
        const scoreB = async () =>
          (await scoresB()).teams[0]!.scores.find((item) => item.assignmentId === work.id)?.score;
        expect(await scoreB()).toBeNull();

        await submit(c.leader, work.id, [{ name: 'notes', value: 'via A' }, pdf()]);
        expect((await teamOn(memberB, work.id, c.team1.id)).latest).toMatchObject({
          attempt: 1,
          notes: null,
        });
        expect((await teamOn(leaderB, work.id, c.team1.id)).latest?.notes).toBe('via A');
        expect((await teamOn(ownerB, work.id, c.team1.id)).latest?.notes).toBe('via A');
        await evaluate(work.id, c.team1.id, 93);
        expect((await teamOn(memberB, work.id, c.team1.id)).grade?.score).toBe(93);
        expect(await scoreB()).toBe(93);
        await rename(c.leader, 'Leader Across');
        expect((await teamOn(memberB, work.id, c.team1.id)).latest?.submittedBy?.name).toBe(
          'Leader Across',
        );
        await rename(c.leader, 'Leader One');
        const edited = await c.owner.request('PATCH', `${base()}/assignments/${work.id}`, {
          title: 'Across, edited',
        });
        expect(edited.statusCode).toBe(200);
        expect(await cardIn(memberB, work.id)).toMatchObject({ title: 'Across, edited' });
        expect(
          (await c.owner.request('DELETE', `${base()}/assignments/${work.id}`)).statusCode,
        ).toBe(204);
        expect(await cardIn(memberB, work.id)).toBeUndefined();
        expect(await scoreB()).toBeUndefined();
      } finally {
        await b.close();
      }
    },
  );
});
