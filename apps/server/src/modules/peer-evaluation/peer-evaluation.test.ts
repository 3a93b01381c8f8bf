// Peer evaluation (issue 25, decision 0026) through the API: the owner opens one on a team, the
// team's members answer, the owner reads results, reminds, releases and applies the factor; each
// operation refuses every wrong role, and bad input answers 4xx with a domain error id. Runs on
// PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import type {
  PeerEvaluationForm,
  PeerEvaluationList,
  PeerEvaluationResults,
  PeerEvaluationSummary,
  PeerScores,
} from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client.ts';
import { buildCourse, buildCourseWork, type Course } from '../../../test/course.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rowsOf } from '../../db/rows.ts';
import { peerFactors } from './peer-evaluation.repository.ts';
import { remind } from './peer-evaluation.service.ts';

const all = (n: number): PeerScores => ({
  contributing: n,
  interacting: n,
  keepingOnTrack: n,
  expectingQuality: n,
  knowledge: n,
});
const HOUR = 60 * 60 * 1000;

describe('peer evaluation', () => {
  let t: TestApp;
  let c: Course;
  let evaluation: PeerEvaluationSummary;
  let base: string;
  let url: string;
  // Team 1: the leader (m0), the member (m1) and m2, who has no account.
  let m: [string, string, string];

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    c = await buildCourse(t.app, t.config.publicUrl);
    m = c.team1.memberIds as [string, string, string];
    base = `/api/workspaces/${c.workspaceId}/peer-evaluations`;
    const created = await c.owner.post(base, {
      title: 'Midterm peer evaluation',
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
      teamIds: [c.team1.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    evaluation = created.json<PeerEvaluationSummary>();
    url = `${base}/${evaluation.id}`;
  });
  afterAll(() => t.close());

  const answerAs = (client: TestClient, ratings: Array<[string, number]>, comment?: string) =>
    client.request('PUT', `${url}/response`, {
      ratings: ratings.map(([rateeMemberId, n]) => ({ rateeMemberId, scores: all(n) })),
      ...(comment === undefined ? {} : { comment }),
    });
  const resultsOf = async () => {
    const response = await c.owner.get(`${url}/results`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PeerEvaluationResults>();
  };
  const contentVersion = async () =>
    Number(
      rowsOf<{ v: string }>(
        await t.app.db.execute(
          sql`select content_version as v from workspaces where id = ${c.workspaceId}`,
        ),
      )[0]!.v,
    );

  it('opens with the default cap of 1.05, on the chosen team, open now', () => {
    expect(evaluation).toMatchObject({
      factorCap: 1.05,
      state: 'open',
      teamIds: [c.team1.id],
      expected: 3,
      answered: 0,
      releasedAt: null,
    });
  });

  describe('refuses the wrong role for every operation', () => {
    const createBody = () => ({
      title: 'x',
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
      teamIds: [c.team1.id],
    });

    it('creating, results, cap, release, reminders and applications: the owner only', async () => {
      const { assignmentId } = await buildCourseWork(c);
      const ownerOnly: Array<[string, string, unknown]> = [
        ['POST', base, createBody()],
        ['GET', `${url}/results`, undefined],
        ['PATCH', url, { factorCap: 1.1 }],
        ['POST', `${url}/release`, undefined],
        ['POST', `${url}/reminders`, undefined],
        ['PUT', `${url}/applications/assignment/${assignmentId}`, undefined],
        ['DELETE', `${url}/applications/assignment/${assignmentId}`, undefined],
      ];
      for (const [method, path, body] of ownerOnly) {
        const as = async (client: TestClient) =>
          (await client.request(method as 'POST', path, body)).statusCode;
        expect(await as(c.leader), `${method} ${path} leader`).toBe(403);
        expect(await as(c.member), `${method} ${path} member`).toBe(403);
        expect(await as(c.otherMember), `${method} ${path} other team`).toBe(403);
        expect(await as(c.stranger), `${method} ${path} stranger`).toBe(404);
        expect(await as(c.anonymous), `${method} ${path} signed out`).toBe(401);
      }
      // Nothing was released by a refused call.
      expect((await resultsOf()).evaluation.releasedAt).toBeNull();
    });

    it('the form and the answer: a member of a chosen team only', async () => {
      expect((await c.owner.get(`${url}/form`)).statusCode).toBe(403);
      const other = await c.otherMember.get(`${url}/form`);
      expect(other.statusCode).toBe(404);
      expect(other.json().error).toBe('peer_evaluation_not_found');
      const otherAnswer = await answerAs(c.otherMember, [[c.team2.memberIds[1]!, 3]]);
      expect(otherAnswer.statusCode).toBe(403);
      expect(otherAnswer.json().error).toBe('peer_not_in_evaluation');
      expect((await c.stranger.get(`${url}/form`)).statusCode).toBe(404);
      expect((await c.anonymous.get(`${url}/form`)).statusCode).toBe(401);
      expect((await answerAs(c.owner, [[m[0], 3]])).statusCode).toBe(403);
      expect((await answerAs(c.anonymous, [[m[0], 3]])).statusCode).toBe(401);
    });

    it('the list: the owner sees progress, a member only their own status, others none', async () => {
      const owner = (await c.owner.get(base)).json<PeerEvaluationList>();
      expect(owner.items.map((i) => i.id)).toContain(evaluation.id);
      const member = (await c.member.get(base)).json<PeerEvaluationList>();
      expect(member.items.map((i) => i.id)).toEqual([evaluation.id]);
      expect(member.items[0]).toMatchObject({ expected: 0, answered: 0, hasAnswered: false });
      expect((await c.otherMember.get(base)).json<PeerEvaluationList>().items).toEqual([]);
      expect((await c.stranger.get(base)).statusCode).toBe(404);
      expect((await c.anonymous.get(base)).statusCode).toBe(401);
    });
  });

  describe('refuses bad input with a domain error id', () => {
    it('an end before the start, no team, another workspace’s team, a cap out of range', async () => {
      const start = new Date().toISOString();
      const body = { title: 'Bad', startsAt: start, endsAt: start, teamIds: [c.team1.id] };
      const sameTime = await c.owner.post(base, body);
      expect(sameTime.statusCode).toBe(400);
      expect(sameTime.json().error).toBe('validation_failed');
      const end = new Date(Date.now() + HOUR).toISOString();
      expect((await c.owner.post(base, { ...body, endsAt: end, teamIds: [] })).statusCode).toBe(
        400,
      );
      expect((await c.owner.post(base, { ...body, endsAt: end, factorCap: 9 })).json().error).toBe(
        'validation_failed',
      );
      const other = await buildCourse(t.app, t.config.publicUrl, { members: 4 });
      const foreign = await c.owner.post(base, { ...body, endsAt: end, teamIds: [other.team1.id] });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error).toBe('peer_team_not_found');
      expect((await c.owner.get(`${base}/not-a-uuid/results`)).statusCode).toBe(400);
      expect(
        (await c.owner.get(`${base}/00000000-0000-4000-8000-000000000000/results`)).json().error,
      ).toBe('peer_evaluation_not_found');
    });

    it('a rating outside 1..5, a missing teammate, someone of another team', async () => {
      const outOfRange = await c.member.request('PUT', `${url}/response`, {
        ratings: [{ rateeMemberId: m[0], scores: { ...all(3), knowledge: 6 } }],
      });
      expect(outOfRange.statusCode).toBe(400);
      expect(outOfRange.json().error).toBe('validation_failed');
      const missing = await answerAs(c.member, [
        [m[1], 4],
        [m[0], 4],
      ]);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().error).toBe('peer_ratings_incomplete');
      const stranger = await answerAs(c.member, [
        [m[1], 4],
        [m[0], 4],
        [c.team2.memberIds[0]!, 4],
      ]);
      expect(stranger.json().error).toBe('peer_ratings_incomplete');
      const unknownApplication = await c.owner.request(
        'PUT',
        `${url}/applications/assignment/00000000-0000-4000-8000-000000000000`,
      );
      expect(unknownApplication.json().error).toBe('peer_item_not_found');
      expect((await c.owner.request('PUT', `${url}/applications/grade/${m[0]}`)).statusCode).toBe(
        400,
      );
    });

    it('an answer outside the window', async () => {
      const closed = await c.owner.post(base, {
        title: 'Last term',
        startsAt: new Date(Date.now() - 3 * HOUR).toISOString(),
        endsAt: new Date(Date.now() - HOUR).toISOString(),
        teamIds: [c.team1.id],
      });
      expect(closed.statusCode).toBe(201);
      const late = await c.member.request(
        'PUT',
        `${base}/${closed.json<PeerEvaluationSummary>().id}/response`,
        { ratings: m.map((id) => ({ rateeMemberId: id, scores: all(3) })) },
      );
      expect(late.statusCode).toBe(422);
      expect(late.json().error).toBe('peer_evaluation_not_open');
    });
  });

  describe('answers, results, reminders, release and the factor', () => {
    it('takes the answers; the owner sees averages by others and self, the factor and the comments', async () => {
      const before = await contentVersion();
      const leader = await answerAs(
        c.leader,
        [
          [m[0], 5],
          [m[1], 4],
          [m[2], 2],
        ],
        'Ben did little.',
      );
      expect(leader.statusCode, leader.body).toBe(200);
      expect(await contentVersion()).toBeGreaterThan(before);
      // The member changes their answer: the second save replaces the first.
      expect(
        (
          await answerAs(c.member, [
            [m[1], 3],
            [m[0], 3],
            [m[2], 3],
          ])
        ).statusCode,
      ).toBe(200);
      const mine = await answerAs(
        c.member,
        [
          [m[1], 4],
          [m[0], 4],
          [m[2], 2],
        ],
        'Fine team.',
      );
      expect(mine.statusCode).toBe(200);
      const form = mine.json<PeerEvaluationForm>();
      expect(form.teammates.map((x) => x.memberId)).toEqual([m[1], m[0], m[2]]);
      expect(form.teammates[0]!.isSelf).toBe(true);
      expect(form.response?.comment).toBe('Fine team.');
      expect(form.response?.ratings).toHaveLength(3);
      expect(form.result).toBeNull();

      const results = await resultsOf();
      const row = (id: string) => results.members.find((x) => x.memberId === id)!;
      expect(row(m[0])).toMatchObject({ byOthers: 4, bySelf: 5, raterCount: 1, hasAnswered: true });
      expect(row(m[1])).toMatchObject({ byOthers: 4, bySelf: 4, hasAnswered: true });
      expect(row(m[2])).toMatchObject({ byOthers: 2, bySelf: null, hasAnswered: false });
      // The team's average is (4 + 4 + 2) / 3; 4 / (10/3) = 1.2, capped at 1.05.
      expect(row(m[0]).factor).toBe(1.05);
      expect(row(m[2]).factor).toBe(0.6);
      expect(results.evaluation).toMatchObject({ answered: 2, expected: 3 });
      expect(results.comments.map((x) => x.comment).sort()).toEqual([
        'Ben did little.',
        'Fine team.',
      ]);
      const capped = await c.owner.request('PATCH', url, { factorCap: 1.5 });
      expect(
        capped.json<PeerEvaluationResults>().members.find((x) => x.memberId === m[0])!.factor,
      ).toBe(1.2);
    });

    it('reminds those who have not answered once, however often it is asked', async () => {
      const keyed = async () =>
        rowsOf<{ userId: string }>(
          await t.app.db.execute(sql`select user_id as "userId" from notification_outbox
            where dedupe_key like ${`peer_evaluation_reminder:${evaluation.id}:%`}`),
        );
      // Another open evaluation where nobody answered: only its people with accounts are reminded.
      const fresh = await c.owner.post(base, {
        title: 'Final',
        startsAt: new Date(Date.now() - HOUR).toISOString(),
        endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
        teamIds: [c.team1.id],
      });
      const freshId = fresh.json<PeerEvaluationSummary>().id;
      const first = await c.owner.post(`${base}/${freshId}/reminders`);
      expect(first.json()).toEqual({ reminded: 2 });
      expect((await c.owner.post(`${base}/${freshId}/reminders`)).json()).toEqual({ reminded: 0 });
      // The sweep (two instances at once) reminds nobody twice either.
      const swept = await Promise.all([
        remind(t.app.db, { withinHours: 24 }),
        remind(t.app.db, { withinHours: 24 }),
      ]);
      expect(swept).toEqual([0, 0]);
      // The midterm: both with accounts answered, so nobody is reminded.
      expect((await c.owner.post(`${url}/reminders`)).json()).toEqual({ reminded: 0 });
      expect(await keyed()).toEqual([]);
    });

    it('the sweep reminds for an evaluation only once it closes within 24 hours', async () => {
      const later = await c.owner.post(base, {
        title: 'Final project',
        startsAt: new Date(Date.now() - HOUR).toISOString(),
        endsAt: new Date(Date.now() + 48 * HOUR).toISOString(),
        teamIds: [c.team1.id],
      });
      expect(later.statusCode).toBe(201);
      expect(await remind(t.app.db, { withinHours: 24 })).toBe(0);
      const dayLater = new Date(Date.now() + 25 * HOUR);
      expect(await remind(t.app.db, { now: dayLater, withinHours: 24 })).toBe(2);
      expect(await remind(t.app.db, { now: dayLater, withinHours: 24 })).toBe(0);
    });

    it('releases: a member then sees their own aggregate only, never a rating or comment of others', async () => {
      const released = await c.owner.post(`${url}/release`);
      expect(released.statusCode).toBe(200);
      expect(released.json<PeerEvaluationResults>().evaluation.releasedAt).not.toBeNull();
      const told = rowsOf<{ n: number }>(
        await t.app.db.execute(sql`select count(*)::int as n from notification_outbox
          where dedupe_key like ${`peer_evaluation_released:${evaluation.id}:%`}`),
      )[0]!.n;
      expect(told).toBe(2);
      // A second release changes nothing and tells nobody again.
      await c.owner.post(`${url}/release`);
      const form = (await c.member.get(`${url}/form`)).json<PeerEvaluationForm>();
      expect(form.result).toMatchObject({ byOthers: 4, bySelf: 4, raterCount: 1 });
      expect(form.response?.comment).toBe('Fine team.');
      const text = JSON.stringify(form);
      expect(text).not.toContain('Ben did little.');
      // The leader's ratings of others (5, 4, 2 for everything) appear nowhere.
      expect(form.response?.ratings.every((r) => r.scores.contributing !== 5)).toBe(true);
      expect(Object.keys(form)).toEqual(['evaluation', 'teammates', 'response', 'result']);
    });

    it('applies the factor to an item (the table the gradebook reads) and takes it off', async () => {
      const { assignmentId, noteId } = await buildCourseWork(c);
      const applied = await c.owner.request(
        'PUT',
        `${url}/applications/assignment/${assignmentId}`,
      );
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json<PeerEvaluationResults>().applications).toEqual([
        { itemKind: 'assignment', itemId: assignmentId },
      ]);
      const task = await c.owner.request('PUT', `${url}/applications/team_task/${noteId}`);
      expect(task.json<PeerEvaluationResults>().applications).toHaveLength(2);
      const factors = await peerFactors(t.app.db, c.workspaceId);
      const mine = factors.find((f) => f.evaluationId === evaluation.id && f.memberId === m[0]);
      expect(mine).toMatchObject({ factor: 1.2, byOthers: 4, teamId: c.team1.id });
      const removed = await c.owner.request('DELETE', `${url}/applications/team_task/${noteId}`);
      expect(removed.json<PeerEvaluationResults>().applications).toEqual([
        { itemKind: 'assignment', itemId: assignmentId },
      ]);
    });
  });
});
