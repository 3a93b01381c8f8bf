// Invitations (issue 24, decision 0021) through the API, with a real SMTP server in the test
// process: the owner's new roster addresses are mailed once (in the owner's language), an account
// is also notified, resends are the owner's and limited, and the status says what happened.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, TestClient, uniqueEmail } from '../../../test/client.ts';
import { buildSnapshot, type WorkspaceDetailBody as Detail } from '../../../test/factories.ts';
import { INVITATIONS_PER_OWNER_PER_DAY, type InvitationsList } from '@teamshuffle/domain';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { firstLink, startSmtpServer } from '../../../test/smtp.ts';

describe('invitations', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let origin: string;
  let owner: TestClient;
  let koreanOwner: TestClient;
  let student: { client: TestClient; email: string; id: string };
  let stranger: TestClient;

  /** A verified, signed-in account: signed up, then verified through the mail the SMTP server got. */
  async function smtpUser(email = uniqueEmail('user'), name = 'Test User') {
    const client = new TestClient(t.app, origin);
    const signUp = await client.signUp(email, 'secret-pass-1', name);
    expect(signUp.statusCode, signUp.body).toBe(200);
    const verify = await client.get(pathOf(firstLink((await smtp.waitForMail(email)).text)));
    expect(verify.statusCode).toBe(302);
    const me = (await client.get('/api/me')).json<{ user: { id: string } }>();
    return { client, email, id: me.user.id };
  }

  async function createWorkspace(client: TestClient, title = `Course ${Math.random()}`) {
    const created = await client.post('/api/workspaces', { title, snapshot: buildSnapshot(6, 2) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().workspace.id as string;
    return { id, title, detail: (await client.get(`/api/workspaces/${id}`)).json<Detail>() };
  }

  /** Team 1's second member (not a leader): Manage Emails writes their e-mail. */
  function plainMember(detail: Detail) {
    const team = detail.teams.find((candidate) => candidate.number === 1)!;
    return { teamId: team.id, memberId: team.memberIds[1]! };
  }

  function setEmail(
    client: TestClient,
    workspaceId: string,
    target: { teamId: string; memberId: string },
    email: string,
    headers: Record<string, string> = {},
  ) {
    return client.request(
      'PUT',
      `/api/workspaces/${workspaceId}/teams/${target.teamId}/member-emails`,
      { entries: [{ memberId: target.memberId, email }] },
      headers,
    );
  }

  const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));
  const deliver = () => t.app.invitationDelivery.flush();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.smtpUrl,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    origin = t.config.publicUrl;
    owner = (await smtpUser(uniqueEmail('owner'), 'Olivia Owner')).client;
    koreanOwner = (await smtpUser(uniqueEmail('owner-ko'), '김선생')).client;
    student = await smtpUser(uniqueEmail('student'), 'Sam Student');
    stranger = (await smtpUser(uniqueEmail('stranger'))).client;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails a new address once, with a sign-up link, also when the request is repeated', async () => {
    const { id, title, detail } = await createWorkspace(owner);
    const target = plainMember(detail);
    const address = uniqueEmail('newcomer');
    expect((await setEmail(owner, id, target, address)).json()).toMatchObject({ added: 1 });
    // The same request again (a retry): nothing changes, nothing is mailed.
    expect((await setEmail(owner, id, target, ` ${address.toUpperCase()} `)).json()).toMatchObject({
      isChanged: false,
    });
    await deliver();
    const mail = await smtp.waitForMail(address);
    expect(mail.subject).toBe(`You are invited to ${title}`);
    expect(mail.text).toContain('Olivia Owner added your e-mail address to');
    expect(firstLink(mail.text)).toBe(`${origin}/workspace/${id}?auth=signUp`);
    expect(mail.html).toContain(`href="${origin}/workspace/${id}?auth=signUp"`);
    await deliver();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(address)).toHaveLength(0);

    const status = (await owner.get(`/api/workspaces/${id}/invitations`)).json();
    expect(status.items).toEqual([
      expect.objectContaining({
        memberId: target.memberId,
        email: address,
        teamNumber: 1,
        status: 'sent',
        sentAt: expect.any(String),
        resendAfter: expect.any(String),
      }),
    ]);
  });

  it("writes the mail in the owner's language (a Korean owner's mail is Korean)", async () => {
    const { id, title, detail } = await createWorkspace(koreanOwner, '데이터 분석 1분반');
    const address = uniqueEmail('ko-student');
    const saved = await setEmail(koreanOwner, id, plainMember(detail), address, {
      cookie: `${koreanOwner.cookieHeader()}; language=ko`,
    });
    expect(saved.statusCode).toBe(200);
    await deliver();
    const mail = await smtp.waitForMail(address);
    expect(mail.subject).toBe(`${title}에 초대되었습니다`);
    expect(mail.text).toContain('김선생님이 Teamshuffle의 데이터 분석 1분반에');
    expect(mail.text).toContain('계정을 만들고 인증하면');
  });

  it("writes it in the invitee's own language when their account has one (decision 0041)", async () => {
    const korean = await smtpUser(uniqueEmail('ko-account'), '이학생');
    const chosen = await korean.client.request('PUT', '/api/preferences', { language: 'ko' });
    expect(chosen.statusCode).toBe(200);
    const { id, title, detail } = await createWorkspace(owner);
    await setEmail(owner, id, plainMember(detail), korean.email);
    await deliver();
    const mail = await smtp.waitForMail(korean.email);
    expect(mail.subject).toBe(`${title}에 초대되었습니다`);
    expect(mail.text).toContain('Olivia Owner님이');
  });

  it('notifies an address that has an account, and its mail opens the workspace', async () => {
    const { id, title, detail } = await createWorkspace(owner);
    await setEmail(owner, id, plainMember(detail), student.email);
    await deliver();
    const mail = await smtp.waitForMail(student.email);
    expect(firstLink(mail.text)).toBe(`${origin}/workspace/${id}`);
    await t.app.notificationOutbox.flush();
    const page = (await student.client.get('/api/notifications')).json();
    expect(page.items).toContainEqual(
      expect.objectContaining({
        type: 'workspace_invited',
        title: `You are invited to ${title}`,
        data: expect.objectContaining({
          workspaceId: id,
          // Read in the invitee's language, whatever the owner's (decision 0041).
          text: { key: 'invited', values: { owner: expect.any(String), workspace: title } },
        }),
      }),
    );
    // The link works for them: they are on the roster.
    expect(
      (
        await student.client.get(
          pathOf(firstLink(mail.text)).replace('/workspace/', '/api/workspaces/'),
        )
      ).statusCode,
    ).toBe(200);
    const status = (await owner.get(`/api/workspaces/${id}/invitations`)).json();
    expect(status.items[0]).toMatchObject({
      email: student.email,
      status: 'joined',
      resendAfter: null,
    });
  });

  it('mails each e-mail of a Create Team once, also when the request is retried', async () => {
    const addresses = [uniqueEmail('created-a'), uniqueEmail('created-b')];
    const base = buildSnapshot(6, 2);
    const snapshot = {
      ...base,
      members: base.members.map((member, index) =>
        index < 2 ? { ...member, email: addresses[index] } : member,
      ),
    };
    const key = crypto.randomUUID();
    const body = { title: `Created ${Math.random()}`, snapshot };
    const first = await owner.request('POST', '/api/workspaces', body, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await owner.request('POST', '/api/workspaces', body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.json().workspace.id).toBe(first.json().workspace.id);
    await deliver();
    for (const address of addresses) await smtp.waitForMail(address);
    await deliver();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(addresses.flatMap(mailsTo)).toHaveLength(0);
  });

  it('resends to one member or to all pending, no more than once in 10 minutes each', async () => {
    const { id, detail } = await createWorkspace(owner);
    const team1 = detail.teams.find((team) => team.number === 1)!;
    const team2 = detail.teams.find((team) => team.number === 2)!;
    const pendingA = uniqueEmail('pending-a');
    const pendingB = uniqueEmail('pending-b');
    await setEmail(owner, id, { teamId: team1.id, memberId: team1.memberIds[1]! }, pendingA);
    await setEmail(owner, id, { teamId: team2.id, memberId: team2.memberIds[1]! }, pendingB);
    await setEmail(owner, id, { teamId: team2.id, memberId: team2.memberIds[2]! }, student.email);
    await deliver();
    await smtp.waitForMail(pendingA);
    await smtp.waitForMail(pendingB);
    await smtp.waitForMail(student.email);

    const resend = (memberId: string) =>
      owner.post(`/api/workspaces/${id}/invitations/${memberId}/resend`);
    // A button mash: every one refused with the reason.
    for (let press = 0; press < 3; press++) {
      const refused = await resend(team1.memberIds[1]!);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        error: 'invitation_recently_sent',
        message:
          'An invitation was sent to this member less than 10 minutes ago. Please wait before sending it again.',
      });
    }
    expect((await owner.post(`/api/workspaces/${id}/invitations/resend-pending`)).statusCode).toBe(
      429,
    );
    // A joined member has nothing to resend; an unknown or e-mail-less one is not found.
    expect((await resend(team2.memberIds[2]!)).json().error).toBe('invitation_already_joined');
    expect((await resend(team1.memberIds[2]!)).statusCode).toBe(404);
    expect((await resend(crypto.randomUUID())).statusCode).toBe(404);
    expect((await resend('not-a-uuid')).statusCode).toBe(404);

    // Ten minutes later.
    await t.app.db.execute(sql`
      update workspace_invitations set created_at = created_at - interval '11 minutes'
      where workspace_id = ${id}`);
    const one = await resend(team1.memberIds[1]!);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ queued: 1, skipped: 0 });
    const all = await owner.post(`/api/workspaces/${id}/invitations/resend-pending`);
    expect(all.json()).toEqual({ queued: 1, skipped: 1 });
    await deliver();
    await smtp.waitForMail(pendingA);
    await smtp.waitForMail(pendingB);
    await deliver();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...mailsTo(pendingA), ...mailsTo(pendingB), ...mailsTo(student.email)]).toHaveLength(0);
  });

  it('mails no more than the day’s most for one owner; the rest stay unmailed until tomorrow', async () => {
    const heavy = (await smtpUser(uniqueEmail('heavy-owner'), 'Heavy Owner')).client;
    const { id, detail } = await createWorkspace(heavy);
    const team1 = detail.teams.find((team) => team.number === 1)!;
    // The owner's workspaces sent all but one of the day's invitations already (as sent rows).
    await t.app.db.execute(sql`
      insert into workspace_invitations (workspace_id, member_id, email, language, state, sent_at)
      select ${id}::uuid, ${team1.memberIds[0]!}::uuid, 'earlier-' || g || '@example.com', 'en',
        'sent', now()
      from generate_series(1, ${INVITATIONS_PER_OWNER_PER_DAY - 1}) g`);
    const first = uniqueEmail('capped-first');
    const second = uniqueEmail('capped-second');
    const saved = await heavy.request(
      'PUT',
      `/api/workspaces/${id}/teams/${team1.id}/member-emails`,
      {
        entries: [
          { memberId: team1.memberIds[1]!, email: first },
          { memberId: team1.memberIds[2]!, email: second },
        ],
      },
    );
    // The roster takes both addresses; only one is mailed.
    expect(saved.statusCode, saved.body).toBe(200);
    const statuses = (await heavy.get(`/api/workspaces/${id}/invitations`)).json<InvitationsList>()
      .items;
    const statusOf = (memberId: string) =>
      statuses.find((row) => row.memberId === memberId)?.status;
    expect([statusOf(team1.memberIds[1]!), statusOf(team1.memberIds[2]!)].sort()).toEqual([
      'not_sent',
      'queued',
    ]);
    const unmailed =
      statusOf(team1.memberIds[1]!) === 'not_sent' ? team1.memberIds[1]! : team1.memberIds[2]!;
    const resend = () => heavy.post(`/api/workspaces/${id}/invitations/${unmailed}/resend`);
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: 'invitation_daily_limit',
      message: `Your workspaces have sent ${INVITATIONS_PER_OWNER_PER_DAY} invitations in the last 24 hours, the most a day. Please send the rest tomorrow.`,
    });
    expect((await heavy.post(`/api/workspaces/${id}/invitations/resend-pending`)).statusCode).toBe(
      429,
    );
    // Another owner is not held back by this one's day.
    const other = await createWorkspace(owner);
    const otherAddress = uniqueEmail('other-owner');
    expect(
      (await setEmail(owner, other.id, plainMember(other.detail), otherAddress)).statusCode,
    ).toBe(200);
    await deliver();
    await smtp.waitForMail(otherAddress);
    // A day later the rest can be sent.
    await t.app.db.execute(sql`
      update workspace_invitations set created_at = created_at - interval '25 hours'
      where workspace_id = ${id}`);
    const later = await resend();
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toEqual({ queued: 1, skipped: 0 });
  });

  it('is the owner’s: a member, a stranger and a signed-out visitor are refused', async () => {
    const { id, detail } = await createWorkspace(owner);
    const team1 = detail.teams.find((team) => team.number === 1)!;
    const memberAccount = await smtpUser(uniqueEmail('member'));
    await setEmail(
      owner,
      id,
      { teamId: team1.id, memberId: team1.memberIds[1]! },
      memberAccount.email,
    );
    const invitee = uniqueEmail('by-member');
    // A member may write an e-mail in their own team, but that mails no one.
    const byMember = await setEmail(
      memberAccount.client,
      id,
      { teamId: team1.id, memberId: team1.memberIds[2]! },
      invitee,
    );
    expect(byMember.statusCode, byMember.body).toBe(200);
    await deliver();
    const anonymous = new TestClient(t.app, origin);
    for (const [client, status] of [
      [memberAccount.client, 403],
      [stranger, 404],
      [anonymous, 401],
    ] as const) {
      expect((await client.get(`/api/workspaces/${id}/invitations`)).statusCode).toBe(status);
      expect(
        (await client.post(`/api/workspaces/${id}/invitations/${team1.memberIds[2]}/resend`))
          .statusCode,
      ).toBe(status);
      expect(
        (await client.post(`/api/workspaces/${id}/invitations/resend-pending`)).statusCode,
      ).toBe(status);
    }
    await deliver();
    expect(mailsTo(invitee)).toHaveLength(0);
    const status = (await owner.get(`/api/workspaces/${id}/invitations`)).json();
    expect(status.items.find((item: { email: string }) => item.email === invitee)).toMatchObject({
      status: 'not_sent',
      resendAfter: null,
    });
    // The owner sends it.
    expect(
      (await owner.post(`/api/workspaces/${id}/invitations/${team1.memberIds[2]}/resend`)).json(),
    ).toEqual({ queued: 1, skipped: 0 });
    await deliver();
    await smtp.waitForMail(invitee);
  });
});
