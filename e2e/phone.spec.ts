import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { expectNoSeriousA11yViolations, settle } from './support/a11y.ts';
import { createCourseWorkspace, setCourseLeaders } from './support/workspaces.ts';

// issue 14: phones. At 375 x 667 with touch: no page scrolls sideways, the side menu collapses
// to a burger, tables scroll inside their card, and the team-formation tool works by tapping.
// Each page's screenshot goes to /tmp/phone-shots/ for a person to look at.

const SHOTS = process.env.PHONE_SHOTS_DIR ?? '/tmp/phone-shots';
mkdirSync(SHOTS, { recursive: true });

test.use({
  viewport: { width: 375, height: 667 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
});
test.describe.configure({ mode: 'parallel' });

/** Opens `path`, waits for its heading, checks nothing is wider than the screen, and shoots it. */
async function visit(page: Page, path: string, shot: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settle(page);
  await expectNoSideways(page, path);
  await page.screenshot({ path: `${SHOTS}/${shot}.png`, fullPage: true });
}

async function expectNoSideways(page: Page, where: string) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    // The widest elements, to say what sticks out when it fails.
    wide: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
  }));
  expect(
    widths.scroll,
    `${where} scrolls sideways (${widths.scroll} > ${widths.client}): ${widths.wide.join(', ')}`,
  ).toBeLessThanOrEqual(widths.client);
}

test('signed out: no page scrolls sideways, and the side menu is a burger', async ({ page }) => {
  test.setTimeout(90_000);
  for (const [path, shot] of [
    ['/', 'landing'],
    ['/contact', 'contact'],
    ['/results', 'results-signed-out'],
    ['/workspaces', 'workspaces-signed-out'],
    ['/notifications', 'notifications-signed-out'],
    ['/profile', 'profile-signed-out'],
    ['/workspace/ws-1/team/1/chat', 'team-chat'],
    ['/no/such/page', 'not-found'],
  ] as const) {
    await visit(page, path, shot);
  }

  // The menu: closed and out of the tab order until the burger is tapped.
  await visit(page, '/', 'landing');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Contact' })).not.toBeInViewport();
  await burger.tap();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeInViewport();
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/menu-open.png` });
  await expectNoSeriousA11yViolations(page, 'phone, menu open');
  await nav.getByRole('link', { name: 'Contact' }).tap();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Contact' })).not.toBeInViewport();

  // The auth modal fits the screen.
  await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).tap();
  const auth = page.getByRole('dialog', { name: 'Welcome to Teamshuffle' });
  await expect(auth).toBeVisible();
  await settle(page);
  await expectNoSideways(page, 'the auth modal');
  await page.screenshot({ path: `${SHOTS}/auth-modal.png` });
});

test('the team-formation tool by touch: add, bulk add, shuffle, results', async ({ page }) => {
  test.setTimeout(60_000);
  await visit(page, '/app', 'app-empty');
  await page.getByRole('textbox', { name: 'Member name' }).tap();
  await page.keyboard.type('Ann');
  await page.getByRole('button', { name: 'Add', exact: true }).tap();
  await expect(page.getByTestId('member-name')).toHaveText(['Ann']);

  await page.getByRole('button', { name: 'Bulk Add', exact: true }).tap();
  const bulk = page.getByRole('dialog', { name: 'Bulk Add Members' });
  await expect(bulk).toBeVisible();
  await bulk.getByRole('textbox', { name: 'Names, one per line' }).fill('Ben\nCat\nDan\nEve\nFay');
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/app-bulk-add.png` });
  await bulk.getByRole('button', { name: 'Add Members' }).tap();
  await expect(bulk).toBeHidden();
  await expect(page.getByTestId('member-count')).toHaveText('Members: 6');

  await page.getByRole('button', { name: 'Add Fixed Pair' }).tap();
  const pair = page.getByRole('dialog', { name: 'Add Fixed Pair' });
  for (const name of ['Ann', 'Ben']) {
    await pair.getByRole('checkbox', { name, exact: true }).tap();
  }
  await settle(page);
  await expectNoSideways(page, 'the fixed-pair modal');
  await page.screenshot({ path: `${SHOTS}/app-fixed-pair.png` });
  await pair.getByRole('button', { name: 'Add', exact: true }).tap();
  await expect(pair).toBeHidden();
  await expect(page.getByTestId('constraint-fixedPair')).toHaveText(['Ann + Ben']);
  await expectNoSideways(page, '/app with members');
  await page.screenshot({ path: `${SHOTS}/app-members.png`, fullPage: true });

  await page.getByRole('button', { name: 'Shuffle', exact: true }).tap();
  const overlay = page.getByRole('dialog', { name: 'Shuffling teams' });
  await expect(overlay).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/app-shuffling.png` });
  await overlay.getByRole('button', { name: 'Skip Animation' }).tap();
  await expect(overlay).toBeHidden();
  await expect(page.getByTestId('team-card').first()).toBeVisible();
  await settle(page);
  await expectNoSideways(page, '/app with teams');
  await page.screenshot({ path: `${SHOTS}/app-teams.png`, fullPage: true });
});

test('signed in: lists and a workspace fit; its members table scrolls inside its card', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const owner = await createAccount(browser, baseURL!, 'phone', {
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const title = `Phone course ${Date.now()}`;
  const workspace = await createCourseWorkspace(owner, title);
  await setCourseLeaders(owner, workspace.id, { withEmails: true });
  const { page } = owner;
  try {
    await visit(page, '/', 'dashboard');
    await visit(page, '/workspaces', 'workspaces');
    await visit(page, '/results', 'results');
    await visit(page, '/notifications', 'notifications');
    await visit(page, '/profile', 'profile');
    await visit(page, `/workspace/${workspace.id}`, 'workspace');
    // The roster has its own section (issue 22); the page itself never scrolls sideways.
    await visit(page, `/workspace/${workspace.id}/members`, 'workspace members');

    // The All Members table is wider than the phone: it scrolls inside its card, and a
    // keyboard user can reach it to scroll it.
    const members = page.getByRole('region', { name: 'All Members' });
    const scroller = members.getByRole('group', { name: 'All Members' });
    await expect(scroller).toBeVisible();
    const box = await scroller.evaluate((element) => ({
      scroll: element.scrollWidth,
      client: element.clientWidth,
    }));
    expect(box.scroll).toBeGreaterThan(box.client);
    await scroller.evaluate((element) => element.scrollBy({ left: 200 }));
    await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expectNoSideways(page, 'the workspace page, table scrolled');
    await expectNoSeriousA11yViolations(page, 'phone, workspace page');

    await page.getByRole('button', { name: 'Settings', exact: true }).tap();
    const settings = page.getByRole('dialog', { name: 'Team Settings' });
    await expect(settings).toBeVisible();
    await settle(page);
    await expectNoSideways(page, 'the settings modal');
    await page.screenshot({ path: `${SHOTS}/workspace-settings.png` });
  } finally {
    await owner.context.close();
  }
});
