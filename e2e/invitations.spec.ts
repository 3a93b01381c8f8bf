import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { slugify } from '@teamshuffle/domain';
import { createAccount, type OutboxMessage } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { expectToast } from './support/toasts.ts';
import { createCourseWorkspace } from './support/workspaces.ts';

// Invitations and the address after a rename (issue 24, decision 0021), end to end: the owner
// types a student's e-mail into Manage Emails, the invitation mail goes out (this server has no
// SMTP server: the mailer hands it to the dev outbox, where the API tests' real SMTP server is not
// needed), the student follows its link into the workspace and has the notification; the owner's
// Invitations panel says the student joined; a renamed workspace opens at its new name and its
// old one, whose address becomes the new one.

function team(page: Page, number: number): Locator {
  return page.getByRole('region', { name: `Team ${number}`, exact: true });
}

/** The newest mail with `subject` to `to` in the dev outbox, waiting for it to arrive. */
async function mailTo(owner: Account, to: string, subject: string): Promise<OutboxMessage> {
  let found: (OutboxMessage & { subject?: string }) | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await owner.context.request.get('/api/dev/outbox')).json()) as Array<
        OutboxMessage & { subject?: string }
      >;
      found = messages.find((message) => message.to === to && message.subject === subject);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test.describe.serial('invitations', () => {
  let owner: Account;
  let student: Account;
  let workspace: { id: string; slug: string };
  const title = `Invited Course ${Date.now()}`;

  test.beforeAll(async ({ browser, baseURL }) => {
    owner = await createAccount(browser, baseURL!, 'owner');
    student = await createAccount(browser, baseURL!, 'student');
    workspace = await createCourseWorkspace(owner, title, 'invitations');
  });
  test.afterAll(async () => {
    await owner?.context.close();
    await student?.context.close();
  });

  test('an e-mail the owner adds is invited, and the invitation opens the workspace', async () => {
    const { page } = owner;
    await page.goto(`/workspace/${workspace.id}`);
    await team(page, 1).getByRole('button', { name: 'Manage Emails for Team 1' }).click();
    const emails = page.getByRole('dialog', { name: 'Manage Team Member Emails' });
    await emails.getByLabel('Email of Eve').fill(student.email);
    await emails.getByRole('button', { name: 'Save Emails' }).click();
    await expect(emails).toBeHidden();

    const mail = await mailTo(owner, student.email, `You are invited to ${title}`);
    expect(mail.text).toContain(`Owner Person added your e-mail address to ${title}`);
    // An account has the address: the link opens the workspace (no sign-up dialog).
    expect(mail.link).toMatch(new RegExp(`/workspace/${workspace.id}$`));

    // The owner's Invitations panel (Members tab): the student has an account, so joined.
    await page.getByRole('link', { name: 'Members' }).click();
    const panel = page.getByRole('region', { name: 'Invitations' });
    const row = panel.getByRole('row').filter({ hasText: student.email });
    await expect(row).toContainText('Eve');
    await expect(row).toContainText('Joined');

    // The student follows the link into the workspace, and has the notification.
    await student.page.goto(mail.link!);
    await expect(student.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const notifications = (await (
      await student.context.request.get('/api/notifications')
    ).json()) as { items: Array<{ type: string; title: string; data: { workspaceId: string } }> };
    expect(notifications.items).toContainEqual(
      expect.objectContaining({
        type: 'workspace_invited',
        title: `You are invited to ${title}`,
        data: expect.objectContaining({ workspaceId: workspace.id }),
      }),
    );
  });

  test('an address with no account gets a sign-up link, and resend is limited', async () => {
    const { page } = owner;
    const newcomer = `newcomer-${Date.now()}@example.com`;
    await page.goto(`/workspace/${workspace.id}`);
    await team(page, 2).getByRole('button', { name: 'Manage Emails for Team 2' }).click();
    const emails = page.getByRole('dialog', { name: 'Manage Team Member Emails' });
    await emails.getByLabel('Email of Dan').fill(newcomer);
    await emails.getByRole('button', { name: 'Save Emails' }).click();
    await expect(emails).toBeHidden();
    const mail = await mailTo(owner, newcomer, `You are invited to ${title}`);
    expect(mail.link).toMatch(new RegExp(`/workspace/${workspace.id}\\?auth=signUp$`));

    // Signed out, the link opens the sign-up dialog on the workspace's page.
    const visitor = await owner.context.browser()!.newContext({ locale: 'en-US' });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(mail.link!);
    const dialog = visitorPage.getByRole('dialog', { name: 'Welcome to Teamshuffle' });
    await expect(dialog.getByRole('tab', { name: 'Sign Up', selected: true })).toBeVisible();
    await visitor.close();

    // The mail just went: Resend says when it can go again, and the server refuses a repeat.
    await page.getByRole('link', { name: 'Members' }).click();
    const row = page
      .getByRole('region', { name: 'Invitations' })
      .getByRole('row')
      .filter({ hasText: newcomer });
    await expect(row).toContainText('Invited: mail sent');
    await expect(row.getByRole('button', { name: 'Resend the invitation to Dan' })).toBeDisabled();
    await page.getByRole('button', { name: 'Resend to all pending' }).click();
    await expectToast(
      page,
      'An invitation was sent less than 10 minutes ago. Please wait before sending it again.',
    );
  });

  test('a renamed workspace opens at its new name and at its old one', async () => {
    const renamed = `${title} Renamed`;
    const response = await owner.context.request.patch(`/api/workspaces/${workspace.id}`, {
      data: { title: renamed },
      headers: { Origin: owner.origin },
    });
    expect(response.status(), await response.text()).toBe(204);
    const newSlug = slugify(renamed);
    const { page } = student;
    await page.goto(`/workspaces/${encodeURIComponent(newSlug)}`);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await page.goto(`/workspaces/${encodeURIComponent(workspace.slug)}`);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/workspaces/${encodeURIComponent(newSlug)}$`));
  });
});
