// Issue 22: Save Result parses its body and replays the balancing search in the CPU worker
// (workers/cpu-pool.ts), so the event loop keeps serving while a 1,000-member result is checked;
// a refusal from the worker is the same answer as on the main thread, and a worker that dies
// answers an error.
import { threadId } from 'node:worker_threads';
import { createPrng, savedResult, type ShuffleSnapshot } from '@teamshuffle/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/client.ts';
import { buildBalancedSnapshot } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

const MAJORS = ['CS', 'Math', 'Physics', 'Biology', 'Economics'];

/** 1,000 members in 10 teams balanced on four attributes and three earlier rounds. */
function classOf1000(seed = 'class-1000'): ShuffleSnapshot {
  const prng = createPrng('class-of-1000');
  const members = Array.from({ length: 1000 }, (_, i) => ({
    id: `s${i + 1}`,
    name: `Student ${i + 1}`,
    email: `s${i + 1}@school.example`,
    attributes: {
      skill: 1 + prng.below(5),
      grade: prng.below(1001) / 10,
      gender: prng.next() < 0.35 ? 'F' : 'M',
      major: MAJORS[prng.below(MAJORS.length)]!,
    },
  }));
  return buildBalancedSnapshot({ members, teamCount: 10, seed });
}

/** Turns of the event loop until `condition` holds (at most `turns`). */
async function turnsUntil(condition: () => boolean, turns = 100_000): Promise<boolean> {
  for (let i = 0; i < turns && !condition(); i++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  return condition();
}

// An app and a 1,000-member save per test: 30 s ran out on a 2-core machine at load 10.
describe('saving a 1,000-member balanced result (issue 22)', { timeout: 120_000 }, () => {
  let t: TestApp;
  const logLines: string[] = [];
  let snapshot: ShuffleSnapshot;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'error' }, undefined, {
      logStream: { write: (line) => logLines.push(line) },
    });
    snapshot = classOf1000();
  });
  afterAll(async () => {
    await t.close();
  });

  it('replays the search in a worker thread while the event loop keeps turning', async () => {
    const { client } = await buildUser(t.app, t.config.publicUrl);
    const checks = t.app.cpu.stats().completed.checkSaveResult ?? 0;
    // Timer callbacks that run while the worker holds the check: none could if it ran here.
    let ticksDuringCheck = 0;
    const timer = setInterval(() => {
      if (t.app.cpu.stats().running > 0) ticksDuringCheck += 1;
    }, 1);
    const response = await client.post('/api/results', { title: 'Class of 1000', snapshot });
    clearInterval(timer);
    expect(response.statusCode, response.body).toBe(201);
    // The answer's prepared bytes are exactly the response schema's shape.
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(savedResult.parse(body)).toEqual(body);
    expect(body.snapshot).toEqual(snapshot);
    const stats = t.app.cpu.stats();
    expect(stats.completed.checkSaveResult).toBe(checks + 1);
    expect(stats.threadIds.length).toBeGreaterThan(0);
    expect(stats.threadIds).not.toContain(threadId);
    expect(ticksDuringCheck).toBeGreaterThan(0);

    // Teams that are not the replay: the same 422 as before the worker.
    const [first, second] = snapshot.groups;
    const swapped = {
      ...snapshot,
      groups: [
        { ...first!, memberIds: [second!.memberIds[0]!, ...first!.memberIds.slice(1)] },
        { ...second!, memberIds: [first!.memberIds[0]!, ...second!.memberIds.slice(1)] },
        ...snapshot.groups.slice(2),
      ],
    };
    const refused = await client.post('/api/results', { title: 'Swapped', snapshot: swapped });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'rule_broken',
      field: 'snapshot',
      message: 'This result cannot be saved: its teams are not the draw of its seed.',
    });
    expect(t.app.cpu.stats().completed.checkSaveResult).toBe(checks + 2);

    // A body that fails the schema: the 400 the route's schema gave before the worker.
    const badEmail = {
      ...snapshot,
      members: snapshot.members.map((member, i) =>
        i === 999 ? { ...member, email: 'no' } : member,
      ),
    };
    const invalid = await client.post('/api/results', { title: 'Bad', snapshot: badEmail });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: 'validation_failed',
      field: 'snapshot.members.999.email',
    });
    expect(invalid.json().message).toMatch(/^snapshot\.members\.999\.email: /);
    expect(t.app.cpu.stats().completed.checkSaveResult).toBe(checks + 3);
  });

  it('answers the engine’s refusal from the worker exactly as from the main thread', async () => {
    const { client } = await buildUser(t.app, t.config.publicUrl);
    // Three members in four teams: every member in one group, but no draw can make it.
    const snapshot = {
      members: ['a', 'b', 'c'].map((id) => ({ id, name: id.toUpperCase() })),
      groups: [
        { number: 1, memberIds: ['a'] },
        { number: 2, memberIds: ['b'] },
        { number: 3, memberIds: ['c'] },
        { number: 4, memberIds: [] },
      ],
      groupSize: 4,
      seed: 's',
    };
    const failed = t.app.cpu.stats().failed;
    // Save Result checks in the worker; Create Team replays a plain draw on the main thread.
    const inWorker = await client.post('/api/results', { title: 'Saved', snapshot });
    const onMain = await client.post('/api/workspaces', { title: 'Course', snapshot });
    expect(inWorker.statusCode).toBe(422);
    expect(inWorker.json()).toMatchObject({ error: 'too_few_members', field: 'teamCount' });
    expect(onMain.statusCode).toBe(inWorker.statusCode);
    expect(onMain.body).toBe(inWorker.body);
    expect(t.app.cpu.stats().failed).toBe(failed + 1);
  });

  it('answers a 500 (not a hang) when the worker dies during the check, and then saves again', async () => {
    const { client } = await buildUser(t.app, t.config.publicUrl);
    const saving = client.post('/api/results', { title: 'Interrupted', snapshot });
    expect(await turnsUntil(() => t.app.cpu.stats().running > 0)).toBe(true);
    await t.app.cpu.terminateWorkers();
    const response = await saving;
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: 'internal' });
    expect(logLines.join('')).toMatch(
      /The CPU worker stopped \(exit code \d+\) while running checkSaveResult/,
    );
    // Nothing was saved, and the next save starts a fresh worker.
    expect((await client.get('/api/results')).json()).toEqual([]);
    const again = await client.post('/api/results', { title: 'Interrupted', snapshot });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('ends the worker when the app closes', async () => {
    const other = await createTestApp();
    try {
      const { client } = await buildUser(other.app, other.config.publicUrl);
      const response = await client.post('/api/results', { title: 'Closing', snapshot });
      expect(response.statusCode, response.body).toBe(201);
      expect(other.app.cpu.stats().workers).toBe(1);
    } finally {
      await other.close();
    }
    expect(other.app.cpu.stats().workers).toBe(0);
    await expect(other.app.cpu.run('checkSaveResult', {})).rejects.toThrow(
      'The CPU worker pool is closed',
    );
  });
});
