import { expect, test } from '@playwright/test';
import { waitForApp } from './support/prerendered.ts';
import type { Locator, Page } from '@playwright/test';
import { formTeams } from '@teamshuffle/domain';
import { createAccount, uniqueEmail } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';

// Notifications and the dashboard, end to end on the real server, as new users would meet them:
// an owner creates assignments in one browser, a member's open page hears of them at once (the
// bell goes from 0 to 1 with no reload; the spec's 30 s poll would be far slower than the
// waits here), Mark All Read, opening one, Mark as read; the tabs of one browser share one
// stream and hand it on; Load More through 25 in order; the dashboard's real figures.
//
// Notifications are made with assignments (each notifies the workspace's members but its
// creator) rather than system announcements, which reach every account on the server, so the
// specs that run beside this one are not disturbed.

const MEMBERS = ['Ann', 'Ben', 'Cat', 'Dan'].map((name, index) => ({ id: `m${index + 1}`, name }));

/** A real draw of two teams (the server replays it from the seed). */
function snapshot() {
  const { teams, seed } = formTeams({
    members: MEMBERS,
    teamCount: 2,
    fixedPairs: [],
    lockedTeams: [],
    seed: 'e2e-notifications',
  });
  return {
    members: MEMBERS,
    groups: teams.map((team) => ({ number: team.number, memberIds: team.memberIds })),
    groupSize: 2,
    fixedPairs: [],
    lockedTeams: [],
    keepApart: [],
    seed: String(seed),
  };
}

/**
 * A workspace of two teams whose leaders' e-mails are `leaderEmails` (an owner may create
 * assignments once every team has one); a verified account with one of them is a member.
 */
