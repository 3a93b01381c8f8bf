// The workspace detail's answer is made once per cached detail and reader (issue 22): the same
// Buffer for each of a reader's requests, so that a browser's GET, which asks for brotli, finds its
// compressed copy made (plugins/prepared-json.ts keeps them per Buffer); a change makes a new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, type Course, sessionUserOf } from '../../../test/course.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { DetailCache } from './detail-cache.ts';
import { getWorkspace } from './workspaces.service.ts';

describe('the workspace detail answer', () => {
  let t: TestApp;
  let c: Course;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    c = await buildCourse(t.app, t.config.publicUrl);
  });
  afterAll(() => t.close());

  const answer = async (cache: DetailCache, userId: string) =>
    getWorkspace(t.app.db, cache, await sessionUserOf(t.app, userId), c.workspaceId);

  it("is one Buffer per reader until the workspace's detail changes, each with the reader's own head", async () => {
    const cache = new DetailCache();
    const owner = await answer(cache, c.ids.owner);
    expect(await answer(cache, c.ids.owner)).toBe(owner);
    const member = await answer(cache, c.ids.member);
    const otherMember = await answer(cache, c.ids.otherMember);
    expect(member).not.toBe(owner);
    expect(otherMember).not.toBe(member);
    expect(await answer(cache, c.ids.member)).toBe(member);
    const read = (body: Buffer) =>
      JSON.parse(body.toString('utf8')) as { role: string; myTeamId: string; title: string };
    expect(read(owner).role).toBe('owner');
    expect(read(member)).toMatchObject({ role: 'member', myTeamId: c.team1.id });
    expect(read(otherMember)).toMatchObject({ role: 'member', myTeamId: c.team2.id });

    // A change to what every reader shares (team 2's leader), not to this reader's head: a new
    // cached detail, so a new answer with it.
    const team2 = c.detail.teams.find((team) => team.id === c.team2.id)!;
    const newLeader = c.team2.memberIds.find((id) => id !== team2.leaderMemberId)!;
    const led = await c.owner.request(
      'PUT',
      `/api/workspaces/${c.workspaceId}/teams/${c.team2.id}/leader`,
      { memberId: newLeader },
    );
    expect(led.statusCode).toBe(200);
    const changed = await answer(cache, c.ids.member);
    expect(changed).not.toBe(member);
    const leaders = (body: Buffer) =>
      (
        JSON.parse(body.toString('utf8')) as { teams: { leaderMemberId: string | null }[] }
      ).teams.map((team) => team.leaderMemberId);
    expect(leaders(changed)).toContain(newLeader);
    expect(leaders(member)).not.toContain(newLeader);
    expect(await answer(cache, c.ids.member)).toBe(changed);
  });

  it('keeps a viewer’s answer without e-mails apart from a member’s with them', async () => {
    const cache = new DetailCache();
    const madePublic = await c.owner.request('PATCH', `/api/workspaces/${c.workspaceId}`, {
      isPublic: true,
    });
    expect(madePublic.statusCode).toBe(204);
    const emails = (body: Buffer) =>
      (JSON.parse(body.toString('utf8')) as { members: { email: string | null }[] }).members.map(
        (member) => member.email,
      );
    const member = await answer(cache, c.ids.member);
    const viewer = await answer(cache, c.ids.stranger);
    expect(emails(member).some((email) => email !== null)).toBe(true);
    expect(emails(viewer).every((email) => email === null)).toBe(true);
    expect(await answer(cache, c.ids.stranger)).toBe(viewer);
    expect(await answer(cache, c.ids.member)).toBe(member);
  });
});
