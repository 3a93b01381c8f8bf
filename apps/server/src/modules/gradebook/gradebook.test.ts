// The gradebook through the API (issue 25, decision 0024): a team's grade reaches each member of
// the team it was handed in under (and stays with them after a move), an individual task's grade
// its member, overrides with a reason, weights and the final percentage, My grades for one member
// only, Team Scores and the grade sheet from the same data, and a refusal for every wrong role and
// bad input. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import type {
  AssignmentView,
  Gradebook,
  LectureNote,
  MyGrades,
  TeamScores,
} from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import { buildAssignmentInput, buildNoteInput, buildTaskInput } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipartBody, pdfPart } from '../../../test/multipart.ts';

describe('gradebook', () => {
  let t: TestApp;
  let c: Course;
  let assignment: AssignmentView;
  let teamNote: LectureNote;
  let ownNote: LectureNote;

  const base = () => `/api/workspaces/${c.workspaceId}`;
  const upload = (client: TestClient, url: string) => {
    const { payload, headers } = multipartBody([pdfPart('work.pdf', 2000)]);
    return client.request('POST', url, payload, headers);
  };
  const book = async () => {
    const response = await c.owner.get(`${base()}/gradebook`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Gradebook>();
  };
  const cellOf = (gradebook: Gradebook, memberId: string, itemId: string) => {
    const index = gradebook.items.findIndex((item) => item.id === itemId);
    return gradebook.rows.find((row) => row.memberId === memberId)!.cells[index]!;
  };
  const note = async (assignmentType: 'team' | 'individual', title: string) => {
    const created = await c.owner.post(
      `${base()}/notes`,
      buildNoteInput({ title, task: buildTaskInput({ title, assignmentType }) }),
    );
    expect(created.statusCode).toBe(201);
    const made = created.json<LectureNote>();
    const published = await c.owner.request('PATCH', `${base()}/notes/${made.id}`, {
      isPublished: true,
    });
    expect(published.statusCode).toBe(200);
    return made;
  };

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    c = await buildCourse(t.app, t.config.publicUrl);
    const made = await c.owner.post(
      `${base()}/assignments`,
      buildAssignmentInput({ title: 'Essay' }),
    );
    expect(made.statusCode).toBe(201);
    assignment = made.json<AssignmentView>();
    const handed = await upload(c.leader, `${base()}/assignments/${assignment.id}/submissions`);
    expect(handed.statusCode, handed.body).toBe(201);
    const graded = await c.owner.post(`${base()}/assignments/${assignment.id}/evaluations`, {
      teamId: c.team1.id,
      score: 80,
      feedback: 'Clear argument.',
    });
    expect(graded.statusCode, graded.body).toBe(200);

    teamNote = await note('team', 'Team plan');
    expect((await upload(c.leader, `${base()}/notes/${teamNote.id}/submissions`)).statusCode).toBe(
      201,
    );
    const taskGraded = await c.owner.post(`${base()}/notes/${teamNote.id}/evaluations`, {
      teamId: c.team1.id,
      score: 90,
      feedback: '',
    });
    expect(taskGraded.statusCode, taskGraded.body).toBe(200);

    ownNote = await note('individual', 'Reflection');
    expect((await upload(c.member, `${base()}/notes/${ownNote.id}/submissions`)).statusCode).toBe(
      201,
    );
    // The individual task's grade as the grading actions store it: a task evaluation of the answer.
    await t.app.db.execute(sql`
      insert into task_evaluations (submission_id, score, raw_score, max_score, feedback)
      select id, 70, 70, 100, 'Thoughtful.' from task_submissions
      where note_id = ${ownNote.id} and is_current`);
  });
  afterAll(() => t.close());

  it("gives a team's grade to each of its members, and an individual grade to its member", async () => {
    const gradebook = await book();
    expect(gradebook.items.map((item) => [item.kind, item.label, item.title])).toEqual(
      expect.arrayContaining([
        ['assignment', 'A1', 'Essay'],
        ['team_task', 'T1', 'Team plan'],
        ['individual_task', 'I1', 'Reflection'],
      ]),
    );
    expect(gradebook.rows).toHaveLength(6);
    expect(gradebook.rows.map((row) => row.teamNumber)).toEqual([1, 1, 1, 2, 2, 2]);
    const [leaderId, memberId, thirdId] = c.team1.memberIds as [string, string, string];
    for (const id of [leaderId, memberId, thirdId]) {
      expect(cellOf(gradebook, id, assignment.id)).toMatchObject({
        score: 80,
        teamNumber: 1,
        feedback: 'Clear argument.',
      });
      expect(cellOf(gradebook, id, teamNote.id).score).toBe(90);
    }
    expect(cellOf(gradebook, c.team2.memberIds[0]!, assignment.id).score).toBeNull();
    expect(cellOf(gradebook, memberId, ownNote.id)).toMatchObject({
      score: 70,
      feedback: 'Thoughtful.',
    });
    expect(cellOf(gradebook, leaderId, ownNote.id).score).toBeNull();
    // Equal weights: assignments 80, tasks (90 + 70) / 2 = 80.
    const member = gradebook.rows.find((row) => row.memberId === memberId)!;
    expect(member.totals).toMatchObject({ finalPercent: 80, letter: 'B' });
    expect(gradebook.isDefaultWeights).toBe(true);
  });

  it('overrides one member with a reason, shows the original, and takes it back', async () => {
    const memberId = c.team1.memberIds[1]!;
    const put = await c.owner.request('PUT', `${base()}/gradebook/overrides`, {
      memberId,
      itemKind: 'assignment',
      itemId: assignment.id,
      score: 0,
      reason: 'Did not take part',
    });
    expect(put.statusCode, put.body).toBe(204);
    let gradebook = await book();
    expect(cellOf(gradebook, memberId, assignment.id)).toMatchObject({
      score: 0,
      gradedScore: 80,
      flags: ['overridden'],
      overrideReason: 'Did not take part',
    });
    expect(cellOf(gradebook, c.team1.memberIds[0]!, assignment.id).score).toBe(80);
    // Team Scores keep the team's grade.
    const scores = (await c.owner.get(`${base()}/scores`)).json<TeamScores>();
    const team1 = scores.teams.find((team) => team.teamNumber === 1)!;
    expect(team1.scores.find((item) => item.assignmentId === assignment.id)!.score).toBe(80);
    expect(team1.totalAssignments).toBe(3);

    const excused = await c.owner.request('PUT', `${base()}/gradebook/overrides`, {
      memberId,
      itemKind: 'assignment',
      itemId: assignment.id,
      score: null,
      isExcused: true,
      reason: 'Ill',
    });
    expect(excused.statusCode).toBe(204);
    gradebook = await book();
    expect(cellOf(gradebook, memberId, assignment.id)).toMatchObject({
      score: null,
      flags: ['overridden', 'excused'],
    });

    const query = new URLSearchParams({ memberId, itemKind: 'assignment', itemId: assignment.id });
    const removed = await c.owner.request(
      'DELETE',
      `${base()}/gradebook/overrides?${query.toString()}`,
    );
    expect(removed.statusCode).toBe(204);
    expect(cellOf(await book(), memberId, assignment.id)).toMatchObject({ score: 80, flags: [] });
    const again = await c.owner.request(
      'DELETE',
      `${base()}/gradebook/overrides?${query.toString()}`,
    );
    expect(again.json()).toMatchObject({ error: 'gradebook_item_not_found' });
  });

  it('weights the categories for the final percentage', async () => {
    const saved = await c.owner.request('PUT', `${base()}/gradebook/weights`, {
      assignments: 3,
      tasks: 1,
      peer: 0,
    });
    expect(saved.statusCode, saved.body).toBe(204);
    const gradebook = await book();
    expect(gradebook.weights).toEqual({ assignments: 3, tasks: 1, peer: 0 });
    const leader = gradebook.rows.find((row) => row.memberId === c.team1.memberIds[0])!;
    // (80 * 3 + 90 * 1) / 4 = 82.5
    expect(leader.totals).toMatchObject({ finalPercent: 82.5, letter: 'B' });
    for (const bad of [
      { assignments: 0, tasks: 0, peer: 0 },
      { assignments: 101, tasks: 1, peer: 1 },
      { assignments: 1.5, tasks: 1, peer: 1 },
      { assignments: '1', tasks: 1, peer: 1 },
    ]) {
      const refused = await c.owner.request('PUT', `${base()}/gradebook/weights`, bad);
      expect(refused.statusCode).toBe(400);
    }
  });

  it('shows a member their own grades only, with feedback and any override', async () => {
    await c.owner.request('PUT', `${base()}/gradebook/overrides`, {
      memberId: c.team1.memberIds[1]!,
      itemKind: 'team_task',
      itemId: teamNote.id,
      score: 50,
      reason: 'Half the work',
    });
    const response = await c.member.get(`${base()}/my-grades`);
    expect(response.statusCode).toBe(200);
    const mine = response.json<MyGrades>();
    expect(mine.row.memberId).toBe(c.team1.memberIds[1]);
    const at = (id: string) => mine.row.cells[mine.items.findIndex((item) => item.id === id)]!;
    expect(at(teamNote.id)).toMatchObject({
      score: 50,
      gradedScore: 90,
      overrideReason: 'Half the work',
    });
    expect(at(ownNote.id)).toMatchObject({ score: 70, feedback: 'Thoughtful.' });
    // Nobody else's name or row is in the answer.
    expect(response.body).not.toContain('Leader One');
    expect(Object.keys(mine)).toEqual(['items', 'row', 'weights']);
    const other = (await c.otherMember.get(`${base()}/my-grades`)).json<MyGrades>();
    expect(other.row.memberId).toBe(c.team2.memberIds[1]);
    // The owner is on no roster; a stranger sees no workspace; signed out: sign in first.
    expect((await c.owner.get(`${base()}/my-grades`)).json()).toMatchObject({
      error: 'gradebook_not_on_roster',
    });
    expect((await c.stranger.get(`${base()}/my-grades`)).statusCode).toBe(404);
    expect((await c.anonymous.get(`${base()}/my-grades`)).statusCode).toBe(401);
  });

  it('exports every column of the same data as the grade sheet', async () => {
    const response = await c.owner.get(`${base()}/grades.csv`);
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('name,email,team,');
    expect(lines[0]).toContain('A1: Essay');
    expect(lines[0]).toContain('T1: Team plan');
    expect(lines[0]).toContain('I1: Reflection');
    expect(lines[0]).toMatch(
      /final %,letter,team average \(evaluated\),team average \(missing = 0\)$/,
    );
    expect(lines).toHaveLength(7);
  });

  it("keeps a moved member's team grade with the team it was handed in under", async () => {
    const moved = c.team1.memberIds[2]!;
    const response = await c.owner.request(
      'PUT',
      `${base()}/roster/members/${moved}/team`,
      { teamId: c.team2.id },
      { 'idempotency-key': `move-${Math.random()}` },
    );
    expect(response.statusCode, response.body).toBe(200);
    const gradebook = await book();
    const row = gradebook.rows.find((candidate) => candidate.memberId === moved)!;
    expect(row.teamNumber).toBe(2);
    expect(cellOf(gradebook, moved, assignment.id)).toMatchObject({ score: 80, teamNumber: 1 });
  });

  it('applies a peer factor to a team grade, and shows a student released results only', async () => {
    const peerBase = `${base()}/peer-evaluations`;
    const created = await c.owner.post(peerBase, {
      title: 'Midterm peer evaluation',
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      teamIds: [c.team1.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const peerId = created.json<{ id: string }>().id;
    const all = (n: number) => ({
      contributing: n,
      interacting: n,
      keepingOnTrack: n,
      expectingQuality: n,
      knowledge: n,
    });
    const [leaderId, memberId] = c.team1.memberIds as [string, string];
    // Team 1 is the leader and the member now (the third member moved above).
    for (const [client, high] of [
      [c.leader, memberId],
      [c.member, memberId],
    ] as const) {
      const answered = await client.request('PUT', `${peerBase}/${peerId}/response`, {
        ratings: [leaderId, memberId].map((rateeMemberId) => ({
          rateeMemberId,
          scores: all(rateeMemberId === high ? 5 : 3),
        })),
      });
      expect(answered.statusCode, answered.body).toBe(200);
    }
    const applied = await c.owner.request(
      'PUT',
      `${peerBase}/${peerId}/applications/assignment/${assignment.id}`,
    );
    expect(applied.statusCode, applied.body).toBeLessThan(300);
    const gradebook = await book();
    const peerItem = gradebook.items.find((item) => item.id === peerId)!;
    expect(peerItem).toMatchObject({ kind: 'peer', category: 'peer', isReleased: false });
    const adjusted = cellOf(gradebook, leaderId, assignment.id);
    expect(adjusted.gradedScore).toBe(80);
    expect(adjusted.flags).toContain('peer_adjusted');
    // By others: the leader 3, the member 5; the leader's factor 3 / 4.
    expect(adjusted.score).toBe(60);
    // The member's factor: 5 by others over the team's 4, capped at 1.05: 80 becomes 84.
    expect(cellOf(gradebook, memberId, assignment.id)).toMatchObject({ score: 84 });
    // Not released: the student's page has no peer column, and the adjusted grade is not shown
    // (it would tell how the team rated them): the team's grade, without the mark.
    let mine = (await c.member.get(`${base()}/my-grades`)).json<MyGrades>();
    expect(mine.items.some((item) => item.kind === 'peer')).toBe(false);
    const assignmentAt = (grades: MyGrades) =>
      grades.row.cells[grades.items.findIndex((item) => item.id === assignment.id)]!;
    expect(assignmentAt(mine)).toMatchObject({ score: 80, gradedScore: 80 });
    expect(assignmentAt(mine).flags).not.toContain('peer_adjusted');
    expect((await c.owner.post(`${peerBase}/${peerId}/release`)).statusCode).toBeLessThan(300);
    mine = (await c.member.get(`${base()}/my-grades`)).json<MyGrades>();
    const index = mine.items.findIndex((item) => item.id === peerId);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(mine.row.cells[index]!.score).not.toBeNull();
    // Released: the adjusted grade, marked.
    expect(assignmentAt(mine)).toMatchObject({ score: 84, gradedScore: 80 });
    expect(assignmentAt(mine).flags).toContain('peer_adjusted');
  });

  it('refuses every role but the owner, and bad input, with a domain error', async () => {
    const override = {
      memberId: c.team1.memberIds[0]!,
      itemKind: 'assignment',
      itemId: assignment.id,
      score: 10,
      reason: 'x',
    };
    const weights = { assignments: 1, tasks: 1, peer: 1 };
    const query = new URLSearchParams({
      memberId: override.memberId,
      itemKind: 'assignment',
      itemId: assignment.id,
    });
    const calls = [
      (client: TestClient) => client.get(`${base()}/gradebook`),
      (client: TestClient) => client.request('PUT', `${base()}/gradebook/overrides`, override),
      (client: TestClient) =>
        client.request('DELETE', `${base()}/gradebook/overrides?${query.toString()}`),
      (client: TestClient) => client.request('PUT', `${base()}/gradebook/weights`, weights),
    ];
    for (const call of calls) {
      for (const client of [c.leader, c.member, c.otherLeader, c.otherMember]) {
        const refused = await call(client);
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toMatchObject({ error: 'forbidden' });
      }
      expect((await call(c.stranger)).statusCode).toBe(404);
      expect((await call(c.anonymous)).statusCode).toBe(401);
    }
    const bad: Array<[Record<string, unknown>, number, string]> = [
      [{ ...override, score: 101 }, 400, 'validation_failed'],
      [{ ...override, score: -1 }, 400, 'validation_failed'],
      [{ ...override, reason: '   ' }, 400, 'validation_failed'],
      [{ ...override, score: null }, 400, 'validation_failed'],
      [{ ...override, itemKind: 'quiz' }, 400, 'validation_failed'],
      [{ ...override, itemId: 'not-a-uuid' }, 400, 'validation_failed'],
      [{ ...override, itemId: crypto.randomUUID() }, 404, 'gradebook_item_not_found'],
      [{ ...override, itemKind: 'team_task' }, 404, 'gradebook_item_not_found'],
      [{ ...override, memberId: crypto.randomUUID() }, 404, 'gradebook_member_not_found'],
    ];
    for (const [body, status, error] of bad) {
      const refused = await c.owner.request('PUT', `${base()}/gradebook/overrides`, body);
      expect([refused.statusCode, refused.json().error], JSON.stringify(body)).toEqual([
        status,
        error,
      ]);
    }
    // Another workspace's member or item is not found here.
    const other = await buildCourse(t.app, t.config.publicUrl);
    const foreign = await other.owner.request(
      'PUT',
      `/api/workspaces/${other.workspaceId}/gradebook/overrides`,
      override,
    );
    expect(foreign.json()).toMatchObject({ error: 'gradebook_member_not_found' });
  });
});
