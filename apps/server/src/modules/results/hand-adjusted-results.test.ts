// Teams adjusted by hand before saving (issue 24): a member moved to another team after the draw
// is saved as "adjusted by hand" (isHandAdjusted), not refused as "not the draw of its seed";
// every other check of a saved result still holds for it (nobody dropped or doubled, the
// constraints it keeps honoured, no empty team), for Save Result and Create Team alike.
import { applyMove, checkMove, type ShuffleSnapshot } from '@teamshuffle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/client.ts';
import { buildBalancedSnapshot, buildSnapshot } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

/** The snapshot after moving `memberId` to team `to`, as /app saves it after the move. */
function moved(snapshot: ShuffleSnapshot, memberId: string, to: number): ShuffleSnapshot {
  const check = checkMove(snapshot, memberId, to);
  if (!check.ok) throw new Error(`cannot move ${memberId}: ${check.reason}`);
  const after = applyMove(snapshot, check);
  return {
    ...snapshot,
    groups: after.groups.map((group) => ({ ...group, memberIds: [...group.memberIds] })),
    fixedPairs: [...after.fixedPairs],
    lockedTeams: [...after.lockedTeams],
    keepApart: [...after.keepApart],
    isHandAdjusted: true,
  };
}

/** A member of team `number` and a team other than theirs. */
function someMove(snapshot: ShuffleSnapshot): { memberId: string; to: number } {
  const [first, second] = snapshot.groups;
  return { memberId: first!.memberIds[0]!, to: second!.number };
}

