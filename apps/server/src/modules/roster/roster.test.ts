// Roster changes in a running workspace (issue 24, decision 0019) through the API: add, move,
// rename and remove members; the work that follows the person and the work that stays with the
// team; the activity log and the membership history; permissions, bad input, retries and two
// moves at once. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import type {
  LectureNotesSection,
  RosterChangeResult,
  RosterLogPage,
  TeamMembershipPeriod,
} from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import {
  buildNoteInput,
  buildTaskInput,
  type WorkspaceDetailBody,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipartBody, pdfPart } from '../../../test/multipart.ts';
import { rowsOf } from '../../db/rows.ts';

describe('roster changes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  afterAll(() => t.close());

  const course = (options: Parameters<typeof buildCourse>[2] = {}) =>
    buildCourse(t.app, t.config.publicUrl, options);
  const rosterUrl = (c: Course) => `/api/workspaces/${c.workspaceId}/roster`;
  const memberUrl = (c: Course, memberId: string) => `${rosterUrl(c)}/members/${memberId}`;
  const move = (c: Course, memberId: string, teamId: string, client = c.owner, headers = {}) =>
    client.request('PUT', `${memberUrl(c, memberId)}/team`, { teamId }, headers);
  const detailOf = async (c: Course, client = c.owner) => {
    const response = await client.get(`/api/workspaces/${c.workspaceId}`);
    expect(response.statusCode).toBe(200);
    return response.json<WorkspaceDetailBody>();
  };
  const logOf = async (c: Course, query = '') => {
    const response = await c.owner.get(`${rosterUrl(c)}/activity${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RosterLogPage>();
  };
  const notesOf = async (c: Course, client: TestClient) => {
    const response = await client.get(`/api/workspaces/${c.workspaceId}/notes`);
    expect(response.statusCode).toBe(200);
    return response.json<LectureNotesSection>();
  };
  /** A published note with a task of the given kind; its submissions URL. */
  const taskNote = async (c: Course, assignmentType: 'team' | 'individual') => {
    const notes = `/api/workspaces/${c.workspaceId}/notes`;
    const note = await c.owner.post(
      notes,
      buildNoteInput({ task: buildTaskInput({ assignmentType }) }),
    );
    expect(note.statusCode).toBe(201);
    const noteId = note.json().id as string;
    expect(
      (await c.owner.request('PATCH', `${notes}/${noteId}`, { isPublished: true })).statusCode,
    ).toBe(200);
    return { noteId, url: `${notes}/${noteId}/submissions` };
  };
  const handIn = async (client: TestClient, url: string, name: string) => {
    const { payload, headers } = multipartBody([pdfPart(name, 1500)]);
    const response = await client.request('POST', url, payload, headers);
    expect(response.statusCode, response.body).toBe(201);
  };
  const submissionTeams = async (noteId: string) =>
    rowsOf<{ kind: string; teamId: string; userId: string | null }>(
      await t.app.db.execute(sql`select kind, team_id as "teamId", user_id as "userId"
        from task_submissions where note_id = ${noteId} order by kind, submitted_at`),
    );
  const openPeriods = async (memberId: string) =>
    rowsOf<{ teamId: string }>(
      await t.app.db.execute(sql`select team_id as "teamId" from team_memberships
        where member_id = ${memberId} and ended_at is null`),
    );

  describe('moving a member', () => {
    let c: Course;
    let individual: { noteId: string; url: string };
    let team: { noteId: string; url: string };
    let memberId: string;

    beforeAll(async () => {
      c = await course();
      // Team 1: the leader (m0) and the member (m1), who hands in an individual answer; the
      // leader hands in team 1's answer to a team task, which the owner grades.
      individual = await taskNote(c, 'individual');
      team = await taskNote(c, 'team');
      await handIn(c.member, individual.url, 'mine.pdf');
      await handIn(c.leader, team.url, 'team-plan.pdf');
      const graded = await c.owner.post(
        `/api/workspaces/${c.workspaceId}/notes/${team.noteId}/evaluations`,
        { teamId: c.team1.id, score: 90, feedback: 'Good' },
      );
      expect(graded.statusCode, graded.body).toBe(200);
      memberId = c.team1.memberIds[1]!;
    });

    it('takes the individual work along and leaves the team work and its grade with the old team', async () => {
      const before = await detailOf(c);
      const response = await move(c, memberId, c.team2.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<RosterChangeResult>()).toMatchObject({
        memberId,
        teamNumber: 2,
        isChanged: true,
        leaderOfTeamNumber: null,
        individualWorkMoved: 1,
      });

      // The roster shows the move at once (the detail version was bumped in the transaction).
      const after = await detailOf(c);
      expect(after.members.find((m) => m.id === memberId)!.teamId).toBe(c.team2.id);
      expect(after.teams.find((x) => x.id === c.team2.id)!.memberIds).toContain(memberId);
      expect(after).not.toEqual(before);

      // In the database: the individual answer now under team 2, the team answer under team 1.
      const rows = await submissionTeams(individual.noteId);
      expect(rows).toEqual([{ kind: 'individual', teamId: c.team2.id, userId: c.ids.member }]);
      expect(await submissionTeams(team.noteId)).toEqual([
        { kind: 'team', teamId: c.team1.id, userId: null },
      ]);

      // The moved member sees their own answer in their new team, and team 2's work in full...
      const mine = await notesOf(c, c.member);
      const ind = mine.notes.find((n) => n.id === individual.noteId)!.task!.individual;
      const newTeam = ind.find((x) => x.teamId === c.team2.id)!;
      expect(newTeam.submissions.map((s) => s.submittedBy?.name)).toEqual(['Member One']);
      expect(newTeam).toMatchObject({ memberCount: 4, submittedCount: 1 });
      expect(ind.find((x) => x.teamId === c.team1.id)).toMatchObject({
        memberCount: 2,
        submittedCount: 0,
      });
      // ...and no longer team 1's: its answer exists, who and what are not shown to them.
      const teamTask = mine.notes.find((n) => n.id === team.noteId)!.task!.teams;
      const oldTeam = teamTask.find((x) => x.teamId === c.team1.id)!;
      expect(oldTeam.current).not.toBeNull();
      expect(oldTeam.current!.submittedBy).toBeNull();
      expect(oldTeam.current!.files).toBeNull();
      expect(oldTeam.evaluation).toBeNull();

      // The owner sees team 1's answer with its grade, still team 1's.
      const owners = await notesOf(c, c.owner);
      const graded = owners.notes
        .find((n) => n.id === team.noteId)!
        .task!.teams.find((x) => x.teamId === c.team1.id)!;
      expect(graded.current!.submittedBy?.name).toBe('Leader One');
      expect(graded.evaluation?.score).toBe(90);
      // Team 1's leader still sees the team's answer and grade.
      const leaders = await notesOf(c, c.leader);
      expect(
        leaders.notes
          .find((n) => n.id === team.noteId)!
          .task!.teams.find((x) => x.teamId === c.team1.id)!.evaluation?.score,
      ).toBe(90);
    });

    it('writes the move to the log with the old team as it was, and to the membership history', async () => {
      const log = await logOf(c);
      const [latest] = log.entries;
      expect(latest).toMatchObject({
        kind: 'member_moved',
        memberName: c.detail.members.find((m) => m.id === memberId)!.name,
        actor: { name: 'Owner' },
        before: { teamNumber: 1, leaderOfTeamNumber: null },
        after: { teamNumber: 2 },
      });
      expect(latest!.teamThen).toHaveLength(3);
      expect(Date.parse(latest!.at)).toBeGreaterThan(Date.now() - 60_000);

      const history = await c.owner.get(`${rosterUrl(c)}/memberships`);
      expect(history.statusCode).toBe(200);
      const periods = history
        .json<TeamMembershipPeriod[]>()
        .filter((period) => period.memberId === memberId);
      expect(periods.map((p) => [p.teamNumber, p.until === null, p.hasLeft])).toEqual([
        [2, true, false],
        [1, false, false],
      ]);
    });

    it('changes nothing when the member is already in that team', async () => {
      const count = (await logOf(c)).entries.length;
      const response = await move(c, memberId, c.team2.id);
      expect(response.statusCode).toBe(200);
      expect(response.json<RosterChangeResult>()).toMatchObject({ isChanged: false });
      expect((await logOf(c)).entries).toHaveLength(count);
      expect(await openPeriods(memberId)).toEqual([{ teamId: c.team2.id }]);
    });

    it('takes the leadership away from a moved leader and tells the owner', async () => {
      const leaderId = c.team1.memberIds[0]!;
      const response = await move(c, leaderId, c.team2.id);
      expect(response.statusCode).toBe(200);
      expect(response.json<RosterChangeResult>().leaderOfTeamNumber).toBe(1);
      const detail = await detailOf(c);
      expect(detail.teams.find((x) => x.id === c.team1.id)!.leaderMemberId).toBeNull();
      // The former leader is a member now; team 1's answer stays team 1's.
      expect((await detailOf(c, c.leader)).role).toBe('member');
      expect(await submissionTeams(team.noteId)).toEqual([
        { kind: 'team', teamId: c.team1.id, userId: null },
      ]);
      const [moved, leaderChange] = (await logOf(c)).entries;
      expect(moved).toMatchObject({
        kind: 'member_moved',
        before: { teamNumber: 1, leaderOfTeamNumber: 1 },
      });
      expect(leaderChange).toMatchObject({
        kind: 'leader_changed',
        actor: { name: 'Owner' },
        before: { teamNumber: 1, leaderName: moved!.memberName },
        after: { teamNumber: 1, leaderName: null },
      });
    });
  });

  it('logs leader changes made with the leader selector, and refuses a leader outside the team', async () => {
    const c = await course();
    const url = `/api/workspaces/${c.workspaceId}/teams/${c.team1.id}/leader`;
    const chosen = await c.owner.request('PUT', url, { memberId: c.team1.memberIds[1] });
    expect(chosen.statusCode).toBe(200);
    const [entry] = (await logOf(c)).entries;
    expect(entry).toMatchObject({
      kind: 'leader_changed',
      before: { teamNumber: 1 },
      after: {
        teamNumber: 1,
        leaderName: c.detail.members.find((m) => m.id === c.team1.memberIds[1])!.name,
      },
    });
    // The database keeps a leader inside their team whatever path writes it (a move in between).
    await expect(
      t.app.db.execute(
        sql`update teams set leader_member_id = ${c.team2.memberIds[0]!} where id = ${c.team1.id}`,
      ),
    ).rejects.toThrow();
  });

  describe('removing a member', () => {
    it("keeps the member's work, ends their access and their period, and logs it", async () => {
      const c = await course();
      const individual = await taskNote(c, 'individual');
      await handIn(c.member, individual.url, 'mine.pdf');
      const memberId = c.team1.memberIds[1]!;

      const response = await c.owner.request('DELETE', memberUrl(c, memberId));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<RosterChangeResult>()).toMatchObject({ memberId, teamNumber: null });

      // The work is kept, under the team it was handed in under; the owner still sees it.
      expect(await submissionTeams(individual.noteId)).toEqual([
        { kind: 'individual', teamId: c.team1.id, userId: c.ids.member },
      ]);
      const owners = await notesOf(c, c.owner);
      const state = owners.notes
        .find((n) => n.id === individual.noteId)!
        .task!.individual.find((x) => x.teamId === c.team1.id)!;
      expect(state.submissions.map((s) => s.submittedBy?.name)).toEqual(['Member One']);
      // The removed member no longer gets in; the roster no longer lists them.
      expect((await c.member.get(`/api/workspaces/${c.workspaceId}`)).statusCode).toBe(404);
      expect((await detailOf(c)).members.map((m) => m.id)).not.toContain(memberId);

      const [entry] = (await logOf(c)).entries;
      expect(entry).toMatchObject({
        kind: 'member_removed',
        before: { teamNumber: 1 },
        after: null,
      });
      expect(entry!.before!.email).toMatch(/^member/);
      const periods = (await c.owner.get(`${rosterUrl(c)}/memberships`)).json<
        TeamMembershipPeriod[]
      >();
      expect(periods.find((p) => p.memberId === memberId)).toMatchObject({
        teamNumber: 1,
        hasLeft: true,
      });
      // Removing again finds nobody.
      const again = await c.owner.request('DELETE', memberUrl(c, memberId));
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toBe('roster_member_not_found');
    });

    it('takes the leadership away from a removed leader', async () => {
      const c = await course();
      const response = await c.owner.request('DELETE', memberUrl(c, c.team2.memberIds[0]!));
      expect(response.json<RosterChangeResult>().leaderOfTeamNumber).toBe(2);
      expect((await detailOf(c)).teams.find((x) => x.id === c.team2.id)!.leaderMemberId).toBeNull();
      const kinds = (await logOf(c)).entries.map((e) => e.kind);
      expect(kinds.slice(0, 2)).toEqual(['member_removed', 'leader_changed']);
    });
  });

  describe('adding and renaming', () => {
    let c: Course;
    beforeAll(async () => {
      c = await course();
    });

    it('adds a member with an e-mail into a team, and one without either', async () => {
      const added = await c.owner.post(`${rosterUrl(c)}/members`, {
        name: '  Late Lee ',
        email: ' Late@Example.com ',
        teamId: c.team1.id,
      });
      expect(added.statusCode, added.body).toBe(201);
      const body = added.json<RosterChangeResult>();
      expect(body).toMatchObject({ name: 'Late Lee', teamNumber: 1, isChanged: true });
      const plain = await c.owner.post(`${rosterUrl(c)}/members`, {
        name: 'No Mail',
        teamId: null,
      });
      expect(plain.statusCode).toBe(201);

      const detail = await detailOf(c);
      expect(detail.members.find((m) => m.id === body.memberId)).toMatchObject({
        name: 'Late Lee',
        email: 'late@example.com',
        teamId: c.team1.id,
      });
      expect(detail.members.find((m) => m.name === 'No Mail')).toMatchObject({
        email: null,
        teamId: null,
      });
      const [noMail, late] = (await logOf(c)).entries;
      expect(late).toMatchObject({
        kind: 'member_added',
        after: { name: 'Late Lee', email: 'late@example.com', teamNumber: 1 },
      });
      expect(noMail).toMatchObject({ kind: 'member_added', after: { teamNumber: null } });
      expect(await openPeriods(body.memberId)).toEqual([{ teamId: c.team1.id }]);
      // The added address is invited as one typed in Manage Emails is (decision 0021); the member
      // without one is not.
      const invited = rowsOf<{ email: string; language: string }>(
        await t.app.db.execute(
          sql`select i.email, i.language from workspace_invitations i
            join workspace_members m on m.id = i.member_id
            where i.workspace_id = ${c.workspaceId} and m.name in ('Late Lee', 'No Mail')`,
        ),
      );
      expect(invited).toEqual([{ email: 'late@example.com', language: 'en' }]);
    });

    it("refuses an e-mail another member has, a team of another workspace and a name that isn't one", async () => {
      const other = await course();
      const taken = await c.owner.post(`${rosterUrl(c)}/members`, {
        name: 'Copy',
        email: 'LATE@example.com',
        teamId: null,
      });
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toMatchObject({ error: 'duplicate_member_email', field: 'email' });
      expect(taken.json().message).toContain('Late Lee (Team 1)');

      const foreign = await c.owner.post(`${rosterUrl(c)}/members`, {
        name: 'Stray',
        teamId: other.team1.id,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error).toBe('team_not_found');

      for (const body of [
        { name: '   ', teamId: null },
        { name: 'x'.repeat(500), teamId: null },
        { name: 'Ok', teamId: 'not-a-uuid' },
        { name: 'Ok', email: 'not an e-mail', teamId: null },
        { name: 'Ok' },
      ]) {
        const response = await c.owner.post(`${rosterUrl(c)}/members`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().error).toBe('validation_failed');
      }
      // A member or team of another workspace is not found here.
      const foreignMember = await move(c, other.team1.memberIds[0]!, c.team1.id);
      expect(foreignMember.statusCode).toBe(404);
      expect(foreignMember.json().error).toBe('roster_member_not_found');
      const foreignTeam = await move(c, c.team1.memberIds[0]!, other.team2.id);
      expect(foreignTeam.statusCode).toBe(404);
      expect(foreignTeam.json().error).toBe('team_not_found');
      const badId = await move(c, 'nobody', c.team1.id);
      expect(badId.statusCode).toBe(404);
      const badQuery = await c.owner.get(`${rosterUrl(c)}/activity?before=abc`);
      expect(badQuery.statusCode).toBe(400);
      const badLimit = await c.owner.get(`${rosterUrl(c)}/activity?limit=0`);
      expect(badLimit.statusCode).toBe(400);
    });

    it('renames a member, and logs only a real change', async () => {
      const id = c.team2.memberIds[2]!;
      const url = `${memberUrl(c, id)}/name`;
      const renamed = await c.owner.request('PUT', url, { name: 'Renamed Ray' });
      expect(renamed.statusCode).toBe(200);
      expect((await detailOf(c)).members.find((m) => m.id === id)!.name).toBe('Renamed Ray');
      const [entry] = (await logOf(c)).entries;
      expect(entry).toMatchObject({
        kind: 'member_renamed',
        before: { name: c.detail.members.find((m) => m.id === id)!.name },
        after: { name: 'Renamed Ray' },
      });
      const same = await c.owner.request('PUT', url, { name: 'Renamed Ray' });
      expect(same.json<RosterChangeResult>().isChanged).toBe(false);
      expect((await logOf(c)).entries[0]!.id).toBe(entry!.id);
      const blank = await c.owner.request('PUT', url, { name: '' });
      expect(blank.statusCode).toBe(400);
    });

    it('reads the log page by page, newest first', async () => {
      const all = (await logOf(c, '?limit=100')).entries;
      expect(all.length).toBeGreaterThanOrEqual(3);
      const first = await logOf(c, '?limit=2');
      expect(first.entries.map((e) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
      expect(first.nextBefore).toBe(all[1]!.id);
      const second = await logOf(c, `?limit=2&before=${first.nextBefore}`);
      expect(second.entries.map((e) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
      const ids = all.map((e) => Number(e.id));
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    });
  });

  describe('permissions', () => {
    let c: Course;
    let open: Course;
    beforeAll(async () => {
      c = await course();
      open = await course({ isPublic: true });
    });
    const calls = (x: Course) => {
      const id = x.team1.memberIds[1]!;
      return [
        (client: TestClient) => client.post(`${rosterUrl(x)}/members`, { name: 'Z', teamId: null }),
        (client: TestClient) => move(x, id, x.team2.id, client),
        (client: TestClient) => client.request('PUT', `${memberUrl(x, id)}/name`, { name: 'Z' }),
        (client: TestClient) => client.request('DELETE', memberUrl(x, id)),
        (client: TestClient) => client.get(`${rosterUrl(x)}/activity`),
        (client: TestClient) => client.get(`${rosterUrl(x)}/memberships`),
      ];
    };

    it('refuses leaders and members (403), strangers (404) and the signed-out (401)', async () => {
      for (const call of calls(c)) {
        for (const client of [c.leader, c.member, c.otherLeader, c.otherMember]) {
          const response = await call(client);
          expect(response.statusCode).toBe(403);
          expect(response.json().error).toBe('forbidden');
        }
        const stranger = await call(c.stranger);
        expect(stranger.statusCode).toBe(404);
        expect(stranger.json().error).toBe('workspace_not_found');
        const signedOut = await call(c.anonymous);
        expect(signedOut.statusCode).toBe(401);
        expect(signedOut.json().error).toBe('unauthenticated');
      }
      // Nothing changed, nothing was logged (but the course's own leader choices).
      expect((await detailOf(c)).members).toEqual(c.detail.members);
      expect((await logOf(c)).entries.map((e) => e.kind)).toEqual([
        'leader_changed',
        'leader_changed',
      ]);
    });

    it('refuses a viewer of a public workspace', async () => {
      for (const call of calls(open)) {
        const response = await call(open.stranger);
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toBe('forbidden');
      }
    });
  });

  describe('retries and races', () => {
    it('applies a change sent twice with one Idempotency-Key once', async () => {
      const c = await course();
      const key = { 'idempotency-key': 'roster-add-0001' };
      const url = `${rosterUrl(c)}/members`;
      const body = { name: 'Once Only', teamId: c.team2.id };
      const first = await c.owner.request('POST', url, body, key);
      const second = await c.owner.request('POST', url, body, key);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      const named = (await detailOf(c)).members.filter((m) => m.name === 'Once Only');
      expect(named).toHaveLength(1);
      expect((await logOf(c)).entries.filter((e) => e.kind === 'member_added')).toHaveLength(1);

      const moveKey = { 'idempotency-key': 'roster-move-0001' };
      const id = c.team1.memberIds[2]!;
      const moved = await move(c, id, c.team2.id, c.owner, moveKey);
      const replay = await move(c, id, c.team2.id, c.owner, moveKey);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(moved.json());
      expect((await logOf(c)).entries.filter((e) => e.kind === 'member_moved')).toHaveLength(1);
    });

    it('leaves one consistent state when two moves of one member meet', async () => {
      const c = await course({ members: 4 });
      const individual = await taskNote(c, 'individual');
      await handIn(c.member, individual.url, 'mine.pdf');
      const memberId = c.team1.memberIds[1]!;
      for (let round = 0; round < 3; round++) {
        const [a, b] = await Promise.all([
          move(c, memberId, c.team2.id),
          move(c, memberId, c.team1.id),
        ]);
        expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
        const detail = await detailOf(c);
        const teamId = detail.members.find((m) => m.id === memberId)!.teamId!;
        expect(await openPeriods(memberId)).toEqual([{ teamId }]);
        expect((await submissionTeams(individual.noteId)).map((r) => r.teamId)).toEqual([teamId]);
      }
    });
  });
});
