import { expect } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { firstLink, type ReceivedMail, startSmtpServer } from '../../apps/server/test/smtp.ts';
import { PASSWORD, uniqueEmail, type Account } from './accounts.ts';
import { recordToasts } from './toasts.ts';

// Mail through a real SMTP server, for a spec that runs its own app server with SMTP_URL set
// (support/app-server.ts): the server tests' SMTP sink, and accounts verified through the link
// their sign-up mail brings (as accounts.ts does with the dev outbox, which such a server leaves
// empty).

export type SmtpSink = Awaited<ReturnType<typeof startSmtpServer>>;

export { firstLink, startSmtpServer };
export type { ReceivedMail };

/**
 * The mail to `to` whose subject is `subject` (or matches it), waiting for it to arrive. It stays
 * in the sink, so a later look finds it again.
 */
export async function mailTo(
  smtp: SmtpSink,
  to: string,
  subject: string | RegExp,
): Promise<ReceivedMail> {
  const isWanted = (mail: ReceivedMail) =>
    mail.to.includes(to) &&
    (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject));
  // The suite's expect timeout (30 s): the outbox hands mail on after the action's answer.
  await expect
    .poll(() => smtp.mails.some(isWanted), { message: `a mail "${String(subject)}" to ${to}` })
    .toBe(true);
  return smtp.mails.find(isWanted)!;
}

/**
 * A verified, signed-in account in its own browser context on the server at `baseURL`, signed up
 * through the API (a person does that elsewhere) and verified through the link of the mail the
 * SMTP sink received (English).
 */
export async function createSmtpAccount(
  browser: Browser,
  baseURL: string,
  smtp: SmtpSink,
  label: string,
): Promise<Account> {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  await recordToasts(context);
  const { request } = context;
  const email = uniqueEmail(label);
  const name = `${label[0]!.toUpperCase()}${label.slice(1)} Person`;
  const headers = { Origin: baseURL };
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD, callbackURL: '/' },
    headers,
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const mail = await mailTo(smtp, email, 'Verify your e-mail address for Teamshuffle');
  const verify = await request.get(firstLink(mail.text));
  expect(verify.ok()).toBe(true);
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers,
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const me = (await (await request.get('/api/me')).json()) as {
    user: { id: string; isVerified: boolean };
  };
  expect(me.user.isVerified).toBe(true);
  return { context, page: await context.newPage(), email, id: me.user.id, name, origin: baseURL };
}
