import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Holds the app's entry script back (the prerendered page stays) until the call it returns. */
export async function holdAppEntry(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

/**
 * Waits until the app has rendered over the prerendered page. A prerendered page starts the app on
 * the visitor's first pointer, touch, key or focus (decisions 0009, 0010): the pointer moves over it.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  await expect(page.locator('.prerendered-page')).toHaveCount(0);
}

/** The scripts and the API calls a page asks for, from now on, by path. */
export function recordRequests(page: Page): { scripts: string[]; apiCalls: string[] } {
  const scripts: string[] = [];
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script') scripts.push(pathname);
    if (pathname.startsWith('/api/')) apiCalls.push(pathname);
  });
  return { scripts, apiCalls };
}
