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

  it('answers only a client whose own socket is on the loopback interface', async () => {
    const t = await createTestApp();
    try {
      await new TestClient(t.app, t.config.publicUrl).signUp(uniqueEmail('outbox'));
      const remote = await t.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress: '192.168.1.20',
      });
      expect(remote.statusCode).toBe(404);
      expect(remote.json().error).toBe('route_not_found');
      // A forwarded header is anybody's to write: it does not make a remote client local.
      const forged = await t.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress: '192.168.1.20',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forged.statusCode).toBe(404);
      const local = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(local.json()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('does not exist when the server is shared (HOST 0.0.0.0): mail goes to the log only', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { HOST: '0.0.0.0', PUBLIC_URL: 'http://192.168.1.20:3000', LOG_LEVEL: 'warn' },
      undefined,
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const logged = () => lines.map((line) => JSON.parse(line) as { msg: string; link?: string });
      const warnings = logged().filter((line) => line.msg.includes('Set SMTP_URL'));
      expect(warnings).toHaveLength(1);
      const email = uniqueEmail('shared');
      const signUp = await new TestClient(t.app, t.config.publicUrl).signUp(email);
      expect(signUp.statusCode).toBe(200);
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
      // The operator can still let people in: the link is in the log.
      const mail = logged().find((line) => line.msg === 'mail not sent (SMTP_URL is not set)');
      expect(mail?.link).toMatch(/^http:\/\/192\.168\.1\.20:3000\/api\/auth\/verify-email\?token=/);
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
