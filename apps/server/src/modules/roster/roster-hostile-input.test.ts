// Hostile input on issue 24's operations (roster add, move, rename, remove; invitations and their
// resends; the teams export; the join settings), as issue 9's probe sent it to the older routes:
// NUL characters, over-long and malformed ids, wrong types, bodies that are not JSON (unknown
// fields are dropped by the schemas, as on every other route). Each is answered with a 4xx in the API's error shape, and nothing changes.
import { apiErrorBody } from '@teamshuffle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, type Course } from '../../../test/course.ts';
import type { WorkspaceDetailBody } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

type Probe = [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown];

describe('hostile input on the roster, invitations, joining and export routes', () => {
  let t: TestApp;
  let c: Course;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    c = await buildCourse(t.app, t.config.publicUrl);
  });
  afterAll(() => t.close());

  const snapshot = async () => {
    const detail = (
      await c.owner.get(`/api/workspaces/${c.workspaceId}`)
    ).json<WorkspaceDetailBody>();
    const log = (await c.owner.get(`/api/workspaces/${c.workspaceId}/roster/activity`)).json();
    return { members: detail.members, teams: detail.teams, log };
  };

  function expect4xx(response: { statusCode: number; json: () => unknown }, what: string) {
    expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, what).toBeLessThan(500);
    expect(apiErrorBody.safeParse(response.json()).success, what).toBe(true);
  }

  it('answers every probe with a 4xx and changes nothing', async () => {
    const before = await snapshot();
    const ws = `/api/workspaces/${c.workspaceId}`;
    const member = c.team1.memberIds[1]!;
    const long = 'a'.repeat(5000);
    const probes: Probe[] = [
      // Add a member.
      ['POST', `${ws}/roster/members`, { name: 'Kim\u0000', teamId: null }],
      ['POST', `${ws}/roster/members`, { name: 'Ok', email: 'a\u0000@example.com', teamId: null }],
      ['POST', `${ws}/roster/members`, { name: ['Ok'], teamId: null }],
      ['POST', `${ws}/roster/members`, { name: 'Ok', teamId: long }],
      ['POST', `${ws}/roster/members`, 'not json'],
      ['POST', `${ws}/roster/members`, []],
      // Move.
      ['PUT', `${ws}/roster/members/${member}/team`, { teamId: 'x\u0000' }],
      ['PUT', `${ws}/roster/members/${member}/team`, { teamId: 42 }],
      ['PUT', `${ws}/roster/members/${member}/team`, {}],
      ['PUT', `${ws}/roster/members/%00/team`, { teamId: c.team2.id }],
      ['PUT', `${ws}/roster/members/${long}/team`, { teamId: c.team2.id }],
      // Rename.
      ['PUT', `${ws}/roster/members/${member}/name`, { name: 'Bad\u0000Name' }],
      ['PUT', `${ws}/roster/members/${member}/name`, { name: long }],
      ['PUT', `${ws}/roster/members/${member}/name`, { name: null }],
      // Remove.
      ['DELETE', `${ws}/roster/members/%00`],
      ['DELETE', `${ws}/roster/members/${long}`],
      ['DELETE', `${ws}/roster/members/00000000-0000-4000-8000-000000000000`],
      // The log and the history.
      ['GET', `${ws}/roster/activity?before=%00`],
      ['GET', `${ws}/roster/activity?limit=-1`],
      ['GET', `${ws}/roster/activity?limit=${long}`],
      // Invitations.
      ['POST', `${ws}/invitations/%00/resend`],
      ['POST', `${ws}/invitations/${long}/resend`],
      ['POST', `${ws}/invitations/not-a-uuid/resend`],
      // Join settings.
      ['PATCH', `${ws}/join`, { isEnabled: 'true' }],
      ['PATCH', `${ws}/join`, { isEnabled: true, autoApprove: 'x\u0000' }],
      ['POST', `${ws}/join/requests/%00/approve`],
      ['DELETE', `${ws}/join/claims/${long}`],
      // The teams export of a workspace id that is not one.
      ['GET', `/api/workspaces/%00/teams.csv`],
      ['GET', `/api/workspaces/${long}/teams.csv`],
    ];
    for (const [method, path, body] of probes) {
      const what = `${method} ${path.slice(0, 90)} ${JSON.stringify(body)?.slice(0, 60) ?? ''}`;
      const response =
        typeof body === 'string'
          ? await c.owner.request(method, path, body, { 'content-type': 'application/json' })
          : await c.owner.request(method, path, body);
      expect4xx(response, what);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the same probes from a member with no more than a 4xx, before any change', async () => {
    const before = await snapshot();
    const ws = `/api/workspaces/${c.workspaceId}`;
    const member = c.team1.memberIds[1]!;
    for (const [method, path, body] of [
      ['POST', `${ws}/roster/members`, { name: 'Kim\u0000', teamId: null }],
      ['PUT', `${ws}/roster/members/${member}/team`, { teamId: c.team2.id }],
      ['PUT', `${ws}/roster/members/${member}/name`, { name: 'Mine now' }],
      ['DELETE', `${ws}/roster/members/${member}`],
      ['POST', `${ws}/invitations/resend-pending`, {}],
    ] satisfies Probe[]) {
      const response = await c.member.request(method, path, body);
      expect4xx(response, `${method} ${path}`);
    }
    expect(await snapshot()).toEqual(before);
  });
});
