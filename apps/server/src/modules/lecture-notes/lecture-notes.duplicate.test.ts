// Duplicate to next week (issue 26) through the API: the copy is a draft a week later with the
// text and the task, without submissions or attachments; the wrong roles are refused, another
// workspace's note is not found, and a retried request makes one copy.
import type { LectureNote, LectureNoteDuplicate } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import { buildNoteInput, buildTaskInput } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipartBody, pdfPart } from '../../../test/multipart.ts';
import { rowsOf } from '../../db/rows.ts';

describe('Duplicate to next week', () => {
  let t: TestApp;
  let c: Course;
  let other: Course;
  let open: Course;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    c = await buildCourse(t.app, t.config.publicUrl);
    other = await buildCourse(t.app, t.config.publicUrl);
    open = await buildCourse(t.app, t.config.publicUrl, { isPublic: true });
  });
  afterAll(() => t.close());

  const notesUrl = (course: Course = c) => `/api/workspaces/${course.workspaceId}/notes`;
  const create = async (client: TestClient, body: object, course: Course = c) => {
    const response = await client.post(notesUrl(course), body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<LectureNote>();
  };
  const publish = async (noteId: string, course: Course = c) => {
    const response = await course.owner.request('PATCH', `${notesUrl(course)}/${noteId}`, {
      isPublished: true,
    });
    expect(response.statusCode).toBe(200);
  };
  const duplicate = (client: TestClient, noteId: string, course: Course = c, key?: string) =>
    client.request(
      'POST',
      `${notesUrl(course)}/${noteId}/duplicate`,
      undefined,
      key ? { 'idempotency-key': key } : {},
    );
  const noteCount = async () =>
    (
      (await t.app.db.execute(
        sql`select count(*)::int as n from lecture_notes where workspace_id = ${c.workspaceId}`,
      )) as { rows: Array<{ n: number }> }
    ).rows[0]!.n;

  it('copies the text and the task as a draft a week later, without submissions or attachments', async () => {
    const made = await create(
      c.owner,
      buildNoteInput({
        title: 'Week 3: Sorting',
        description: 'Slides and reading',
        week: 3,
        date: '2026-03-16',
        task: buildTaskInput({
          title: 'Sort a list',
          description: 'Hand in your code',
          deadline: '2026-03-20T14:59:00.000Z',
          maxFileSizeMb: 7,
          allowedTypes: ['pdf', 'txt'],
          assignmentType: 'team',
          latePolicy: 'penalty',
          latePenaltyPercentPerDay: 10,
          latePenaltyFloorPercent: 40,
          graceMinutes: 30,
        }),
      }),
    );
    const { payload, headers } = multipartBody([pdfPart('slides.pdf', 2000)]);
    const attached = await c.owner.request(
      'POST',
      `${notesUrl()}/${made.id}/attachments`,
      payload,
      headers,
    );
    expect(attached.statusCode).toBe(201);
    await publish(made.id);
    const handedIn = multipartBody([pdfPart('answer.pdf', 1000)]);
    const answer = await c.leader.request(
      'POST',
      `${notesUrl()}/${made.id}/submissions`,
      handedIn.payload,
      handedIn.headers,
    );
    expect(answer.statusCode, answer.body).toBe(201);

    const response = await duplicate(c.owner, made.id);
    expect(response.statusCode, response.body).toBe(201);
    const { note: copy, attachmentsShared } = response.json<LectureNoteDuplicate>();
    expect(attachmentsShared).toBe(1);
    expect(copy.id).not.toBe(made.id);
    expect(copy).toMatchObject({
      title: 'Week 3: Sorting',
      description: 'Slides and reading',
      week: 4,
      date: '2026-03-23',
      isPublished: false,
      canEdit: true,
      author: { name: 'Owner' },
    });
    expect(copy.task).toMatchObject({
      title: 'Sort a list',
      description: 'Hand in your code',
      maxFileSizeMb: 7,
      allowedTypes: ['pdf', 'txt'],
      assignmentType: 'team',
      // The late rule carries over (decision 0030).
      latePolicy: 'penalty',
      latePenaltyPercentPerDay: 10,
      latePenaltyFloorPercent: 40,
      graceMinutes: 30,
    });
    expect(Date.parse(copy.task!.deadline!)).toBe(Date.parse('2026-03-27T14:59:00.000Z'));
    expect(copy.task!.teams.every((team) => team.current === null)).toBe(true);
    // The original keeps its attachment and its answer.
    const section = (await c.owner.get(notesUrl())).json<{ notes: LectureNote[] }>();
    const original = section.notes.find((note) => note.id === made.id)!;
    expect(original.attachments).toHaveLength(1);
    // The copy holds the same stored file, by reference (decision 0028).
    expect(copy.attachments.map((a) => a.file)).toEqual(original.attachments.map((a) => a.file));
    expect(original.task!.teams.some((team) => team.current !== null)).toBe(true);
    // A draft: the members do not see it.
    const seen = (await c.member.get(notesUrl())).json<{ notes: LectureNote[] }>();
    expect(seen.notes.map((note) => note.id)).not.toContain(copy.id);
  });

  it('shares attachments by reference: each note lets go of its own, the file goes with the last', async () => {
    const made = await create(c.owner, buildNoteInput({ title: 'Shared slides', week: 5 }));
    const url = `${notesUrl()}/${made.id}/attachments`;
    const { payload, headers } = multipartBody([pdfPart('a.pdf', 1200), pdfPart('b.pdf', 900)]);
    expect((await c.owner.request('POST', url, payload, headers)).statusCode).toBe(201);
    await publish(made.id);
    const copied = await duplicate(c.owner, made.id);
    expect(copied.statusCode, copied.body).toBe(201);
    const { note: copy, attachmentsShared } = copied.json<LectureNoteDuplicate>();
    expect(attachmentsShared).toBe(2);
    expect(copy.attachments.map((a) => a.file.name)).toEqual(['a.pdf', 'b.pdf']);
    const [a, b] = copy.attachments.map((attachment) => attachment.file.id) as [string, string];
    const fileRows = async () =>
      rowsOf<{ n: number }>(
        await t.app.db.execute(sql`select count(*)::int as n from files where id in (${a}, ${b})`),
      )[0]!;
    // The copy is a draft: a member reads the files through the published original.
    expect((await c.member.get(`/api/files/${a}`)).statusCode).toBe(200);
    // Removing a.pdf from the copy leaves it on the original, readable.
    const removed = await c.owner.request(
      'DELETE',
      `${notesUrl()}/${copy.id}/attachments/${copy.attachments[0]!.id}`,
    );
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await c.member.get(`/api/files/${a}`)).statusCode).toBe(200);
    expect((await fileRows()).n).toBe(2);
    // Deleting the original note keeps b.pdf for the copy (a draft: the owner reads it, a
    // member no longer may) and lets a.pdf go, which no note holds any more.
    expect((await c.owner.request('DELETE', `${notesUrl()}/${made.id}`)).statusCode).toBeLessThan(
      300,
    );
    expect((await fileRows()).n).toBe(1);
    expect((await c.owner.get(`/api/files/${b}`)).statusCode).toBe(200);
    expect((await c.member.get(`/api/files/${b}`)).statusCode).toBe(404);
    expect((await c.member.get(`/api/files/${a}`)).statusCode).toBe(404);
    // The copy's deletion lets the last one go.
    expect((await c.owner.request('DELETE', `${notesUrl()}/${copy.id}`)).statusCode).toBeLessThan(
      300,
    );
    expect((await fileRows()).n).toBe(0);
  });

  it("lets an author copy their own note, and refuses everyone else's copy", async () => {
    const mine = await create(c.member, buildNoteInput({ title: 'Study group', week: 20 }));
    const copied = await duplicate(c.member, mine.id);
    expect(copied.statusCode, copied.body).toBe(201);
    // spec part 2, section 9: weeks stop at 20.
    expect(copied.json<LectureNoteDuplicate>().note).toMatchObject({
      week: 20,
      date: '2025-03-10',
      task: null,
      author: { name: 'Member One' },
    });

    const published = await create(c.owner, buildNoteInput({ title: 'Owner note' }));
    await publish(published.id);
    for (const client of [c.member, c.leader, c.otherMember]) {
      const refused = await duplicate(client, published.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('forbidden');
    }
    // Someone else's draft is not there for them at all.
    expect((await duplicate(c.otherLeader, mine.id)).statusCode).toBe(404);
    expect((await duplicate(c.stranger, published.id)).statusCode).toBe(404);
    expect((await duplicate(c.anonymous, published.id)).statusCode).toBe(401);
    // Another workspace's note, through this workspace's address: not found.
    const elsewhere = await create(other.owner, buildNoteInput({ title: 'Elsewhere' }), other);
    const crossed = await duplicate(c.owner, elsewhere.id);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().error).toBe('lecture_note_not_found');
    expect((await duplicate(c.owner, 'not-a-uuid')).statusCode).toBe(404);
  });

  it("refuses a public workspace's viewer", async () => {
    const note = await create(open.owner, buildNoteInput({ title: 'Open note' }), open);
    await publish(note.id, open);
    const refused = await duplicate(open.stranger, note.id, open);
    expect(refused.statusCode).toBe(403);
  });

  it('makes one copy when the same request is retried with its Idempotency-Key', async () => {
    const made = await create(c.owner, buildNoteInput({ title: 'Retried', week: 5 }));
    const before = await noteCount();
    const key = `duplicate-${crypto.randomUUID()}`;
    const first = await duplicate(c.owner, made.id, c, key);
    const again = await duplicate(c.owner, made.id, c, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<LectureNoteDuplicate>().note.id).toBe(
      first.json<LectureNoteDuplicate>().note.id,
    );
    expect(await noteCount()).toBe(before + 1);
    // A new key is a new copy.
    expect(
      (await duplicate(c.owner, made.id, c, `duplicate-${crypto.randomUUID()}`)).statusCode,
    ).toBe(201);
    expect(await noteCount()).toBe(before + 2);
  });
});
