import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { LectureNote, LectureNotesSection } from '@teamshuffle/domain';
import { createAccount } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { expectToast } from './support/toasts.ts';
import { createCourseWorkspace, setCourseAccounts } from './support/workspaces.ts';

// Issue 26, decision 0028, as a teacher and a team leader would: the leader opens a note's team
// task after its deadline, and the form says before submitting that the answer will be marked
// late (the answer then is); the teacher duplicates the note to next week and lands on the new
// draft: week + 1, lecture day and deadline + 7 days, no submissions, seen by no student.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

test.describe.serial('notes carry over, and a late hand-in warns', () => {
  let owner: Account;
  let leader: Account;
  let member: Account;
  let workspaceId: string;
  let noteId: string;
  const title = `Week 3: Sorting ${Date.now()}`;
  // An hour ago: the task is late now, and its copy's deadline is six days and 23 hours away.
  const deadline = new Date(Date.now() - HOUR).toISOString();

  const cards = (page: Page) => page.getByRole('article', { name: title, exact: true });

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    [owner, leader, member] = await Promise.all([
      createAccount(browser, baseURL!, 'owner'),
      createAccount(browser, baseURL!, 'leader'),
      createAccount(browser, baseURL!, 'member'),
    ]);
    workspaceId = (await createCourseWorkspace(owner, `Course ${Date.now()}`, 'carry-over')).id;
    await setCourseAccounts(owner, workspaceId, { leader, member });
    const base = `/api/workspaces/${workspaceId}/notes`;
    const headers = { Origin: owner.origin };
    const created = await owner.context.request.post(base, {
      headers,
      data: {
        title,
        description: 'Slides and reading.',
        week: 3,
        date: '2026-03-16',
        task: {
          title: 'Sort a list',
          description: 'Hand in your code.',
          deadline,
          maxFileSizeMb: 5,
          allowedTypes: ['pdf'],
          assignmentType: 'team',
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    noteId = ((await created.json()) as LectureNote).id;
    const published = await owner.context.request.patch(`${base}/${noteId}`, {
      headers,
      data: { isPublished: true },
    });
    expect(published.status(), await published.text()).toBe(200);
  });

  test.afterAll(async () => {
    await Promise.all([owner, leader, member].map((account) => account?.context.close()));
  });

  test('leader: the hand-in form says before submitting that it will be marked late', async () => {
    const { page } = leader;
    await page.goto(`/workspace/${workspaceId}/notes`);
    const row = cards(page).getByTestId('task-team').filter({ hasText: 'Team 1' });
    await row.getByRole('button', { name: 'Open the task of Team 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Task Submission: Team 1' });
    await expect(panel.getByTestId('late-warning')).toContainText(
      'has passed. You can still submit, but the submission will be marked late.',
    );
    await panel
      .locator('input[type="file"]')
      .setInputFiles({ name: 'sorted.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(panel.getByText('sorted.pdf')).toBeVisible();
    await panel.getByRole('button', { name: 'Submit Task' }).click();
    await expectToast(page, 'Task submitted successfully!');
    // The server agrees: the answer is marked late.
    const current = panel.getByTestId('submission').first();
    await expect(current).toContainText('Submission 1');
    await expect(current.getByText('Late', { exact: true })).toBeVisible();
  });

  test('owner: duplicates the note to next week and opens the new draft', async () => {
    const { page } = owner;
    // From the note's own address, so the new draft opens from one note's page to another's.
    await page.goto(`/workspace/${workspaceId}/notes/${noteId}`);
    await expect(cards(page)).toHaveCount(1);
    await cards(page)
      .getByRole('group', { name: `Actions for ${title}` })
      .getByRole('button', { name: 'Duplicate to next week' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate to next week' });
    await expect(dialog).toContainText('made as a draft for week 4');
    await dialog.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await expectToast(page, 'A draft for week 4 was made.');
    await dialog.getByRole('link', { name: 'Open the new draft' }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/notes/[0-9a-f-]{36}$`));
    const copyId = /\/notes\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    expect(copyId).not.toBe(noteId);

    const copy = cards(page).filter({ has: page.getByTestId('draft-badge') });
    await expect(copy.getByText('Week 4', { exact: true })).toBeVisible();
    await expect(
      copy.getByTestId('task-team').filter({ hasText: 'Team 1' }).getByTestId('task-status'),
    ).toHaveText('Pending');

    // The dates a week later, as the API gives them.
    const section = (await (
      await page.request.get(`/api/workspaces/${workspaceId}/notes`)
    ).json()) as LectureNotesSection;
    const made = section.notes.find((note) => note.id === copyId)!;
    expect(made).toMatchObject({ week: 4, date: '2026-03-23', isPublished: false });
    expect(Date.parse(made.task!.deadline!)).toBe(Date.parse(deadline) + 7 * DAY);
    expect(made.task!.teams.every((team) => team.current === null)).toBe(true);

    // A team's task opened on the draft stays with the draft: Back to the original note shows
    // that note with nothing open (the panel once followed to the other note, its hand-in form
    // then the original's).
    await copy.getByRole('button', { name: 'Open the task of Team 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Task Submission: Team 1' });
    await expect(panel).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/notes/${noteId}$`));
    await expect(cards(page).getByTestId('draft-badge')).toHaveCount(0);
    await expect(panel).toBeHidden();
  });

  test('member: does not see the draft', async () => {
    const { page } = member;
    await page.goto(`/workspace/${workspaceId}/notes`);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByTestId('draft-badge')).toHaveCount(0);
  });
});
