import { expect, test } from '@playwright/test';
import { formatJoinCode, normalizeJoinCode } from '@teamshuffle/domain';
import { createAccount } from './support/accounts.ts';
import { expectToast } from './support/toasts.ts';
import { createCourseWorkspace } from './support/workspaces.ts';

// Students join on their own (issue 24, joining), end to end on the real server: the owner turns
// on the join link and sees the code with its QR code; a signed-out visitor of the link is asked
// to sign in; a second, verified account types the code at /join, picks its own name from the
// unclaimed ones and waits; the owner approves; the student opens the workspace as a member.

test('a student joins with the code, the owner approves, the student opens the workspace', async ({
  browser,
  baseURL,
}) => {
  const owner = await createAccount(browser, baseURL!, 'owner');
  const student = await createAccount(browser, baseURL!, 'student');
  const title = `Joining ${Date.now()}`;
  const workspace = await createCourseWorkspace(owner, title, 'e2e-joining');

  // The owner: the workspace header's Join link, then the link turned on.
  await owner.page.goto(`/workspace/${workspace.id}`);
  await owner.page.getByRole('link', { name: 'Join link' }).click();
  await expect(owner.page).toHaveURL(new RegExp(`/workspace/${workspace.id}/join$`));
  await expect(
    owner.page.getByText('The join link is off. Turn it on to show the code.'),
  ).toBeVisible();
  // The switch shows the server's answer: it turns on once the change is saved.
  const isEnabled = owner.page.getByRole('switch', {
    name: 'Students can join with the link or code',
  });
  await isEnabled.click();
  await expect(isEnabled).toBeChecked();
  await expectToast(owner.page, 'The join link is on.');
  const shown = (await owner.page.getByTestId('join-code').textContent()) ?? '';
  const code = normalizeJoinCode(shown);
  expect(shown).toBe(formatJoinCode(code));
  expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
  await expect(
    owner.page.getByRole('img', { name: 'QR code of the join link' }).first(),
  ).toBeVisible();
  await expect(owner.page.getByRole('textbox', { name: 'Join link' })).toHaveValue(
    `${baseURL}/join/${code}`,
  );

  // A signed-out visitor of the link is asked to sign in or sign up.
  const visitor = await browser.newContext({ baseURL, locale: 'en-US' });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/join/${code}`);
  await expect(visitorPage.getByRole('heading', { name: 'Sign in to join' })).toBeVisible();
  await expect(visitorPage.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  await visitor.close();

  // The student types the code as a person would (lower case, with the dash) and picks Eve.
  await student.page.goto('/join');
  await student.page.getByLabel('Join code').fill(shown.toLowerCase());
  await student.page.getByRole('button', { name: 'Continue' }).click();
  await expect(student.page).toHaveURL(new RegExp(`/join/${code}$`));
  await expect(
    student.page.getByRole('heading', { name: `You are joining ${title}` }),
  ).toBeVisible();
  await expect(student.page.getByRole('heading', { name: 'Team 1' })).toBeVisible();
  await student.page.getByRole('button', { name: 'I am Eve' }).click();
  await student.page.getByRole('button', { name: 'Yes, I am Eve' }).click();
  await expectToast(student.page, 'Your request to join as Eve was sent.');
  await expect(student.page.getByTestId('join-pending')).toHaveText(
    'You asked to join as Eve. You get a notification when your teacher answers.',
  );
  // Not a member yet.
  const before = await student.context.request.get(`/api/workspaces/${workspace.id}`);
  expect(before.status()).toBe(404);

  // The owner sees the request (who and which name) and approves it.
  await owner.page.reload();
  const requests = owner.page.getByTestId('join-requests');
  await expect(requests).toContainText(`${student.name} (${student.email})`);
  await expect(requests).toContainText('asks to be Eve');
  await owner.page.getByRole('button', { name: `Approve ${student.name} as Eve` }).click();
  await expectToast(owner.page, `${student.name} joined as Eve.`);
  await expect(owner.page.getByText('No requests waiting.')).toBeVisible();
  await expect(owner.page.getByTestId('join-statuses')).toContainText('Joined');

  // The student opens the link again and is taken to the workspace, as a member.
  await student.page.goto(`/join/${code}`);
  await expect(student.page).toHaveURL(new RegExp(`/workspace/${workspace.id}$`));
  await expect(student.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(student.page.getByTestId('workspace-role')).toContainText('Member');

  // The Members tab: the owner sees each member's join status in the list (Eve: joined); a
  // member sees the list without anyone's join or e-mail status.
  await owner.page.goto(`/workspace/${workspace.id}/members`);
  const eveRow = owner.page.getByRole('row').filter({ hasText: 'Eve' });
  await expect(eveRow.getByTestId('member-join-status')).toHaveText('Joined');
  await expect(
    owner.page.getByTestId('member-join-status').filter({ hasText: 'Not joined' }),
  ).not.toHaveCount(0);
  await student.page.goto(`/workspace/${workspace.id}/members`);
  await expect(student.page.getByRole('row').filter({ hasText: 'Eve' })).toBeVisible();
  await expect(student.page.getByTestId('member-join-status')).toHaveCount(0);

  await owner.context.close();
  await student.context.close();
});
