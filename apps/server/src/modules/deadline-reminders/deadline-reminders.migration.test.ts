// Migration 0039 (issue 26, decision 0031) on a database that already has reminders and e-mail
// choices: whoever had chosen e-mails gets reminders at once, the others none; each account of a
// team the old table had reminded keeps a claim for that deadline (so it is not reminded again),
// and the old table is gone.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/helpers.ts';
import { MIGRATIONS_FOLDER, migrationsBefore } from '../../../test/migrations.ts';
import { rowsOf } from '../../db/rows.ts';

const MIGRATION_TAG = '0039_deadline_reminders';

const W = '00000000-0000-4000-8000-000000000001';
const T1 = '00000000-0000-4000-8000-0000000000a1';
const T2 = '00000000-0000-4000-8000-0000000000a2';
const A = '00000000-0000-4000-8000-0000000000c1';

// Every migration from an empty database: slow on a loaded 2-core machine.
describe('migration 0039 on a database with reminders', { timeout: 120_000 }, () => {
  it('backfills the mail choice and turns the old per-team claims into per-person ones (PGlite)', async () => {
    const temp = makeTempDir();
    const client = await PGlite.create();
    try {
      const db = drizzlePglite({ client });
      await migratePglite(db, { migrationsFolder: migrationsBefore(temp.dir, MIGRATION_TAG) });
      await db.execute(sql`insert into "user" (id, name, email, email_verified) values
        ('owner', 'Owner', 'owner@x.example', true),
        ('ann', 'Ann', 'ann@x.example', true),
        ('ben', 'Ben', 'ben@x.example', true),
        ('cat', 'Cat', 'cat@x.example', true)`);
      await db.execute(sql`insert into user_preferences (user_id, email_notifications) values
        ('ann', true), ('ben', false)`);
      await db.execute(sql`insert into workspaces (id, slug, title, owner_id)
        values (${W}, 'w1', 'W1', 'owner')`);
      await db.execute(sql`insert into teams (id, workspace_id, number) values
        (${T1}, ${W}, 1), (${T2}, ${W}, 2)`);
      await db.execute(sql`insert into workspace_members (workspace_id, team_id, name, email, position)
        values (${W}, ${T1}, 'Ann', 'ann@x.example', 0), (${W}, ${T1}, 'Ben', ' Ben@x.example', 1),
          (${W}, ${T2}, 'Cat', 'cat@x.example', 2)`);
      await db.execute(sql`insert into assignments (id, workspace_id, title, end_at, allowed_file_types)
        values (${A}, ${W}, 'Essay', '2026-12-01T00:00:00Z', array['pdf'])`);
      // Team 1 had been reminded; Team 2 not.
      await db.execute(
        sql`insert into deadline_reminders (assignment_id, team_id) values (${A}, ${T1})`,
      );

      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });

      const choices = rowsOf<{ userId: string; reminderMail: string }>(
        await db.execute(sql`select user_id as "userId", reminder_mail as "reminderMail"
          from user_preferences order by user_id`),
      );
      expect(choices).toEqual([
        { userId: 'ann', reminderMail: 'immediate' },
        { userId: 'ben', reminderMail: 'none' },
      ]);
      const claims = rowsOf<{ userId: string; itemKind: string; dueAt: Date | string }>(
        await db.execute(sql`select user_id as "userId", item_kind as "itemKind", due_at as "dueAt"
          from deadline_reminder_claims where item_id = ${A} order by user_id`),
      );
      expect(claims.map((claim) => [claim.userId, claim.itemKind])).toEqual([
        ['ann', 'assignment'],
        ['ben', 'assignment'],
      ]);
      expect(new Date(claims[0]!.dueAt).toISOString()).toBe('2026-12-01T00:00:00.000Z');
      const [old] = rowsOf<{ name: string | null }>(
        await db.execute(sql`select to_regclass('deadline_reminders')::text as name`),
      );
      expect(old?.name).toBeNull();
    } finally {
      await client.close();
      temp.remove();
    }
  });
});
