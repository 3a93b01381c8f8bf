import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { expectToast } from './support/toasts.ts';
import { createCourseWorkspace, setCourseAccounts } from './support/workspaces.ts';

// Teams change during the course (issue 24, decision 0019), as a teacher and students would meet
// it: Ben (Team 1) has handed in an individual task and Ann, Team 1's leader, the team's answer
// to a team task. The owner moves Ben to Team 2 from the Members tab after a confirmation that
// states the rules; Ben's individual answer follows him to Team 2, Team 1's team answer stays
// with Team 1, and the activity log says what happened.

const TEAM_NOTE = 'Week 3: Team plan';
const SOLO_NOTE = 'Week 4: Reflection';

function note(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`),
});

test.describe.serial('roster changes in a running workspace', () => {
  let owner: Account;
  let leader: Account;
  let member: Account;
  let workspaceId: string;

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    [owner, leader, member] = (await Promise.all(
      ['owner', 'leader', 'member'].map((label) => createAccount(browser, baseURL!, label)),
    )) as [Account, Account, Account];
    workspaceId = (await createCourseWorkspace(owner, 'Roster changes', 'e2e-roster')).id;
    // Ann leads Team 1 with the leader's e-mail; Ben of Team 1 has the member's.
    await setCourseAccounts(owner, workspaceId, { leader, member });
    const notes = `/api/workspaces/${workspaceId}/notes`;
    const made: Record<string, string> = {};
    for (const [title, week, assignmentType] of [
      [TEAM_NOTE, 3, 'team'],
      [SOLO_NOTE, 4, 'individual'],
    ] as const) {
      const created = await owner.context.request.post(notes, {
        data: {
          title,
          description: '',
          week,
          date: null,
          task: {
            title: 'Hand in',
            description: '',
            deadline: null,
            maxFileSizeMb: 1,
            allowedTypes: ['pdf'],
            assignmentType,
          },
        },
        headers: { Origin: owner.origin },
      });
      expect(created.status(), await created.text()).toBe(201);
      made[title] = ((await created.json()) as { id: string }).id;
      const published = await owner.context.request.patch(`${notes}/${made[title]}`, {
        data: { isPublished: true },
        headers: { Origin: owner.origin },
      });
      expect(published.ok(), await published.text()).toBe(true);
    }
    for (const [account, title, file] of [
      [leader, TEAM_NOTE, 'team-plan.pdf'],
      [member, SOLO_NOTE, 'ben-reflection.pdf'],
    ] as const) {
      const submitted = await account.context.request.post(`${notes}/${made[title]}/submissions`, {
        multipart: { files: pdf(file) },
        headers: { Origin: account.origin },
      });
      expect(submitted.status(), await submitted.text()).toBe(201);
    }
  });

  test.afterAll(async () => {
    await Promise.all([owner, leader, member].map((account) => account?.context.close()));
  });

  test('the owner moves Ben to Team 2 after a confirmation stating the rules', async () => {
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}/members`);
    const roster = page.getByRole('region', { name: 'Manage roster' });
    await expect(roster).toBeVisible();
    await roster.getByRole('button', { name: 'Actions for Ben' }).click();
    await page.getByRole('menuitem', { name: 'Move to team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move Ben to another team' });
    await expect(dialog.getByText('Ben is now in Team 1.')).toBeVisible();
    await expect(dialog.getByTestId('roster-rules')).toContainText(
      'Individual task answers and their grades follow the person.',
    );
    await expect(dialog.getByTestId('roster-rules')).toContainText(
      'Work already handed in stays with the team it was handed in under',
    );
    await dialog.getByRole('button', { name: 'Move member' }).click();
    await expectToast(page, 'Ben was moved to Team 2; 1 individual answer moved with them.');
    await expect(dialog).toBeHidden();

    // The roster and the log show the move at once.
    const ben = roster.getByTestId('roster-member').filter({ hasText: 'Ben' });
    await expect(ben).toContainText('Team 2');
    const log = page.getByRole('region', { name: 'Activity log' });
    await expect(log.getByTestId('roster-event').first()).toContainText(
      'Ben was moved from Team 1 to Team 2.',
    );
    await expect(log.getByTestId('roster-event').first()).toContainText(
      'In Team 1 then: Ann, Ben, Eve',
    );
  });

  test("Ben's individual answer is now Team 2's and he sees it there", async () => {
    const { page } = member;
    await page.goto(`/workspace/${workspaceId}/notes`);
    await note(page, SOLO_NOTE).getByRole('button', { name: 'Open the task of Team 2' }).click();
    const panel = page.getByRole('dialog', { name: 'Individual Submission: Team 2' });
    await expect(panel.getByText('Your submission')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'ben-reflection.pdf' }).first()).toBeVisible();
  });

  test("Team 1's team answer stays with Team 1", async () => {
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}/notes`);
    await note(page, TEAM_NOTE).getByRole('button', { name: 'Open the task of Team 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Task Submission: Team 1' });
    await expect(panel.getByRole('link', { name: 'team-plan.pdf' }).first()).toBeVisible();
    await expect(panel).toContainText('Leader Person');
  });
});
