// One person, one roster entry (issue 23): every path that sets member e-mails refuses an e-mail
// that another member of the workspace has (trimmed, case-insensitive) with a 400 naming both, and
// changes nothing; the unique index decides between requests that race.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, TestClient, uniqueEmail } from '../../../test/client.ts';
import { buildSnapshot, type WorkspaceDetailBody as Detail } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { insertResult } from '../results/results.repository.ts';
import { savedResults } from '../results/results.table.ts';
import { MEMBER_EMAIL_INDEX } from './workspaces.repository.ts';
import { workspaceMembers, workspaces } from './workspaces.table.ts';

describe('one e-mail per member of a workspace', () => {
  let t: TestApp;
  let owner: TestClient;
  let ownerId: string;
  let ws: Detail;
  const team = (n: number) => ws.teams.find((candidate) => candidate.number === n)!;
  const nameOf = (memberId: string) => ws.members.find((member) => member.id === memberId)!.name;
  const url = (suffix: string) => `/api/workspaces/${ws.id}${suffix}`;
  const emails = async () =>
    Object.fromEntries(
      (
        await t.app.db
          .select({ id: workspaceMembers.id, email: workspaceMembers.email })
          .from(workspaceMembers)
          .where(eq(workspaceMembers.workspaceId, ws.id))
      ).map((row) => [row.id, row.email]),
    );
  const memberEmails = (teamNumber: number, entries: Array<{ memberId: string; email: string }>) =>
    owner.request('PUT', url(`/teams/${team(teamNumber).id}/member-emails`), { entries });

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    const built = await buildUser(t.app, t.config.publicUrl);
    owner = built.client;
    ownerId = built.id;
  });
  afterAll(async () => {
    await t.close();
  });

  // Team 1 and team 2 of three members each; the first member of team 1 has ann@example.com.
  beforeEach(async () => {
    const created = await owner.post('/api/workspaces', {
      title: `Course ${Math.random()}`,
      snapshot: buildSnapshot(6, 2),
    });
    expect(created.statusCode).toBe(201);
    ws = (await owner.get(`/api/workspaces/${created.json().workspace.id}`)).json();
    const saved = await memberEmails(1, [
      { memberId: team(1).memberIds[0]!, email: 'ann@example.com' },
    ]);
    expect(saved.statusCode).toBe(200);
  });

  it('Manage Team Member Emails refuses an e-mail another team has, naming both members', async () => {
    const holder = team(1).memberIds[0]!;
    const other = team(2).memberIds[0]!;
    const before = await emails();
    const response = await memberEmails(2, [
      { memberId: team(2).memberIds[1]!, email: 'ben@example.com' },
      { memberId: other, email: '  ANN@Example.com ' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'duplicate_member_email',
      message: `ann@example.com is already the e-mail of ${nameOf(holder)} (Team 1); ${nameOf(other)} (Team 2) cannot have it too.`,
      field: other,
    });
    expect(await emails()).toEqual(before);
  });

  it('refuses two members of one request given the same e-mail, and changes nothing', async () => {
    const [, second, third] = team(1).memberIds;
    const before = await emails();
    const response = await memberEmails(1, [
      { memberId: second!, email: 'cat@example.com' },
      { memberId: third!, email: 'Cat@example.com' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('duplicate_member_email');
    expect(response.json().message).toBe(
      `cat@example.com is already the e-mail of ${nameOf(second!)} (Team 1); ${nameOf(third!)} (Team 1) cannot have it too.`,
    );
    expect(await emails()).toEqual(before);
  });

  it('lets two members swap e-mails in one request', async () => {
    const [first, second] = team(1).memberIds;
    expect(
      (await memberEmails(1, [{ memberId: second!, email: 'ben@example.com' }])).statusCode,
    ).toBe(200);
    const swapped = await memberEmails(1, [
      { memberId: first!, email: 'ben@example.com' },
      { memberId: second!, email: 'ann@example.com' },
    ]);
    expect(swapped.statusCode).toBe(200);
    const after = await emails();
    expect([after[first!], after[second!]]).toEqual(['ben@example.com', 'ann@example.com']);
  });

  it("Settings' leader e-mails refuse a member's e-mail and one e-mail for two teams", async () => {
    const leader1 = team(1).memberIds[1]!;
    const leader2 = team(2).memberIds[0]!;
    for (const [teamNumber, memberId] of [
      [1, leader1],
      [2, leader2],
    ] as const) {
      const chosen = await owner.request('PUT', url(`/teams/${team(teamNumber).id}/leader`), {
        memberId,
      });
      expect(chosen.statusCode).toBe(200);
    }
    const before = await emails();
    const taken = await owner.request('PUT', url('/leader-emails'), {
      entries: [{ teamId: team(2).id, email: 'ann@example.com' }],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(
      `ann@example.com is already the e-mail of ${nameOf(team(1).memberIds[0]!)} (Team 1); ${nameOf(leader2)} (Team 2) cannot have it too.`,
    );
    const twice = await owner.request('PUT', url('/leader-emails'), {
      entries: [
        { teamId: team(1).id, email: 'lead@example.com' },
        { teamId: team(2).id, email: ' LEAD@example.com' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      error: 'duplicate_member_email',
      message: `lead@example.com is already the e-mail of ${nameOf(leader1)} (Team 1); ${nameOf(leader2)} (Team 2) cannot have it too.`,
    });
    expect(await emails()).toEqual(before);
  });

  it('Create Team refuses a roster with one e-mail twice and saves nothing', async () => {
    const snapshot = buildSnapshot(4, 2);
    snapshot.members[0]!.email = 'dup@example.com';
    snapshot.members[3]!.email = 'Dup@Example.com';
    const teamOf = (id: string) => snapshot.groups.find((g) => g.memberIds.includes(id))!.number;
    const title = `Duplicate ${Math.random()}`;
    const workspacesBefore = (await t.app.db.select({ n: count() }).from(workspaces))[0]!.n;
    const response = await owner.post('/api/workspaces', { title, snapshot });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'duplicate_member_email',
      message: `dup@example.com is already the e-mail of Member 1 (Team ${teamOf('m1')}); Member 4 (Team ${teamOf('m4')}) cannot have it too.`,
    });
    expect((await t.app.db.select({ n: count() }).from(workspaces))[0]!.n).toBe(workspacesBefore);
    const results = await t.app.db
      .select()
      .from(savedResults)
      .where(and(eq(savedResults.userId, ownerId), eq(savedResults.title, title)));
    expect(results).toEqual([]);
  });

  it('Create Team from a saved result with one e-mail twice is refused too', async () => {
    const snapshot = buildSnapshot(4, 2);
    snapshot.members[1]!.email = 'same@example.com';
    snapshot.members[2]!.email = 'same@example.com';
    // Save Result refuses such a roster now; one saved before the rule is written past it.
    expect((await owner.post('/api/results', { title: 'Refused', snapshot })).statusCode).toBe(400);
    const saved = await insertResult(t.app.db, ownerId, `Saved ${Math.random()}`, snapshot);
    const workspacesBefore = (await t.app.db.select({ n: count() }).from(workspaces))[0]!.n;
    const response = await owner.post('/api/workspaces', {
      title: `From result ${Math.random()}`,
      resultId: saved.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('duplicate_member_email');
    expect(response.json().message).toMatch(
      /^same@example\.com is already the e-mail of Member 2 /,
    );
    expect((await t.app.db.select({ n: count() }).from(workspaces))[0]!.n).toBe(workspacesBefore);
  });

  it('the unique index refuses a duplicate written past the service', async () => {
    const error = await t.app.db
      .update(workspaceMembers)
      .set({ email: ' ANN@example.com' })
      .where(eq(workspaceMembers.id, team(2).memberIds[2]!))
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(uniqueViolation(error)).toBe(MEMBER_EMAIL_INDEX);
  });

  it('holds under concurrent requests: one wins, the others get the 400, never a 500', async () => {
    // On PostgreSQL the requests go to two instances, so they really run at the same time.
    const second = process.env.TEST_DATABASE_URL ? await t.anotherInstance() : t;
    try {
      const client2 = new TestClient(second.app, owner.origin);
      for (const [name, value] of owner.cookies) client2.cookies.set(name, value);
      for (let round = 0; round < 5; round++) {
        const email = uniqueEmail(`race${round}`);
        const [a, b] = await Promise.all([
          owner.request('PUT', url(`/teams/${team(1).id}/member-emails`), {
            entries: [{ memberId: team(1).memberIds[2]!, email }],
          }),
          client2.request('PUT', url(`/teams/${team(2).id}/member-emails`), {
            entries: [{ memberId: team(2).memberIds[2]!, email }],
          }),
        ]);
        expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
        const refused = a.statusCode === 400 ? a : b;
        expect(refused.json().error).toBe('duplicate_member_email');
        expect(refused.json().message).toContain(`${email} is already the e-mail of`);
        const holders = Object.values(await emails()).filter((value) => value === email);
        expect(holders).toHaveLength(1);
        // Free both for the next round.
        expect(
          (await memberEmails(1, [{ memberId: team(1).memberIds[2]!, email: '' }])).statusCode,
        ).toBe(200);
        expect(
          (await memberEmails(2, [{ memberId: team(2).memberIds[2]!, email: '' }])).statusCode,
        ).toBe(200);
      }
    } finally {
      if (second !== t) await second.close();
    }
  });
});
