import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, pathOf, TestClient, uniqueEmail } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { firstLink, startSmtpServer } from '../../../test/smtp.ts';
import { session, user, userPreferences } from '../users/users.table.ts';

describe('sign-up with a verified e-mail, over a real SMTP server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.smtpUrl,
      PUBLIC_URL: 'http://teams.test:4000',
      MAIL_FROM: 'Teamshuffle <no-reply@teams.test>',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the verification mail with a text and an HTML part; its link verifies and signs in', async () => {
    const client = new TestClient(t.app, 'http://teams.test:4000');
    const email = uniqueEmail('signup');
    const signUp = await client.signUp(
      `  ${email.toUpperCase()} `,
      'secret-pass-1',
      'Kim Minji',
      '/workspaces',
    );
    expect(signUp.statusCode).toBe(200);

    const mail = await smtp.waitForMail(email);
    expect(mail.from).toBe('no-reply@teams.test');
    expect(mail.subject).toBe('Verify your e-mail address for Teamshuffle');
    expect(mail.text).toContain('Kim Minji');
    expect(mail.html).toContain('<a href="http://teams.test:4000/api/auth/verify-email?token=');
    const link = firstLink(mail.text);
    expect(link.startsWith('http://teams.test:4000/api/auth/verify-email?token=')).toBe(true);

    const [stored] = await t.app.db.select().from(user).where(eq(user.email, email));
    expect(stored?.email).toBe(email);
    expect(stored?.emailVerified).toBe(false);

    // Opened in another browser: the link signs that browser in and returns to the page.
    const other = new TestClient(t.app, 'http://teams.test:4000');
    const opened = await other.get(pathOf(link));
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/workspaces');
    const me = await other.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      email,
      displayName: 'Kim Minji',
      emailVerified: true,
      isVerified: true,
    });

    const used = await new TestClient(t.app, 'http://teams.test:4000').get(
      pathOf(link).replace('callbackURL=%2Fworkspaces', ''),
    );
    expect(used.statusCode).not.toBe(500);
  });

  it('writes the account mails in the language of the request that asks for them (decision 0041)', async () => {
    // A sign-up from an app shown in Korean: its language cookie.
    const korean = new TestClient(t.app, 'http://teams.test:4000');
    const email = uniqueEmail('korean');
    const signUp = await korean.request(
      'POST',
      '/api/auth/sign-up/email',
      { name: 'Kim Minji', email, password: 'secret-pass-1', callbackURL: '/app' },
      { cookie: 'language=ko' },
    );
    expect(signUp.statusCode, signUp.body).toBe(200);
    const verification = await smtp.waitForMail(email);
    expect(verification.subject).toBe('Teamshuffle 이메일 주소를 인증해 주세요');
    expect(verification.text).toContain('Kim Minji님');
    expect(verification.html).toContain('<html lang="ko">');
    // A reset asked from a Korean browser (no cookie): its Accept-Language.
    const reset = await new TestClient(t.app, 'http://teams.test:4000').request(
      'POST',
      '/api/auth/request-password-reset',
      { email, redirectTo: '/reset-password' },
      { 'accept-language': 'ko-KR,ko;q=0.9,en;q=0.8' },
    );
    expect(reset.statusCode).toBe(200);
    const resetMail = await smtp.waitForMail(email);
    expect(resetMail.subject).toBe('Teamshuffle 비밀번호 재설정');
    expect(resetMail.text).toContain('링크는 한 시간 동안 유효합니다.');
  });

  it('resends the verification mail on request', async () => {
    const client = new TestClient(t.app, 'http://teams.test:4000');
    const email = uniqueEmail('resend');
    await client.signUp(email);
    await smtp.waitForMail(email);
    const resend = await client.post('/api/auth/send-verification-email', {
      email,
      callbackURL: '/app',
    });
    expect(resend.statusCode).toBe(200);
    const again = await smtp.waitForMail(email);
    expect(firstLink(again.text)).toContain('/api/auth/verify-email?token=');
  });

  it('sends a password reset link that sets a new password and signs out the old sessions', async () => {
    const email = uniqueEmail('reset');
    const owner = new TestClient(t.app, 'http://teams.test:4000');
    await owner.signUp(email, 'old-password-1');
    await smtp.waitForMail(email);
    expect((await owner.get('/api/me')).statusCode).toBe(200);

    const anonymous = new TestClient(t.app, 'http://teams.test:4000');
    const request = await anonymous.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect(request.statusCode).toBe(200);
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('Reset your Teamshuffle password');
    const link = firstLink(mail.text);
    const landing = await anonymous.get(pathOf(link));
    expect(landing.statusCode).toBe(302);
    const location = new URL(String(landing.headers.location), 'http://teams.test:4000');
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();

    const tooShort = await anonymous.post('/api/auth/reset-password', {
      token,
      newPassword: '123',
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error).toBe('password_rules');

    const reset = await anonymous.post('/api/auth/reset-password', {
      token,
      newPassword: 'new-password-2',
    });
    expect(reset.statusCode).toBe(200);
    expect((await owner.get('/api/me')).json()).toEqual({ user: null });
    expect((await anonymous.signIn(email, 'old-password-1')).statusCode).toBe(401);
    expect((await anonymous.signIn(email, 'new-password-2')).statusCode).toBe(200);

    const reused = await new TestClient(t.app, 'http://teams.test:4000').post(
      '/api/auth/reset-password',
      {
        token,
        newPassword: 'third-password-3',
      },
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_token');
  });

  it('answers a reset request for an unknown address like a known one, and sends nothing', async () => {
    const response = await new TestClient(t.app, 'http://teams.test:4000').post(
      '/api/auth/request-password-reset',
      {
        email: uniqueEmail('nobody'),
        redirectTo: '/reset-password',
      },
    );
    expect(response.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.filter((mail) => mail.to.some((to) => to.startsWith('nobody-')))).toEqual([]);
  });
});

