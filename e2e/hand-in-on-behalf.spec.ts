import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { createAccount } from './support/accounts.ts';
import { sendAs as api } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { inkOf, textPdf } from './support/pdf.ts';
import { expectToast } from './support/toasts.ts';
import {
  courseIds,
  createCourseWorkspace,
  createOpenAssignment,
  setCourseLeaders,
} from './support/workspaces.ts';

// The owner hands in on a team's behalf through the page (issue 25; spec part 2, section 6), as
// a teacher with a paper handed in late would: on an assignment and on a lecture note's team
// task, from the team's panel, with the keyboard for one of them. The dialog says it is recorded
// as handed in by the owner; the team's row shows the attempt so marked, and Ben, a member of
// the team, sees the mark on both.

// A file named .pdf that is no readable PDF (a scan gone wrong), and a real two-page one.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n');
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: PDF });
const twoPagePdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: textPdf(['Interview notes', 'Page two: the answers']),
});

function assignmentCard(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: 'Assignments', exact: true })
    .getByRole('article', { name: title, exact: true });
}

function noteCard(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

test.describe.serial('the owner hands in on a team’s behalf', () => {
  let owner: Account;
  let member: Account;
  let workspaceId: string;
  const assignment = `Field report ${Date.now()}`;
  const lecture = `Week 3: Interviews ${Date.now()}`;

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    [owner, member] = await Promise.all([
      createAccount(browser, baseURL!, 'owner'),
      createAccount(browser, baseURL!, 'member'),
    ]);
    workspaceId = (await createCourseWorkspace(owner, `Course ${Date.now()}`, 'on-behalf')).id;
    // Ann leads Team 1 and Cat Team 2, both with an e-mail; Ben of Team 1 is the member account.
    await setCourseLeaders(owner, workspaceId, { withEmails: true });
    const { teamId, memberId } = await courseIds(owner, workspaceId);
    const base = `/api/workspaces/${workspaceId}`;
    await api(owner, 'put', `${base}/teams/${teamId(1)}/member-emails`, {
      entries: [{ memberId: memberId('Ben'), email: member.email }],
    });
    await createOpenAssignment(owner, workspaceId, assignment);
    const created = (await api(
      owner,
      'post',
      `${base}/notes`,
      {
        title: lecture,
        description: 'Interview two users.',
        week: 3,
        date: null,
        task: {
          title: 'Interview notes',
          description: '',
          deadline: null,
          maxFileSizeMb: 5,
          allowedTypes: ['pdf'],
          assignmentType: 'team',
        },
      },
      201,
    )) as { id: string };
    await api(owner, 'patch', `${base}/notes/${created.id}`, { isPublished: true });
  });

  test.afterAll(async () => {
    await Promise.all([owner, member].map((account) => account?.context.close()));
  });

  test('owner: hands in for Team 1 on an assignment, from the team’s panel', async () => {
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}/assignments`);
    const row = assignmentCard(page, assignment).getByTestId('assignment-team-1');
    await expect(row.getByTestId('team-status')).toHaveText('Pending');
    await row.getByTestId('open-team').click();

    const dialog = page.getByRole('dialog', { name: 'Assignment Submission' });
    await expect(dialog.getByTestId('current-work')).toContainText('Nothing submitted yet.');
    // Nothing to upload until the owner asks for it.
    await expect(dialog.locator('input[type="file"]')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Hand in for Team 1' }).click();
    const form = dialog.getByRole('form', { name: 'Hand in for Team 1' });
    await expect(form.getByTestId('on-behalf-note')).toContainText(
      "You are handing in on Team 1's behalf. It will be recorded as handed in by the owner",
    );
    // The leader form's checks, before anything is sent.
    await form.getByRole('button', { name: 'Submit for Team 1' }).click();
    await expect(form.getByTestId('upload-refusal')).toHaveText('Please select at least one file');
    await expectNoSeriousA11yViolations(page, 'assignment panel, hand in for Team 1', {
      include: '[role="dialog"]',
    });
    await form.locator('input[type="file"]').setInputFiles(pdf('paper-copy.pdf'));
    await form.getByRole('textbox', { name: 'Additional notes' }).fill('Handed in on paper');
    await form.getByRole('button', { name: 'Submit for Team 1' }).click();
    await expectToast(page, 'Handed in for Team 1.');

    // The form closes; the panel shows the attempt as the owner's.
    await expect(form).toHaveCount(0);
    const current = dialog.getByTestId('current-work');
    await expect(current).toContainText('Attempt 1');
    await expect(current.getByTestId('by-owner')).toHaveText('handed in by the owner');
    await expect(current.getByRole('link', { name: 'paper-copy.pdf' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Hand in for Team 1' })).toBeFocused();
    // Grading in place (decision 0042): a file PDF.js cannot read says so, and keeps its link.
    await dialog.getByRole('button', { name: 'Evaluate', exact: true }).click();
    const evaluate = page.getByRole('dialog', { name: 'Evaluate Submission' });
    const unreadable = evaluate.getByTestId('pdf-preview');
    await expect(unreadable).toHaveAttribute('data-state', 'failed');
    await expect(unreadable).toHaveText('This file cannot be shown here. Download it below.');
    await expect(evaluate.getByRole('link', { name: /Download paper-copy\.pdf/ })).toBeVisible();
    // The team's panel gave way to the evaluation; closing it leaves the page.
    await evaluate.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(evaluate).toBeHidden();
    await expect(dialog).toBeHidden();

    await expect(row.getByTestId('team-status')).toHaveText('Submitted');
    await expect(row.getByTestId('by-owner')).toHaveText('handed in by the owner');
    await expect(row).toContainText('Attempt 1');
    // Team 2 is untouched.
    await expect(
      assignmentCard(page, assignment).getByTestId('assignment-team-2').getByTestId('team-status'),
    ).toHaveText('Pending');
  });

  test('owner: hands in for Team 1 on a note’s team task, by keyboard, then grades it in place', async () => {
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}/notes`);
    const card = noteCard(page, lecture);
    const row = card.getByTestId('task-team').filter({ hasText: 'Team 1' });
    await expect(row.getByTestId('task-status')).toHaveText('Pending');
    await row.getByRole('button', { name: 'Open the task of Team 1' }).click();

    const panel = page.getByRole('dialog', { name: 'Task Submission: Team 1' });
    const handIn = panel.getByRole('button', { name: 'Hand in for Team 1' });
    await handIn.focus();
    await page.keyboard.press('Enter');
    const form = panel.getByRole('form', { name: 'Hand in for Team 1' });
    await expect(form.getByTestId('on-behalf-note')).toContainText(
      'recorded as handed in by the owner',
    );
    // The focus moved into the form (its drop zone), not lost with the button.
    await expect(
      form.getByRole('button', { name: 'Drag files here or click to choose' }),
    ).toBeFocused();
    // Enter on the drop zone opens the file chooser (its input is not rendered inside it).
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles(twoPagePdf('interview.pdf'));
    await expect(form.getByText('interview.pdf')).toBeVisible();
    await form.getByRole('textbox', { name: 'Description' }).fill('Scanned by the teacher');
    await form.getByRole('button', { name: 'Submit for Team 1' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Handed in for Team 1.');

    await expect(form).toHaveCount(0);
    await expect(panel.getByTestId('task-status')).toHaveText('Submitted (1)');
    await expect(panel.getByTestId('by-owner')).toHaveText('handed in by the owner');
    // Grading in place: the answer's PDF next to the score.
    const preview = panel.getByTestId('submitted-file-preview');
    // Drawn on the page by PDF.js (decision 0042), a page at a time, turned by the keyboard.
    const first = preview.getByRole('img', { name: 'interview.pdf, page 1 of 2' });
    await expect(first).toBeVisible();
    await expect(preview.getByText('Page 1 of 2')).toBeVisible();
    await expect.poll(async () => (await inkOf(first)).dark).toBeGreaterThan(100);
    const firstInk = (await inkOf(first)).dark;
    await expect(preview.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await preview.getByRole('button', { name: 'Next page' }).focus();
    await page.keyboard.press('Enter');
    const second = preview.getByRole('img', { name: 'interview.pdf, page 2 of 2' });
    await expect(second).toBeVisible();
    await expect(preview.getByText('Page 2 of 2')).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Next page' })).toBeDisabled();
    // Page two's own text, not page one's drawn again.
    await expect(preview.getByTestId('pdf-preview')).toHaveAttribute('data-state', 'shown');
    await expect.poll(async () => (await inkOf(second)).dark).toBeGreaterThan(100);
    await expect.poll(async () => (await inkOf(second)).dark).not.toBe(firstInk);
    await expect(preview.getByRole('button', { name: 'Next page' })).toBeFocused();
    await expect(preview.getByRole('link', { name: /Download interview\.pdf/ })).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Score (0-100)' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'team task panel, handed in by the owner', {
      include: '[role="dialog"]',
    });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await expect(row.getByTestId('task-status')).toHaveText('Submitted (1)');
    await expect(row.getByTestId('by-owner')).toHaveText('handed in by the owner');
  });

  test('member of Team 1: sees both as handed in by the owner', async () => {
    const { page } = member;
    await page.goto(`/workspace/${workspaceId}/assignments`);
    await expect(page.getByText('Your role: Member')).toBeVisible();
    const row = assignmentCard(page, assignment).getByTestId('assignment-team-1');
    await expect(row.getByTestId('team-status')).toHaveText('Submitted');
    await expect(row.getByTestId('by-owner')).toHaveText('handed in by the owner');
    await row.getByTestId('open-team').click();
    const dialog = page.getByRole('dialog', { name: 'Assignment Submission' });
    const current = dialog.getByTestId('current-work');
    await expect(current.getByTestId('by-owner')).toHaveText('handed in by the owner');
    // The team's own work to download; nothing to hand in, and no owner's button.
    await expect(current.getByRole('link', { name: 'paper-copy.pdf' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Hand in for Team/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.goto(`/workspace/${workspaceId}/notes`);
    const taskRow = noteCard(page, lecture).getByTestId('task-team').filter({ hasText: 'Team 1' });
    await expect(taskRow.getByTestId('task-status')).toHaveText('Submitted (1)');
    await expect(taskRow.getByTestId('by-owner')).toHaveText('handed in by the owner');
    await taskRow.getByRole('button', { name: 'Open the task of Team 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Task Submission: Team 1' });
    await expect(panel.getByTestId('submission').first()).toContainText('Scanned by the teacher');
    await expect(panel.getByTestId('by-owner')).toHaveText('handed in by the owner');
    await expect(panel.getByRole('button', { name: /Hand in for Team/ })).toHaveCount(0);
  });
});
