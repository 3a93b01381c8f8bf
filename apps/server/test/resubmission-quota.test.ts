// Issue 23, decision 0016: a resubmission near the quota is claimed against what it will free.
// The bytes an upload stops charging to its uploader (the team's latest assignment attempt, the
// task answer it replaces) count as left for it, so a same-size resubmission at 85% goes through;
// a teammate's bytes give no credit, a file larger than what is left plus the credit is refused
// with the true figure, and two resubmissions in flight at once cannot both use the same credit.
// Sizes are the scaled down by ten (quota 10 MB, 2.5 MB attempts, 85% used).
// Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { PassThrough } from 'node:stream';
import { type AssignmentView, BYTES_PER_MB, type LectureNote } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { megabytes } from '../src/modules/files/files.service.ts';
import type { TestClient } from './client.ts';
import { buildCourse, type Course } from './course.ts';
import { buildAssignmentInput, buildNoteInput, buildTaskInput } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { multipartBody, pdfPart } from './multipart.ts';
import { waitFor } from './process.ts';

const QUOTA = 10 * BYTES_PER_MB;
/** The team's latest attempt (the 24 MB of 100, scaled). */
const ATTEMPT = 2.5 * BYTES_PER_MB;
/** Everything else the leader stores: with the attempt, 85% of the quota. */
const OTHER = 6 * BYTES_PER_MB;