describe('sign-in, sessions and the rules around them', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
    origin = t.config.publicUrl;
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const { email } = await buildUser(t.app, origin);
    const client = new TestClient(t.app, origin);
    const wrong = await client.signIn(email, 'not-the-password');
    const unknown = await client.signIn(uniqueEmail('ghost'), 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: 'invalid_credentials',
      message: 'Invalid email or password.',
    });
    expect(unknown.json()).toEqual(wrong.json());
    expect(client.cookies.size).toBe(0);
  });

  it('signs in with a trimmed, case-insensitive e-mail, sets an http-only Lax cookie, and signs out', async () => {
    const { email, password } = await buildUser(t.app, origin);
    const client = new TestClient(t.app, origin);
    const signIn = await client.signIn(`  ${email.toUpperCase()}  `, password);
    expect(signIn.statusCode).toBe(200);
    const cookie = String(signIn.headers['set-cookie']);
    expect(cookie).toMatch(/teamshuffle\.session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/);
    const me = await client.get('/api/me');
    expect(me.json().user.email).toBe(email);
    expect(me.json().user.lastLoginAt).not.toBeNull();
    expect(me.json().user).not.toHaveProperty('passwordHash');

    expect((await client.post('/api/auth/sign-out', {})).statusCode).toBe(200);
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
  });

  it('refuses an address already in use with a clear message', async () => {
    const { email } = await buildUser(t.app, origin);
    const again = await new TestClient(t.app, origin).signUp(email.toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'email_in_use',
      message: 'This email is already in use. Please sign in or use a different email.',
    });
  });

  it('enforces the minimum password length of 6 by default', async () => {
    const response = await new TestClient(t.app, origin).signUp(uniqueEmail(), '12345');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'password_rules',
      message: 'The password does not meet the requirements: at least 6 characters.',
    });
  });

  it('refuses a state-changing request from another site, and nothing changes', async () => {
    const email = uniqueEmail('csrf');
    const attacker = new TestClient(t.app, 'https://evil.example');
    const response = await attacker.signUp(email);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('cross_site_refused');
    expect(await t.app.db.select().from(user).where(eq(user.email, email))).toEqual([]);

    const { client } = await buildUser(t.app, origin);
    const deletion = await client.request(
      'DELETE',
      '/api/me',
      { confirmation: 'DELETE' },
      { origin: 'https://evil.example' },
    );
    expect(deletion.statusCode).toBe(403);
    expect((await client.get('/api/me')).statusCode).toBe(200);
  });

  it('answers /api/me with no user when signed out (not an error: nobody is signed in)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });

  it('renews a session in use once it is a day old, and forgets an expired one', async () => {
    const { client, id } = await buildUser(t.app, origin);
    const day = 24 * 60 * 60 * 1000;
    // As if the session had been made two days ago: 28 days left of 30.
    await t.app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 28 * day) })
      .where(eq(session.userId, id));
    // An account signed in before its language was kept (decision 0041): the renewal records
    // the language the app is used in now.
    await t.app.db
      .update(userPreferences)
      .set({ language: null })
      .where(eq(userPreferences.userId, id));
    const renewed = await client.request('GET', '/api/me', undefined, {
      cookie: `${client.cookieHeader()}; language=ko`,
    });
    expect(renewed.json().user.id).toBe(id);
    expect(String(renewed.headers['set-cookie'])).toMatch(/teamshuffle\.session_token=/);
    const [row] = await t.app.db.select().from(session).where(eq(session.userId, id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);
    const [preferences] = await t.app.db
      .select({ language: userPreferences.language })
      .from(userPreferences)
      .where(eq(userPreferences.userId, id));
    expect(preferences?.language).toBe('ko');

    await t.app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, id));
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
  });

  it('signs a disabled account out everywhere and refuses its sign-in', async () => {
    const { client, email, password, id } = await buildUser(t.app, origin);
    await t.app.db.update(user).set({ disabled: true }).where(eq(user.id, id));
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
    expect(await t.app.db.select().from(session).where(eq(session.userId, id))).toEqual([]);
    const signIn = await new TestClient(t.app, origin).signIn(email, password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error).toBe('account_disabled');
  });
});

describe('a stricter password policy from the configuration', () => {
  it('is published for the form and enforced on sign-up', async () => {
    const t = await createTestApp({
      PASSWORD_MIN_LENGTH: '8',
      PASSWORD_REQUIRE_UPPERCASE: 'true',
      PASSWORD_REQUIRE_NUMBER: 'true',
      PASSWORD_REQUIRE_SYMBOL: 'true',
    });
    try {
      const config = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().passwordPolicy).toEqual({
        minLength: 8,
        maxLength: null,
        requireLowercase: false,
        requireUppercase: true,
        requireNumber: true,
        requireSymbol: true,
      });
      const client = new TestClient(t.app, t.config.publicUrl);
      const weak = await client.signUp(uniqueEmail(), 'longbutweak');
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toEqual({
        error: 'password_rules',
        message:
          'The password does not meet the requirements: an uppercase letter, a digit, a symbol (not a letter or digit).',
      });
      expect((await client.signUp(uniqueEmail(), 'Strong-pass-9')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('rate limits on sign-in', () => {
  it('answers 429 too_many_requests once an address tries too often', async () => {
    const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const client = new TestClient(t.app, t.config.publicUrl);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await client.signIn(uniqueEmail(), 'whatever-1')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await client.signIn(uniqueEmail(), 'whatever-1');
      expect(limited.json()).toMatchObject({ error: 'too_many_requests' });
    } finally {
      await t.close();
    }
  });
});
