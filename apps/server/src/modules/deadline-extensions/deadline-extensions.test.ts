// Late rules and extensions (issue 26, decision 0030) through the API on a real database: a task
// that closes at its deadline refuses a late hand-in (the owner's on a team's behalf is taken), a
// team's (member's) extension reopens it for that team only and moves the late marks, and only
// the owner gives, changes or removes one. Deadlines are set relative to the clock (an hour ago,
// two and a half days ago), so the hand-ins' own time is what they are compared with. Runs on
// PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import type { AssignmentView, DeadlineExtension, LectureNote } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import { buildAssignmentInput, buildNoteInput, buildTaskInput } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipartBody, pdfPart } from '../../../test/multipart.ts';
import { rowsOf } from '../../db/rows.ts';
import { readZipEntries } from '../../../test/zip.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('late rules and extensions', () => {
  let t: TestApp;
  let c: Course;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    c = await buildCourse(t.app, t.config.publicUrl);
  }, 120_000);
  afterAll(() => t.close());

  const base = () => `/api/workspaces/${c.workspaceId}`;
  const createAssignment = async (overrides: Record<string, unknown>) => {
    const response = await c.owner.post(`${base()}/assignments`, buildAssignmentInput(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AssignmentView>();
  };
  const createNote = async (task: Record<string, unknown>) => {
    const made = await c.owner.post(
      `${base()}/notes`,
      buildNoteInput({ task: buildTaskInput(task) }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const noteId = made.json<LectureNote>().id;
    const published = await c.owner.request('PATCH', `${base()}/notes/${noteId}`, {
      isPublished: true,
    });
    expect(published.statusCode).toBe(200);
    return noteId;
  };
  const upload = (client: TestClient, url: string) => {
    const { payload, headers } = multipartBody([pdfPart('work.pdf', 2000)]);
    return client.request('POST', url, payload, headers);
  };
  const handIn = (client: TestClient, assignmentId: string, onBehalfOf?: string) =>
    upload(
      client,
      `${base()}/assignments/${assignmentId}/submissions${onBehalfOf ? `?onBehalfOf=${onBehalfOf}` : ''}`,
    );
  const answer = (client: TestClient, noteId: string) =>
    upload(client, `${base()}/notes/${noteId}/submissions`);
  const extend = (client: TestClient, path: string, dueAt: string) =>
    client.request('PUT', `${base()}/${path}`, { dueAt });

  describe('the late rule of an assignment and a task', () => {
    it('is answered with the item, defaults to accept-and-flag, and refuses an inconsistent rule', async () => {
      const plain = await createAssignment({ title: 'Plain' });
      expect(plain).toMatchObject({
        latePolicy: 'accept',
        latePenaltyPercentPerDay: null,
        latePenaltyFloorPercent: null,
        graceMinutes: 0,
      });
      const penalty = await createAssignment({
        title: 'Penalised',
        latePolicy: 'penalty',
        latePenaltyPercentPerDay: 10,
        latePenaltyFloorPercent: 50,
        graceMinutes: 15,
      });
      expect(penalty).toMatchObject({
        latePolicy: 'penalty',
        latePenaltyPercentPerDay: 10,
        latePenaltyFloorPercent: 50,
        graceMinutes: 15,
      });

      const noPercent = await c.owner.post(
        `${base()}/assignments`,
        buildAssignmentInput({ latePolicy: 'penalty' }),
      );
      expect(noPercent.statusCode).toBe(400);
      expect(noPercent.json()).toMatchObject({ error: 'validation_failed' });
      expect(noPercent.json().message).toContain('Enter the percent taken off per day late');
      const longGrace = await c.owner.post(
        `${base()}/assignments`,
        buildAssignmentInput({ graceMinutes: 1441 }),
      );
      expect(longGrace.statusCode).toBe(400);

      // Changing the policy away from the penalty drops its numbers; to it needs a percent.
      const closed = await c.owner.request('PATCH', `${base()}/assignments/${penalty.id}`, {
        latePolicy: 'close',
      });
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json<AssignmentView>()).toMatchObject({
        latePolicy: 'close',
        latePenaltyPercentPerDay: null,
        latePenaltyFloorPercent: null,
        graceMinutes: 15,
      });
      const bare = await c.owner.request('PATCH', `${base()}/assignments/${penalty.id}`, {
        latePolicy: 'penalty',
      });
      expect(bare.statusCode).toBe(400);

      const noteId = await createNote({
        title: 'Closing task',
        deadline: at(DAY),
        latePolicy: 'close',
        graceMinutes: 30,
      });
      const notes = (await c.owner.get(`${base()}/notes`)).json<{ notes: LectureNote[] }>();
      expect(notes.notes.find((note) => note.id === noteId)!.task).toMatchObject({
        latePolicy: 'close',
        graceMinutes: 30,
      });
      // An edit of the task that leaves the late rule out keeps it.
      const edited = await c.owner.request('PATCH', `${base()}/notes/${noteId}`, {
        task: buildTaskInput({ title: 'Closing task, renamed', deadline: at(DAY) }),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<LectureNote>().task).toMatchObject({
        title: 'Closing task, renamed',
        latePolicy: 'close',
        graceMinutes: 30,
      });
    });
  });

  describe('close at the deadline', () => {
    it("refuses a team's late hand-in to an assignment, takes the owner's, and reopens for an extended team only", async () => {
      const work = await createAssignment({
        title: 'Closed essay',
        startAt: at(-2 * DAY),
        endAt: at(-HOUR),
        latePolicy: 'close',
      });
      const refused = await handIn(c.leader, work.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: 'hand_in_closed',
        message: 'The deadline has passed: this task is closed to hand-ins',
      });

      // The owner hands in on team 2's behalf: taken, marked late.
      const byOwner = await handIn(c.owner, work.id, c.team2.id);
      expect(byOwner.statusCode, byOwner.body).toBe(201);
      const team2 = byOwner.json<AssignmentView>().teams.find((x) => x.teamId === c.team2.id)!;
      expect(team2.latest).toMatchObject({ isLate: true, byOwner: true });

      // Team 1 gets two more days: it hands in on time; team 2's leader is still refused.
      const given = await extend(
        c.owner,
        `assignments/${work.id}/extensions/teams/${c.team1.id}`,
        at(2 * DAY),
      );
      expect(given.statusCode, given.body).toBe(200);
      expect(given.json<DeadlineExtension>()).toMatchObject({
        itemKind: 'assignment',
        itemId: work.id,
        teamId: c.team1.id,
        memberId: null,
      });
      const taken = await handIn(c.leader, work.id);
      expect(taken.statusCode, taken.body).toBe(201);
      const team1 = taken.json<AssignmentView>().teams.find((x) => x.teamId === c.team1.id)!;
      expect(team1.latest).toMatchObject({ isLate: false });
      expect(Date.parse(team1.extendedTo!)).toBe(Date.parse(given.json<DeadlineExtension>().dueAt));
      expect((await handIn(c.otherLeader, work.id)).statusCode).toBe(409);

      // The team sees its own deadline; the other team does not see team 1's.
      const asMember = (await c.member.get(`${base()}/assignments`)).json<{
        assignments: AssignmentView[];
      }>();
      const seen = asMember.assignments.find((x) => x.id === work.id)!;
      expect(seen.teams.find((x) => x.teamId === c.team1.id)!.extendedTo).toBeTruthy();
      const asOther = (await c.otherMember.get(`${base()}/assignments`)).json<{
        assignments: AssignmentView[];
      }>();
      const theirs = asOther.assignments.find((x) => x.id === work.id)!;
      expect(theirs.teams.find((x) => x.teamId === c.team1.id)!.extendedTo ?? null).toBeNull();
    });

    it('refuses a late answer to a closing team task after the grace period, and takes it within the grace', async () => {
      const closed = await createNote({
        title: 'Closed plan',
        deadline: at(-2 * HOUR),
        latePolicy: 'close',
        graceMinutes: 60,
      });
      const refused = await answer(c.leader, closed);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('hand_in_closed');

      const inGrace = await createNote({
        title: 'Grace plan',
        deadline: at(-HOUR / 2),
        latePolicy: 'close',
        graceMinutes: 60,
      });
      const taken = await answer(c.leader, inGrace);
      expect(taken.statusCode, taken.body).toBe(201);
      const team1 = taken.json<LectureNote>().task!.teams.find((x) => x.teamId === c.team1.id)!;
      expect(team1.current).toMatchObject({ isLate: false });

      const given = await extend(
        c.owner,
        `notes/${closed}/extensions/teams/${c.team1.id}`,
        at(DAY),
      );
      expect(given.statusCode, given.body).toBe(200);
      expect((await answer(c.leader, closed)).statusCode).toBe(201);
      expect((await answer(c.otherLeader, closed)).statusCode).toBe(409);
    });

    it('gives one member of an individual task a later deadline: that member hands in, a teammate is refused', async () => {
      const noteId = await createNote({
        title: 'Closed reflection',
        deadline: at(-HOUR),
        latePolicy: 'close',
        assignmentType: 'individual',
      });
      expect((await answer(c.member, noteId)).statusCode).toBe(409);
      // The member's roster entry: the one whose e-mail is the member's account's.
      const [entry] = rowsOf<{ id: string }>(
        await t.app.db.execute(sql`
          select wm.id from workspace_members wm join "user" u on u.id = ${c.ids.member}
          where wm.workspace_id = ${c.workspaceId}
            and lower(btrim(wm.email)) = lower(btrim(u.email))`),
      );
      const wrong = await extend(
        c.owner,
        `notes/${noteId}/extensions/teams/${c.team1.id}`,
        at(DAY),
      );
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().error).toBe('extension_wrong_holder');
      const unknown = await extend(
        c.owner,
        `notes/${noteId}/extensions/members/00000000-0000-4000-8000-000000000000`,
        at(DAY),
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe('roster_member_not_found');

      const response = await extend(
        c.owner,
        `notes/${noteId}/extensions/members/${entry!.id}`,
        at(DAY),
      );
      expect(response.statusCode, response.body).toBe(200);
      const given = response.json<DeadlineExtension>();
      expect(given).toMatchObject({ itemKind: 'task', teamId: null, memberId: entry!.id });
      const sent = await answer(c.member, noteId);
      expect(sent.statusCode, sent.body).toBe(201);
      expect((await answer(c.otherMember, noteId)).statusCode).toBe(409);
      // The member sees their own extension on the task.
      const seen = (await c.member.get(`${base()}/notes`)).json<{ notes: LectureNote[] }>();
      const team1 = seen.notes
        .find((note) => note.id === noteId)!
        .task!.individual.find((x) => x.teamId === c.team1.id)!;
      expect(team1.extensions).toEqual([
        expect.objectContaining({ memberId: entry!.id, userId: c.ids.member }),
      ]);
      expect(team1.submissions[0]).toMatchObject({ isLate: false });
      // Only the owner reads the team's roster (whom to extend): with names and accounts.
      expect(team1.members ?? null).toBeNull();
      const asOwner = (await c.owner.get(`${base()}/notes`)).json<{ notes: LectureNote[] }>();
      const ownerTeam1 = asOwner.notes
        .find((note) => note.id === noteId)!
        .task!.individual.find((x) => x.teamId === c.team1.id)!;
      expect(ownerTeam1.members).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ memberId: entry!.id, userId: c.ids.member }),
        ]),
      );
    });
  });

  describe('late marks follow the extended deadline', () => {
    it("marks an assignment's attempt late, then on time once the team is extended, and late again when it is removed", async () => {
      const work = await createAssignment({
        title: 'Flagged',
        startAt: at(-2 * DAY),
        endAt: at(-HOUR),
      });
      const sent = await handIn(c.leader, work.id);
      expect(sent.statusCode, sent.body).toBe(201);
      const latest = (view: AssignmentView) =>
        view.teams.find((x) => x.teamId === c.team1.id)!.latest!;
      expect(latest(sent.json<AssignmentView>()).isLate).toBe(true);

      const zipNames = async () => {
        const response = await c.owner.get(`${base()}/assignments/${work.id}/export.zip`);
        expect(response.statusCode).toBe(200);
        return [...(await readZipEntries(response.rawPayload)).keys()].sort();
      };
      expect(await zipNames()).toEqual(['Team 1/LATE - work.pdf', 'manifest.csv']);

      const path = `assignments/${work.id}/extensions/teams/${c.team1.id}`;
      expect((await extend(c.owner, path, at(DAY))).statusCode).toBe(200);
      const read = async () =>
        (await c.owner.get(`${base()}/assignments`))
          .json<{ assignments: AssignmentView[] }>()
          .assignments.find((x) => x.id === work.id)!;
      expect(latest(await read()).isLate).toBe(false);
      // The ZIP's late mark follows the team's extended deadline too.
      expect(await zipNames()).toEqual(['Team 1/work.pdf', 'manifest.csv']);

      const removed = await c.owner.request('DELETE', `${base()}/${path}`);
      expect(removed.statusCode).toBe(204);
      expect(latest(await read()).isLate).toBe(true);
      expect((await c.owner.request('DELETE', `${base()}/${path}`)).statusCode).toBe(404);
    });

    it("marks a task answer by the team's own deadline", async () => {
      const noteId = await createNote({ title: 'Flagged plan', deadline: at(-HOUR) });
      const sent = await answer(c.leader, noteId);
      expect(sent.statusCode, sent.body).toBe(201);
      const current = (note: LectureNote) =>
        note.task!.teams.find((x) => x.teamId === c.team1.id)!.current!;
      expect(current(sent.json<LectureNote>()).isLate).toBe(true);
      expect(
        (await extend(c.owner, `notes/${noteId}/extensions/teams/${c.team1.id}`, at(DAY)))
          .statusCode,
      ).toBe(200);
      const read = (await c.leader.get(`${base()}/notes`)).json<{ notes: LectureNote[] }>();
      const note = read.notes.find((x) => x.id === noteId)!;
      expect(current(note).isLate).toBe(false);
      expect(note.task!.teams.find((x) => x.teamId === c.team1.id)!.extendedTo).toBeTruthy();
    });
  });

  describe('Due soon and the calendar feed', () => {
    it("show a member their team's or their own extended deadline, and the owner the item's", async () => {
      const work = await createAssignment({ title: 'Extended report', endAt: at(DAY) });
      const noteId = await createNote({
        title: 'Extended reflection',
        deadline: at(DAY),
        assignmentType: 'individual',
      });
      const [entry] = rowsOf<{ id: string }>(
        await t.app.db.execute(sql`
          select wm.id from workspace_members wm join "user" u on u.id = ${c.ids.member}
          where wm.workspace_id = ${c.workspaceId}
            and lower(btrim(wm.email)) = lower(btrim(u.email))`),
      );
      const teamDue = at(3 * DAY);
      const ownDue = at(4 * DAY);
      expect(
        (await extend(c.owner, `assignments/${work.id}/extensions/teams/${c.team1.id}`, teamDue))
          .statusCode,
      ).toBe(200);
      expect(
        (await extend(c.owner, `notes/${noteId}/extensions/members/${entry!.id}`, ownDue))
          .statusCode,
      ).toBe(200);
      type Due = { items: Array<{ id: string; deadline: string }> };
      const deadlineOf = async (client: TestClient, id: string) =>
        Date.parse(
          (await client.get('/api/me/deadlines')).json<Due>().items.find((x) => x.id === id)!
            .deadline,
        );
      expect(await deadlineOf(c.member, work.id)).toBe(Date.parse(teamDue));
      expect(await deadlineOf(c.leader, work.id)).toBe(Date.parse(teamDue));
      expect(await deadlineOf(c.member, noteId)).toBe(Date.parse(ownDue));
      // A teammate without an extension, the other team and the owner: the item's own.
      expect(await deadlineOf(c.leader, noteId)).toBeLessThan(Date.parse(ownDue));
      expect(await deadlineOf(c.otherMember, work.id)).toBeLessThan(Date.parse(teamDue));
      expect(await deadlineOf(c.owner, work.id)).toBeLessThan(Date.parse(teamDue));

      // The calendar feed carries the member's own deadline too.
      const feed = await c.member.post('/api/me/calendar-feed', {});
      expect(feed.statusCode, feed.body).toBe(201);
      const url = new URL(feed.json<{ url: string }>().url);
      const ics = await c.anonymous.get(url.pathname);
      expect(ics.statusCode).toBe(200);
      const stamp = new Date(teamDue).toISOString().replace(/[-:]/g, '').slice(0, 15);
      expect(ics.body).toContain(stamp);
    });
  });

  describe('late penalties', () => {
    it('take the percent per started day late off the grade in the gradebook, My grades, Team Scores and the CSV, with the original kept', async () => {
      // Due 2.5 days ago, 10% a day, floor 50: handed in now, 3 started days late, 30% off.
      const work = await createAssignment({
        title: 'Penalised essay',
        startAt: at(-5 * DAY),
        endAt: at(-2.5 * DAY),
        latePolicy: 'penalty',
        latePenaltyPercentPerDay: 10,
        latePenaltyFloorPercent: 50,
      });
      expect((await handIn(c.leader, work.id)).statusCode).toBe(201);
      expect((await handIn(c.otherLeader, work.id)).statusCode).toBe(201);
      // Team 2 was given three more days first: handed in before its own deadline, no penalty.
      expect(
        (await extend(c.owner, `assignments/${work.id}/extensions/teams/${c.team2.id}`, at(DAY)))
          .statusCode,
      ).toBe(200);
      for (const teamId of [c.team1.id, c.team2.id]) {
        const graded = await c.owner.post(`${base()}/assignments/${work.id}/evaluations`, {
          teamId,
          score: 90,
          feedback: '',
        });
        expect(graded.statusCode, graded.body).toBe(200);
      }

      type Cell = {
        score: number | null;
        gradedScore: number | null;
        flags: string[];
        latePenalty?: { originalScore: number; penaltyPercent: number; daysLate: number } | null;
      };
      const book = (await c.owner.get(`${base()}/gradebook`)).json<{
        items: Array<{ id: string }>;
        rows: Array<{ memberId: string; teamId: string | null; cells: Cell[] }>;
      }>();
      const index = book.items.findIndex((item) => item.id === work.id);
      const cellOf = (teamId: string) =>
        book.rows.find((row) => row.teamId === teamId)!.cells[index]!;
      expect(cellOf(c.team1.id)).toMatchObject({
        score: 63,
        gradedScore: 63,
        latePenalty: { originalScore: 90, penaltyPercent: 30, daysLate: 3 },
      });
      expect(cellOf(c.team1.id).flags).toContain('late');
      expect(cellOf(c.team2.id)).toMatchObject({ score: 90, gradedScore: 90 });
      expect(cellOf(c.team2.id).latePenalty ?? null).toBeNull();
      expect(cellOf(c.team2.id).flags).not.toContain('late');

      const mine = (await c.member.get(`${base()}/my-grades`)).json<{
        items: Array<{ id: string }>;
        row: { cells: Cell[] };
      }>();
      const myIndex = mine.items.findIndex((item) => item.id === work.id);
      expect(mine.row.cells[myIndex]).toMatchObject({
        score: 63,
        latePenalty: { originalScore: 90, penaltyPercent: 30 },
      });

      const scores = (await c.owner.get(`${base()}/scores`)).json<{
        teams: Array<{ teamId: string; scores: Array<{ assignmentId: string; score: number }> }>;
      }>();
      const scoreOf = (teamId: string) =>
        scores.teams
          .find((team) => team.teamId === teamId)!
          .scores.find((item) => item.assignmentId === work.id)!.score;
      expect([scoreOf(c.team1.id), scoreOf(c.team2.id)]).toEqual([63, 90]);

      const csv = await c.owner.get(`${base()}/grades.csv`);
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.split(/\r?\n/);
      const column = lines[0]!.split(',').findIndex((name) => name.includes('Penalised essay'));
      const team1Line = lines.find((line) => line.includes(',Team 1,'))!;
      const team2Line = lines.find((line) => line.includes(',Team 2,'))!;
      expect([team1Line.split(',')[column], team2Line.split(',')[column]]).toEqual(['63', '90']);
    });
  });

  describe('extension routes', () => {
    it('are the owner’s alone: leader, member, non-member and signed-out are refused', async () => {
      const work = await createAssignment({ title: 'Guarded', endAt: at(DAY) });
      const path = `assignments/${work.id}/extensions/teams/${c.team1.id}`;
      for (const client of [c.leader, c.member]) {
        expect((await extend(client, path, at(2 * DAY))).statusCode).toBe(403);
        expect((await client.request('DELETE', `${base()}/${path}`)).statusCode).toBe(403);
        expect((await client.get(`${base()}/assignments/${work.id}/extensions`)).statusCode).toBe(
          403,
        );
      }
      const stranger = await extend(c.stranger, path, at(2 * DAY));
      expect([403, 404]).toContain(stranger.statusCode);
      expect((await extend(c.anonymous, path, at(2 * DAY))).statusCode).toBe(401);
      const list = await c.owner.get(`${base()}/assignments/${work.id}/extensions`);
      expect(list.json()).toEqual({ extensions: [] });
    });

    it('refuse bad ids, an item without a deadline and an extension not later than the deadline', async () => {
      const work = await createAssignment({ title: 'Checked', endAt: at(DAY) });
      const team = `assignments/${work.id}/extensions/teams`;
      const missingTeam = await extend(
        c.owner,
        `${team}/00000000-0000-4000-8000-000000000000`,
        at(2 * DAY),
      );
      expect(missingTeam.statusCode).toBe(404);
      expect(missingTeam.json().error).toBe('team_not_found');
      const notUuid = await extend(c.owner, `${team}/nope`, at(2 * DAY));
      expect(notUuid.statusCode).toBe(404);
      const missingItem = await extend(
        c.owner,
        `assignments/00000000-0000-4000-8000-000000000000/extensions/teams/${c.team1.id}`,
        at(2 * DAY),
      );
      expect(missingItem.statusCode).toBe(404);
      expect(missingItem.json().error).toBe('assignment_not_found');
      const earlier = await extend(c.owner, `${team}/${c.team1.id}`, at(HOUR));
      expect(earlier.statusCode).toBe(422);
      expect(earlier.json().error).toBe('extension_not_later');
      const notADate = await extend(c.owner, `${team}/${c.team1.id}`, 'tomorrow');
      expect(notADate.statusCode).toBe(400);
      const open = await createAssignment({ title: 'Open', endAt: null });
      const noDeadline = await extend(
        c.owner,
        `assignments/${open.id}/extensions/teams/${c.team1.id}`,
        at(2 * DAY),
      );
      expect(noDeadline.statusCode).toBe(422);
      expect(noDeadline.json().error).toBe('extension_no_deadline');

      // Changing an extension keeps one row; the list shows it.
      expect((await extend(c.owner, `${team}/${c.team1.id}`, at(2 * DAY))).statusCode).toBe(200);
      const changed = await extend(c.owner, `${team}/${c.team1.id}`, at(3 * DAY));
      expect(changed.statusCode).toBe(200);
      const list = (await c.owner.get(`${base()}/assignments/${work.id}/extensions`)).json<{
        extensions: DeadlineExtension[];
      }>();
      expect(list.extensions).toHaveLength(1);
      expect(list.extensions[0]!.dueAt).toBe(changed.json<DeadlineExtension>().dueAt);
    });

    it('says a note without a task has no task (issue 27)', async () => {
      const made = await c.owner.post(`${base()}/notes`, buildNoteInput({ task: null }));
      const noteId = made.json<LectureNote>().id;
      await c.owner.request('PATCH', `${base()}/notes/${noteId}`, { isPublished: true });
      const sent = await answer(c.leader, noteId);
      expect(sent.statusCode).toBe(422);
      expect(sent.json()).toMatchObject({
        error: 'note_has_no_task',
        message: 'This lecture note has no task to hand in.',
      });
    });
  });
});
