import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { createAccount } from './support/accounts.ts';
import { holdAppEntry, recordRequests, waitForApp } from './support/prerendered.ts';
import { createCourseWorkspace } from './support/workspaces.ts';

// /workspaces and a workspace page, asked for with a session, arrive rendered on the server with
// the visitor's own data (decision 0011): they paint before any JavaScript, which starts on the
// visitor's first interaction and renders the same page over it from the same data.
test.describe('server-rendered signed-in pages', () => {
  // Accounts, workspaces and axe on a loaded 2-core machine: more than the default 30 s.
  test.describe.configure({ timeout: 90_000 });

  test('/workspaces shows the visitor’s own workspaces before any app code, then the app takes over without asking again', async ({
    browser,
    baseURL,
  }) => {
    const owner = await createAccount(browser, baseURL!, 'rendered');
    const workspace = await createCourseWorkspace(owner, 'Rendered Course 101');
    const { page } = owner;
    const { scripts, apiCalls } = recordRequests(page);
    await page.goto('/workspaces');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(['/theme-init.js', '/after-paint.js']);
    expect(apiCalls).toEqual([]);
    await expect(page.locator('#root[data-signed-in] .prerendered-page')).toHaveCount(1);
    await expect(page).toHaveTitle(/ · Teamshuffle$/);
    await expect(page.getByText('Rendered Course 101')).toBeVisible();

    await waitForApp(page);
    await expect(page.getByText('Rendered Course 101')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The app started from the data the page was rendered from.
    expect(apiCalls).not.toContain('/api/workspaces');
    expect(apiCalls).not.toContain('/api/me');

    // A workspace page likewise (in a page of its own: the first one's live stream is not its),
    // but its sections are left to the app (issue 22), which starts right after the first paint
    // to fill them: held here, the page is the server's first screen alone.
    const second = await owner.context.newPage();
    const calls = recordRequests(second);
    const release = await holdAppEntry(second);
    await second.goto(`/workspace/${workspace.id}`);
    await expect(second.getByRole('heading', { name: 'Rendered Course 101' })).toBeVisible();
    expect(calls.apiCalls).toEqual([]);
    await expectNoSeriousA11yViolations(second, 'server-rendered workspace page');
    release();
    await waitForApp(second);
    await expect(second.getByRole('heading', { name: 'Rendered Course 101' })).toBeVisible();
    await expect(second.getByText('No lecture notes yet.')).toBeVisible();
    await second.waitForLoadState('networkidle');
    // The app asked for the sections only, not again for the session or the workspace.
    expect(calls.apiCalls).not.toContain('/api/me');
    expect(calls.apiCalls).not.toContain(`/api/workspaces/${workspace.id}`);
    expect(calls.apiCalls).toContain(`/api/workspaces/${workspace.id}/notes`);
    await owner.context.close();
  });

  test('a click on the rendered workspace page before the app is here is made by the app, and the page is the visitor’s own in Korean and dark', async ({
    browser,
    baseURL,
  }) => {
    const owner = await createAccount(browser, baseURL!, 'clicker');
    const workspace = await createCourseWorkspace(owner, 'Clicked Course');
    const { page } = owner;
    const release = await holdAppEntry(page);
    await page.goto(`/workspace/${workspace.id}`);
    await expect(page.locator('#root[data-signed-in] .prerendered-page')).toBeVisible();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect(page.locator('.prerendered-page[data-waiting]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    release();
    await expect(page.locator('.prerendered-page')).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Team Settings' })).toBeVisible();

    // Korean and dark, as stored: the page comes in Korean (the language cookie) and dark (the
    // stored scheme applies to the rendered HTML before it paints).
    const korean = await browser.newContext({ baseURL: baseURL!, locale: 'ko-KR' });
    await korean.addCookies(await owner.context.cookies());
    await korean.addInitScript(() => window.localStorage.setItem('darkMode', 'true'));
    const koPage = await korean.newPage();
    const { apiCalls } = recordRequests(koPage);
    // The app (which starts after the first paint to fill the sections) held: the HTML alone.
    await holdAppEntry(koPage);
    await koPage.goto(`/workspace/${workspace.id}`);
    await expect(koPage.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(koPage.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(koPage.getByRole('heading', { name: 'Clicked Course' })).toBeVisible();
    await expect(koPage.getByRole('heading', { name: '팀', exact: true })).toBeVisible();
    await expect(koPage.locator('#root[data-signed-in] .prerendered-page')).toBeVisible();
    expect(apiCalls).toEqual([]);
    await expectNoSeriousA11yViolations(koPage, 'server-rendered workspace page, ko dark');
    await korean.close();
    await owner.context.close();
  });

  test('a signed-in visitor who may not see a workspace gets no part of it in the page', async ({
    browser,
    baseURL,
  }) => {
    const owner = await createAccount(browser, baseURL!, 'keeper');
    const workspace = await createCourseWorkspace(owner, 'Private Keeper Course');
    const stranger = await createAccount(browser, baseURL!, 'outsider');
    const response = await stranger.context.request.get(`/workspace/${workspace.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('Private Keeper Course');
    expect(html).not.toContain('data-signed-in');
    // The app says so, as for any workspace it cannot show.
    await stranger.page.goto(`/workspace/${workspace.id}`);
    await expect(stranger.page.getByRole('heading', { name: 'Workspace not found' })).toBeVisible();
    await expect(stranger.page.getByText('Private Keeper Course')).toHaveCount(0);
    await stranger.context.close();
    await owner.context.close();
  });

  test('a rendered page nobody reaches for starts the app by itself within 30 s, and then follows the live events', async ({
    browser,
    baseURL,
  }) => {
    const owner = await createAccount(browser, baseURL!, 'watcher');
    const { page } = owner;
    await page.clock.install();
    await page.goto('/workspaces');
    await expect(page.locator('#root[data-signed-in] .prerendered-page')).toBeVisible();
    await page.clock.runFor(29_000);
    await expect(page.locator('.prerendered-page')).toHaveCount(1);
    const opened = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/events',
    );
    await page.clock.runFor(1_000);
    await expect(page.locator('.prerendered-page')).toHaveCount(0);
    expect((await opened).status()).toBe(200);
    await owner.context.close();
  });
});
