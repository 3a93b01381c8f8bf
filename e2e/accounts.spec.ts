import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

// Accounts, end to end on the real server: sign-up and the e-mail link (read from the dev
// outbox), the verification gate, sign-in and sign-out, password reset, phone sign-in, account
// deletion, and the Google popup plumbing (the provider itself is stubbed at the network layer).

type OutboxMessage = {
  id: string;
  kind: 'mail' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  link: string | null;
  createdAt: string;
};

const PASSWORD = 'correct-horse-1';

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

function uniquePhoneNumber(): string {
  return `+8210${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

async function outboxFor(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get('/api/dev/outbox');
  expect(response.ok()).toBe(true);
  const messages = (await response.json()) as OutboxMessage[];
  return messages.filter((message) => message.to === to);
}

/** Waits until `to` has received `count` messages of `kind`; returns the newest. */
async function waitForMessage(
  request: APIRequestContext,
  to: string,
  { kind = 'mail', count = 1 }: { kind?: 'mail' | 'sms'; count?: number } = {},
): Promise<OutboxMessage> {
  let newest: OutboxMessage | undefined;
  // The suite's expect timeout (30 s): mail can be slow to reach the outbox on a busy machine.
  await expect
    .poll(async () => {
      const messages = (await outboxFor(request, to)).filter((m) => m.kind === kind);
      newest = messages[0];
      return messages.length;
    })
    .toBeGreaterThanOrEqual(count);
  if (!newest) throw new Error(`no ${kind} to ${to}`);
  return newest;
}

async function linkOf(message: OutboxMessage): Promise<string> {
  expect(message.link, `a link in: ${message.text}`).toBeTruthy();
  return message.link ?? '';
}

/** Signs up through the API with the page's cookies: signed in, e-mail not yet verified. */
async function signUpByApi(page: Page, baseURL: string, email: string, name = 'Test User') {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD, callbackURL: '/' },
    headers: { Origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A verified account, signed out again: ready to sign in through the UI. */
async function createVerifiedAccount(page: Page, baseURL: string, email: string) {
  await signUpByApi(page, baseURL, email);
  const mail = await waitForMessage(page.request, email);
  const verify = await page.request.get(await linkOf(mail));
  expect(verify.ok()).toBe(true);
  await page.context().clearCookies();
}

/** A text or password input by its label (the required asterisk is not part of the name). */
function field(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('textbox', { name, exact: true });
}

function header(page: Page): Locator {
  return page.getByRole('banner');
}

async function openAuthModal(page: Page): Promise<Locator> {
  await header(page).getByRole('button', { name: 'Sign In', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome to Teamshuffle' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signInThroughModal(page: Page, email: string, password: string) {
  const dialog = await openAuthModal(page);
  const panel = dialog.getByRole('tabpanel', { name: 'Sign In' });
  await field(panel, 'Email').fill(email);
  await field(panel, 'Password').fill(password);
  await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
  return dialog;
}

function accountMenu(page: Page): Locator {
  return header(page).getByRole('button', { name: /^Account menu for / });
}

test.describe('accounts', () => {
  test('sign up in the modal, open the e-mailed link, come back signed in, and /app has no gate', async ({
    page,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
    const dialog = await openAuthModal(page);
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    const panel = dialog.getByRole('tabpanel', { name: 'Sign Up' });
    await field(panel, 'Display Name').fill('Ada Lovelace');
    // Mixed case and spaces: the address is stored trimmed and lower-case.
    await field(panel, 'Email').fill(`  ${email.toUpperCase()} `);

    // The policy's rules show while typing and turn green once met (default: 6 characters).
    const minLength = panel.locator('[data-rule="minLength"]');
    await expect(minLength).toContainText('At least 6 characters');
    await expect(minLength).toHaveAttribute('data-met', 'false');
    await field(panel, 'Password').fill('abc');
    await expect(minLength).toHaveAttribute('data-met', 'false');
    await field(panel, 'Password').fill(PASSWORD);
    await expect(minLength).toHaveAttribute('data-met', 'true');
    await field(panel, 'Confirm Password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Create Account' }).click();

    const checkEmail = page.getByRole('dialog', { name: 'Check Your Email' });
    await expect(checkEmail).toBeVisible();
    await expect(checkEmail).toContainText(email);
    await expect(
      checkEmail.getByRole('button', { name: 'Resend Verification Email' }),
    ).toBeVisible();

    const mail = await waitForMessage(page.request, email);
    await checkEmail.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(checkEmail).toBeHidden();

    await page.goto(await linkOf(mail));
    await expect(page).toHaveURL(/\/$/);
    await expect(accountMenu(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Launch App' })).toBeVisible();

    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: 'Team Formation' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Email Verification Required' })).toHaveCount(0);

    // The header's user menu reaches the profile.
    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await expect(page.getByTestId('profile-name')).toHaveText('Ada Lovelace');
  });

  test('an unverified user on /app gets the gate: resend and sign out, no way to dismiss it', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('gate');
    await signUpByApi(page, baseURL ?? '', email);
    await page.goto('/app');
    const gate = page.getByRole('dialog', { name: 'Email Verification Required' });
    await expect(gate).toBeVisible();
    await expect(gate).toContainText(email);
    await expect(gate.getByText('Check your spam (junk mail) folder.')).toBeVisible();
    await expect(gate.getByText('If you use Gmail, check the Promotions tab too.')).toBeVisible();
    await expect(gate.getByRole('button', { name: /close/i })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(gate).toBeVisible();

    await gate.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(
      page.getByText('Verification email sent! Please check your email and spam folder.'),
    ).toBeVisible();
    await waitForMessage(page.request, email, { count: 2 });

    // Ungated pages stay open to the same user.
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(gate).toHaveCount(0);

    await page.goto('/notifications');
    await expect(gate).toBeVisible();
    await gate.getByRole('button', { name: 'Sign Out' }).click();
    await expect(gate).toBeHidden();
    await expect(header(page).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });

  test('sign in and sign out; a wrong password and an unknown account get the same message', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('signin');
    await createVerifiedAccount(page, baseURL ?? '', email);
    await page.goto('/');

    const dialog = await signInThroughModal(page, email, 'not-the-password');
    await expect(dialog.getByText('Invalid email or password.')).toBeVisible();
    const panel = dialog.getByRole('tabpanel', { name: 'Sign In' });
    await field(panel, 'Email').fill(uniqueEmail('nobody'));
    await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog.getByText('Invalid email or password.')).toBeVisible();

    await field(panel, 'Email').fill(email);
    await field(panel, 'Password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(accountMenu(page)).toBeVisible();

    // The session survives a reload; the side menu offers Sign Out as well.
    await page.reload();
    await expect(accountMenu(page)).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', {
        name: 'Sign Out',
      }),
    ).toBeVisible();

    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(header(page).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByText('You have been signed out.')).toBeVisible();
    await page.reload();
    await expect(header(page).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(await (await page.request.get('/api/me')).json()).toEqual({ user: null });
  });

  test('sign-up refuses differing passwords and an address already in use', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('taken');
    await createVerifiedAccount(page, baseURL ?? '', email);
    await page.goto('/');
    const dialog = await openAuthModal(page);
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    const panel = dialog.getByRole('tabpanel', { name: 'Sign Up' });
    await field(panel, 'Display Name').fill('Second');
    await field(panel, 'Email').fill(email);
    await field(panel, 'Password').fill(PASSWORD);
    await field(panel, 'Confirm Password').fill(`${PASSWORD}x`);
    await panel.getByRole('button', { name: 'Create Account' }).click();
    await expect(panel.getByText('Passwords do not match')).toBeVisible();

    await field(panel, 'Confirm Password').fill(PASSWORD);
    await panel.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      panel.getByText('This email is already in use. Please sign in or use a different email.'),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Check Your Email' })).toHaveCount(0);
  });

  test('password reset: the e-mail first, then a new password through the mailed link', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('reset');
    const newPassword = 'brand-new-pass-2';
    await createVerifiedAccount(page, baseURL ?? '', email);
    await page.goto('/');
    const dialog = await openAuthModal(page);
    const panel = dialog.getByRole('tabpanel', { name: 'Sign In' });
    await panel.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(panel.getByText('Please enter your email address first')).toBeVisible();

    await field(panel, 'Email').fill(email);
    await panel.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText('Password reset email sent!')).toBeVisible();
    const mail = await waitForMessage(page.request, email, { count: 2 });

    await page.goto(await linkOf(mail));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await field(page, 'New Password').fill(newPassword);
    await field(page, 'Confirm New Password').fill('something-else');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await field(page, 'Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      page.getByText('Your password has been reset. Please sign in with your new password.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The reset page opened the sign-in modal: the old password no longer works, the new one does.
    const signIn = page.getByRole('dialog', { name: 'Welcome to Teamshuffle' });
    const signInPanel = signIn.getByRole('tabpanel', { name: 'Sign In' });
    await field(signInPanel, 'Email').fill(email);
    await field(signInPanel, 'Password').fill(PASSWORD);
    await signInPanel.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(signIn.getByText('Invalid email or password.')).toBeVisible();
    await field(signInPanel, 'Password').fill(newPassword);
    await signInPanel.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(accountMenu(page)).toBeVisible();

    // The same link does not work twice.
    await page.goto(await linkOf(mail));
    if (/token=/.test(page.url())) {
      await field(page, 'New Password').fill('another-pass-3');
      await field(page, 'Confirm New Password').fill('another-pass-3');
      await page.getByRole('button', { name: 'Reset Password' }).click();
    }
    await expect(
      page.getByText('This reset link is invalid or has expired. Please request a new one.'),
    ).toBeVisible();
  });

  test('delete account: DELETE typed exactly and the password; then signed out for good', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('delete');
    await signUpByApi(page, baseURL ?? '', email);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByTestId('storage-usage')).toHaveText(/^0 B of 100(\.0)? MB used$/);
    await expect(page.getByText('Account Statistics')).toBeVisible();

    // Anything but DELETE cancels.
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Account' })
      .getByRole('button', { name: 'Continue' })
      .click();
    const typeStep = page.getByRole('dialog', { name: 'Confirm Account Deletion' });
    await field(typeStep, 'Type DELETE to confirm').fill('delete');
    await typeStep.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByText('Account deletion cancelled. You must type "DELETE" exactly to confirm.'),
    ).toBeVisible();
    await expect(typeStep).toBeHidden();

    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Account' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await field(typeStep, 'Type DELETE to confirm').fill('DELETE');
    await typeStep.getByRole('button', { name: 'Confirm' }).click();
    const passwordStep = page.getByRole('dialog', { name: 'Enter Your Password' });
    await passwordStep.getByRole('button', { name: 'Delete My Account' }).click();
    await expect(passwordStep.getByText('Please enter your password.')).toBeVisible();
    await field(passwordStep, 'Password').fill('wrong-password');
    await passwordStep.getByRole('button', { name: 'Delete My Account' }).click();
    await expect(page.getByText('Failed to delete account: Incorrect password.')).toBeVisible();
    await field(passwordStep, 'Password').fill(PASSWORD);
    await passwordStep.getByRole('button', { name: 'Delete My Account' }).click();

    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(await (await page.request.get('/api/me')).json()).toEqual({ user: null });

    const dialog = await signInThroughModal(page, email, PASSWORD);
    await expect(dialog.getByText('Invalid email or password.')).toBeVisible();
  });

  test('/profile signed out asks to sign in and opens the modal', async ({ page }) => {
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Please sign in' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome to Teamshuffle' })).toBeVisible();
  });

  test('phone sign-in with a one-time code', async ({ page }) => {
    const phoneNumber = uniquePhoneNumber();
    await page.goto('/');
    const dialog = await openAuthModal(page);
    await dialog.getByRole('button', { name: 'Sign in with phone' }).click();
    const phone = page.getByRole('dialog', { name: 'Sign in with phone' });
    await field(phone, 'Phone Number').fill('01012345678');
    await phone.getByRole('button', { name: 'Send code' }).click();
    await expect(
      phone.getByText('Please enter a phone number in international format, e.g. +821012345678.'),
    ).toBeVisible();

    await field(phone, 'Phone Number').fill(phoneNumber);
    await phone.getByRole('button', { name: 'Send code' }).click();
    const sms = await waitForMessage(page.request, phoneNumber, { kind: 'sms' });
    const code = /\b(\d{6})\b/.exec(sms.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    await field(phone, 'Verification Code').fill(code === '000000' ? '111111' : '000000');
    await phone.getByRole('button', { name: 'Verify and Sign In' }).click();
    await expect(phone.getByText('Invalid code. Please try again.')).toBeVisible();
    await field(phone, 'Verification Code').fill(code);
    await phone.getByRole('button', { name: 'Verify and Sign In' }).click();
    await expect(phone).toBeHidden();
    await expect(accountMenu(page)).toBeVisible();

    // A phone-verified account is not held at the e-mail gate.
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: 'Team Formation' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Email Verification Required' })).toHaveCount(0);
  });

  test('the auth check gives up after 5 s: signed out with a retry, the page usable', async ({
    page,
  }) => {
    let isHanging = true;
    await page.route('**/api/me', async (route) => {
      if (isHanging) return; // never answered
      await route.continue();
    });
    // The spinner shows for a browser that was signed in last time (otherwise Sign In at once).
    await page.addInitScript(() => window.localStorage.setItem('teamshuffle.wasSignedIn', '1'));
    await page.goto('/app');
    await expect(
      header(page).getByRole('button', { name: 'Checking your sign-in…' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Team Formation' })).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    const retry = header(page).getByRole('button', { name: 'Could not check your sign-in. Retry' });
    await expect(retry).toBeVisible();
    isHanging = false;
    await retry.click();
    await expect(retry).toBeHidden();
    await expect(header(page).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });
});

test.describe('Google sign-in plumbing (provider stubbed)', () => {
  /**
   * Turns Google on in the configuration the page sees: the one the server writes into each page
   * (decision 0010), and GET /api/config's answer.
   */
  async function enableGoogle(page: Page) {
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      const off = '"googleEnabled":false';
      expect(html).toContain(off);
      // With the page's own headers (its Cross-Origin-Opener-Policy keeps the popup's opener),
      // but not its encoding and length: the body is the decoded text, changed.
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ response, headers, body: html.replace(off, '"googleEnabled":true') });
    });
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, googleEnabled: true } });
    });
  }

  test('the popup reports a provider failure back to the opener', async ({ page }) => {
    await enableGoogle(page);
    let body: unknown;
    await page.route('**/api/auth/sign-in/social', async (route) => {
      body = route.request().postDataJSON();
      await route.fulfill({ json: { url: '/auth/popup-complete?error=server_error' } });
    });
    await page.goto('/');
    const dialog = await openAuthModal(page);
    const popupOpened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupOpened;
    await popup.waitForEvent('close');
    await expect(page.getByText('Google sign in failed: server_error')).toBeVisible();
    expect(body).toMatchObject({
      provider: 'google',
      disableRedirect: true,
      callbackURL: '/auth/popup-complete',
      errorCallbackURL: '/auth/popup-complete',
    });
  });

  test('a successful popup signs the opener in', async ({ page, baseURL }) => {
    await enableGoogle(page);
    const email = uniqueEmail('google');
    await page.route('**/api/auth/sign-in/social', async (route) => {
      // Stand-in for the provider round trip: the callback would have set the session cookie.
      await signUpByApi(page, baseURL ?? '', email, 'Google User');
      await route.fulfill({ json: { url: '/auth/popup-complete' } });
    });
    await page.goto('/');
    const dialog = await openAuthModal(page);
    const popupOpened = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await (await popupOpened).waitForEvent('close');
    await expect(page.getByText('Signed in with Google.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(accountMenu(page)).toBeVisible();
  });

  test('a blocked popup falls back to a full-page redirect from the page the user is on', async ({
    page,
  }) => {
    await enableGoogle(page);
    await page.addInitScript(() => {
      window.open = () => null;
    });
    let body: unknown;
    await page.route('**/api/auth/sign-in/social', async (route) => {
      body = route.request().postDataJSON();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // The provider would come back to callbackURL; here it "fails" straight back.
      await route.fulfill({ json: { url: '/contact?error=access_denied' } });
    });
    await page.goto('/contact?from=test');
    const dialog = await openAuthModal(page);
    await dialog.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(
      page.getByText('Popup was blocked. Please allow popups and try again.'),
    ).toBeVisible();
    await expect(page.getByText('Sign in was cancelled. Please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
    expect(body).toMatchObject({
      provider: 'google',
      callbackURL: '/contact?from=test',
      errorCallbackURL: '/contact?from=test',
    });
  });
});
