import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { verification } from '../users/users.table.ts';

describe('phone sign-in with a one-time code (dev outbox)', () => {
  let t: TestApp;
  let n = 0;
  const nextPhone = () =>
    `+8210${String(Date.now()).slice(-6)}${String((n += 1)).padStart(2, '0')}`;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function requestCode(client: TestClient, phoneNumber: string): Promise<string> {
    const response = await client.post('/api/auth/phone-number/send-otp', { phoneNumber });
    expect(response.statusCode).toBe(200);
    const sms = t.app.outbox
      .list()
      .find((message) => message.kind === 'sms' && message.to === phoneNumber);
    const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
    if (!code) throw new Error('no code in the outbox');
    return code;
  }

  it('signs in with the code, creating a phone account, and the code works once only', async () => {
    const client = new TestClient(t.app, t.config.publicUrl);
    const phoneNumber = nextPhone();
    const code = await requestCode(client, phoneNumber);
    const verify = await client.post('/api/auth/phone-number/verify', { phoneNumber, code });
    expect(verify.statusCode).toBe(200);
    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      phoneNumber,
      email: null,
      isVerified: true,
      hasPassword: false,
    });

    const again = await new TestClient(t.app, t.config.publicUrl).post(
      '/api/auth/phone-number/verify',
      {
        phoneNumber,
        code,
      },
    );
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(['code_expired', 'invalid_code']).toContain(again.json().error);
  });

  it('refuses a wrong code, and stops after 3 attempts even for the right one', async () => {
    const client = new TestClient(t.app, t.config.publicUrl);
    const phoneNumber = nextPhone();
    const code = await requestCode(client, phoneNumber);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const first = await client.post('/api/auth/phone-number/verify', {
      phoneNumber,
      code: wrongCode,
    });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({
      error: 'invalid_code',
      message: 'Invalid code. Please try again.',
    });
    await client.post('/api/auth/phone-number/verify', { phoneNumber, code: wrongCode });
    await client.post('/api/auth/phone-number/verify', { phoneNumber, code: wrongCode });
    const blocked = await client.post('/api/auth/phone-number/verify', { phoneNumber, code });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toBe('too_many_attempts');
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
  });

  it('refuses an expired code', async () => {
    const client = new TestClient(t.app, t.config.publicUrl);
    const phoneNumber = nextPhone();
    const code = await requestCode(client, phoneNumber);
    // Better Auth keeps the code under this identifier; age it past its expiry.
    const aged = await t.app.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `phone-number-otp-${phoneNumber}`))
      .returning({ id: verification.id });
    expect(aged).toHaveLength(1);
    const response = await client.post('/api/auth/phone-number/verify', { phoneNumber, code });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('code_expired');
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
  });

  it('refuses a number not in international format', async () => {
    const response = await new TestClient(t.app, t.config.publicUrl).post(
      '/api/auth/phone-number/send-otp',
      {
        phoneNumber: '010-1234-5678',
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_phone_number');
  });
});
