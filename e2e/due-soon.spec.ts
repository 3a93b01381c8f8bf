import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { createAccount } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import {
  createCourseWorkspace,
  createOpenAssignment,
  setCourseAccounts,
} from './support/workspaces.ts';

// The student's week (issue 26, decision 0027), as a student would: the dashboard's "Due soon"
// lists the course's assignment and the task due tomorrow with their state, and opens the task;
// the profile makes a calendar feed whose address a calendar reads without a cookie, and a new
// address makes the old one answer 404.

test.describe("the student's week", () => {
  let owner: Account;
  let leader: Account;
  let member: Account;
  let workspaceId: string;
  let noteId: string;

  test.beforeAll(async ({ browser, baseURL }) => {
    owner = await createAccount(browser, baseURL!, 'teacher');
    leader = await createAccount(browser, baseURL!, 'leader');
    member = await createAccount(browser, baseURL!, 'student');
    workspaceId = (await createCourseWorkspace(owner, 'Databases 101')).id;
    await setCourseAccounts(owner, workspaceId, { leader, member });
    await createOpenAssignment(owner, workspaceId, 'Essay');
    const day = 24 * 60 * 60 * 1000;
    const missed = await owner.context.request.post(`/api/workspaces/${workspaceId}/assignments`, {
      headers: { Origin: owner.origin },
      data: {
        title: 'Quiz',
        description: '',
        startAt: new Date(Date.now() - 3 * day).toISOString(),
        endAt: new Date(Date.now() - day).toISOString(),
        maxFileSizeMb: 1,
        allowedTypes: ['pdf'],
      },
    });
    expect(missed.status(), await missed.text()).toBe(201);
    const base = `/api/workspaces/${workspaceId}/notes`;
    const headers = { Origin: owner.origin };
    const made = await owner.context.request.post(base, {
      headers,
      data: {
        title: 'Week 3',
        description: '',
        week: 3,
        date: null,
        task: {
          title: 'Schema design',
          description: '',
          deadline: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
          maxFileSizeMb: 1,
          allowedTypes: ['pdf'],
          assignmentType: 'team',
        },
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    noteId = ((await made.json()) as { id: string }).id;
    const published = await owner.context.request.patch(`${base}/${noteId}`, {
      headers,
      data: { isPublished: true },
    });
    expect(published.status()).toBe(200);
  });

  test.afterAll(async () => {
    for (const account of [owner, leader, member]) await account?.context.close();
  });

  test('Due soon lists the task and the assignment with their state and opens the task', async () => {
    const { page } = member;
    await page.goto('/');
    const dueSoon = page.getByRole('region', { name: 'Due soon' });
    const items = dueSoon.getByRole('listitem');
    await expect(items).toHaveCount(3);
    // Earliest first: the quiz missed yesterday, the task due tomorrow, the assignment in a week.
    await expect(items.nth(0)).toContainText('Assignment: Quiz');
    await expect(items.nth(0)).toContainText(/Was due /);
    await expect(items.nth(1)).toContainText('Task: Schema design');
    await expect(items.nth(1)).toContainText('Databases 101');
    await expect(items.nth(1)).toContainText('Not handed in');
    // English dates in the English interface.
    await expect(items.nth(1)).toContainText(
      /Due [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M/,
    );
    await expect(items.nth(2)).toContainText('Assignment: Essay');
    await expectNoSeriousA11yViolations(page, 'dashboard with Due soon');

    await items.nth(1).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/notes/${noteId}$`));

    // The owner sees how many teams handed in instead of a state.
    await owner.page.goto('/');
    const ownerItems = owner.page.getByRole('region', { name: 'Due soon' }).getByRole('listitem');
    await expect(ownerItems.nth(1)).toContainText('Task: Schema design');
    await expect(ownerItems.nth(1)).toContainText('0/2 handed in');
  });

  test('the calendar feed is read without a cookie, and a new address kills the old one', async ({
    playwright,
    baseURL,
  }) => {
    const { page } = member;
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Calendar feed' });
    await expect(card).toContainText('Google Calendar, Outlook');
    await card.getByRole('button', { name: 'Create calendar feed' }).click();
    const address = card.getByLabel('Your calendar feed address');
    await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const first = await address.inputValue();
    await expectNoSeriousA11yViolations(page, 'profile with the calendar feed');

    const calendar = await playwright.request.newContext({ baseURL });
    const read = await calendar.get(first);
    expect(read.status()).toBe(200);
    expect(read.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const body = await read.text();
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(body).toContain('SUMMARY:Databases 101: Schema design');

    await card.getByRole('button', { name: 'New address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a new address?' });
    await expect(dialog).toContainText('The old address stops working at once');
    await dialog.getByRole('button', { name: 'Make a new address' }).click();
    await expect(address).not.toHaveValue(first);
    const second = await address.inputValue();
    expect((await calendar.get(first)).status()).toBe(404);
    expect((await calendar.get(second)).status()).toBe(200);

    await card.getByRole('button', { name: 'Turn off' }).click();
    await page
      .getByRole('dialog', { name: 'Turn off the calendar feed?' })
      .getByRole('button', { name: 'Turn off' })
      .click();
    await expect(card).toContainText('You have no calendar feed.');
    expect((await calendar.get(second)).status()).toBe(404);
    await calendar.dispose();
  });
});
