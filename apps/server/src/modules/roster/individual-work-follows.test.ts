// Individual work follows the person (issue 24, decision 0019) whichever way the person arrives
// in another team: not only by the roster's Move, but when the owner removes them and adds them
// again, when a claim made through the join link is undone and the student claims the right name,
// and when the owner moves their e-mail to another roster entry in Manage Emails. Each path writes
// the e-mail (or the team) of a roster entry; the answers of the account with that verified e-mail
// go to the entry's team in the same transaction. Runs on PGlite and, with TEST_DATABASE_URL,
// PostgreSQL.
import type { LectureNotesSection } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestClient } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import {
  buildNoteInput,
  buildTaskInput,
  type WorkspaceDetailBody,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipartBody, pdfPart } from '../../../test/multipart.ts';
import { rowsOf } from '../../db/rows.ts';

describe('individual work follows the person into another team', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  afterAll(() => t.close());

  const course = () => buildCourse(t.app, t.config.publicUrl);

  /** A published note with an individual task; its id and submissions URL. */
  async function individualTask(c: Course) {
    const notes = `/api/workspaces/${c.workspaceId}/notes`;
    const note = await c.owner.post(
      notes,
      buildNoteInput({ task: buildTaskInput({ assignmentType: 'individual' }) }),
    );
    expect(note.statusCode, note.body).toBe(201);
    const noteId = note.json().id as string;
    const published = await c.owner.request('PATCH', `${notes}/${noteId}`, { isPublished: true });
    expect(published.statusCode).toBe(200);
    return { noteId, url: `${notes}/${noteId}/submissions` };
  }

  async function handIn(client: TestClient, url: string) {
    const { payload, headers } = multipartBody([pdfPart('mine.pdf', 1500)]);
    const response = await client.request('POST', url, payload, headers);
    expect(response.statusCode, response.body).toBe(201);
  }

  async function answerTeams(noteId: string) {
    return rowsOf<{ teamId: string }>(
      await t.app.db.execute(sql`select team_id as "teamId" from task_submissions
        where note_id = ${noteId} and kind = 'individual'`),
    ).map((row) => row.teamId);
  }

  /** The names on a team's individual answers to the note, as `client` reads the section. */
  async function answersSeenBy(client: TestClient, c: Course, noteId: string, teamId: string) {
    const response = await client.get(`/api/workspaces/${c.workspaceId}/notes`);
    expect(response.statusCode).toBe(200);
    const note = response.json<LectureNotesSection>().notes.find((n) => n.id === noteId)!;
    const team = note.task!.individual.find((entry) => entry.teamId === teamId)!;
    return team.submissions.map((submission) => submission.submittedBy?.name ?? null);
  }

  async function emailOf(c: Course, memberId: string) {
    const detail = (
      await c.owner.get(`/api/workspaces/${c.workspaceId}`)
    ).json<WorkspaceDetailBody>();
    return detail.members.find((member) => member.id === memberId)!.email!;
  }

  it('when the owner removes a member and adds them again in another team', async () => {
    const c = await course();
    const task = await individualTask(c);
    await handIn(c.member, task.url);
    const memberId = c.team1.memberIds[1]!;
    const email = await emailOf(c, memberId);

    const removed = await c.owner.request(
      'DELETE',
      `/api/workspaces/${c.workspaceId}/roster/members/${memberId}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const added = await c.owner.post(`/api/workspaces/${c.workspaceId}/roster/members`, {
      name: 'Member One',
      email,
      teamId: c.team2.id,
    });
    expect(added.statusCode, added.body).toBe(201);

    expect(await answerTeams(task.noteId)).toEqual([c.team2.id]);
    expect(await answersSeenBy(c.member, c, task.noteId, c.team2.id)).toEqual(['Member One']);
  });

  it('when a claim is undone and the student claims their own name in another team', async () => {
    const c = await course();
    const task = await individualTask(c);
    const on = await c.owner.request('PATCH', `/api/workspaces/${c.workspaceId}/join`, {
      isEnabled: true,
      autoApprove: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    const code = on.json().link.code as string;
    const student = await buildUser(t.app, t.config.publicUrl, { name: 'Sam Student' });
    const [wrong, right] = [c.team1.memberIds[2]!, c.team2.memberIds[2]!];

    const first = await student.client.post(`/api/join/${code}/claims`, { memberId: wrong });
    expect(first.statusCode, first.body).toBe(200);
    await handIn(student.client, task.url);
    const undone = await c.owner.request(
      'DELETE',
      `/api/workspaces/${c.workspaceId}/join/claims/${wrong}`,
    );
    expect(undone.statusCode, undone.body).toBe(200);
    const second = await student.client.post(`/api/join/${code}/claims`, { memberId: right });
    expect(second.statusCode, second.body).toBe(200);

    expect(await answerTeams(task.noteId)).toEqual([c.team2.id]);
    expect(await answersSeenBy(student.client, c, task.noteId, c.team2.id)).toEqual([
      'Sam Student',
    ]);
  });

  it("when the owner moves a member's e-mail to another roster entry in Manage Emails", async () => {
    const c = await course();
    const task = await individualTask(c);
    await handIn(c.member, task.url);
    const [from, to] = [c.team1.memberIds[1]!, c.team2.memberIds[2]!];
    const email = await emailOf(c, from);
    const url = (teamId: string) =>
      `/api/workspaces/${c.workspaceId}/teams/${teamId}/member-emails`;

    const cleared = await c.owner.request('PUT', url(c.team1.id), {
      entries: [{ memberId: from, email: '' }],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const set = await c.owner.request('PUT', url(c.team2.id), {
      entries: [{ memberId: to, email }],
    });
    expect(set.statusCode, set.body).toBe(200);

    expect(await answerTeams(task.noteId)).toEqual([c.team2.id]);
    expect(await answersSeenBy(c.member, c, task.noteId, c.team2.id)).toEqual(['Member One']);
  });
});
