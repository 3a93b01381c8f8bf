import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createAccount, sendAs } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { expectToast } from './support/toasts.ts';
import { courseIds, createCourseWorkspace, setCourseLeaders } from './support/workspaces.ts';

// Issue 26's "Done when", as a teacher and two team leaders would: the teacher sets the
// semester's first day in Settings (today is then in week 3), publishes a note whose team task
// closes at its deadline, and gives Team 2 a later deadline; Team 1's leader sees the task in
// "Due soon" with an English date, gets the deadline reminder, and once the deadline has passed
// finds the task closed (the server refuses the hand-in too), while Team 2's leader hands in.
//
// A browser test cannot wait a day, so the deadline is a few minutes away rather than tomorrow
// (the workspace's reminder lead time, 24 h, covers it either way); the day-scale rules (weeks,
// penalties, the refusal, extensions, reminders once across two instances) are tested with a
// moved clock on the server.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n');
const DAY = 24 * 60 * 60 * 1000;
/** Far enough for the reminder sweep (every minute) and the steps before the deadline. */
const DEADLINE_IN_MS = 150_000;
/** English dates ("Nov 26, 2026, 2:56 PM"), never the Korean ones ("2026. 11. 26. 오후 2:56"). */
const ENGLISH_DATE = /[A-Z][a-z]{2} \d{1,2}, \d{4}/;

/** The Monday of the current week in Seoul (the workspace's zone), as YYYY-MM-DD, minus `weeks`. */
function seoulMonday(weeksBack: number): string {
  const seoul = new Date(Date.now() + 9 * 60 * 60 * 1000);
  const sinceMonday = (seoul.getUTCDay() + 6) % 7;
  return new Date(seoul.getTime() - (sinceMonday + 7 * weeksBack) * DAY).toISOString().slice(0, 10);
}

