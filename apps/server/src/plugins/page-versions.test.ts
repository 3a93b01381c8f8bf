// The version numbers a kept workspace page is checked against (issue 22, decision 0035,
// migration 0041): each change to what the page shows moves one of them, in the same
// transaction, whichever write path makes it; a change the page does not show moves none.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { rowsOf } from '../db/rows.ts';

const W = '00000000-0000-4000-8000-000000000041';

describe('page versions (migration 0041)', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.db.execute(sql`insert into "user" (id, name, email, email_verified) values
      ('ann', 'Ann', 'ann@x.example', true), ('ben', 'Ben', 'ben@x.example', true),
      ('cat', 'Cat', 'cat@x.example', true)`);
    await t.app.db.execute(sql`insert into workspaces (id, slug, title, owner_id)
      values (${W}, 'w41', 'W41', 'ann')`);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function versions(): Promise<Record<string, number>> {
    const rows = rowsOf<{ user_id: string; version: string }>(
      await t.app.db.execute(sql`select user_id, version::text from user_page_versions`),
    );
    return Object.fromEntries(rows.map((row) => [row.user_id, Number(row.version)]));
  }

  /** What `change` moved: by how much each user's number grew (only those that grew). */
  async function bumpedBy(change: () => Promise<unknown>): Promise<Record<string, number>> {
    const before = await versions();
    await change();
    const after = await versions();
    return Object.fromEntries(
      Object.keys(after)
        .filter((id) => after[id]! !== (before[id] ?? 0))
        .map((id) => [id, after[id]! - (before[id] ?? 0)]),
    );
  }

  const run = (query: ReturnType<typeof sql>) => () => t.app.db.execute(query);

  it('gives every user a number from the start', async () => {
    expect(await versions()).toEqual({ ann: 0, ben: 0, cat: 0 });
  });

  it("moves a user's number once with their own row, password, preferences and notifications", async () => {
    expect(await bumpedBy(run(sql`update "user" set name = 'Ann B' where id = 'ann'`))).toEqual({
      ann: 1,
    });
    expect(
      await bumpedBy(
        run(sql`insert into account (id, account_id, provider_id, user_id, password)
          values ('a1', 'ann', 'credential', 'ann', 'hash')`),
      ),
    ).toEqual({ ann: 1 });
    expect(await bumpedBy(run(sql`update account set password = null where id = 'a1'`))).toEqual({
      ann: 1,
    });
    expect(await bumpedBy(run(sql`insert into user_preferences (user_id) values ('ben')`))).toEqual(
      { ben: 1 },
    );
    expect(
      await bumpedBy(
        run(sql`update user_preferences set lecture_note_sort_order = 'week-desc'
          where user_id = 'ben'`),
      ),
    ).toEqual({ ben: 1 });
    // One statement for two users (a note published to a class): each moves once.
    expect(
      await bumpedBy(
        run(sql`insert into notifications (user_id, type, title, workspace_id) values
          ('ann', 't', 'one', ${W}), ('ben', 't', 'two', ${W}), ('ben', 't', 'three', ${W})`),
      ),
    ).toEqual({ ann: 1, ben: 1 });
    expect(
      await bumpedBy(run(sql`update notifications set is_read = true where user_id = 'ben'`)),
    ).toEqual({ ben: 1 });
    expect(await bumpedBy(run(sql`delete from notifications where user_id = 'ann'`))).toEqual({
      ann: 1,
    });
    expect(await bumpedBy(run(sql`delete from account where id = 'a1'`))).toEqual({ ann: 1 });
  });

  it('leaves the numbers alone for changes the page does not show', async () => {
    expect(
      await bumpedBy(run(sql`update workspaces set content_version = content_version + 1`)),
    ).toEqual({});
    expect(await bumpedBy(run(sql`update "user" set name = 'Cat' where id = 'nobody'`))).toEqual(
      {},
    );
    expect(await bumpedBy(run(sql`update "user" set updated_at = now() where id = 'ann'`))).toEqual(
      {},
    );
    // The same read state again, and a workspace's deletion clearing the notifications' link.
    expect(
      await bumpedBy(run(sql`update notifications set is_read = true where user_id = 'ben'`)),
    ).toEqual({});
    expect(
      await bumpedBy(run(sql`update notifications set workspace_id = null where user_id = 'ben'`)),
    ).toEqual({});
    await t.app.db.execute(sql`insert into account (id, account_id, provider_id, user_id, password)
      values ('a2', 'ben', 'credential', 'ben', 'hash')`);
    expect(
      await bumpedBy(run(sql`update account set password = 'another hash' where id = 'a2'`)),
    ).toEqual({});
  });

  it('deletes a user with their rows (their number goes with them)', async () => {
    await t.app.db.execute(sql`insert into notifications (user_id, type, title)
      values ('cat', 't', 'x')`);
    await t.app.db.execute(sql`insert into account (id, account_id, provider_id, user_id)
      values ('a3', 'cat', 'google', 'cat')`);
    expect((await versions())['cat']).toBe(2);
    await t.app.db.execute(sql`delete from "user" where id = 'cat'`);
    expect(await versions()).not.toHaveProperty('cat');
  });

  it("moves the workspace's detail version when its own row changes, not with its content", async () => {
    const detailVersion = async () =>
      Number(
        rowsOf<{ v: string }>(
          await t.app.db.execute(
            sql`select detail_version::text as v from workspaces where id = ${W}`,
          ),
        )[0]!.v,
      );
    const start = await detailVersion();
    await t.app.db.execute(sql`update workspaces set content_version = content_version + 1,
      updated_at = now() where id = ${W}`);
    expect(await detailVersion()).toBe(start);
    await t.app.db.execute(sql`update workspaces set title = 'Renamed' where id = ${W}`);
    expect(await detailVersion()).toBe(start + 1);
    await t.app.db.execute(sql`update workspaces set time_zone = 'Europe/Berlin' where id = ${W}`);
    expect(await detailVersion()).toBe(start + 2);
    // A roster change bumps it once (migration 0006), not twice.
    await t.app.db.execute(sql`insert into teams (workspace_id, number) values (${W}, 1)`);
    expect(await detailVersion()).toBe(start + 3);
    // The same values again: nothing the page shows changed.
    await t.app.db.execute(sql`update workspaces set title = 'Renamed' where id = ${W}`);
    expect(await detailVersion()).toBe(start + 3);
  });
});
