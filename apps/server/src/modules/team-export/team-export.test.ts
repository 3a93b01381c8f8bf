// Export the teams (issue 24) through the API: the owner's CSV (rows in team order, then members
// without a team; BOM, quoting and formula-safe cells) and a refusal for every other caller. Runs
// on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCourse, type Course } from '../../../test/course.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('team export', () => {
  let t: TestApp;
  let c: Course;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    c = await buildCourse(t.app, t.config.publicUrl, { title: 'Design, 2026' });
  });
  afterAll(() => t.close());

  const url = (course: Course = c) => `/api/workspaces/${course.workspaceId}/teams.csv`;
  const linesOf = (body: string) => body.replace(/^\ufeff/, '').split('\r\n');

  it('gives the owner one row per member in team order, then members without a team', async () => {
    // Team 2's second member gets a name a spreadsheet would run and a comma; one more member has
    // no team (a member who joined after the shuffle).
    const renamed = c.team2.memberIds[1]!;
    await t.app.db.execute(
      sql`update workspace_members set name = ${'=HYPERLINK("x"), Bo'} where id = ${renamed}`,
    );
    await t.app.db.execute(sql`
      insert into workspace_members (workspace_id, name, email, position)
      select ${c.workspaceId}, '@Late', '+late@example.com', max(position) + 1
      from workspace_members where workspace_id = ${c.workspaceId}`);

    const response = await c.owner.get(url());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toContain('attachment;');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Design 2026 - teams.csv')}`,
    );
    expect(response.body.startsWith('\ufeff')).toBe(true);

    const detail = c.detail;
    const nameOf = (id: string) => detail.members.find((member) => member.id === id)!;
    const expected = ['Team,Member,E-mail,Leader'];
    for (const team of [...detail.teams].sort((a, b) => a.number - b.number)) {
      for (const id of team.memberIds) {
        const member = nameOf(id);
        const name = id === renamed ? `"'=HYPERLINK(""x""), Bo"` : member.name;
        const leader = team.leaderMemberId === id ? 'yes' : '';
        expected.push(`Team ${team.number},${name},${member.email ?? ''},${leader}`);
      }
    }
    expected.push(",'@Late,'+late@example.com,", '');
    expect(linesOf(response.body)).toEqual(expected);
    // The course's leaders are its teams' first members, with the e-mails buildCourse saved.
    expect(expected[1]).toMatch(/^Team 1,Member \d+,leader[^,]*@[^,]+,yes$/);
  });

  it('names the teams and grade CSVs safely: letters, digits, spaces and dashes, Korean kept (issue 27)', async () => {
    const marked = await buildCourse(t.app, t.config.publicUrl, {
      title: '<b>A & B</b> 한국어 "2026"/..\\x',
    });
    for (const [path, suffix] of [
      ['teams.csv', 'teams'],
      ['grades.csv', 'grades'],
    ] as const) {
      const response = await marked.owner.get(`/api/workspaces/${marked.workspaceId}/${path}`);
      expect(response.statusCode, response.body).toBe(200);
      const name = `A B 한국어 2026 x - ${suffix}.csv`;
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="A B ___ 2026 x - ${suffix}.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
    }
  });

  it('refuses everyone but the owner, as the grade sheet does', async () => {
    for (const client of [c.leader, c.member, c.otherLeader, c.otherMember]) {
      const response = await client.get(url());
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('forbidden');
      expect(response.headers['content-type']).not.toContain('text/csv');
    }
    const stranger = await c.stranger.get(url());
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toBe('workspace_not_found');
    const signedOut = await c.anonymous.get(url());
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error).toBe('unauthenticated');
  });

  it('refuses a viewer of a public workspace', async () => {
    const open = await buildCourse(t.app, t.config.publicUrl, { isPublic: true });
    expect((await open.stranger.get(`/api/workspaces/${open.workspaceId}`)).statusCode).toBe(200);
    expect((await open.stranger.get(url(open))).statusCode).toBe(403);
    expect((await open.anonymous.get(url(open))).statusCode).toBe(401);
  });
});
