import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { expectToast } from './support/toasts.ts';
import { courseIds, createCourseWorkspace, setCourseAccounts } from './support/workspaces.ts';

// Graded work is not erased by students (issue 23, decision 0016), as people would meet it: the
// owner grades Team 1's task answer 88; the team's leader finds Delete Submission disabled with
// the reason; the owner deletes it after a confirmation that names the grade, and the history
// keeps the deleted attempt.

const TASK_NOTE = 'Week 3: Graded task';

function note(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

async function openTeam1(page: Page, workspaceId: string): Promise<Locator> {
  await page.goto(`/workspace/${workspaceId}/notes`);
  await note(page, TASK_NOTE).getByRole('button', { name: 'Open the task of Team 1' }).click();
  const panel = page.getByRole('dialog', { name: 'Task Submission: Team 1' });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe.serial('graded work', () => {
  let owner: Account;
  let leader: Account;
  let member: Account;
  let workspaceId: string;

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    [owner, leader, member] = (await Promise.all(
      ['owner', 'leader', 'member'].map((label) => createAccount(browser, baseURL!, label)),
    )) as [Account, Account, Account];
    workspaceId = (await createCourseWorkspace(owner, 'Graded work', 'e2e-graded')).id;
    await setCourseAccounts(owner, workspaceId, { leader: leader, member: member });
    const headers = { Origin: owner.origin };
    const notes = `/api/workspaces/${workspaceId}/notes`;
    const created = await owner.context.request.post(notes, {
      data: {
        title: TASK_NOTE,
        description: '',
        week: 3,
        date: null,
        task: {
          title: 'Plan',
          description: '',
          deadline: null,
          maxFileSizeMb: 1,
          allowedTypes: ['pdf'],
          assignmentType: 'team',
        },
      },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
    const noteId = ((await created.json()) as { id: string }).id;
    const published = await owner.context.request.patch(`${notes}/${noteId}`, {
      data: { isPublished: true },
      headers,
    });
    expect(published.ok(), await published.text()).toBe(true);
    const submitted = await leader.context.request.post(`${notes}/${noteId}/submissions`, {
      multipart: {
        files: {
          name: 'plan.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.4\n% plan\n%%EOF\n'),
        },
      },
      headers: { Origin: leader.origin },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const { teamId } = await courseIds(owner, workspaceId);
    const graded = await owner.context.request.post(`${notes}/${noteId}/evaluations`, {
      data: { teamId: teamId(1), score: 88, feedback: 'Good plan' },
      headers,
    });
    expect(graded.ok(), await graded.text()).toBe(true);
  });

  test.afterAll(async () => {
    await Promise.all([owner, leader, member].map((account) => account?.context.close()));
  });

  test('the leader cannot delete the graded answer, and is told why', async () => {
    const panel = await openTeam1(leader.page, workspaceId);
    await expect(panel.getByText('Score: 88 / 100')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Delete Submission' })).toBeDisabled();
    await expect(panel.getByTestId('graded-no-delete')).toHaveText(
      'This submission has been graded, so it can no longer be deleted. Ask the workspace owner.',
    );
  });

  test('the owner deletes it after a confirmation naming the grade; the history keeps it', async () => {
    const { page } = owner;
    const panel = await openTeam1(page, workspaceId);
    await panel.getByRole('button', { name: 'Delete Submission' }).click();
    const confirm = panel.getByRole('alertdialog', { name: 'Delete Submission' });
    await expect(confirm.getByTestId('owner-delete-text')).toContainText(
      'This removes the grade 88 (B) that goes with it.',
    );
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Submission deleted.');
    await expect(panel.getByTestId('task-status')).toHaveText('Pending');
    await expect(panel.getByText('Not evaluated yet')).toHaveCount(0);
    const history = panel.getByTestId('submission-history');
    await expect(history.getByTestId('deleted-attempt')).toHaveText('Deleted');
    await expect(history).toContainText('plan.pdf');
  });
});