async function createCourse(owner: Account, title: string, leaderEmails: [string, string]) {
  const { request } = owner.context;
  const headers = { Origin: owner.origin };
  const created = await request.post('/api/workspaces', {
    data: { title, snapshot: snapshot() },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { workspace } = (await created.json()) as { workspace: { id: string } };
  const url = `/api/workspaces/${workspace.id}`;
  const detail = (await (await request.get(url)).json()) as {
    teams: { id: string; number: number; memberIds: string[] }[];
  };
  const teams = [...detail.teams].sort((a, b) => a.number - b.number);
  for (const team of teams) {
    const chosen = await request.put(`${url}/teams/${team.id}/leader`, {
      data: { memberId: team.memberIds[0] },
      headers,
    });
    expect(chosen.status(), await chosen.text()).toBe(200);
  }
  const leaders = await request.put(`${url}/leader-emails`, {
    data: {
      entries: teams.map((team, index) => ({ teamId: team.id, email: leaderEmails[index] })),
    },
    headers,
  });
  expect(leaders.status(), await leaders.text()).toBe(200);
  return workspace;
}

async function createAssignment(owner: Account, workspaceId: string, title: string) {
  const response = await owner.context.request.post(`/api/workspaces/${workspaceId}/assignments`, {
    data: {
      title,
      description: '',
      startAt: null,
      endAt: null,
      maxFileSizeMb: 5,
      allowedTypes: ['pdf'],
    },
    headers: { Origin: owner.origin },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Waits for the account's invitation to a workspace, then marks everything read. */
async function seeInvitation(account: Account) {
  await expect.poll(() => notificationTotal(account)).toBeGreaterThan(0);
  const read = await account.context.request.post('/api/notifications/read-all', {
    headers: { Origin: account.origin },
  });
  expect(read.ok(), await read.text()).toBe(true);
}

async function notificationTotal(account: Account): Promise<number> {
  const response = await account.context.request.get('/api/notifications/counts');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

function header(page: Page): Locator {
  return page.getByRole('banner');
}

/** The bell, by what it says: 'Notifications' with nothing unread, else the count. */
function bell(page: Page, unread: number): Locator {
  const name = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return header(page).getByRole('button', { name, exact: true });
}

function menuLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name });
}

function count(scope: Page | Locator, figure: 'total' | 'unread' | 'read'): Locator {
  return scope.getByTestId(`notification-count-${figure}`);
}

/** Resolves once the page's live stream is open (its answer's headers have arrived). */
function streamOpened(page: Page) {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/events' && response.status() === 200,
  );
}

/** Marks the document, so a later check can tell that the page was never reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute('data-e2e-same-page', 'yes'));
}

async function expectSameDocument(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-e2e-same-page', 'yes');
}

test.describe.serial('notifications', () => {
  let owner: Account;
  let member: Account;
  let reader: Account;
  let course: { id: string };
  /** The workspace where the reader is a member (the Load More test makes it). */
  let essays: { id: string };

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    [owner, member, reader] = await Promise.all([
      createAccount(browser, baseURL!, 'owner'),
      createAccount(browser, baseURL!, 'member'),
      createAccount(browser, baseURL!, 'reader'),
    ]);
    course = await createCourse(owner, `Course ${Date.now()}`, [
      member.email,
      uniqueEmail('no-account'),
    ]);
    // The leader's e-mail invited the member's account (issue 24): it is read before the tests,
    // which count what the owner's actions tell the member.
    await seeInvitation(member);
  });

  test.afterAll(async () => {
    await Promise.all([owner, member, reader].map((account) => account?.context.close()));
  });

  test("a member's open page: the bell goes from 0 to 1 live; Mark All Read clears it", async () => {
    const { page } = member;
    const opened = streamOpened(page);
    await page.goto('/workspaces');
    // The page came rendered by the server (decision 0011); the member reaches for it, the app
    // takes over and follows the live events (it would by itself within 30 s: the
    // server-rendered pages spec).
    await waitForApp(page);
    await opened;
    await expect(bell(page, 0)).toBeVisible();
    await expect(page.getByTestId('notifications-menu-badge')).toHaveCount(0);
    await markDocument(page);

    // In another browser, the owner creates an assignment.
    await createAssignment(owner, course.id, 'Lab report 1');
    await expect(bell(page, 1)).toBeVisible();
    await expect(page.getByTestId('notification-bell')).toContainText('1');
    await expect(page.getByTestId('notifications-menu-badge')).toContainText('1');
    await expectSameDocument(page);

    // The bell opens the list in a modal.
    await bell(page, 1).click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await expect(dialog).toBeVisible();
    // The new one on top of the invitation read before (issue 24).
    const items = dialog.getByTestId('notification-item');
    await expect(items).toHaveCount(2);
    const item = items.first();
    await expect(item).toContainText('New assignment: Lab report 1');
    await expect(item).toContainText('Just now');
    await expect(item.locator('[data-kind="assignment_created"]')).toHaveCount(1);
    await expect(count(dialog, 'total')).toHaveText('2');
    await expect(count(dialog, 'unread')).toHaveText('1');
    await expect(count(dialog, 'read')).toHaveText('1');

    await dialog.getByRole('button', { name: 'Mark All Read' }).click();
    await expect(page.getByText('All notifications marked as read', { exact: true })).toBeVisible();
    await expect(count(dialog, 'unread')).toHaveText('0');
    await expect(count(dialog, 'read')).toHaveText('2');
    await expect(item).toHaveAttribute('data-read', 'true');
    await expect(dialog.getByRole('button', { name: 'Mark All Read' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(bell(page, 0)).toBeVisible();
    await expect(page.getByTestId('notifications-menu-badge')).toHaveCount(0);
    await expectSameDocument(page);
  });

  test('/notifications: a new one arrives on top; clicking one opens its workspace; Mark as read', async () => {
    const { page } = member;
    await menuLink(page, 'Notifications').click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    // Lab report 1 and the invitation read before the tests (issue 24).
    await expect(count(page, 'total')).toHaveText('2');

    await createAssignment(owner, course.id, 'Lab report 2');
    const items = page.getByTestId('notification-item');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText('New assignment: Lab report 2');
    await expect(items.first()).toHaveAttribute('data-read', 'false');
    await expect(count(page, 'total')).toHaveText('3');
    await expect(count(page, 'unread')).toHaveText('1');
    await expect(bell(page, 1)).toBeVisible();

    // By keyboard: the item's body is a button that marks it read and opens the workspace's
    // Assignments section (issue 22: each section at its own address).
    await items
      .first()
      .getByRole('button', { name: /Lab report 2/ })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/workspace/${course.id}/assignments$`));
    await expect(bell(page, 0)).toBeVisible();

    await menuLink(page, 'Notifications').click();
    await createAssignment(owner, course.id, 'Lab report 3');
    await expect(items.first()).toContainText('New assignment: Lab report 3');
    await expect(bell(page, 1)).toBeVisible();
    await items.first().getByRole('button', { name: 'Mark as read' }).click();
    await expect(page.getByText('Notification marked as read', { exact: true })).toBeVisible();
    await expect(items.first()).toHaveAttribute('data-read', 'true');
    await expect(items.first().getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
    await expect(bell(page, 0)).toBeVisible();
    await expect(count(page, 'unread')).toHaveText('0');
    await expect(count(page, 'read')).toHaveText('4');
  });

  test('one stream per browser: the tabs share it, hand it on, and close it on sign-out', async ({
    browser,
    baseURL,
  }) => {
    // The member's browser again, counted from its start: every request for the stream.
    const context = await browser.newContext({
      baseURL: baseURL!,
      locale: 'en-US',
      storageState: await member.context.storageState(),
    });
    try {
      const streams: string[] = [];
      context.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/events') streams.push(request.url());
      });
      const first = await context.newPage();
      await first.goto('/notifications');
      await expect.poll(() => streams.length).toBe(1);
      const second = await context.newPage();
      await second.goto('/profile');
      await expect(bell(second, 0)).toBeVisible();

      await createAssignment(owner, course.id, 'Lab report 4');
      await expect(bell(first, 1)).toBeVisible();
      await expect(bell(second, 1)).toBeVisible();
      // Both tabs heard it through the first tab's stream.
      expect(streams).toHaveLength(1);

      await first.close();
      await expect.poll(() => streams.length).toBe(2);
      await createAssignment(owner, course.id, 'Lab report 5');
      await expect(bell(second, 2)).toBeVisible();

      // Signing out in the tab that holds the stream closes it for every tab: the others hear
      // of it at once and neither takes the stream over.
      const third = await context.newPage();
      await third.goto('/contact');
      await expect(bell(third, 2)).toBeVisible();
      await header(second)
        .getByRole('button', { name: /^Account menu for / })
        .click();
      await second.getByRole('menuitem', { name: 'Sign Out' }).click();
      await expect(
        header(second).getByRole('button', { name: 'Sign In', exact: true }),
      ).toBeVisible();
      await expect(
        header(third).getByRole('button', { name: 'Sign In', exact: true }),
      ).toBeVisible();
      await expect(bell(third, 0)).toBeVisible();
      expect(streams).toHaveLength(2);
    } finally {
      await context.close();
    }
  });

  test('Load More pages through 26 notifications in order, 10 at a time', async () => {
    test.setTimeout(90_000);
    const essaysTitle = `Essays ${Date.now()}`;
    essays = await createCourse(owner, essaysTitle, [reader.email, uniqueEmail('no-account')]);
    // The leader's e-mail invited the reader's account first (issue 24): the oldest of 26.
    await expect.poll(() => notificationTotal(reader)).toBe(1);
    const titles = Array.from(
      { length: 25 },
      (_, index) => `Essay ${String(index + 1).padStart(2, '0')}`,
    );
    for (const [index, title] of titles.entries()) {
      await createAssignment(owner, essays.id, title);
      // One at a time: each notification is written before the next assignment is made.
      await expect.poll(() => notificationTotal(reader)).toBe(index + 2);
    }
    const expected = [
      ...titles.map((title) => `New assignment: ${title}`).reverse(),
      `You are invited to ${essaysTitle}`,
    ];

    const { page } = reader;
    await page.goto('/notifications');
    await expect(count(page, 'total')).toHaveText('26');
    await expect(count(page, 'unread')).toHaveText('26');
    const itemTitles = page
      .getByTestId('notification-item')
      .locator('[data-testid="notification-title"]');
    const loadMore = page.getByRole('button', { name: 'Load More' });
    await expect(itemTitles).toHaveText(expected.slice(0, 10));
    await loadMore.click();
    await expect(itemTitles).toHaveText(expected.slice(0, 20));
    await loadMore.click();
    await expect(itemTitles).toHaveText(expected);
    await expect(loadMore).toHaveCount(0);
    await expect(bell(page, 26)).toBeVisible();
  });

  test('the dashboard shows the real figures, the latest notifications and live changes', async () => {
    const { page } = reader;
    const opened = streamOpened(page);
    await page.goto('/');
    await opened;
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome back, Reader Person!' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Launch App' })).toHaveAttribute('href', '/app');

    const api = (await (await reader.context.request.get('/api/dashboard')).json()) as {
      stats: Record<string, number>;
    };
    const stat = (key: string) => page.getByTestId(`dashboard-stat-${key}`);
    await expect(stat('workspacesCreated')).toHaveText('0');
    await expect(stat('workspacesJoined')).toHaveText('1');
    await expect(stat('savedResults')).toHaveText(String(api.stats['savedResults']));
    // 25 essays and the invitation (issue 24).
    await expect(stat('unreadNotifications')).toHaveText('26');

    const recent = page.getByRole('region', { name: 'Recent Notifications' });
    await expect(recent.getByTestId('notification-item')).toHaveCount(5);
    await expect(recent.getByTestId('notification-item').first()).toContainText(
      'New assignment: Essay 25',
    );
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    await expect(activity).toContainText('Assignment: Essay 25');

    // Quick actions: four ways on, and Settings shown disabled.
    for (const [name, path] of [
      ['New Team', '/app'],
      ['Saved Results', '/results'],
      ['My Workspaces', '/workspaces'],
    ] as const) {
      await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
        'href',
        path,
      );
    }
    await expect(page.getByTestId('quick-action-settings')).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    // Live: a new assignment shows in the figures and on top of the latest, with no reload.
    await markDocument(page);
    await createAssignment(owner, essays.id, 'Essay 26');
    await expect(stat('unreadNotifications')).toHaveText('27');
    await expect(recent.getByTestId('notification-item').first()).toContainText(
      'New assignment: Essay 26',
    );
    await expect(bell(page, 27)).toBeVisible();
    await expectSameDocument(page);

    await page.getByRole('link', { name: 'View all notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(count(page, 'unread')).toHaveText('27');

    // The owner's dashboard counts the two workspaces created.
    await owner.page.goto('/');
    await expect(owner.page.getByTestId('dashboard-stat-workspacesCreated')).toHaveText('2');
    await expect(owner.page.getByTestId('dashboard-stat-unreadNotifications')).toHaveText('0');
  });

  test("a Korean reader reads the server's notifications in Korean (decision 0041)", async () => {
    const { page } = reader;
    const setLanguage = async (language: 'en' | 'ko') => {
      await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
      await page.goto('/notifications');
      await waitForApp(page);
    };
    await setLanguage('ko');
    const first = page.getByTestId('notification-item').first();
    await expect(first.getByTestId('notification-title')).toHaveText('새 과제: Essay 26');
    await expect(first).toContainText('워크스페이스에 새 과제가 올라왔습니다.');
    // The same notification in English again: the words follow the reader, not the writer.
    await setLanguage('en');
    await expect(first.getByTestId('notification-title')).toHaveText('New assignment: Essay 26');
    await expect(first).toContainText('A new assignment was posted in your workspace.');
  });
});
