// Saved results and Create Team with imported attributes and balancing (issue 15): the snapshot
// keeps e-mails, attributes and what the teams were balanced for; the server replays the
// balanced draw like a plain one; the workspace keeps e-mails and attributes, and its detail
// page shows no one's attributes.
import {
  balanceTeams,
  formTeams,
  type ShuffleSnapshot,
  workspaceDetail,
} from '@teamshuffle/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TestClient, uniqueEmail } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { workspaceMembers } from '../workspaces/workspaces.table.ts';

const ATTRIBUTES: NonNullable<ShuffleSnapshot['attributes']> = [
  { key: 'gender', kind: 'categorical' },
  { key: 'skill', kind: 'numeric' },
];

/** Twelve members with e-mails, gender and skill; `firstEmail` replaces the first one's. */
function roster(firstEmail?: string) {
  return Array.from({ length: 12 }, (_, i) => ({
    id: `m${i + 1}`,
    name: `Member ${i + 1}`,
    email: i === 0 && firstEmail ? firstEmail : `Member${i + 1}@Example.com`,
    attributes: { gender: i % 3 === 0 ? 'F' : 'M', skill: (i * 7) % 5 },
  }));
}

/** A snapshot balanced by the engine, as the web app saves it (`steps` from the search). */
function balancedSnapshot(
  seed = 'balanced-1',
  steps?: number,
  firstEmail?: string,
): ShuffleSnapshot {
  const members = roster(firstEmail);
  const earlier = formTeams({ members, teamCount: 3, seed: 'earlier' }).teams.map(
    (team) => team.memberIds,
  );
  const options = {
    numeric: ['skill'],
    spread: ['gender'],
    noIsolation: [{ key: 'gender', values: ['F'] }],
    earlierRounds: [earlier],
  };
  const result = balanceTeams({
    members,
    teamCount: 3,
    seed,
    attributes: ATTRIBUTES,
    balance: options,
    ...(steps === undefined ? {} : { maxSteps: steps }),
  });
  return {
    members,
    groups: result.teams.map((team) => ({ number: team.number, memberIds: team.memberIds })),
    groupSize: 3,
    fixedPairs: [],
    lockedTeams: [],
    keepApart: [],
    seed,
    attributes: ATTRIBUTES,
    balance: { ...options, steps: result.balance.steps },
  };
}

