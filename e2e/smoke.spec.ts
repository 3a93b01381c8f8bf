import { expect, test } from '@playwright/test';

test.describe('the shell', () => {
  test('the landing page shows the pitch and Get Started leads to the team tool', async ({
    page,
  }) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/');
    await expect(page).toHaveTitle('Teamshuffle');
    await expect(page.getByRole('heading', { level: 1, name: 'Teamshuffle' })).toBeVisible();
    const getStarted = page.getByRole('link', { name: 'Get Started' });
    await expect(getStarted).toBeVisible();
    await getStarted.click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Formation' })).toBeVisible();
    // The strict CSP (script-src 'self') and the app agree: nothing was blocked.
    expect(consoleErrors).toEqual([]);
  });

  test('the landing page downloads only its own code, not every page', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
    expect(scripts.some((path) => /\/assets\/landing-[\w-]+\.js$/.test(path))).toBe(true);
    for (const other of [
      'contact',
      'workspaces',
      'workspace',
      'notifications',
      'profile',
      'not-found',
    ]) {
      expect(
        scripts.filter((path) => new RegExp(`/assets/${other}-[\\w-]+\\.js$`).test(path)),
      ).toEqual([]);
    }
  });

  test('dark mode is remembered across a reload, with no flash of the light theme', async ({
    page,
  }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');

    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    // Before the app's code runs at all, the stored scheme is already applied by the blocking
    // head script: hold back every module script and look at the first paint's markup.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.unroute(/\/assets\/.*\.js$/);

    await page.reload();
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
  });

  test('the language switch translates the page and is remembered', async ({ page }) => {
    await page.goto('/');
    await page.getByText('한국어').click();
    await expect(page.getByRole('link', { name: '시작하기' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.reload();
    await expect(page.getByRole('link', { name: '시작하기' })).toBeVisible();
    await page.getByText('EN', { exact: true }).click();
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  });

  test('/contact shows the contact e-mail from the server configuration', async ({ page }) => {
    await page.goto('/contact');
    await expect(page).toHaveTitle('Contact · Teamshuffle');
    const email = page.getByRole('link', { name: 'e2e-contact@teamshuffle.example' });
    await expect(email).toBeVisible();
    await expect(email).toHaveAttribute('href', 'mailto:e2e-contact@teamshuffle.example');
  });

  test('an unknown route shows the 404 page with a way home', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Teamshuffle');
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  });

  test('the side menu reaches every section by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Home', 'Workspaces', 'Notifications', 'Contact', 'Profile']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await nav.getByRole('link', { name: 'Contact' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('the team chat route is the spec placeholder with both ids', async ({ page }) => {
    await page.goto('/workspace/ws-42/team/7/chat');
    await expect(page.getByTestId('chat-workspace-id')).toHaveText('ws-42');
    await expect(page.getByTestId('chat-team-id')).toHaveText('7');
    await expect(page.getByText('채팅 기능은 곧 제공될 예정입니다.')).toBeVisible();
  });
});

test.describe('the API', () => {
  test('/api/health is up and unknown API paths stay JSON 404s', async ({ request }) => {
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({
      status: 'ok',
      database: { status: 'up', driver: 'pglite' },
    });

    const unknown = await request.get('/api/nope');
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'route_not_found' });
  });
});
