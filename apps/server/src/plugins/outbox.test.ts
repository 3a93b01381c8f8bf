import { describe, expect, it } from 'vitest';
import { TestClient, uniqueEmail } from '../../test/client.ts';
import { createTestApp } from '../../test/helpers.ts';

describe('the dev outbox', () => {
  it('holds the mail that would have been sent, newest first, with its link', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'http://localhost:3999' });
    try {
      const first = uniqueEmail('outbox');
      const second = uniqueEmail('outbox');
      const client = new TestClient(t.app, t.config.publicUrl);
      await client.signUp(first);
      await new TestClient(t.app, t.config.publicUrl).signUp(second);
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(200);
      const messages = response.json<
        Array<{
          kind: string;
          to: string;
          html: string;
          link: string;
        }>
      >();
      expect(messages.map((message) => message.to)).toEqual([second, first]);
      expect(messages[0]).toMatchObject({
        kind: 'mail',
        subject: 'Verify your e-mail address for Teamshuffle',
      });
      expect(messages[0]?.link).toMatch(
        /^http:\/\/localhost:3999\/api\/auth\/verify-email\?token=/,
      );
      expect(messages[0]?.html).toContain('<a href=');
    } finally {
      await t.close();
    }
  });

  it('does not exist in production', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('route_not_found');
    } finally {
      await t.close();
    }
  });
});
