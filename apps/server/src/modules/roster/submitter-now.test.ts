// A team's submission history says who was in the team then (issue 24, decision 0019): an attempt
// handed in by someone who has since moved to another team or left the course carries
// `submitterNow` (where they are now, and the names in the team when it was handed in), in the
// Lecture Notes and the Assignments sections. Every read is made after a read that filled the
// section cache, so a cache keyed on a version that a roster change does not bump would show the
// old text. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import {
  type AssignmentAttempt,
  assignmentsSection,
  type LectureNotesSection,
  lectureNotesSection,
  type SubmitterNow,
  type TaskSubmission,
} from '@teamshuffle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { buildCourse, buildCourseWork, type Course } from '../../../test/course.ts';
import { buildNoteInput, buildTaskInput } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipartBody, pdfPart } from '../../../test/multipart.ts';

describe("a submission's submitter, now", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  afterAll(() => t.close());

  const base = (c: Course) => `/api/workspaces/${c.workspaceId}`;
  const handIn = async (client: TestClient, url: string, name: string) => {
    const { payload, headers } = multipartBody([pdfPart(name, 1500)]);
    const response = await client.request('POST', url, payload, headers);
    expect(response.statusCode, response.body).toBe(201);
  };
  const move = async (c: Course, memberId: string, teamId: string) => {
    const response = await c.owner.request('PUT', `${base(c)}/roster/members/${memberId}/team`, {
      teamId,
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const remove = async (c: Course, memberId: string) => {
    const response = await c.owner.request('DELETE', `${base(c)}/roster/members/${memberId}`);
    expect(response.statusCode, response.body).toBe(200);
  };

  /** The notes section's bytes, parsed by the domain schema to themselves. */
  const notesOf = async (c: Course, client: TestClient): Promise<LectureNotesSection> => {
    const response = await client.get(`${base(c)}/notes`);
    expect(response.statusCode, response.body).toBe(200);
    const raw: unknown = JSON.parse(response.rawPayload.toString('utf8'));
    const parsed = lectureNotesSection.parse(raw);
    expect(parsed).toEqual(raw);
    return parsed;
  };
  /** A team's current answer and its earlier attempts on a team task, as `client` reads them. */
  const teamAnswers = async (c: Course, client: TestClient, noteId: string, teamId: string) => {
    const note = (await notesOf(c, client)).notes.find((n) => n.id === noteId)!;
    const state = note.task!.teams.find((x) => x.teamId === teamId)!;
    return [state.current, ...state.history].filter((s): s is TaskSubmission => s !== null);
  };
  /** A team's attempts at an assignment (latest first), as `client` reads them. */
  const attemptsOf = async (
    c: Course,
    client: TestClient,
    assignmentId: string,
    teamId: string,
  ): Promise<AssignmentAttempt[]> => {
    const response = await client.get(`${base(c)}/assignments`);
    expect(response.statusCode, response.body).toBe(200);
    const raw: unknown = JSON.parse(response.rawPayload.toString('utf8'));
    const parsed = assignmentsSection.parse(raw);
    expect(parsed).toEqual(raw);
    const team = parsed.assignments
      .find((a) => a.id === assignmentId)!
      .teams.find((x) => x.teamId === teamId)!;
    return [team.latest, ...team.history].filter((a): a is AssignmentAttempt => a !== null);
  };
  const nowOf = (items: Array<{ submitterNow?: SubmitterNow | null | undefined }>) =>
    items.map((item) => item.submitterNow ?? null);
  /** The roster names of a team of the course as it was made, sorted. */
  const namesOf = (c: Course, memberIds: string[]) =>
    memberIds.map((id) => c.detail.members.find((m) => m.id === id)!.name).sort();
  const sorted = (now: SubmitterNow | null) =>
    now === null ? null : { ...now, teamThen: [...now.teamThen].sort() };

  describe('a team task handed in by a leader who is then moved, and then removed', () => {
    let c: Course;
    let noteId: string;
    let url: string;
    let leaderId: string;

    beforeAll(async () => {
      c = await buildCourse(t.app, t.config.publicUrl);
      ({ noteId } = await buildCourseWork(c));
      url = `${base(c)}/notes/${noteId}/submissions`;
      leaderId = c.team1.memberIds[0]!;
      await handIn(c.leader, url, 'plan.pdf');
      await handIn(c.leader, url, 'plan-v2.pdf');
    });

    it('says nothing while the submitter is still in the team', async () => {
      // Read by the owner and by the team: both cache entries are filled here.
      for (const reader of [c.owner, c.member]) {
        const answers = await teamAnswers(c, reader, noteId, c.team1.id);
        expect(answers.map((s) => s.attempt)).toEqual([2, 1]);
        expect(nowOf(answers)).toEqual([null, null]);
      }
    });

    it("says the old team's attempts were handed in by someone now in Team 2, at once", async () => {
      await move(c, leaderId, c.team2.id);
      const expected = { state: 'moved', teamNumber: 2, teamThen: namesOf(c, c.team1.memberIds) };
      for (const reader of [c.owner, c.member]) {
        const answers = await teamAnswers(c, reader, noteId, c.team1.id);
        expect(answers.map((s) => s.submittedBy?.name)).toEqual(['Leader One', 'Leader One']);
        expect(nowOf(answers).map(sorted)).toEqual([expected, expected]);
      }
      // The moved leader no longer sees team 1's details, nor does team 2: nothing to say there.
      for (const reader of [c.leader, c.otherMember]) {
        const answers = await teamAnswers(c, reader, noteId, c.team1.id);
        expect(answers.map((s) => s.submittedBy)).toEqual([null]);
        expect(nowOf(answers)).toEqual([null]);
      }
    });

    it('says they left the course once they are removed, and nothing once they are back in the team', async () => {
      await remove(c, leaderId);
      const left = { state: 'left', teamThen: namesOf(c, c.team1.memberIds) };
      const answers = await teamAnswers(c, c.owner, noteId, c.team1.id);
      expect(nowOf(answers).map(sorted)).toEqual([left, left]);
      expect(nowOf(await teamAnswers(c, c.member, noteId, c.team1.id)).map(sorted)).toEqual([
        left,
        left,
      ]);

      // Added again (with the same e-mail) into another team: moved; into team 1: nothing.
      const email = c.detail.members.find((m) => m.id === leaderId)!.email!;
      const added = await c.owner.post(`${base(c)}/roster/members`, {
        name: 'Back Again',
        email,
        teamId: c.team2.id,
      });
      expect(added.statusCode, added.body).toBe(201);
      const back = await teamAnswers(c, c.owner, noteId, c.team1.id);
      expect(nowOf(back).map((now) => now?.state)).toEqual(['moved', 'moved']);
      await move(c, added.json<{ memberId: string }>().memberId, c.team1.id);
      expect(nowOf(await teamAnswers(c, c.owner, noteId, c.team1.id))).toEqual([null, null]);
    });
  });

  it("says so in an assignment's attempts, moved and then left", async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const { assignmentId } = await buildCourseWork(c);
    const url = `${base(c)}/assignments/${assignmentId}/submissions`;
    await handIn(c.leader, url, 'proposal.pdf');
    await handIn(c.leader, url, 'proposal-v2.pdf');
    expect(nowOf(await attemptsOf(c, c.owner, assignmentId, c.team1.id))).toEqual([null, null]);
    expect(nowOf(await attemptsOf(c, c.member, assignmentId, c.team1.id))).toEqual([null, null]);

    const leaderId = c.team1.memberIds[0]!;
    await move(c, leaderId, c.team2.id);
    const teamThen = namesOf(c, c.team1.memberIds);
    const moved = { state: 'moved', teamNumber: 2, teamThen };
    for (const reader of [c.owner, c.member]) {
      const attempts = await attemptsOf(c, reader, assignmentId, c.team1.id);
      expect(attempts.map((a) => a.attempt)).toEqual([2, 1]);
      expect(nowOf(attempts).map(sorted)).toEqual([moved, moved]);
    }
    // Team 2 sees that team 1 handed something in, not who.
    expect(nowOf(await attemptsOf(c, c.otherMember, assignmentId, c.team1.id))).toEqual([null]);

    await remove(c, leaderId);
    const left = { state: 'left', teamThen };
    for (const reader of [c.owner, c.member]) {
      const attempts = await attemptsOf(c, reader, assignmentId, c.team1.id);
      expect(nowOf(attempts).map(sorted)).toEqual([left, left]);
    }
  });

  it('says nothing of individual work that followed its submitter, and left once they are removed', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const notes = `${base(c)}/notes`;
    const note = await c.owner.post(
      notes,
      buildNoteInput({ task: buildTaskInput({ assignmentType: 'individual' }) }),
    );
    expect(note.statusCode).toBe(201);
    const noteId = note.json<{ id: string }>().id;
    const published = await c.owner.request('PATCH', `${notes}/${noteId}`, { isPublished: true });
    expect(published.statusCode).toBe(200);
    await handIn(c.member, `${notes}/${noteId}/submissions`, 'mine.pdf');
    const mine = async (teamId: string) =>
      (await notesOf(c, c.owner)).notes
        .find((n) => n.id === noteId)!
        .task!.individual.find((x) => x.teamId === teamId)!.submissions;
    expect(nowOf(await mine(c.team1.id))).toEqual([null]);

    // The answer follows the member to team 2, where they are: nothing to say.
    const memberId = c.team1.memberIds[1]!;
    await move(c, memberId, c.team2.id);
    expect(await mine(c.team1.id)).toEqual([]);
    expect(nowOf(await mine(c.team2.id))).toEqual([null]);

    await remove(c, memberId);
    expect(nowOf(await mine(c.team2.id))).toEqual([{ state: 'left', teamThen: [] }]);
  });
});
