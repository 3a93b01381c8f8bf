// Mail shows user text as text (issue 23, decision 0014): names and titles never become links in
// the text or the HTML part, in the account mails and the notification mails, over a real SMTP
// server as a mail client receives them.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueEmail } from '../../test/client.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { type ReceivedMail, startSmtpServer } from '../../test/smtp.ts';
import { enqueueNotifications } from '../modules/notifications/notifications.outbox.ts';
import { inertHtml, inertText } from './mail.ts';

const HOSTILE_NAME = 'Visit https://evil.example';

// What a mail client would turn into a link: a scheme's `://`, `www.`, or a host name's dot.
const LINKABLE =
  /[a-z][a-z0-9+.-]*:\/\/|(?<![\p{L}\p{N}])www\.[\p{L}\p{N}]|[\p{L}\p{N}-]\.\p{L}[\p{L}\p{N}-]/iu;

/** Each `href` of an HTML part. */
const hrefsOf = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);

/**
 * A part without our own links and the recipient's own address (the mail's, not a user's text):
 * what is left is the text users gave and ours.
 */
function withoutOurs(part: string, publicUrl: string, to: readonly string[]) {
  let rest = part;
  for (const ours of to) rest = rest.replaceAll(ours, '');
  const origin = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return rest.replaceAll(new RegExp(`${origin}[^\\s"<]*`, 'g'), '');
}

describe('inertText', () => {
  it('breaks schemes, host names and e-mail domains, and leaves ordinary text alone', () => {
    expect(inertText(HOSTILE_NAME)).toBe('Visit https[:]//evil[.]example');
    expect(inertText('see www.evil.example/login')).toBe('see www[.]evil[.]example/login');
    expect(inertText('mail bob@evil.example')).toBe('mail bob@evil[.]example');
    expect(inertText('www.1password')).toBe('www[.]1password');
    expect(inertText('HXXPS://EVIL.COM')).toBe('HXXPS[:]//EVIL[.]COM');
    // Ideographic and fullwidth dots are dots to an IDN parser; invisible characters hide nothing.
    expect(inertText('evil。example and evil．example')).toBe('evil[.]example and evil[.]example');
    expect(inertText('ht\u200Btps://ev\u200Bil.exa\u00ADmple')).toBe('https[:]//evil[.]example');
    for (const plain of [
      'Week 3: Reading',
      'v1.2',
      'J.R. Smith',
      'Team 1 submitted Essay.',
      '김민수',
    ]) {
      expect(inertText(plain)).toBe(plain);
    }
    expect(inertHtml('<b>a.example</b>')).toBe('&#60;b&#62;a[.]example&#60;/b&#62;');
  });

  it('leaves nothing a mail client would link, whatever the text (bounded property)', () => {
    const piece = fc.constantFrom(
      'https://',
      'http:',
      '//',
      'www.',
      '.',
      '。',
      '．',
      'evil',
      'example',
      'com',
      '@',
      ' ',
      '/',
      '\u200B',
      'a',
      '1',
      ':',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const out = inertText(pieces.join(''));
        expect(out).not.toMatch(LINKABLE);
        expect(out.replace(/[.。．]/g, '.')).not.toMatch(LINKABLE);
      }),
      { numRuns: 500 },
    );
  });
});

describe('mail shows user text as text', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.smtpUrl, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  function expectInert(mail: ReceivedMail) {
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('https://evil.example');
      expect(part).not.toContain('evil.example');
      expect(withoutOurs(part, t.config.publicUrl, mail.to)).not.toMatch(LINKABLE);
    }
    // The only links are ours.
    for (const href of hrefsOf(mail.html)) expect(href!.startsWith(t.config.publicUrl)).toBe(true);
  }

  it('in the verification and password reset mails', async () => {
    const email = uniqueEmail('hostile');
    const client = new TestClient(t.app, t.config.publicUrl);
    const signedUp = await client.signUp(email, 'secret-pass-1', HOSTILE_NAME);
    expect(signedUp.statusCode).toBe(200);
    const verification = await smtp.waitForMail(email);
    expect(verification.text).toContain('Hello Visit https[:]//evil[.]example,');
    expect(verification.html).toContain('Hello Visit https[:]//evil[.]example,');
    expectInert(verification);

    const reset = await client.post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect(reset.statusCode).toBe(200);
    const resetMail = await smtp.waitForMail(email);
    expect(resetMail.subject).toBe('Reset your Teamshuffle password');
    expectInert(resetMail);
  });

  it('in the notification mails: the name, the title and the message', async () => {
    const id = randomUUID();
    const email = `inert-${id}@example.com`;
    await t.app.db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      values (${id}, ${HOSTILE_NAME}, ${email}, true)`);
    await t.app.db.execute(sql`
      insert into user_preferences (user_id, email_notifications) values (${id}, true)`);
    await t.app.db.transaction((tx) =>
      enqueueNotifications(tx, [
        {
          key: `inert:${id}`,
          userId: id,
          type: 'assignment_created',
          title: 'New assignment: https://evil.example/login',
          message: 'Sign in at www.evil.example or mail help@evil.example.',
          data: { workspaceId: randomUUID() },
        },
      ]),
    );
    await t.app.notificationOutbox.flush();
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe('New assignment: https[:]//evil[.]example/login');
    expect(mail.text).toContain('Hello Visit https[:]//evil[.]example,');
    expect(mail.text).toContain('Sign in at www[.]evil[.]example or mail help@evil[.]example.');
    expect(mail.html).toContain('<strong>New assignment: https[:]//evil[.]example/login</strong>');
    expectInert(mail);
    expect(mail.text).toContain(`Open it: ${t.config.publicUrl}/workspace/`);
  });
});