/** A day button's name in the date picker ("28 November 2026"): Seoul's today plus `days`. */
function seoulDayLabel(days: number): string {
  const day = new Date(Date.now() + 9 * 60 * 60 * 1000 + days * DAY);
  const month = day.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${day.getUTCDate()} ${month} ${day.getUTCFullYear()}`;
}

test.describe.serial('deadlines that mean something', () => {
  let owner: Account;
  let ann: Account;
  let cat: Account;
  let workspaceId: string;
  let noteId: string;
  let deadline: number;
  const title = `Week 3: Joins ${Date.now()}`;
  const course = `Databases ${Date.now()}`;

  const card = (page: Page) => page.getByRole('article', { name: title, exact: true });
  const openTask = async (page: Page, team: number) => {
    await page.goto(`/workspace/${workspaceId}/notes`);
    const row = card(page)
      .getByTestId('task-team')
      .filter({ hasText: `Team ${team}` });
    await row.getByRole('button', { name: `Open the task of Team ${team}` }).click();
    return page.getByRole('dialog', { name: `Task Submission: Team ${team}` });
  };

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    [owner, ann, cat] = await Promise.all([
      createAccount(browser, baseURL!, 'teacher'),
      createAccount(browser, baseURL!, 'ann'),
      createAccount(browser, baseURL!, 'cat'),
    ]);
    workspaceId = (await createCourseWorkspace(owner, course, 'deadlines')).id;
    // Ann leads Team 1 and Cat Team 2, each with their own account's e-mail.
    await setCourseLeaders(owner, workspaceId, { withEmails: false });
    const { teamId } = await courseIds(owner, workspaceId);
    await sendAs(owner, 'put', `/api/workspaces/${workspaceId}/leader-emails`, {
      entries: [
        { teamId: teamId(1), email: ann.email },
        { teamId: teamId(2), email: cat.email },
      ],
    });
  });

  test.afterAll(async () => {
    await Promise.all([owner, ann, cat].map((account) => account?.context.close()));
  });

  test('teacher: sets the semester start, publishes a task that closes, extends Team 2', async () => {
    test.setTimeout(120_000);
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}`);
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog');
    const start = settings.getByLabel('First day of the semester');
    await start.fill(seoulMonday(2));
    await settings.getByRole('button', { name: 'Save calendar' }).click();
    await expectToast(page, 'Course calendar saved');
    await expect(settings.getByText('Today is in week 3.')).toBeVisible();
    await page.keyboard.press('Escape');

    // The note, as the note form sends it (its date pickers are covered by component tests).
    deadline = Date.now() + DEADLINE_IN_MS;
    const notes = `/api/workspaces/${workspaceId}/notes`;
    const made = (await sendAs(
      owner,
      'post',
      notes,
      {
        title,
        description: 'Read chapter 3.',
        week: 3,
        date: null,
        task: {
          title: 'Write three joins',
          description: '',
          deadline: new Date(deadline).toISOString(),
          maxFileSizeMb: 1,
          allowedTypes: ['pdf'],
          assignmentType: 'team',
          latePolicy: 'close',
        },
      },
      201,
    )) as { id: string };
    noteId = made.id;

    // Published from its card.
    await page.goto(`/workspace/${workspaceId}/notes`);
    await card(page).getByRole('button', { name: 'Publish' }).click();
    await expectToast(page, 'Lecture note published successfully!');
    await expect(card(page).getByTestId('late-rule')).toHaveText('Closes at the deadline.');

    // Team 2 gets two days more: the day after tomorrow in the workspace's zone (00:00 there,
    // always later than the deadline) picked in the team's panel.
    const panel = await openTask(page, 2);
    await panel.getByRole('button', { name: 'Extend deadline' }).click();
    const extend = page.getByRole('dialog', { name: 'Extend the deadline for Team 2' });
    await extend.getByTestId('extension-due').click();
    await page.getByRole('button', { name: seoulDayLabel(2), exact: true }).click();
    await page.locator('.mantine-DateTimePicker-submitButton').click();
    await extend.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Deadline extended.');
    await expect(extend).toBeHidden();
    await expect(panel.getByTestId('extended-to')).toContainText('Extended to');
    await expect(panel.getByTestId('extended-to')).toContainText(ENGLISH_DATE);
  });

  test('Team 1: Due soon in English, and the reminder', async () => {
    test.setTimeout(120_000);
    const { page } = ann;
    await page.goto('/');
    const item = page
      .getByRole('region', { name: 'Due soon' })
      .getByRole('listitem')
      .filter({ hasText: 'Write three joins' });
    await expect(item).toBeVisible();
    await expect(item).toContainText(course);
    await expect(item).toContainText(ENGLISH_DATE);
    await expect(item).not.toContainText(/오전|오후/);
    // The task's card says before the deadline that it closes then.
    await page.goto(`/workspace/${workspaceId}/notes`);
    await expect(card(page).getByTestId('late-rule')).toHaveText('Closes at the deadline.');

    // The reminder sweep runs every minute on every instance: the reminder arrives once.
    await expect
      .poll(
        async () => {
          const response = await ann.context.request.get('/api/notifications?limit=50');
          const body = (await response.json()) as {
            items: Array<{ type: string; noteId?: string | null }>;
          };
          return body.items.filter((n) => n.type === 'assignment_deadline_reminder').length;
        },
        { timeout: 100_000, intervals: [2_000] },
      )
      .toBe(1);
    await page.goto('/notifications');
    await expect(page.getByText(/Write three joins/).first()).toBeVisible();
  });

  test('after the deadline: closed for Team 1, Team 2 hands in by its own deadline', async () => {
    test.setTimeout(240_000);
    // Wait for the deadline itself (a condition on the clock, not a fixed sleep).
    await expect
      .poll(() => Date.now() > deadline + 1_000, {
        timeout: DEADLINE_IN_MS + 60_000,
        intervals: [2_000],
      })
      .toBe(true);

    const closed = await openTask(ann.page, 1);
    await expect(closed.getByText(/this task is closed to hand-ins/)).toBeVisible();
    await expect(closed.getByRole('button', { name: 'Closed' })).toBeDisabled();
    // The server refuses it too, with its message.
    const refused = await ann.context.request.post(
      `/api/workspaces/${workspaceId}/notes/${noteId}/submissions`,
      {
        headers: { Origin: ann.origin },
        multipart: { files: { name: 'late.pdf', mimeType: 'application/pdf', buffer: PDF } },
      },
    );
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe('hand_in_closed');

    const open = await openTask(cat.page, 2);
    await expect(open.getByText(/\(extended\)/)).toBeVisible();
    await open
      .locator('input[type="file"]')
      .setInputFiles({ name: 'joins.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(open.getByText('joins.pdf')).toBeVisible();
    await open.getByRole('button', { name: 'Submit Task' }).click();
    await expectToast(cat.page, 'Task submitted successfully!');
    const current = open.getByTestId('submission').first();
    await expect(current).toContainText('Submission 1');
    await expect(current.getByText('Late', { exact: true })).toHaveCount(0);
  });
});
