// The workspace address follows a rename (issue 24): /workspaces/{name} answers at the current
// title after a PATCH rename, an old name still finds the workspace (the web page then moves to
// the current one), a current name of another workspace wins over an old one, and a caller who
// may not read the workspace is refused at every name exactly as at a name nobody has.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TestClient, uniqueEmail } from '../../../test/client.ts';
import { buildSnapshot, type WorkspaceDetailBody as Detail } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rowsOf } from '../../db/rows.ts';

describe('the workspace address after a rename', () => {
  let t: TestApp;
  let owner: TestClient;
  let member: TestClient;
  let stranger: TestClient;
  let anonymous: TestClient;
  let memberEmail: string;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    const origin = t.config.publicUrl;
    memberEmail = uniqueEmail('member');
    owner = (await buildUser(t.app, origin)).client;
    member = (await buildUser(t.app, origin, { email: memberEmail })).client;
    stranger = (await buildUser(t.app, origin)).client;
    anonymous = new TestClient(t.app, origin);
  });
  afterAll(async () => {
    await t.close();
  });

  const suffix = () => Math.random().toString(36).slice(2, 8);

  async function create(title: string) {
    const created = await owner.post('/api/workspaces', { title, snapshot: buildSnapshot(4, 2) });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().workspace as { id: string; slug: string };
  }

  const rename = (id: string, title: string) =>
    owner.request('PATCH', `/api/workspaces/${id}`, { title });
  const bySlug = (client: TestClient, slug: string) =>
    client.get(`/api/workspaces/by-slug/${encodeURIComponent(slug)}`);

  it('opens at the new name and at the old one, which answers with the current slug', async () => {
    const tag = suffix();
    const workspace = await create(`Intro ${tag}`);
    expect(workspace.slug).toBe(`intro-${tag}`);
    expect((await rename(workspace.id, `Machine Learning ${tag}`)).statusCode).toBe(204);

    const atNew = await bySlug(owner, `machine-learning-${tag}`);
    expect(atNew.statusCode, atNew.body).toBe(200);
    expect(atNew.json()).toMatchObject({
      id: workspace.id,
      slug: `machine-learning-${tag}`,
      title: `Machine Learning ${tag}`,
    });
    const atOld = await bySlug(owner, `intro-${tag}`);
    expect(atOld.statusCode).toBe(200);
    expect(atOld.json()).toMatchObject({ id: workspace.id, slug: `machine-learning-${tag}` });
    expect(
      (await owner.get('/api/workspaces'))
        .json<Array<{ id: string; slug: string }>>()
        .find((card) => card.id === workspace.id)?.slug,
    ).toBe(`machine-learning-${tag}`);

    // A second rename keeps both older names; renaming back makes the first name current again.
    expect((await rename(workspace.id, `Deep Learning ${tag}`)).statusCode).toBe(204);
    for (const name of [`intro-${tag}`, `machine-learning-${tag}`, `deep-learning-${tag}`]) {
      expect((await bySlug(owner, name)).json()).toMatchObject({ slug: `deep-learning-${tag}` });
    }
    expect((await rename(workspace.id, `Intro ${tag}`)).statusCode).toBe(204);
    expect((await bySlug(owner, `deep-learning-${tag}`)).json()).toMatchObject({
      slug: `intro-${tag}`,
    });
    const history = rowsOf<{ slug: string }>(
      await t.app.db.execute(sql`
        select slug from workspace_slug_history where workspace_id = ${workspace.id} order by slug`),
    ).map((row) => row.slug);
    expect(history).toEqual([`deep-learning-${tag}`, `machine-learning-${tag}`]);
  });

  it('gives the old name to a workspace that takes it now, and numbers a taken new name', async () => {
    const tag = suffix();
    const first = await create(`Web ${tag}`);
    expect((await rename(first.id, `Design ${tag}`)).statusCode).toBe(204);
    // Another title (a saved result's title is the user's own, once) with the same slug.
    const second = await create(`Web ${tag}!`);
    expect(second.slug).toBe(`web-${tag}`);
    expect((await bySlug(owner, `web-${tag}`)).json()).toMatchObject({ id: second.id });
    // Renaming onto a name another workspace has: the next free one.
    expect((await rename(second.id, `Design ${tag}`)).statusCode).toBe(204);
    expect((await bySlug(owner, `design-${tag}-2`)).json()).toMatchObject({ id: second.id });
    expect((await bySlug(owner, `design-${tag}`)).json()).toMatchObject({ id: first.id });
    // Its old name now belongs to no current workspace: the most recent to leave it is found.
    expect((await bySlug(owner, `web-${tag}`)).json()).toMatchObject({ id: second.id });
  });

  it('keeps permissions: a member opens both names, a stranger is refused as for no workspace', async () => {
    const tag = suffix();
    const workspace = await create(`Private ${tag}`);
    const detail = (await owner.get(`/api/workspaces/${workspace.id}`)).json<Detail>();
    const team = detail.teams[0]!;
    const saved = await owner.request(
      'PUT',
      `/api/workspaces/${workspace.id}/teams/${team.id}/member-emails`,
      { entries: [{ memberId: team.memberIds[1]!, email: memberEmail }] },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await rename(workspace.id, `Renamed ${tag}`)).statusCode).toBe(204);

    for (const name of [`renamed-${tag}`, `private-${tag}`]) {
      expect((await bySlug(member, name)).json()).toMatchObject({
        id: workspace.id,
        slug: `renamed-${tag}`,
        role: 'member',
      });
    }
    for (const client of [stranger, anonymous]) {
      const nowhere = await bySlug(client, `no-such-workspace-${tag}`);
      for (const name of [`renamed-${tag}`, `private-${tag}`]) {
        const refused = await bySlug(client, name);
        expect(refused.statusCode).toBe(nowhere.statusCode);
        expect(refused.json()).toEqual(nowhere.json());
      }
    }
    // Only the owner renames.
    expect(
      (await member.request('PATCH', `/api/workspaces/${workspace.id}`, { title: 'Mine' }))
        .statusCode,
    ).toBe(403);
    expect((await bySlug(owner, 'mine')).statusCode).toBe(404);
  });
});
