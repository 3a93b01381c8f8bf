// Students join on their own (issue 24, decision 0020) through the API: the owner's join link and
// code, a student's look at a code and their pick, the owner's answers and undo, the roster
// status, guessing limits, and every refusal (wrong role, link off, replaced code, hostile input).
// Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { isJoinCodeShape, JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '@teamshuffle/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestClient } from '../../../test/client.ts';
import { buildCourse, type Course } from '../../../test/course.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { rowsOf } from '../../db/rows.ts';
import { GUESSES_PER_ACCOUNT, GUESSES_PER_ADDRESS } from './joining.service.ts';

describe('joining', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  afterAll(() => t.close());

  const joinUrl = (c: Course) => `/api/workspaces/${c.workspaceId}/join`;
  const student = async (name = 'Student') => buildUser(t.app, t.config.publicUrl, { name });

  /** The course with its join link on; returns the code. */
  async function turnOn(c: Course, extra: { autoApprove?: boolean } = {}) {
    const response = await c.owner.request('PATCH', joinUrl(c), { isEnabled: true, ...extra });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().link.code as string;
  }

  /** The members without an e-mail (the third member of each team). */
  const unclaimedOf = (c: Course): [string, string] => [
    c.team1.memberIds[2]!,
    c.team2.memberIds[2]!,
  ];

  async function emailOf(memberId: string) {
    const [row] = rowsOf<{ email: string | null }>(
      await t.app.db.execute(sql`select email from workspace_members where id = ${memberId}`),
    );
    return row?.email ?? null;
  }

  async function notificationsOf(client: TestClient) {
    await t.app.notificationOutbox.flush();
    const page = await client.get('/api/notifications');
    expect(page.statusCode).toBe(200);
    return page.json().items as { type: string; title: string; data: { workspaceId: string } }[];
  }

  it('gives the owner a code of 8 characters without look-alikes, made when the link is turned on', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const before = await c.owner.get(joinUrl(c));
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      link: { isEnabled: false, autoApprove: false, code: null },
      requests: [],
      claims: [],
    });
    const code = await turnOn(c);
    expect(code).toHaveLength(JOIN_CODE_LENGTH);
    expect(isJoinCodeShape(code)).toBe(true);
    expect(code).not.toMatch(/[01OIL]/);
    // Off and on again keeps the code; a new code replaces it.
    await c.owner.request('PATCH', joinUrl(c), { isEnabled: false });
    expect(await turnOn(c)).toBe(code);
    const renewed = await c.owner.post(`${joinUrl(c)}/code`);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().link.code).not.toBe(code);
  });

  it('refuses every owner operation to members, leaders, strangers and signed-out visitors', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    await turnOn(c);
    const fake = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string, unknown?][] = [
      ['GET', joinUrl(c)],
      ['PATCH', joinUrl(c), { isEnabled: false }],
      ['POST', `${joinUrl(c)}/code`, {}],
      ['POST', `${joinUrl(c)}/requests/${fake}/approve`, {}],
      ['POST', `${joinUrl(c)}/requests/${fake}/reject`, {}],
      ['DELETE', `${joinUrl(c)}/claims/${c.team1.memberIds[1]}`],
      ['GET', `${joinUrl(c)}/roster-status`],
    ];
    const codeBefore = (await c.owner.get(joinUrl(c))).json().link.code;
    for (const [method, url, body] of calls) {
      for (const client of [c.leader, c.member, c.otherMember]) {
        const response = await client.request(method as 'GET', url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().error).toBe('forbidden');
      }
      const stranger = await c.stranger.request(method as 'GET', url, body);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().error).toBe('workspace_not_found');
      const anonymous = await c.anonymous.request(method as 'GET', url, body);
      expect(anonymous.statusCode).toBe(401);
    }
    const after = await c.owner.get(joinUrl(c));
    expect(after.json().link).toEqual({ isEnabled: true, autoApprove: false, code: codeBefore });
    expect(await emailOf(c.team1.memberIds[1]!)).not.toBeNull();
  });

  it('lets a student pick their name, the owner approve, and the student open the workspace', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl, { title: 'Design 101' });
    const code = await turnOn(c);
    const ann = await student('Ann Account');

    // Typed in lower case with a dash and spaces: the same code.
    const typed = `${code.slice(0, 4).toLowerCase()}- ${code.slice(4)}`;
    const preview = await ann.client.get(`/api/join/${encodeURIComponent(typed)}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.state).toBe('choose');
    expect(body.workspace).toEqual({ id: c.workspaceId, title: 'Design 101' });
    expect(body.autoApprove).toBe(false);
    // Only the names without an e-mail, grouped by team.
    expect(body.teams.map((team: { number: number }) => team.number)).toEqual([1, 2]);
    expect(
      body.teams.flatMap((team: { members: { id: string }[] }) => team.members.map((m) => m.id)),
    ).toEqual(unclaimedOf(c));
    expect((await ann.client.get(`/api/workspaces/${c.workspaceId}`)).statusCode).toBe(404);

    const [mine, theirs] = unclaimedOf(c);
    const claimed = await ann.client.post(`/api/join/${code}/claims`, { memberId: mine });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ state: 'pending', workspaceId: c.workspaceId });

    // One pending request per student; the name is no longer offered to others.
    const again = await ann.client.post(`/api/join/${code}/claims`, { memberId: theirs });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('join_request_pending');
    expect((await ann.client.get(`/api/join/${code}`)).json()).toMatchObject({
      state: 'pending',
      request: { memberId: mine },
    });
    const ben = await student('Ben Account');
    const offered = (await ben.client.get(`/api/join/${code}`)).json();
    expect(
      offered.teams.flatMap((team: { members: { id: string }[] }) => team.members.map((m) => m.id)),
    ).toEqual([theirs]);
    const taken = await ben.client.post(`/api/join/${code}/claims`, { memberId: mine });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('join_name_taken');
    // Names with an e-mail the owner typed cannot be claimed either.
    const typedEmail = await ben.client.post(`/api/join/${code}/claims`, {
      memberId: c.team1.memberIds[1],
    });
    expect(typedEmail.statusCode).toBe(409);
    expect(typedEmail.json().error).toBe('join_name_taken');

    // The owner is told, sees the request (who and which name) and the member as requested.
    const ownerNotes = await notificationsOf(c.owner);
    expect(ownerNotes[0]).toMatchObject({
      type: 'workspace_join_requested',
      title: 'Ann Account asked to join Design 101',
      data: {
        workspaceId: c.workspaceId,
        text: {
          key: 'joinRequested',
          values: { name: 'Ann Account', member: expect.any(String), workspace: 'Design 101' },
        },
      },
    });
    const panel = (await c.owner.get(joinUrl(c))).json();
    expect(panel.requests).toHaveLength(1);
    expect(panel.requests[0]).toMatchObject({
      memberId: mine,
      userName: 'Ann Account',
      userEmail: ann.email,
      teamNumber: 1,
    });
    const status = (await c.owner.get(`${joinUrl(c)}/roster-status`)).json();
    const statusOf = (id: string) =>
      status.members.find((member: { memberId: string }) => member.memberId === id);
    expect(statusOf(mine)).toMatchObject({ status: 'requested', joinedBy: null });
    expect(statusOf(theirs)).toMatchObject({ status: 'none' });
    expect(statusOf(c.team1.memberIds[1]!)).toMatchObject({ status: 'joined', joinedBy: 'email' });

    const approved = await c.owner.post(`${joinUrl(c)}/requests/${panel.requests[0].id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().requests).toEqual([]);
    expect(approved.json().claims).toMatchObject([{ memberId: mine, email: ann.email }]);
    expect(await emailOf(mine)).toBe(ann.email);
    // Answered once: a second answer finds nothing.
    const twice = await c.owner.post(`${joinUrl(c)}/requests/${panel.requests[0].id}/reject`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().error).toBe('join_request_not_found');

    const opened = await ann.client.get(`/api/workspaces/${c.workspaceId}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().role).toBe('member');
    expect((await ann.client.get(`/api/join/${code}`)).json().state).toBe('member');
    const annNotes = await notificationsOf(ann.client);
    expect(annNotes[0]).toMatchObject({
      type: 'workspace_join_approved',
      title: 'You joined Design 101',
      data: {
        workspaceId: c.workspaceId,
        text: {
          key: 'joinApproved',
          values: { member: expect.any(String), workspace: 'Design 101' },
        },
      },
    });
    const joined = (await c.owner.get(`${joinUrl(c)}/roster-status`)).json();
    expect(joined.members.find((m: { memberId: string }) => m.memberId === mine)).toMatchObject({
      status: 'joined',
      joinedBy: 'claim',
    });
    // A student already on the roster cannot claim a second name.
    const second = await ann.client.post(`/api/join/${code}/claims`, { memberId: theirs });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe('join_already_member');
  });

  it('sends members and the owner to the workspace instead of offering names', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const code = await turnOn(c);
    for (const client of [c.owner, c.leader, c.member]) {
      const preview = await client.get(`/api/join/${code}`);
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toEqual({
        state: 'member',
        workspace: { id: c.workspaceId, title: c.detail.title },
      });
    }
  });

  it('frees a rejected name and tells the student', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl, { title: 'Rejecting' });
    const code = await turnOn(c);
    const cat = await student('Cat');
    const [mine] = unclaimedOf(c);
    await cat.client.post(`/api/join/${code}/claims`, { memberId: mine });
    const requestId = (await c.owner.get(joinUrl(c))).json().requests[0].id as string;
    const rejected = await c.owner.post(`${joinUrl(c)}/requests/${requestId}/reject`);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().requests).toEqual([]);
    expect(await emailOf(mine)).toBeNull();
    const notes = await notificationsOf(cat.client);
    expect(notes[0]).toMatchObject({
      type: 'workspace_join_rejected',
      title: 'Your request to join Rejecting was declined',
      data: { workspaceId: null },
    });
    // The name is offered again, and the student may ask again.
    const preview = (await cat.client.get(`/api/join/${code}`)).json();
    expect(preview.state).toBe('choose');
    expect(preview.teams[0].members.map((m: { id: string }) => m.id)).toContain(mine);
  });

  it('claims at once with auto-approval, and the owner can undo a claim but never a typed e-mail', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl, { title: 'Auto' });
    const code = await turnOn(c, { autoApprove: true });
    const dan = await student('Dan');
    const [mine] = unclaimedOf(c);
    const claimed = await dan.client.post(`/api/join/${code}/claims`, { memberId: mine });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ state: 'joined', workspaceId: c.workspaceId });
    expect((await dan.client.get(`/api/workspaces/${c.workspaceId}`)).statusCode).toBe(200);
    const ownerNotes = await notificationsOf(c.owner);
    expect(ownerNotes[0]).toMatchObject({ type: 'team_member_joined', title: 'Dan joined Auto' });

    // Undo: the claimed e-mail is cleared, access ends.
    const undone = await c.owner.request('DELETE', `${joinUrl(c)}/claims/${mine}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().claims).toEqual([]);
    expect(await emailOf(mine)).toBeNull();
    expect((await dan.client.get(`/api/workspaces/${c.workspaceId}`)).statusCode).toBe(404);
    // A member whose e-mail the owner typed has no claim to undo; the e-mail stays.
    const typed = c.team1.memberIds[1]!;
    const before = await emailOf(typed);
    const refused = await c.owner.request('DELETE', `${joinUrl(c)}/claims/${typed}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('join_claim_not_found');
    expect(await emailOf(typed)).toBe(before);

    // A claim whose e-mail the owner replaced since is the owner's now: not undone.
    await dan.client.post(`/api/join/${code}/claims`, { memberId: mine });
    await t.app.db.execute(
      sql`update workspace_members set email = 'typed-later@example.com' where id = ${mine}`,
    );
    const replaced = await c.owner.request('DELETE', `${joinUrl(c)}/claims/${mine}`);
    expect(replaced.statusCode).toBe(404);
    expect(await emailOf(mine)).toBe('typed-later@example.com');

    // Each claim and its undoing is in the owner's activity log (decision 0019): who, what, when.
    const log = await c.owner.get(`/api/workspaces/${c.workspaceId}/roster/activity`);
    expect(log.statusCode, log.body).toBe(200);
    const entries = log
      .json<{
        entries: Array<{
          kind: string;
          actor: { name: string } | null;
          before: unknown;
          after: unknown;
        }>;
      }>()
      .entries.filter((entry) => entry.kind.startsWith('member_claim'));
    const ownerName = (await c.owner.get('/api/me')).json<{ user: { displayName: string } }>().user
      .displayName;
    expect(ownerName).not.toBe('Dan');
    expect(entries.map((entry) => [entry.kind, entry.actor?.name])).toEqual([
      ['member_claimed', 'Dan'],
      ['member_claim_undone', ownerName],
      ['member_claimed', 'Dan'],
    ]);
    expect(entries[1]).toMatchObject({ before: { email: dan.email }, after: { email: null } });
  });

  it('lets a student withdraw their own pending request, and nobody else through that route', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl, { title: 'Withdrawing' });
    const code = await turnOn(c);
    const gus = await student('Gus');
    const hal = await student('Hal');
    const [mine, theirs] = unclaimedOf(c);
    expect((await gus.client.post(`/api/join/${code}/claims`, { memberId: mine })).statusCode).toBe(
      200,
    );
    const requestId = (await gus.client.get(`/api/join/${code}`)).json().request.id as string;
    const withdraw = (client: TestClient, id = requestId) =>
      client.request('DELETE', `/api/join/${code}/requests/${id}`);

    // Another student (with a request of their own), the owner, a member: not theirs to withdraw.
    await hal.client.post(`/api/join/${code}/claims`, { memberId: theirs });
    for (const client of [hal.client, c.owner, c.member]) {
      const refused = await withdraw(client);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe('join_request_not_found');
    }
    expect(
      (await c.anonymous.request('DELETE', `/api/join/${code}/requests/${requestId}`)).statusCode,
    ).toBe(401);
    expect((await c.owner.get(joinUrl(c))).json().requests).toHaveLength(2);

    // The student's own: gone, the name is offered again, and they may pick again.
    const done = await withdraw(gus.client);
    expect(done.statusCode, done.body).toBe(204);
    const requests = (await c.owner.get(joinUrl(c))).json().requests as { memberId: string }[];
    expect(requests.map((request) => request.memberId)).toEqual([theirs]);
    const preview = (await gus.client.get(`/api/join/${code}`)).json();
    expect(preview.state).toBe('choose');
    expect(preview.teams[0].members.map((m: { id: string }) => m.id)).toContain(mine);
    const status = (await c.owner.get(`${joinUrl(c)}/roster-status`)).json();
    expect(status.members.find((m: { memberId: string }) => m.memberId === mine).status).toBe(
      'none',
    );
    // Withdrawn once: a second time finds nothing; a bad id is refused by its shape.
    expect((await withdraw(gus.client)).json().error).toBe('join_request_not_found');
    expect((await withdraw(gus.client, 'not-a-uuid')).statusCode).toBe(400);

    // An approved request is no longer a request: it cannot be withdrawn (the owner undoes it).
    const asked = await gus.client.post(`/api/join/${code}/claims`, { memberId: mine });
    expect(asked.statusCode).toBe(200);
    const again = (await c.owner.get(joinUrl(c))).json().requests as {
      id: string;
      memberId: string;
    }[];
    const gusRequest = again.find((request) => request.memberId === mine)!;
    await c.owner.post(`${joinUrl(c)}/requests/${gusRequest.id}/approve`);
    const late = await withdraw(gus.client, gusRequest.id);
    expect(late.statusCode).toBe(404);
    expect(await emailOf(mine)).toBe(gus.email);

    // Allowed while the link is off: Hal takes his request back.
    await c.owner.request('PATCH', joinUrl(c), { isEnabled: false });
    const halRequest = again.find((request) => request.memberId === theirs)!;
    expect((await withdraw(hal.client, halRequest.id)).statusCode).toBe(204);
    expect((await c.owner.get(joinUrl(c))).json().requests).toEqual([]);
  });

  it('answers a retried claim with its first answer under the same Idempotency-Key', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const code = await turnOn(c);
    const ida = await student('Ida');
    const [mine, theirs] = unclaimedOf(c);
    const key = { 'idempotency-key': 'join-claim-retry-0001' };
    const claim = (memberId: string, headers = key) =>
      ida.client.request('POST', `/api/join/${code}/claims`, { memberId }, headers);

    const first = await claim(mine);
    expect(first.statusCode, first.body).toBe(200);
    // The answer was lost; the browser sends the same request with the same key again.
    const retry = await claim(mine);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect((await c.owner.get(joinUrl(c))).json().requests).toHaveLength(1);
    // Another pick under that key is a 422; a new key is a new action (refused: one request).
    const reused = await claim(theirs);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toBe('idempotency_key_reused');
    const fresh = await claim(mine, { 'idempotency-key': 'join-claim-retry-0002' });
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().error).toBe('join_request_pending');
    const bad = await claim(mine, { 'idempotency-key': 'no spaces allowed' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('idempotency_key_invalid');

    // With auto-approval, a retried claim is the joined answer again, not "already a member".
    const auto = await buildCourse(t.app, t.config.publicUrl);
    const autoCode = await turnOn(auto, { autoApprove: true });
    const jo = await student('Jo');
    const autoKey = { 'idempotency-key': 'join-claim-retry-0003' };
    const url = `/api/join/${autoCode}/claims`;
    const body = { memberId: unclaimedOf(auto)[0] };
    const joined = await jo.client.request('POST', url, body, autoKey);
    expect(joined.json().state).toBe('joined');
    const replayed = await jo.client.request('POST', url, body, autoKey);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual(joined.json());
    const log = (
      await auto.owner.get(`/api/workspaces/${auto.workspaceId}/roster/activity`)
    ).json();
    expect(
      (log.entries as { kind: string }[]).filter((entry) => entry.kind === 'member_claimed'),
    ).toHaveLength(1);
  });

  it("gives the roster status each member's invitation mail: queued, sent, failed or none", async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const [lee, kim] = unclaimedOf(c);
    const before = (await c.owner.get(`${joinUrl(c)}/roster-status`)).json().members as {
      memberId: string;
      status: string;
      invitation: string | null;
    }[];
    // Without an e-mail: no mail at all.
    expect(before.find((member) => member.memberId === lee)).toMatchObject({
      status: 'none',
      invitation: null,
    });
    const leeEmail = `lee-${Date.now()}@example.com`;
    const kimEmail = `kim-${Date.now()}@example.com`;
    for (const [teamId, memberId, email] of [
      [c.team1.id, lee, leeEmail],
      [c.team2.id, kim, kimEmail],
    ] as const) {
      const saved = await c.owner.request(
        'PUT',
        `/api/workspaces/${c.workspaceId}/teams/${teamId}/member-emails`,
        { entries: [{ memberId, email }] },
      );
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const read = async () => {
      const response = await c.owner.get(`${joinUrl(c)}/roster-status`);
      expect(response.statusCode).toBe(200);
      const members = response.json().members as {
        memberId: string;
        status: string;
        invitation: string | null;
      }[];
      return (id: string) => members.find((member) => member.memberId === id)!;
    };
    let statusOf = await read();
    expect(statusOf(lee).status).toBe('invited');
    // Queued in Manage Emails' transaction; the delivery loop may have sent it already.
    expect(['queued', 'sent']).toContain(statusOf(lee).invitation);
    await t.app.invitationDelivery.flush();
    await t.app.db.execute(
      sql`update workspace_invitations set state = 'failed' where member_id = ${kim}`,
    );
    statusOf = await read();
    expect(statusOf(lee)).toMatchObject({ status: 'invited', invitation: 'sent' });
    expect(statusOf(kim)).toMatchObject({ status: 'invited', invitation: 'failed' });
    // A member whose address a verified account has: joined, for both modules.
    expect(statusOf(c.team1.memberIds[1]!)).toMatchObject({
      status: 'joined',
      invitation: 'joined',
    });
  });

  it('tells a turned-off link from a replaced code and from no code at all', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const code = await turnOn(c);
    const eve = await student('Eve');
    const [mine] = unclaimedOf(c);

    await c.owner.request('PATCH', joinUrl(c), { isEnabled: false });
    for (const response of [
      await eve.client.get(`/api/join/${code}`),
      await eve.client.post(`/api/join/${code}/claims`, { memberId: mine }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'join_link_disabled',
        message: 'This join link is turned off. Ask your teacher to turn it on.',
      });
    }
    await turnOn(c);
    const renewed = (await c.owner.post(`${joinUrl(c)}/code`)).json().link.code as string;
    const old = await eve.client.get(`/api/join/${code}`);
    expect(old.statusCode).toBe(404);
    expect(old.json().error).toBe('join_code_replaced');
    const oldClaim = await eve.client.post(`/api/join/${code}/claims`, { memberId: mine });
    expect(oldClaim.json().error).toBe('join_code_replaced');
    expect((await eve.client.get(`/api/join/${renewed}`)).json().state).toBe('choose');

    const missing = await eve.client.get('/api/join/ABCDEFGH');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('join_code_not_found');
    expect(await emailOf(mine)).toBeNull();
  });

  it('answers hostile input with a 4xx and changes nothing', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const other = await buildCourse(t.app, t.config.publicUrl);
    const code = await turnOn(c);
    const fay = await student('Fay');
    for (const bad of ['abc', 'ABCDEFGHJ', 'ABCD0OIL', '<script>', '%00ABCDEF', 'x'.repeat(64)]) {
      const response = await fay.client.get(`/api/join/${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, bad).toBeLessThan(500);
      expect(['join_code_invalid', 'validation_failed']).toContain(response.json().error);
    }
    expect((await fay.client.get(`/api/join/${'A'.repeat(2000)}`)).statusCode).toBe(400);

    const claims = `/api/join/${code}/claims`;
    const hostile: [unknown, number, string][] = [
      [{ memberId: 'not-a-uuid' }, 400, 'validation_failed'],
      [{ memberId: 'x'.repeat(5000) }, 400, 'validation_failed'],
      [{}, 400, 'validation_failed'],
      [{ memberId: unclaimedOf(c)[0], extra: true }, 400, 'validation_failed'],
      [{ memberId: '00000000-0000-4000-8000-000000000000' }, 404, 'join_member_not_found'],
      // Another workspace's member (without an e-mail): not on this roster.
      [{ memberId: other.team1.memberIds[2] }, 404, 'join_member_not_found'],
    ];
    for (const [body, status, error] of hostile) {
      const response = await fay.client.post(claims, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(response.json().error).toBe(error);
    }
    for (const id of [...unclaimedOf(c), ...unclaimedOf(other)])
      expect(await emailOf(id)).toBeNull();
    expect((await c.owner.get(joinUrl(c))).json().requests).toEqual([]);

    // The owner's routes: bad ids and bodies, another workspace's request.
    const settings = [{}, { isEnabled: 'yes' }, { isEnabled: true, code: 'AAAAAAAA' }, []];
    for (const body of settings) {
      const response = await c.owner.request('PATCH', joinUrl(c), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await c.owner.post(`${joinUrl(c)}/requests/not-a-uuid/approve`)).statusCode).toBe(400);
    const otherCode = await turnOn(other);
    await fay.client.post(`/api/join/${otherCode}/claims`, { memberId: other.team1.memberIds[2] });
    const otherRequest = (await other.owner.get(joinUrl(other))).json().requests[0].id as string;
    const crossed = await c.owner.post(`${joinUrl(c)}/requests/${otherRequest}/approve`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().error).toBe('join_request_not_found');
    expect(await emailOf(other.team1.memberIds[2]!)).toBeNull();
    const crossedUndo = await c.owner.request(
      'DELETE',
      `${joinUrl(c)}/claims/${other.team1.memberIds[1]}`,
    );
    expect(crossedUndo.statusCode).toBe(404);
  });

  it('refuses a signed-out visitor and an account without a verified e-mail', async () => {
    const c = await buildCourse(t.app, t.config.publicUrl);
    const code = await turnOn(c);
    const anonymous = await c.anonymous.get(`/api/join/${code}`);
    expect(anonymous.statusCode).toBe(401);
    const unverified = await buildUser(t.app, t.config.publicUrl, { verified: false });
    const refused = await unverified.client.get(`/api/join/${code}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('email_not_verified');
  });

  it('makes an account wait after too many wrong codes, and an address after more', async () => {
    const limited = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    try {
      const c = await buildCourse(limited.app, limited.config.publicUrl);
      const code = await turnOn(c);
      const guesser = await buildUser(limited.app, limited.config.publicUrl, { name: 'Guesser' });
      const guess = (client: TestClient, value: string, remoteAddress = '10.0.0.1') =>
        limited.app.inject({
          method: 'GET',
          url: `/api/join/${value}`,
          headers: { cookie: client.cookieHeader() },
          remoteAddress,
        });
      // Text that is no code at all is refused by its shape and counts as no guess.
      for (let i = 0; i < 3; i++)
        expect((await guess(guesser.client, 'nope')).statusCode).toBe(400);
      for (let i = 0; i < GUESSES_PER_ACCOUNT; i++) {
        expect((await guess(guesser.client, `ZZZZZZ${JOIN_CODE_ALPHABET[i]}A`)).statusCode).toBe(
          404,
        );
      }
      // Once limited, an existing code is refused too.
      const blocked = await guess(guesser.client, code);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        error: 'join_too_many_attempts',
        message: 'Too many wrong join codes. Please wait 15 minutes and try again.',
      });
      // Another account from another address is not affected.
      const other = await buildUser(limited.app, limited.config.publicUrl, { name: 'Other' });
      expect((await guess(other.client, code, '10.0.0.2')).statusCode).toBe(200);

      // One address: many accounts together stop at the address's limit.
      const shared = '10.0.0.3';
      let made = 0;
      while (made < GUESSES_PER_ADDRESS) {
        const next = await buildUser(limited.app, limited.config.publicUrl);
        for (let i = 0; i < GUESSES_PER_ACCOUNT - 1 && made < GUESSES_PER_ADDRESS; i++, made++) {
          expect((await guess(next.client, 'ZZZZZZZZ', shared)).statusCode).toBe(404);
        }
      }
      const fresh = await buildUser(limited.app, limited.config.publicUrl);
      expect((await guess(fresh.client, code, shared)).statusCode).toBe(429);
      expect((await guess(fresh.client, code, '10.0.0.4')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
