// Migration 0023 (issue 23: one person, one roster entry) on a database that already holds
// duplicate member e-mails: it runs, keeps each e-mail with one member (a team's leader, else the
// first on the roster), clears it on the others, and then the unique index holds.
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers.ts';
import { MIGRATIONS_FOLDER, migrationsBefore } from '../../../test/migrations.ts';
import { rowsOf } from '../../db/rows.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { MEMBER_EMAIL_INDEX } from './workspaces.repository.ts';

const MIGRATION_TAG = '0023_one_email_per_member';

/** The migrations before 0023 (to seed duplicates into), and all of them. */
function foldersBeforeAndWith(dir: string) {
  return { before: migrationsBefore(dir, MIGRATION_TAG), all: MIGRATIONS_FOLDER };
}

type Exec = (query: ReturnType<typeof sql>) => Promise<unknown>;

// Two workspaces. In the first, a@x is on three members (the third leads team 1, so keeps it),
// b@x on two (the first on the roster keeps it); the second has a@x once and keeps it.
async function seedDuplicates(exec: Exec) {
  await exec(sql`insert into "user" (id, name, email) values ('u1', 'Owner', 'owner@x.example')`);
  await exec(sql`insert into workspaces (id, slug, title, owner_id) values
    ('00000000-0000-4000-8000-000000000001', 'w1', 'W1', 'u1'),
    ('00000000-0000-4000-8000-000000000002', 'w2', 'W2', 'u1')`);
  await exec(sql`insert into teams (id, workspace_id, number) values
    ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 1),
    ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000002', 1)`);
  await exec(sql`insert into workspace_members (id, workspace_id, team_id, name, email, position) values
    ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', 'Ann', 'a@x.example', 0),
    ('00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', 'Ben', ' A@X.example', 1),
    ('00000000-0000-4000-8000-0000000000b3', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', 'Cat', 'a@x.example ', 2),
    ('00000000-0000-4000-8000-0000000000b4', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', 'Dan', 'b@x.example', 3),
    ('00000000-0000-4000-8000-0000000000b5', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', 'Eve', 'B@x.example', 4),
    ('00000000-0000-4000-8000-0000000000b6', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', 'Fay', null, 5),
    ('00000000-0000-4000-8000-0000000000b7', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', 'Gus', null, 6),
    ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000a2', 'Ann', 'a@x.example', 0)`);
  await exec(sql`update teams set leader_member_id = '00000000-0000-4000-8000-0000000000b3'
    where id = '00000000-0000-4000-8000-0000000000a1'`);
}

async function expectCleaned(exec: Exec) {
  const rows = rowsOf<{ name: string; email: string | null; workspace: string }>(
    await exec(sql`select m.name, m.email, w.slug as workspace from workspace_members m
      join workspaces w on w.id = m.workspace_id order by w.slug, m.position`),
  );
  expect(rows.map((row) => [row.workspace, row.name, row.email])).toEqual([
    ['w1', 'Ann', null],
    ['w1', 'Ben', null],
    ['w1', 'Cat', 'a@x.example '],
    ['w1', 'Dan', 'b@x.example'],
    ['w1', 'Eve', null],
    ['w1', 'Fay', null],
    ['w1', 'Gus', null],
    ['w2', 'Ann', 'a@x.example'],
  ]);
  const error = await exec(
    sql`update workspace_members set email = 'A@x.example' where name = 'Ann' and position = 0
      and workspace_id = '00000000-0000-4000-8000-000000000001'`,
  ).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(uniqueViolation(error)).toBe(MEMBER_EMAIL_INDEX);
}

// Every migration from an empty database: 30 s ran out on a 2-core machine at load 10.
describe('migration 0023 with duplicate member e-mails', { timeout: 120_000 }, () => {
  it('runs, keeps each e-mail with one member and clears the others (PGlite)', async () => {
    const temp = makeTempDir();
    const client = await PGlite.create();
    try {
      const { before, all } = foldersBeforeAndWith(temp.dir);
      const db = drizzlePglite({ client });
      await migratePglite(db, { migrationsFolder: before });
      await seedDuplicates((query) => db.execute(query));
      await migratePglite(db, { migrationsFolder: all });
      await expectCleaned((query) => db.execute(query));
    } finally {
      await client.close();
      temp.remove();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('runs the same on PostgreSQL', async () => {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `teamshuffle_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    const temp = makeTempDir();
    try {
      await client.connect();
      const { before, all } = foldersBeforeAndWith(temp.dir);
      const db = drizzleNodePg({ client });
      await migrateNodePg(db, { migrationsFolder: before });
      await seedDuplicates((query) => db.execute(query));
      await migrateNodePg(db, { migrationsFolder: all });
      await expectCleaned((query) => db.execute(query));
    } finally {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      temp.remove();
    }
  });
});
