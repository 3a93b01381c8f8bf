import { describe, expect, it } from 'vitest';
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
