import type { DashboardView } from '@teamshuffle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('GET /api/dashboard', () => {
  let t: TestApp;
  let c: Course;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    c = await buildCourse(t.app, t.config.publicUrl);
    const base = `/api/workspaces/${c.workspaceId}`;
    const note = await c.owner.post(`${base}/notes`, {
      title: 'Week 1',
      description: '',
      week: 1,
      date: null,
      task: null,
    });
    await c.owner.request('PATCH', `${base}/notes/${note.json().id}`, { isPublished: true });
    await c.owner.post(`${base}/assignments`, {
      title: 'Essay',
      description: '',
      startAt: null,
      endAt: null,
      maxFileSizeMb: 1,
      allowedTypes: ['pdf'],
    });
  });
  afterAll(() => t.close());

  const dashboard = async (client: TestClient) => {
    const response = await client.get('/api/dashboard');
    expect(response.statusCode).toBe(200);
    return response.json<DashboardView>();
  };

  it("shows the owner's real figures and the course's latest activity", async () => {
    const view = await dashboard(c.owner);
    expect(view.name).toBe('Owner');
    // Create Team saved the shuffle as a result too.
    expect(view.stats).toEqual({
      workspacesCreated: 1,
      workspacesJoined: 0,
      savedResults: 1,
      unreadNotifications: 0,
    });
    expect(view.activity.map((item) => [item.kind, item.title])).toEqual([
      ['assignment', 'Essay'],
      ['note', 'Week 1'],
    ]);
  });

  it('shows a member the workspaces they joined and what they were told', async () => {
    await expect.poll(async () => (await dashboard(c.member)).stats.unreadNotifications).toBe(1);
    const view = await dashboard(c.member);
    expect(view.stats).toMatchObject({
      workspacesCreated: 0,
      workspacesJoined: 1,
      savedResults: 0,
    });
    expect(view.notifications.map((item) => item.title)).toEqual(['New assignment: Essay']);
    expect(view.activity[0]).toMatchObject({
      kind: 'assignment',
      workspace: { id: c.workspaceId },
    });
    expect((await dashboard(c.stranger)).activity).toEqual([]);
  });

  it('answers only the signed-in', async () => {
    expect((await new TestClient(t.app, t.config.publicUrl).get('/api/dashboard')).statusCode).toBe(
      401,
    );
  });
});
