import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { holdAppEntry } from './support/prerendered.ts';
import { createCourseWorkspace } from './support/workspaces.ts';

// A person's first click is never lost (issue 22): the pages the server sends as HTML, prerendered
// at build time (/, /app, /contact: decisions 0008-0010) or rendered for the signed-in visitor
// (/workspaces, a workspace page: decision 0011), start the app on the first interaction. A click
// made at the first moment the page shows its button, whatever the app is doing then (not loaded,
// loading, taking over), does what it says once the app is here.

type Target = {
  path: string;
  button: { name: string; exact?: boolean };
  dialog: { name: string | RegExp };
};

/**
 * Clicks the page's button twice over, as a person may: at the first moment the page shows it,
 * and pressed while the app arrives (the app's code held back until the press, let go once the
 * app is here: it took the page over between the press and the release, whose click was lost).
 * Either way the dialog the button opens shows.
 */
async function clickEarly(page: Page, { path, button, dialog }: Target) {
  await page.goto(path, { waitUntil: 'commit' });
  await page.getByRole('button', button).first().click();
  await expect(page.getByRole('dialog', dialog)).toBeVisible();

  const release = await holdAppEntry(page);
  await page.goto(path);
  await page.getByRole('button', button).first().hover();
  await page.mouse.down();
  release();
  // The app is here: it took the page over (before), or waits for the release (now).
  await expect(
    page.locator('#root[data-awaiting-release], #root:not(:has(.prerendered-page))'),
  ).toHaveCount(1);
  await page.mouse.up();
  await expect(page.getByRole('dialog', dialog)).toBeVisible();
  await page.unrouteAll();
}

test.describe('the first click on a page sent as HTML', () => {
  test('prerendered /, /app and /contact', async ({ page }) => {
    const signIn = { name: 'Sign In', exact: true };
    const welcome = { name: 'Welcome to Teamshuffle' };
    // Each visit a first one: a saved team-formation draft would keep the prerendered /app hidden.
    await page.addInitScript(() => window.localStorage.removeItem('teamFormationDraft'));
    await clickEarly(page, { path: '/', button: signIn, dialog: welcome });
    await clickEarly(page, {
      path: '/app',
      button: { name: 'Bulk Add', exact: true },
      dialog: { name: /Bulk Add/ },
    });
    await clickEarly(page, { path: '/contact', button: signIn, dialog: welcome });
  });

  test('server-rendered /workspaces and a workspace page', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const owner = await createAccount(browser, baseURL!, 'first-click');
    const workspace = await createCourseWorkspace(owner, 'First Click Course');
    const { page } = owner;
    await clickEarly(page, {
      path: '/workspaces',
      button: { name: 'Change the number of First Click Course' },
      dialog: { name: 'Change Team Number' },
    });
    await clickEarly(page, {
      path: `/workspace/${workspace.id}`,
      button: { name: 'Settings', exact: true },
      dialog: { name: 'Team Settings' },
    });
    await owner.context.close();
  });
});