describe('balanced results and workspaces (issue 15)', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = t.config.publicUrl;
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves a balanced result with e-mails and attributes and loads it back unchanged', async () => {
    const { client } = await buildUser(t.app, origin);
    const snapshot = balancedSnapshot();
    const saved = await client.post('/api/results', { title: 'Balanced', snapshot });
    expect(saved.statusCode, saved.body).toBe(201);
    const loaded = await client.get(`/api/results/${saved.json().id}`);
    expect(loaded.json().snapshot).toEqual(snapshot);
    // A search stopped early by its time budget replays from its step count too.
    const early = balancedSnapshot('balanced-early', 150);
    expect(early.balance!.steps).toBe(150);
    const earlyResponse = await client.post('/api/results', { title: 'Early', snapshot: early });
    expect(earlyResponse.statusCode, earlyResponse.body).toBe(201);
  });

  it('refuses balanced teams that are not the replay of their seed and steps', async () => {
    const { client } = await buildUser(t.app, origin);
    // The plain draw labelled as balanced.
    const snapshot = balancedSnapshot();
    const plain = formTeams({ ...snapshot, teamCount: 3 });
    const relabelled = {
      ...snapshot,
      groups: plain.teams.map((team) => ({ number: team.number, memberIds: team.memberIds })),
    };
    const response = await client.post('/api/results', {
      title: 'Relabelled',
      snapshot: relabelled,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'This result cannot be saved: its teams are not the draw of its seed.',
    );
    // Balancing for an attribute that is not defined (or of the other kind).
    const wrongKind = { ...snapshot, balance: { ...snapshot.balance!, numeric: ['gender'] } };
    const wrongResponse = await client.post('/api/results', {
      title: 'Wrong',
      snapshot: wrongKind,
    });
    expect(wrongResponse.statusCode).toBe(422);
    expect(wrongResponse.json().message).toBe(
      'This result cannot be saved: Balancing names gender, not a numeric attribute.',
    );
    // A malformed e-mail is a 400 on the field.
    const badEmail = {
      ...snapshot,
      members: snapshot.members.map((member, i) => (i === 0 ? { ...member, email: 'no' } : member)),
    };
    const badResponse = await client.post('/api/results', { title: 'Bad', snapshot: badEmail });
    expect(badResponse.statusCode).toBe(400);
    expect(badResponse.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('creates the workspace with the e-mails and attributes, and shows nobody the attributes', async () => {
    const { client } = await buildUser(t.app, origin);
    const snapshot = balancedSnapshot('balanced-2');
    const created = await client.post('/api/workspaces', { title: 'Balanced course', snapshot });
    expect(created.statusCode, created.body).toBe(201);
    const workspaceId = created.json().workspace.id as string;

    const rows = await t.app.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .orderBy(asc(workspaceMembers.position));
    expect(rows.map((row) => [row.name, row.email, row.attributes])).toEqual(
      snapshot.members.map((member) => [
        member.name,
        member.email!.toLowerCase(),
        member.attributes,
      ]),
    );

    // The owner's detail page: e-mails (the owner sees them), no attributes for anyone.
    const detail = await client.get(`/api/workspaces/${workspaceId}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(workspaceDetail.parse(body)).toBeTruthy();
    expect(body.members.map((member: { email: string | null }) => member.email)).toEqual(
      snapshot.members.map((member) => member.email!.toLowerCase()),
    );
    expect(detail.body).not.toContain('skill');
    expect(detail.body).not.toContain('attributes');
    // A second read comes from the detail cache: still no attributes.
    const cached = await client.get(`/api/workspaces/${workspaceId}`);
    expect(cached.body).not.toContain('skill');
  });

  it('shows the attribute values to the importing owner only: every other role is refused or sees none', async () => {
    const owner = await buildUser(t.app, origin);
    const memberEmail = uniqueEmail('roster-member');
    const snapshot = balancedSnapshot('balanced-3', undefined, memberEmail);
    const saved = await owner.client.post('/api/results', { title: 'Private', snapshot });
    expect(saved.statusCode, saved.body).toBe(201);
    const resultId = saved.json().id as string;
    const created = await owner.client.post('/api/workspaces', { title: 'Course', resultId });
    expect(created.statusCode, created.body).toBe(201);
    const workspaceId = created.json().workspace.id as string;

    const stranger = await buildUser(t.app, origin);
    const member = await buildUser(t.app, origin, { email: memberEmail });
    const anonymous = new TestClient(t.app, origin);

    // The saved result (the only place the API answers with attribute values) is the owner's.
    expect((await owner.client.get(`/api/results/${resultId}`)).json().snapshot).toEqual(snapshot);
    const strangerResult = await stranger.client.get(`/api/results/${resultId}`);
    expect(strangerResult.statusCode).toBe(404);
    expect(strangerResult.body).not.toContain('skill');
    const memberResult = await member.client.get(`/api/results/${resultId}`);
    expect(memberResult.statusCode).toBe(404);
    expect(memberResult.body).not.toContain('skill');
    expect((await anonymous.get(`/api/results/${resultId}`)).statusCode).toBe(401);
    const strangerList = await stranger.client.get('/api/results');
    expect(strangerList.statusCode).toBe(200);
    expect(strangerList.body).not.toContain(resultId);
    // Nor can another user make a workspace of it (and so read it back through one).
    const hijack = await stranger.client.post('/api/workspaces', { title: 'Mine now', resultId });
    expect(hijack.statusCode).toBe(404);

    // The workspace made public: a member of it, a stranger and an anonymous visitor see the
    // teams, and nobody's attributes.
    const visibility = await owner.client.request('PATCH', `/api/workspaces/${workspaceId}`, {
      isPublic: true,
    });
    expect(visibility.statusCode).toBe(204);
    for (const [client, role] of [
      [member.client, 'member'],
      [stranger.client, 'viewer'],
      [anonymous, 'viewer'],
    ] as const) {
      const detail = await client.get(`/api/workspaces/${workspaceId}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().role).toBe(role);
      expect(detail.json().members).toHaveLength(12);
      expect(detail.body).not.toContain('skill');
      expect(detail.body).not.toContain('gender');
      expect(detail.body).not.toContain('attributes');
    }
  });
});
