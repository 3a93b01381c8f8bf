import { expect, test } from '@playwright/test';
import { holdAppEntry, waitForApp } from './support/prerendered.ts';

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

  test('the landing page arrives prerendered: its pitch shows before any script runs', async ({
    browser,
  }) => {
    for (const [locale, eyebrow, button] of [
      ['en-US', 'For classes, projects, study groups and workshops', 'Get Started'],
      ['ko-KR', '수업, 프로젝트, 스터디, 워크숍을 위한 팀 구성', '시작하기'],
    ] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false, locale });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      await expect(page.getByRole('heading', { level: 1, name: 'Teamshuffle' })).toBeVisible();
      await expect(page.getByText(eyebrow)).toBeVisible();
      await expect(page.getByRole('link', { name: button })).toBeVisible();
      // Styled by the sheets written into the page: the hero's link is a filled Mantine button.
      expect(await page.locator('style[data-href]').count()).toBeGreaterThan(2);
      const background = await page
        .getByRole('link', { name: button })
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(background).not.toBe('rgba(0, 0, 0, 0)');
      await context.close();
    }
  });

  test('focus on the prerendered page survives the app taking over', async ({ page }) => {
    // Hold the app's entry back until the visitor has tabbed into the prerendered page.
    const release = await holdAppEntry(page);
    await page.goto('/');
    const getStarted = page.getByRole('link', { name: 'Get Started' });
    await expect(getStarted).toBeVisible();
    for (let presses = 0; presses < 30; presses += 1) {
      await page.keyboard.press('Tab');
      if (await getStarted.evaluate((element) => element === document.activeElement)) break;
    }
    await expect(getStarted).toBeFocused();
    const marked = await getStarted.evaluate((element) => {
      element.setAttribute('data-from-prerender', '');
      return true;
    });
    expect(marked).toBe(true);
    release();
    // The app's own link (not the prerendered one) now has the focus.
    await expect(page.locator('[data-from-prerender]')).toHaveCount(0);
    await expect(getStarted).toBeFocused();
  });

  test('a click on the prerendered page is not lost: the app makes it once it has rendered', async ({
    page,
  }) => {
    const release = await holdAppEntry(page);
    await page.goto('/');
    await expect(page.locator('.prerendered-page')).toHaveCount(1);
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    // Nothing can happen yet: the page is HTML until the app arrives.
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.locator('.prerendered-page')).toHaveCount(0);
  });

  test('moving on shows the next page frame at once while its code loads; Back returns to the same scroll', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/');
    await waitForApp(page);
    await page.evaluate(() => window.scrollTo(0, 500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(500);

    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/contact-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Contact' }).click();
    // The landing page does not linger (issue 27): the next page's frame is there at once, with
    // a status that says it loads, until the contact page's code is here.
    await expect(page.getByTestId('page-skeleton')).toBeVisible();
    await expect(page.getByText('For classes, projects, study groups and workshops')).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(1);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(500);
  });

  test('a browser signed in last time never sees the prerendered pitch', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('teamshuffle.wasSignedIn', '1'));
    const release = await holdAppEntry(page);
    await page.goto('/');
    await expect(page.locator('.prerendered-page')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeHidden();
    release();
    // The session answers "signed out" (the hint was stale): the app shows the pitch.
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  });

  test('the landing page downloads no app code until the visitor reaches for it, then only its own', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
    // Decision 0009: reading the pitch needs no script. Give the app every chance to start.
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(['/theme-init.js', '/after-paint.js']);
    await expect(page.locator('.prerendered-page')).toHaveCount(1);

    await waitForApp(page);
    expect(scripts.some((path) => /\/assets\/landing-[\w-]+\.js$/.test(path))).toBe(true);
    for (const other of [
      'app',
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

  test('the landing page starts the app at once for a keyboard user and where its HTML is not the page to show', async ({
    page,
  }) => {
    // The first Tab starts it.
    await page.goto('/');
    await expect(page.locator('.prerendered-page')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(page.locator('.prerendered-page')).toHaveCount(0);
    // A stored language other than the page's (the cookie is gone): hidden, and started at once.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.setItem('language', 'ko'));
    const release = await holdAppEntry(page);
    await page.goto('/');
    await expect(page.locator('#root[data-language="en"] .prerendered-page')).toBeHidden();
    release();
    await expect(page.getByRole('link', { name: '시작하기' })).toBeVisible();
    await expect(page.locator('.prerendered-page')).toHaveCount(0);
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
    await expect(page.getByText('Team chat is coming soon.')).toBeVisible();
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
