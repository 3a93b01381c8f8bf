import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/client.ts';
import { buildSnapshot } from '../../test/factories.ts';
import { createTestApp } from '../../test/helpers.ts';
import { waitFor } from '../../test/process.ts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows.ts';

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

describe('rate limiting on PostgreSQL', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'counts hits in memory, adds them to the shared counter in batches, and holds one limit across instances',
    async () => {
      const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
      const other = await t.anotherInstance();
      try {
        const shared = async () => {
          const result = await t.app.db.execute(
            sql`select coalesce(sum(count), 0)::int as count from rate_limit_counters`,
          );
          return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
        };
        const get = (app: typeof t.app) => app.inject({ method: 'GET', url: '/api/config' });
        for (let i = 0; i < 4; i++) expect((await get(t.app)).statusCode).toBe(200);
        // Four GETs, and the shared counter learns of them by a batch (not one write each).
        await waitFor(async () => (await shared()) === 4);
        // The other instance alone would let five through; with the first one's four, it
        // refuses within the next flush.
        expect((await get(other.app)).statusCode).toBe(200);
        await waitFor(async () => (await shared()) === 5);
        // Its first hit made it read the shared count (5): unless that answer is still on its
        // way, the next is refused; if it was, the one after the next batch is.
        let status = (await get(other.app)).statusCode;
        if (status !== 429) {
          await waitFor(async () => (await shared()) === 6);
          status = (await get(other.app)).statusCode;
        }
        expect(status).toBe(429);
      } finally {
        await other.close();
        await t.close();
      }
    },
  );
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

describe('security headers', () => {
  it('gives every answer the same strict headers: the API, its errors, the web app', async () => {
    const t = await createTestApp();
    try {
      const answers = await Promise.all(
        ['/api/health', '/api/no-such-thing', '/api/me', '/robots.txt', '/'].map((url) =>
          t.app.inject({ method: 'GET', url }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 200, 200, 200]);
      const [first] = answers;
      const csp = String(first!.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Plain http here: no upgrade-insecure-requests and no HSTS.
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(first!.headers['strict-transport-security']).toBeUndefined();
      for (const answer of answers) {
        expect(answer.headers['content-security-policy']).toBe(csp);
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
        expect(answer.headers['x-powered-by']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  it('adds HSTS and upgrade-insecure-requests behind https', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://teams.example.com' });
    try {
      const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(answer.headers['strict-transport-security']).toContain('max-age=');
      expect(String(answer.headers['content-security-policy'])).toContain(
        'upgrade-insecure-requests',
      );
    } finally {
      await t.close();
    }
  });
});
