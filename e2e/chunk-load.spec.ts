import { expect, test } from '@playwright/test';
import { waitForApp } from './support/prerendered.ts';

// Issue 14: a page whose code cannot be fetched (a deploy replaced the chunk, the network dropped)
// shows a clear message and a Reload button, not a blank page; the header stays usable.
const CONTACT_CHUNK = /\/assets\/contact-[\w-]+\.js$/;

test.describe('a page chunk that fails to load', () => {
  test('moving to the page shows the message, and Reload brings the page back', async ({
    page,
  }) => {
    await page.goto('/');
    // The app, so that the link moves to the page in the app (not a page load of its HTML).
    await waitForApp(page);
    await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await page.route(CONTACT_CHUNK, (route) => route.abort('internetdisconnected'));

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeVisible();
    await expect(page.getByText('Part of the app did not arrive')).toBeVisible();
    const reload = page.getByRole('button', { name: 'Reload page' });
    await expect(reload).toBeVisible();
    // The shell is still there around the message.
    await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();

    await page.unroute(CONTACT_CHUNK);
    await reload.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('opening the page directly shows the message in Korean too', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'ko'));
    await page.route(CONTACT_CHUNK, (route) => route.abort('internetdisconnected'));
    await page.goto('/contact');
    await expect(
      page.getByRole('heading', { level: 1, name: '페이지를 불러오지 못했습니다' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: '새로고침' })).toBeVisible();
  });
});

test.describe('the language strings that fail to load', () => {
  // The first chunk the app waits for: without it nothing React renders can show, so a plain
  // message in the page's language says so (issue 14: never a blank page).
  const STRINGS_CHUNK = /\/assets\/(en|ko)-[\w-]+\.js$/;

  test('show a message with a Reload button, in English and Korean', async ({ page }) => {
    await page.route(STRINGS_CHUNK, (route) => route.abort('internetdisconnected'));
    await page.goto('/app');
    // The prerendered page starts the app on the visitor's first move (decision 0010).
    await page.mouse.move(1, 1);
    await expect(
      page.getByRole('heading', { level: 1, name: 'The page could not load' }),
    ).toBeVisible();
    const reload = page.getByRole('button', { name: 'Reload' });
    await page.unroute(STRINGS_CHUNK);
    await reload.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Team Formation' })).toBeVisible();

    await page.evaluate(() => window.localStorage.setItem('language', 'ko'));
    await page.route(STRINGS_CHUNK, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: '페이지를 불러오지 못했습니다' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: '새로고침' })).toBeVisible();
  });
});
