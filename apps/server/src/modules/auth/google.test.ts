// The whole Google (OpenID Connect) flow against a real local OIDC server: discovery, the
// authorization redirect with state and PKCE, the code exchange, the ID token, the session.
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueEmail } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('Google sign-in through OpenID Connect', () => {
  let oidc: OAuth2Server;
  let t: TestApp;
  let email: string;

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    oidc.service.on('beforeTokenSigning', (token) => {
      token.payload.email = email;
      token.payload.email_verified = true;
      token.payload.name = 'Google User';
      token.payload.aud = 'test-client-id';
    });
    oidc.service.on('beforeUserinfo', (response) => {
      response.body = { sub: `google-${email}`, email, email_verified: true, name: 'Google User' };
    });
    t = await createTestApp({
      GOOGLE_CLIENT_ID: 'test-client-id',
      GOOGLE_CLIENT_SECRET: 'test-client-secret',
      GOOGLE_ISSUER: oidc.issuer.url ?? '',
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.stop();
  });

  async function startSignIn(client: TestClient, callbackURL: string) {
    const start = await client.post('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL,
      errorCallbackURL: callbackURL,
      disableRedirect: true,
    });
    expect(start.statusCode).toBe(200);
    const authorizationUrl = new URL(start.json().url as string);
    expect(authorizationUrl.origin).toBe(new URL(oidc.issuer.url ?? '').origin);
    expect(authorizationUrl.searchParams.get('client_id')).toBe('test-client-id');
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(
      `${t.config.publicUrl}/api/auth/callback/google`,
    );
    return authorizationUrl;
  }

  it('is announced to the web app', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().googleEnabled).toBe(true);
  });

  it('signs in a new user, returns to the page the user started from, and verifies the e-mail', async () => {
    email = uniqueEmail('google');
    const client = new TestClient(t.app, t.config.publicUrl);
    const authorizationUrl = await startSignIn(client, '/workspaces');

    // The provider (the OIDC server) authenticates the user and redirects back with a code.
    const consent = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const callback = new URL(String(consent.headers.get('location')));
    expect(callback.pathname).toBe('/api/auth/callback/google');

    const landed = await client.get(`${callback.pathname}${callback.search}`);
    expect(landed.statusCode).toBe(302);
    expect(landed.headers.location).toBe('/workspaces');

    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      email,
      displayName: 'Google User',
      emailVerified: true,
      isVerified: true,
      hasPassword: false,
    });
  });

  it('refuses a callback whose state does not belong to this browser', async () => {
    email = uniqueEmail('google-csrf');
    const victim = new TestClient(t.app, t.config.publicUrl);
    const authorizationUrl = await startSignIn(victim, '/app');
    const consent = await fetch(authorizationUrl, { redirect: 'manual' });
    const callback = new URL(String(consent.headers.get('location')));

    const attacker = new TestClient(t.app, t.config.publicUrl);
    const landed = await attacker.get(`${callback.pathname}${callback.search}`);
    expect(landed.statusCode).toBe(302);
    expect(String(landed.headers.location)).toMatch(/error=/);
    expect((await attacker.get('/api/me')).json()).toEqual({ user: null });
  });

  it('sends a cancelled sign-in back with an error and no session', async () => {
    const client = new TestClient(t.app, t.config.publicUrl);
    const authorizationUrl = await startSignIn(client, '/auth/popup-complete');
    const state = authorizationUrl.searchParams.get('state') ?? '';
    const landed = await client.get(
      `/api/auth/callback/google?error=access_denied&state=${encodeURIComponent(state)}`,
    );
    expect(landed.statusCode).toBe(302);
    const location = new URL(String(landed.headers.location), t.config.publicUrl);
    expect(location.pathname).toBe('/auth/popup-complete');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
  });
});

describe('Google sign-in when not configured', () => {
  it('is hidden and refused', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().googleEnabled).toBe(
        false,
      );
      const response = await new TestClient(t.app, t.config.publicUrl).post(
        '/api/auth/sign-in/oauth2',
        {
          providerId: 'google',
          callbackURL: '/',
        },
      );
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    } finally {
      await t.close();
    }
  });
});