describe('a resubmission near the quota', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      STORAGE_QUOTA_MB: '10',
    });
  });
  afterAll(() => t.close());

  const base = (course: Course) => `/api/workspaces/${course.workspaceId}`;
  const usage = async (client: TestClient) =>
    (await client.get('/api/me/storage')).json<{ usedBytes: number; quotaBytes: number }>()
      .usedBytes;
  const claimsOf = async (userId: string) =>
    rowsOf<{ n: number }>(
      await t.app.db.execute(
        sql`select count(*)::int as n from storage_reservations where user_id = ${userId}`,
      ),
    )[0]!.n;

  /**
   * Sends one PDF of `size` bytes as a browser does (with its Content-Length), or streamed
   * without one, so the claim grows as the bytes come (decision 0018).
   */
  const upload = (client: TestClient, url: string, size: number, withLength = true) => {
    const { payload, headers } = multipartBody([pdfPart('work.pdf', size)]);
    if (withLength) return client.request('POST', url, payload, headers);
    const stream = new PassThrough();
    stream.end(payload);
    return client.request('POST', url, stream, { 'content-type': headers['content-type']! });
  };
  const assignment = async (course: Course) => {
    const response = await course.owner.post(
      `${base(course)}/assignments`,
      buildAssignmentInput({ title: `A ${Math.random()}`, maxFileSizeMb: 10 }),
    );
    expect(response.statusCode, response.body).toBe(201);
    return `${base(course)}/assignments/${response.json<AssignmentView>().id}/submissions`;
  };
  const teamTask = async (course: Course) => {
    const made = await course.owner.post(
      `${base(course)}/notes`,
      buildNoteInput({
        title: `Task ${Math.random()}`,
        task: buildTaskInput({ maxFileSizeMb: 10 }),
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const noteId = made.json<LectureNote>().id;
    const published = await course.owner.request('PATCH', `${base(course)}/notes/${noteId}`, {
      isPublished: true,
    });
    expect(published.statusCode).toBe(200);
    return noteId;
  };
  /** The leader at 85%: 6 MB elsewhere and a 2.5 MB attempt at `url`, charged to them. */
  const fillTo85 = async (course: Course, client: TestClient, url: string) => {
    expect((await upload(client, await assignment(course), OTHER)).statusCode).toBe(201);
    const first = await upload(client, url, ATTEMPT);
    expect(first.statusCode, first.body).toBe(201);
    expect(await usage(client)).toBe(OTHER + ATTEMPT);
  };
  const refusal = (n: number) => ({
    error: 'storage_limit_exceeded',
    message: `Storage limit exceeded. You have ${megabytes(n)}MB remaining.`,
  });

  it('takes a same-size assignment resubmission at 85% (with and without a Content-Length); usage stays 85%', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const url = await assignment(c);
    await fillTo85(c, c.leader, url);
    for (const withLength of [true, false, true]) {
      const again = await upload(c.leader, url, ATTEMPT, withLength);
      expect(again.statusCode, again.body).toBe(201);
      expect(await usage(c.leader)).toBe(OTHER + ATTEMPT);
    }
    expect(await claimsOf(c.ids.leader)).toBe(0);
  }, 120_000);

  it('refuses a resubmission larger than what is left plus the credit, with that figure; exactly that much fits', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const url = await assignment(c);
    await fillTo85(c, c.leader, url);
    // Left: 1.5 MB, and the 2.5 MB attempt it supersedes: 4 MB for this upload.
    const room = QUOTA - OTHER;
    expect(megabytes(room)).toBe('4');
    for (const withLength of [true, false]) {
      const refused = await upload(c.leader, url, room + 1, withLength);
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual(refusal(room));
    }
    // Another upload, which supersedes nothing, has only what the bar shows.
    const elsewhere = await upload(c.leader, await assignment(c), ATTEMPT);
    expect(elsewhere.statusCode).toBe(413);
    expect(elsewhere.json()).toEqual(refusal(QUOTA - OTHER - ATTEMPT));
    expect(await usage(c.leader)).toBe(OTHER + ATTEMPT);
    // The message was true: a file of exactly 4 MB goes through and fills the quota.
    const fits = await upload(c.leader, url, room);
    expect(fits.statusCode, fits.body).toBe(201);
    expect(await usage(c.leader)).toBe(QUOTA);
    expect(await claimsOf(c.ids.leader)).toBe(0);
  }, 120_000);

  it("gives no credit for a teammate's attempt: a new leader pays for their resubmission in full", async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const url = await assignment(c);
    // The first leader's 2.5 MB is the team's latest attempt, charged to them.
    expect((await upload(c.leader, url, ATTEMPT)).statusCode).toBe(201);
    const chosen = await c.owner.request('PUT', `${base(c)}/teams/${c.team1.id}/leader`, {
      memberId: c.team1.memberIds[1],
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    // The new leader stores 8.5 MB of their own.
    expect((await upload(c.member, await assignment(c), OTHER + ATTEMPT)).statusCode).toBe(201);
    expect(await usage(c.member)).toBe(OTHER + ATTEMPT);

    const refused = await upload(c.member, url, ATTEMPT);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual(refusal(QUOTA - OTHER - ATTEMPT));
    const small = await upload(c.member, url, BYTES_PER_MB);
    expect(small.statusCode, small.body).toBe(201);
    // The former leader's attempt is superseded: charged to no one now.
    expect(await usage(c.leader)).toBe(0);
    expect(await usage(c.member)).toBe(OTHER + ATTEMPT + BYTES_PER_MB);
  }, 120_000);

  it('takes a same-size task answer that replaces the ungraded one, and a graded one (it stops counting too)', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const noteId = await teamTask(c);
    const url = `${base(c)}/notes/${noteId}/submissions`;
    await fillTo85(c, c.leader, url);
    const replaced = await upload(c.leader, url, ATTEMPT);
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(await usage(c.leader)).toBe(OTHER + ATTEMPT);

    const graded = await c.owner.post(`${base(c)}/notes/${noteId}/evaluations`, {
      teamId: c.team1.id,
      score: 88,
      feedback: 'Good',
    });
    expect(graded.statusCode, graded.body).toBe(200);
    // Replacing a graded answer keeps its bytes, charged to no one (decision 0016): a credit too.
    const overGraded = await upload(c.leader, url, ATTEMPT, false);
    expect(overGraded.statusCode, overGraded.body).toBe(201);
    expect(await usage(c.leader)).toBe(OTHER + ATTEMPT);
    const tooLarge = await upload(c.leader, url, QUOTA - OTHER + 1);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual(refusal(QUOTA - OTHER));
  }, 120_000);

  it('lets only one of two resubmissions in flight at once use the credit; the quota is never passed', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const url = await assignment(c);
    await fillTo85(c, c.leader, url);

    // The first resubmission sends its head and waits with its claim held.
    const first = multipartBody([pdfPart('first.pdf', ATTEMPT)]);
    const stream = new PassThrough();
    stream.write(first.payload.subarray(0, 64 * 1024));
    const held = c.leader.request('POST', url, stream, first.headers);
    await waitFor(async () => (await claimsOf(c.ids.leader)) === 1, 60_000);

    // The second sees that claim in full: what is left plus the credit is 4 MB less the first's
    // claim (its declared body), not enough for another 2.5 MB.
    const second = await upload(c.leader, url, ATTEMPT);
    expect(second.statusCode).toBe(413);
    expect(second.json()).toEqual(refusal(QUOTA - OTHER - first.payload.length));

    stream.end(first.payload.subarray(64 * 1024));
    const done = await held;
    expect(done.statusCode, done.body).toBe(201);
    expect(await usage(c.leader)).toBe(OTHER + ATTEMPT);
    expect(await claimsOf(c.ids.leader)).toBe(0);

    // Sent together without a length (claims growing side by side), whatever order they take,
    // the usage never passes the quota and ends at the latest attempt's size. Both may be
    // refused when each holds steps the other needs (decision 0018); both may get through
    // one after the other, the second superseding the first.
    const results = await Promise.all([
      upload(c.leader, url, ATTEMPT, false),
      upload(c.leader, url, ATTEMPT, false),
    ]);
    for (const response of results) expect([201, 413]).toContain(response.statusCode);
    expect(await usage(c.leader)).toBe(OTHER + ATTEMPT);
    expect(await claimsOf(c.ids.leader)).toBe(0);
  }, 120_000);
});
