import { expect } from '@playwright/test';
import type {
  APIRequestContext,
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
} from '@playwright/test';
import { recordToasts } from './toasts.ts';

// Accounts for the end-to-end specs: signed up through the API, verified through the link the
// dev outbox (GET /api/dev/outbox, test server only) holds, and signed in, each in its own
// browser context so that several people can use the app side by side.

export type OutboxMessage = {
  to: string;
  kind: 'mail' | 'sms';
  link: string | null;
  text?: string;
};

export const PASSWORD = 'correct-horse-1';

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The link of the newest e-mail to `to` in the dev outbox, waiting for it to arrive. */
export async function verificationLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | null = null;
  // The suite's expect timeout (30 s): mail can be slow to reach the outbox on a busy machine.
  await expect
    .poll(async () => {
      const response = await request.get('/api/dev/outbox');
      const messages = (await response.json()) as OutboxMessage[];
      link = messages.find((message) => message.to === to && message.kind === 'mail')?.link ?? null;
      return link;
    })
    .toBeTruthy();
  return link ?? '';
}

/**
 * Signs up through the API with the page's own cookies and opens the e-mailed link, so the page
 * is signed in with a verified address (for specs that use the default page, not createAccount).
 */
export async function signUpVerified(
  page: Page,
  baseURL: string,
  email: string,
  name = 'Team Maker',
): Promise<void> {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD, callbackURL: '/' },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const verify = await page.request.get(await verificationLink(page.request, email));
  expect(verify.ok()).toBe(true);
  const me = (await (await page.request.get('/api/me')).json()) as {
    user: { isVerified: boolean } | null;
  };
  expect(me.user?.isVerified).toBe(true);
}

export interface Account {
  context: BrowserContext;
  page: Page;
  email: string;
  id: string;
  name: string;
  /** The app's origin, sent as `Origin` on state-changing requests as its pages do. */
  origin: string;
}

/**
 * A verified, signed-in account in its own browser context (English unless `contextOptions`
 * says otherwise; its init scripts, if any, are for the caller to add before opening pages).
 */
export async function createAccount(
  browser: Browser,
  baseURL: string,
  label: string,
  contextOptions: BrowserContextOptions = {},
): Promise<Account> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', ...contextOptions });
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
  const verify = await request.get(await verificationLink(request, email));
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

/** A toast (or any other text shown exactly so) as a locator; to check one was shown, expectToast. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByText(text, typeof text === 'string' ? { exact: true } : {});
}

/**
 * Sends a state-changing API request as the app's pages do (with the account's `Origin`), checks
 * its status, and answers its JSON body (null for a 204).
 */
export async function sendAs(
  account: Account,
  method: 'post' | 'put' | 'patch',
  url: string,
  data: unknown,
  status = 200,
): Promise<unknown> {
  const response = await account.context.request[method](url, {
    data,
    headers: { Origin: account.origin },
  });
  expect(response.status(), await response.text()).toBe(status);
  return status === 204 ? null : response.json();
}