describe('teams adjusted by hand (issue 24)', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = t.config.publicUrl;
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves a moved member as adjusted by hand and loads the moved teams back', async () => {
    const { client } = await buildUser(t.app, origin);
    const drawn = buildSnapshot(9, 3);
    const { memberId, to } = someMove(drawn);
    const snapshot = moved(drawn, memberId, to);

    // Without the flag the moved teams are not the draw of the seed: refused as before.
    const unflagged = await client.post('/api/results', {
      title: 'Moved',
      snapshot: { ...snapshot, isHandAdjusted: undefined },
    });
    expect(unflagged.statusCode).toBe(422);
    expect(unflagged.json()).toMatchObject({
      error: 'rule_broken',
      message: 'This result cannot be saved: its teams are not the draw of its seed.',
    });

    const saved = await client.post('/api/results', { title: 'Moved', snapshot });
    expect(saved.statusCode, saved.body).toBe(201);
    const loaded = await client.get(`/api/results/${saved.json().id}`);
    expect(loaded.json().snapshot).toEqual(snapshot);
    expect(loaded.json().snapshot.groups[to - 1].memberIds).toContain(memberId);
    expect(loaded.json().snapshot.isHandAdjusted).toBe(true);
  });

  it('saves a moved balanced result without replaying its search', async () => {
    const { client } = await buildUser(t.app, origin);
    const members = Array.from({ length: 12 }, (_, i) => ({
      id: `m${i + 1}`,
      name: `Member ${i + 1}`,
      attributes: { skill: i % 5, grade: (i * 3) % 4, gender: i % 3 ? 'M' : 'F', major: 'CS' },
    }));
    const drawn = buildBalancedSnapshot({ members, teamCount: 3, seed: 'moved-balanced' });
    const { memberId, to } = someMove(drawn);
    const snapshot = moved(drawn, memberId, to);
    const checks = t.app.cpu.stats().completed.checkSaveResult ?? 0;
    const saved = await client.post('/api/results', { title: 'Balanced, moved', snapshot });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().snapshot.balance).toEqual(drawn.balance);
    // Still checked off the event loop (schema and problems), with no replay to refuse it.
    expect(t.app.cpu.stats().completed.checkSaveResult).toBe(checks + 1);
  });

  it('keeps every other check: a split pair, a dropped member, an empty team, a wrong flag', async () => {
    const { client } = await buildUser(t.app, origin);
    const drawn = buildSnapshot(6, 2, { fixedPairs: [{ id: 'p', memberIds: ['m1', 'm2'] }] });
    const partnerTeam = drawn.groups.find((group) => group.memberIds.includes('m1'))!;
    const other = drawn.groups.find((group) => group !== partnerTeam)!;

    // The move as /app makes it removes the pair it splits; a body that keeps it is refused.
    const fair = moved(drawn, 'm1', other.number);
    expect(fair.fixedPairs).toEqual([]);
    const split = { ...fair, fixedPairs: drawn.fixedPairs };
    const splitResponse = await client.post('/api/results', { title: 'Split', snapshot: split });
    expect(splitResponse.statusCode).toBe(422);
    expect(splitResponse.json().message).toBe(
      'This result cannot be saved: Fixed pair p is split across groups.',
    );

    const dropped = {
      ...fair,
      groups: fair.groups.map((group) => ({ ...group, memberIds: group.memberIds.slice(1) })),
    };
    const droppedResponse = await client.post('/api/results', {
      title: 'Dropped',
      snapshot: dropped,
    });
    expect(droppedResponse.statusCode).toBe(422);
    expect(droppedResponse.json().message).toMatch(
      /^This result cannot be saved: Member \d is in no group\.$/,
    );

    const emptied = {
      ...fair,
      groups: [
        { number: 1, memberIds: fair.members.map((member) => member.id) },
        { number: 2, memberIds: [] },
      ],
      fixedPairs: [],
    };
    const emptyResponse = await client.post('/api/results', { title: 'Empty', snapshot: emptied });
    expect(emptyResponse.statusCode).toBe(422);
    expect(emptyResponse.json().message).toBe(
      'This result cannot be saved: Group 2 has no members.',
    );

    const wrongType = await client.post('/api/results', {
      title: 'Wrong',
      snapshot: { ...fair, isHandAdjusted: 'yes' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({
      error: 'validation_failed',
      field: 'snapshot.isHandAdjusted',
    });

    // Create Team checks the same way.
    const created = await client.post('/api/workspaces', {
      title: 'Split course',
      snapshot: split,
    });
    expect(created.statusCode).toBe(422);
    expect((await client.get('/api/results')).json()).toEqual([]);
  });

  it('creates a workspace from moved teams, the moved member in their new team', async () => {
    const { client } = await buildUser(t.app, origin);
    const drawn = buildSnapshot(8, 2);
    const { memberId, to } = someMove(drawn);
    const snapshot = moved(drawn, memberId, to);
    const created = await client.post('/api/workspaces', { title: 'Moved course', snapshot });
    expect(created.statusCode, created.body).toBe(201);
    const detail = (await client.get(`/api/workspaces/${created.json().workspace.id}`)).json<{
      teams: { id: string; number: number }[];
      members: { name: string; teamId: string | null }[];
    }>();
    const name = drawn.members.find((member) => member.id === memberId)!.name;
    const team = detail.teams.find((candidate) => candidate.number === to)!;
    expect(detail.members.find((member) => member.name === name)?.teamId).toBe(team.id);
    // The saved copy Create Team made is marked as adjusted by hand too.
    const saved = await client.get(`/api/results/${created.json().resultId}`);
    expect(saved.json().snapshot.isHandAdjusted).toBe(true);
  });

  it('refuses a visitor and an unverified user, as for any saved result', async () => {
    const drawn = buildSnapshot(6, 2);
    const { memberId, to } = someMove(drawn);
    const snapshot = moved(drawn, memberId, to);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/results',
      headers: { origin },
      payload: { title: 'X', snapshot },
    });
    expect(anonymous.statusCode).toBe(401);
    const unverified = await buildUser(t.app, origin, { verified: false });
    const response = await unverified.client.post('/api/results', { title: 'X', snapshot });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('email_not_verified');
  });
});
