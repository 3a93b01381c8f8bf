// The guard any module puts in front of a workspace route: one line, the permission table, the
// resolved role handed to the handler, and a workspace one may not see answering like a missing one.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, type Course } from '../../../test/course.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

function addProbe(app: FastifyInstance) {
  const answer = async (request: { workspaceAccess: { role: string } | null }) => ({
    role: request.workspaceAccess?.role,
  });
  app.get(
    '/api/test/spaces/:wid/read',
    {
      onRequest: app.optionalVerifiedUser,
      preValidation: app.workspaceAccess('read', { param: 'wid' }),
    },
    answer,
  );
  app.post(
    '/api/test/spaces/:wid/rename',
    {
      onRequest: app.requireVerifiedUser,
      preValidation: app.workspaceAccess('rename', { param: 'wid' }),
    },
    answer,
  );
  app.post(
    '/api/test/spaces/:wid/emails',
    {
      onRequest: app.requireVerifiedUser,
      preValidation: app.workspaceAccess('setTeamMemberEmails', { param: 'wid' }),
    },
    answer,
  );
}

describe('app.workspaceAccess', () => {
  let t: TestApp;
  let course: Course;
  let open: Course;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, addProbe);
    course = await buildCourse(t.app, t.config.publicUrl);
    open = await buildCourse(t.app, t.config.publicUrl, { isPublic: true });
  });
  afterAll(() => t.close());

  it('hands the resolved role to the handler', async () => {
    const url = `/api/test/spaces/${course.workspaceId}/read`;
    expect((await course.owner.get(url)).json()).toEqual({ role: 'owner' });
    expect((await course.leader.get(url)).json()).toEqual({ role: 'leader' });
    expect((await course.member.get(url)).json()).toEqual({ role: 'member' });
    expect((await open.stranger.get(`/api/test/spaces/${open.workspaceId}/read`)).json()).toEqual({
      role: 'viewer',
    });
    expect((await open.anonymous.get(`/api/test/spaces/${open.workspaceId}/read`)).json()).toEqual({
      role: 'viewer',
    });
  });

  it('answers a workspace the caller may not see like one that does not exist', async () => {
    const url = `/api/test/spaces/${course.workspaceId}/read`;
    const refused = await course.stranger.get(url);
    const missing = await course.stranger.get(`/api/test/spaces/${crypto.randomUUID()}/read`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(missing.json());
    expect(refused.json()).toEqual({
      error: 'workspace_not_found',
      message: 'Workspace not found',
    });
    expect((await course.anonymous.get(url)).statusCode).toBe(404);
    expect((await course.stranger.get('/api/test/spaces/not-a-uuid/read')).statusCode).toBe(404);
  });

  it('refuses a role the permission table does not allow with 403', async () => {
    const url = `/api/test/spaces/${course.workspaceId}/rename`;
    expect((await course.owner.post(url)).statusCode).toBe(200);
    for (const client of [course.leader, course.member]) {
      const response = await client.post(url);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('forbidden');
    }
    expect(
      (await open.stranger.post(`/api/test/spaces/${open.workspaceId}/rename`)).statusCode,
    ).toBe(403);
    // A viewer may not do what only roster members may.
    expect(
      (await open.stranger.post(`/api/test/spaces/${open.workspaceId}/emails`)).statusCode,
    ).toBe(403);
    expect((await open.member.post(`/api/test/spaces/${open.workspaceId}/emails`)).statusCode).toBe(
      200,
    );
  });
});
