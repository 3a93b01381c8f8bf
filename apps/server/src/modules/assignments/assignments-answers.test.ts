// The Assignments section's answer is made once per cached entry and reader kind (issue 22): the
// same Buffer for every request of that kind, so it is neither encoded nor compressed again per
// request (plugins/prepared-json.ts keeps compressed copies per Buffer); a change makes a new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, type Course, sessionUserOf } from '../../../test/course.ts';
import { buildAssignmentInput } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { authorize } from '../workspace-access/workspace-access.ts';
import { AssignmentsCache, getAssignmentsSection } from './assignments.service.ts';

describe('the Assignments section answer', () => {
  let t: TestApp;
  let c: Course;

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    c = await buildCourse(t.app, t.config.publicUrl);
  });
  afterAll(() => t.close());

  const answer = async (cache: AssignmentsCache, userId: string) => {
    const user = await sessionUserOf(t.app, userId);
    const access = await authorize(t.app.db, user, c.workspaceId, 'read');
    return getAssignmentsSection(t.app.db, cache, access, user);
  };

  it('is one Buffer per reader kind until the section changes', async () => {
    const cache = new AssignmentsCache();
    await c.owner.post(`/api/workspaces/${c.workspaceId}/assignments`, buildAssignmentInput());
    const owner = await answer(cache, c.ids.owner);
    expect(await answer(cache, c.ids.owner)).toBe(owner);
    const leader = await answer(cache, c.ids.leader);
    const member = await answer(cache, c.ids.member);
    expect(leader).not.toBe(owner);
    // The leader's answer says so (isLeader): the team's two kinds are two answers.
    expect(member).not.toBe(leader);
    expect(await answer(cache, c.ids.leader)).toBe(leader);
    expect(await answer(cache, c.ids.member)).toBe(member);
    expect(JSON.parse(leader.toString('utf8'))).toMatchObject({ isLeader: true });
    expect(JSON.parse(member.toString('utf8'))).toMatchObject({ isLeader: false });

    await c.owner.post(
      `/api/workspaces/${c.workspaceId}/assignments`,
      buildAssignmentInput({ title: 'Second' }),
    );
    const changed = await answer(cache, c.ids.owner);
    expect(changed).not.toBe(owner);
    const section = JSON.parse(changed.toString('utf8')) as { assignments: { title: string }[] };
    expect(section.assignments.map((assignment) => assignment.title)).toContain('Second');
  });
});
