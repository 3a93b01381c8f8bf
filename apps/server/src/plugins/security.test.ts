import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/client.ts';
import { buildSnapshot } from '../../test/factories.ts';
import { createTestApp } from '../../test/helpers.ts';

describe('rate limiting', () => {
  it('answers 429 with the catalogue body once an address exceeds the API limit', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(limited.json()).toMatchObject({ error: 'too_many_requests' });
      expect(limited.headers['retry-after']).toBeDefined();
      // The web app's own files are not limited.
      expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('where a state-changing request comes from', () => {
  it('refuses a cookie-bearing request with no Origin and no Sec-Fetch-Site, and changes nothing', async () => {
    const t = await createTestApp();
    try {
      const { client } = await buildUser(t.app, t.config.publicUrl);
      const attempt = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/results',
          headers: { cookie: client.cookieHeader(), ...headers },
          payload: { title: 'No origin', snapshot: buildSnapshot(4, 2) },
        });
      const bare = await attempt({});
      expect(bare.statusCode).toBe(403);
      expect(bare.json().error).toBe('cross_site_refused');
      expect((await attempt({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
      expect((await attempt({ 'sec-fetch-site': 'none' })).statusCode).toBe(403);
      expect((await attempt({ origin: 'https://evil.example' })).statusCode).toBe(403);
      expect((await client.get('/api/results')).json()).toEqual([]);
      // What the app's own pages send is accepted: its Origin, or Sec-Fetch-Site alone.
      expect((await attempt({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
      expect((await attempt({ origin: t.config.publicUrl })).statusCode).toBe(409);
      // Reading needs no Origin.
      expect((await t.app.inject({ url: '/api/config' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/config', () => {
  it('gives the contact e-mail from configuration and whether Google sign-in is on', async () => {
    const t = await createTestApp({ CONTACT_EMAIL: 'teacher@school.example' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        contactEmail: 'teacher@school.example',
        googleEnabled: false,
        phoneEnabled: true,
        passwordPolicy: {
          minLength: 6,
          maxLength: null,
          requireLowercase: false,
          requireUppercase: false,
          requireNumber: false,
          requireSymbol: false,
        },
      });
    } finally {
      await t.close();
    }
  });
});
