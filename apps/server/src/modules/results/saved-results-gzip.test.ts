// Saved results keep their snapshot gzipped (issue 22, decision 0022): what is stored, what the
// list and Load Result answer, and a result saved before migration 0030 (jsonb) read back.
import { readFileSync, cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestClient } from '../../../test/client.ts';
import { buildSnapshot } from '../../../test/factories.ts';
import { createTestApp, makeTempDir, type TestApp } from '../../../test/helpers.ts';
import * as schema from '../../db/schema.ts';
import type { Db } from '../../plugins/database.ts';
import { findResult, listResultSummaries } from './results.repository.ts';
import { savedResults } from './results.table.ts';

describe('saved results are stored gzipped', () => {
  let t: TestApp;
  let client: TestClient;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const made = await buildUser(t.app, t.config.publicUrl);
    client = made.client;
    userId = made.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the snapshot as gzipped JSON, with the counts the list shows, and loads it back', async () => {
    const snapshot = buildSnapshot(9, 3);
    const saved = await client.post('/api/results', { title: 'Gzipped', snapshot });
    expect(saved.statusCode).toBe(201);
    const id = saved.json().id as string;

    const [row] = await t.app.db.select().from(savedResults).where(eq(savedResults.id, id));
    expect(row!.snapshot).toBeNull();
    const stored = JSON.parse(gunzipSync(row!.snapshotGz!).toString('utf8'));
    expect(stored).toEqual(saved.json().snapshot);
    expect(row!.snapshotGz!.byteLength).toBeLessThan(JSON.stringify(stored).length);

    const list = (await client.get('/api/results')).json();
    expect(list).toEqual([
      expect.objectContaining({
        id,
        membersCount: 9,
        teamsCount: 3,
        groupSize: snapshot.groupSize,
        fixedPairsCount: 0,
        lockedTeamsCount: 0,
        keepApartCount: 0,
      }),
    ]);
    const loaded = await client.get(`/api/results/${id}`);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.json().snapshot).toEqual(saved.json().snapshot);
    // Create Team from the saved result reads the same snapshot back.
    const workspace = await client.post('/api/workspaces', { title: 'From saved', resultId: id });
    expect(workspace.statusCode).toBe(201);
    const detail = await client.get(`/api/workspaces/${workspace.json().workspace.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().members).toHaveLength(9);
  });

  it('a result of 1,000 members goes in at a fraction of its JSON and comes back whole', async () => {
    const snapshot = buildSnapshot(1000, 10);
    const saved = await client.post('/api/results', { title: 'Big', snapshot });
    expect(saved.statusCode).toBe(201);
    const id = saved.json().id as string;
    const [row] = await t.app.db
      .select({ bytes: sql<number>`octet_length(${savedResults.snapshotGz})` })
      .from(savedResults)
      .where(eq(savedResults.id, id));
    expect(row!.bytes).toBeLessThan(JSON.stringify(saved.json().snapshot).length / 3);
    expect((await client.get(`/api/results/${id}`)).json().snapshot).toEqual(saved.json().snapshot);
  });

  it('a row with both or neither snapshot is refused by the database', async () => {
    const both = t.app.db.insert(savedResults).values({
      userId,
      title: 'Both',
      snapshot: buildSnapshot(2, 2),
      snapshotGz: Buffer.from('x'),
      membersCount: 2,
      teamsCount: 2,
      groupSize: 2,
      fixedPairsCount: 0,
      lockedTeamsCount: 0,
      keepApartCount: 0,
    });
    await expect(both).rejects.toThrow();
  });
});

const drizzleFolder = path.resolve(import.meta.dirname, '../../../drizzle');
const MIGRATION_TAG = '0030_saved_results_gzip';

// Every migration from an empty database: 30 s ran out on a 2-core machine at load 10.
describe('migration 0030 on results saved as jsonb', { timeout: 120_000 }, () => {
  it('fills their counts, and they load as before (PGlite)', async () => {
    const temp = makeTempDir();
    const client = await PGlite.create();
    try {
      const before = path.join(temp.dir, 'before');
      cpSync(drizzleFolder, before, { recursive: true });
      const journalPath = path.join(before, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
        entries: Array<{ tag: string }>;
      };
      const mine = journal.entries.findIndex((entry) => entry.tag === MIGRATION_TAG);
      expect(mine).toBeGreaterThan(0);
      journal.entries = journal.entries.slice(0, mine);
      writeFileSync(journalPath, JSON.stringify(journal, null, 2));

      const db = drizzlePglite({ client, schema });
      await migratePglite(db, { migrationsFolder: before });
      const snapshot = buildSnapshot(6, 2);
      await db.execute(
        sql`insert into "user" (id, name, email) values ('u1', 'Owner', 'o@x.example')`,
      );
      await db.execute(sql`insert into saved_results (id, user_id, title, snapshot) values
        ('00000000-0000-4000-8000-000000000001', 'u1', 'Old', ${JSON.stringify(snapshot)}::jsonb)`);
      await migratePglite(db, { migrationsFolder: drizzleFolder });

      const asDb = db as unknown as Db;
      expect(await listResultSummaries(asDb, 'u1')).toEqual([
        expect.objectContaining({
          title: 'Old',
          membersCount: 6,
          teamsCount: 2,
          groupSize: snapshot.groupSize,
        }),
      ]);
      const found = await findResult(asDb, 'u1', '00000000-0000-4000-8000-000000000001');
      expect(found?.snapshot).toEqual(snapshot);
    } finally {
      await client.close();
      temp.remove();
    }
  });
});
