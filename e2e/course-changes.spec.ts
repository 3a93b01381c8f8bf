import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { formatJoinCode, normalizeJoinCode, slugify } from '@teamshuffle/domain';
import type { Account } from './support/accounts.ts';
import { type AppServer, startAppServer } from './support/app-server.ts';
import {
  createSmtpAccount,
  firstLink,
  mailTo,
  type SmtpSink,
  startSmtpServer,
} from './support/smtp.ts';
import { expectToast } from './support/toasts.ts';
import { sectionLink } from './support/workspaces.ts';

// Issue 24's "Done when", played as one course by a new teacher and two students, in the UI
// wherever a person would click (only signing up the accounts goes through the API, as a person
// does that elsewhere). The teacher imports 12 names, 4 with e-mails, at /app, shuffles them into
// 3 teams (Ann and Lee a fixed pair) and creates the workspace, which invites the 4 addresses;
// the teacher turns on the join link. Ann's student has an account: the invitation comes through
// a real SMTP server and its link opens the workspace. Another student, with no e-mail on the
// roster, joins with the code as Lee and the teacher approves. Lee leads the team and hands in
// its team task; Ann hands in an individual task; the teacher moves Ann to another team: her
// answer goes with her, the team's answer stays. Last, a renamed workspace opens at its new name
// and its old one.
//
// Mail needs an SMTP server, which the shared webServer has not (it keeps mail in the dev
// outbox): this spec runs an SMTP server in the test process and an app server of its own whose
// SMTP_URL points at it. Its pages use that server's address.

const NAMES = ['Ann', 'Ben', 'Cho', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lee'];
const TEAM_NOTE = 'Week 1: Team plan';
const SOLO_NOTE = 'Week 2: Reflection';

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`),
});

function team(page: Page, number: number): Locator {
  return page.getByRole('region', { name: `Team ${number}`, exact: true });
}

function note(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

/** The /app results' card of the team that holds `name`. */
function resultCardOf(page: Page, name: string): Locator {
  return page.getByTestId('team-card').filter({
    has: page.getByTestId('team-member').filter({ hasText: new RegExp(`^${name}`) }),
  });
}

/** The owner's lecture note with a task of `kind`, written and published in the Notes section. */
async function writeNoteWithTask(
  page: Page,
  title: string,
  kind: 'team' | 'individual',
): Promise<void> {
  const section = page.getByRole('region', { name: 'Lecture Notes' });
  await section.getByRole('button', { name: 'Create Lecture Note' }).click();
  const modal = page.getByRole('dialog', { name: 'Create Lecture Note' });
  await modal.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await modal.getByRole('switch', { name: 'Include a task' }).click({ force: true });
  await modal.getByRole('textbox', { name: 'Task title' }).fill('Hand in');
  await modal
    .getByRole('radio', {
      name:
        kind === 'team' ? "Team: the team's leader submits" : 'Individual: every member submits',
    })
    .check();
  await modal.getByRole('button', { name: 'Create', exact: true }).click();
  await expectToast(page, 'Lecture note created successfully!');
  await expect(modal).toBeHidden();
  const card = note(page, title);
  await card.getByRole('button', { name: 'Publish' }).click();
  await expectToast(page, 'Lecture note published successfully!');
  await expect(card.getByTestId('draft-badge')).toHaveCount(0);
}

let smtp: SmtpSink | undefined;
let server: AppServer | undefined;
const accounts: Account[] = [];

test.beforeAll(async () => {
  // The app's first start on a fresh data folder (migrations) on a loaded machine.
  test.setTimeout(120_000);
  smtp = await startSmtpServer();
  server = await startAppServer({ SMTP_URL: smtp.smtpUrl });
});

test.afterAll(async () => {
  // Everything stops, whatever failed before (or here).
  await Promise.allSettled(accounts.map((account) => account.context.close()));
  try {
    await server?.stop();
  } finally {
    await smtp?.close();
  }
});

test('a course: form, invite, join by code, hand in, move a member, rename', async ({
  browser,
}) => {
  // Three people through a whole course on a loaded 2-core machine.
  test.setTimeout(300_000);
  const baseURL = server!.url;
  const sink = smtp!;
  const stamp = Date.now();
  const title = `Course ${stamp}`;
  const renamed = `Course ${stamp} Spring`;

  const [teacher, annStudent, leeStudent] = (await Promise.all(
    ['teacher', 'ann', 'lee'].map((label) => createSmtpAccount(browser, baseURL, sink, label)),
  )) as [Account, Account, Account];
  accounts.push(teacher, annStudent, leeStudent);
  // Ann's address has an account; Ben's, Cho's and Dev's have none.
  const emails: Record<string, string> = {
    Ann: annStudent.email,
    Ben: `ben-${stamp}@example.com`,
    Cho: `cho-${stamp}@example.com`,
    Dev: `dev-${stamp}@example.com`,
  };

  let workspaceId = '';
  let annTeam = 0;

  await test.step('the teacher forms 3 teams from 12 names with 4 e-mails and creates the workspace', async () => {
    const { page } = teacher;
    await page.goto('/app');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import a Roster' });
    const sheet = ['Name\tE-mail', ...NAMES.map((name) => `${name}\t${emails[name] ?? ''}`)];
    await importDialog.getByRole('textbox', { name: 'Spreadsheet cells' }).fill(sheet.join('\n'));
    await expect(importDialog.getByRole('combobox', { name: 'Use of column Name' })).toHaveValue(
      'name',
    );
    await expect(importDialog.getByRole('combobox', { name: 'Use of column E-mail' })).toHaveValue(
      'email',
    );
    await expect(importDialog.getByTestId('import-summary')).toContainText('Members to import: 12');
    await importDialog.getByRole('button', { name: 'Import Members' }).click();
    await expect(importDialog).toBeHidden();
    await expect(page.getByTestId('member-count')).toHaveText('Members: 12');

    // Ann and Lee work together: a fixed pair.
    await page.getByRole('button', { name: 'Add Fixed Pair' }).click();
    const pair = page.getByRole('dialog', { name: 'Add Fixed Pair' });
    await pair.getByRole('checkbox', { name: 'Ann', exact: true }).check();
    await pair.getByRole('checkbox', { name: 'Lee', exact: true }).check();
    await pair.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(pair).toBeHidden();
    await expect(page.getByTestId('constraint-fixedPair')).toHaveText(['Ann + Lee']);

    const teamCount = page.getByRole('textbox', { name: 'Number of teams' });
    await teamCount.fill('3');
    await teamCount.blur();
    // The teacher watches the shuffle to its end (6 s): the teams show once it is over. No
    // Skip, which a loaded machine could click after the run had ended by itself.
    await page.getByRole('button', { name: 'Shuffle', exact: true }).click();
    await expect(page.getByTestId('team-card')).toHaveCount(3);
    await expect(page.getByRole('dialog', { name: 'Shuffling teams' })).toHaveCount(0);
    await expect(page.getByTestId('team-member')).toHaveCount(12);
    const annCard = resultCardOf(page, 'Ann');
    await expect(annCard.getByTestId('team-member')).toContainText(['Lee']);
    const heading = (await annCard.getByRole('heading', { level: 3 }).textContent()) ?? '';
    annTeam = Number(/^Team (\d)$/.exec(heading.trim())?.[1]);
    expect(annTeam).toBeGreaterThanOrEqual(1);

    await page.getByRole('button', { name: 'Create Team', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Create Team' });
    await create.getByRole('textbox', { name: 'Team name' }).fill(title);
    await create.getByRole('button', { name: 'Create Team' }).click();
    await expectToast(page, 'Team created successfully!');
    await expect(page).toHaveURL(/\/workspace\/[\w-]+$/);
    workspaceId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(team(page, annTeam)).toContainText('Ann');
    await expect(team(page, annTeam)).toContainText('Lee');
  });

  await test.step('the four addresses are invited by mail through the SMTP server', async () => {
    const subject = `You are invited to ${title}`;
    for (const name of ['Ben', 'Cho', 'Dev']) {
      const mail = await mailTo(sink, emails[name]!, subject);
      // No account yet: the link opens the sign-up dialog on the workspace's page.
      expect(firstLink(mail.text)).toBe(`${baseURL}/workspace/${workspaceId}?auth=signUp`);
    }
    const mail = await mailTo(sink, annStudent.email, subject);
    expect(mail.text).toContain(`Teacher Person added your e-mail address to ${title}`);
    expect(mail.html).toContain('Open the workspace');
  });

  let code = '';
  await test.step('the teacher turns on the join link', async () => {
    const { page } = teacher;
    await page.getByRole('link', { name: 'Join link' }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/join$`));
    // The switch shows the server's answer: it turns on once the change is saved.
    const isEnabled = page.getByRole('switch', {
      name: 'Students can join with the link or code',
    });
    await isEnabled.click();
    await expect(isEnabled).toBeChecked();
    await expectToast(page, 'The join link is on.');
    const shown = (await page.getByTestId('join-code').textContent()) ?? '';
    code = normalizeJoinCode(shown);
    expect(shown).toBe(formatJoinCode(code));
  });

  await test.step("Ann's student follows the invitation's link into the workspace", async () => {
    const mail = await mailTo(sink, annStudent.email, `You are invited to ${title}`);
    const link = firstLink(mail.text);
    expect(link).toBe(`${baseURL}/workspace/${workspaceId}`);
    const { page } = annStudent;
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('workspace-role')).toContainText('Member');
    await expect(team(page, annTeam)).toContainText('Ann');
  });

  await test.step('a student with no e-mail on the roster joins with the code as Lee', async () => {
    const { page } = leeStudent;
    await page.goto('/join');
    await page.getByLabel('Join code').fill(formatJoinCode(code).toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(new RegExp(`/join/${code}$`));
    await expect(page.getByRole('heading', { name: `You are joining ${title}` })).toBeVisible();
    // Names with an e-mail are taken: only the eight without one are offered.
    await expect(page.getByRole('button', { name: /^I am / })).toHaveCount(8);
    await expect(page.getByRole('button', { name: 'I am Ann' })).toHaveCount(0);
    await page.getByRole('button', { name: 'I am Lee' }).click();
    await page.getByRole('button', { name: 'Yes, I am Lee' }).click();
    await expectToast(page, 'Your request to join as Lee was sent.');
    await expect(page.getByTestId('join-pending')).toContainText('You asked to join as Lee.');

    // The teacher sees the request on the join page and approves it.
    const owner = teacher.page;
    await owner.reload();
    const requests = owner.getByTestId('join-requests');
    await expect(requests).toContainText(`${leeStudent.name} (${leeStudent.email})`);
    await expect(requests).toContainText('asks to be Lee');
    await owner.getByRole('button', { name: `Approve ${leeStudent.name} as Lee` }).click();
    await expectToast(owner, `${leeStudent.name} joined as Lee.`);
    await expect(owner.getByText('No requests waiting.')).toBeVisible();

    // The link now takes Lee's student into the workspace, as a member.
    await page.goto(`/join/${code}`);
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('workspace-role')).toContainText('Member');
  });

  await test.step('Lee leads the team and hands in its team task; Ann hands in an individual task', async () => {
    const owner = teacher.page;
    await owner.goto(`/workspace/${workspaceId}`);
    await team(owner, annTeam)
      .getByRole('combobox', { name: `Team ${annTeam} leader` })
      .selectOption({ label: 'Lee' });
    await expectToast(owner, `Team ${annTeam} leader removed or changed to Lee!`);
    await expect(team(owner, annTeam).getByTestId('leader-badge')).toHaveText('Leader: Lee');

    await sectionLink(owner, 'Lecture Notes').click();
    await expect(owner).toHaveURL(new RegExp(`/workspace/${workspaceId}/notes$`));
    await writeNoteWithTask(owner, TEAM_NOTE, 'team');
    await writeNoteWithTask(owner, SOLO_NOTE, 'individual');

    // The students open the notes anew: a section a page fetched less than 30 s ago is not
    // fetched again when its link is clicked (the query's staleTime), and their pages fetched
    // it, empty, just before the teacher wrote the notes.
    const lee = leeStudent.page;
    await lee.goto(`/workspace/${workspaceId}/notes`);
    await expect(lee.getByTestId('workspace-role')).toContainText('Leader');
    await note(lee, TEAM_NOTE)
      .getByRole('button', { name: `Open the task of Team ${annTeam}` })
      .click();
    const teamPanel = lee.getByRole('dialog', { name: `Task Submission: Team ${annTeam}` });
    await teamPanel.locator('input[type="file"]').setInputFiles([pdf('team-plan.pdf')]);
    await teamPanel.getByRole('button', { name: 'Submit Task' }).click();
    await expectToast(lee, 'Task submitted successfully!');
    await expect(teamPanel.getByTestId('task-status')).toHaveText('Submitted (1)');

    const ann = annStudent.page;
    await ann.goto(`/workspace/${workspaceId}/notes`);
    await note(ann, SOLO_NOTE)
      .getByRole('button', { name: `Open the task of Team ${annTeam}` })
      .click();
    const soloPanel = ann.getByRole('dialog', { name: `Individual Submission: Team ${annTeam}` });
    await soloPanel.locator('input[type="file"]').setInputFiles([pdf('ann-reflection.pdf')]);
    await soloPanel.getByRole('button', { name: 'Submit Files' }).click();
    await expectToast(ann, 'File submitted successfully!');
    await expect(soloPanel.getByText('Your submission')).toBeVisible();
  });

  const newTeam = (annTeam % 3) + 1;
  await test.step('the teacher moves Ann to another team in the Members tab', async () => {
    const { page } = teacher;
    await sectionLink(page, 'Members').click();
    const roster = page.getByRole('region', { name: 'Manage roster' });
    await roster.getByRole('button', { name: 'Actions for Ann' }).click();
    await page.getByRole('menuitem', { name: 'Move to team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move Ann to another team' });
    await expect(dialog.getByText(`Ann is now in Team ${annTeam}.`)).toBeVisible();
    await expect(dialog.getByTestId('roster-rules')).toContainText(
      'Individual task answers and their grades follow the person.',
    );
    const target = dialog.getByRole('combobox', { name: 'New team' });
    await target.click();
    await dialog.getByRole('option', { name: `Team ${newTeam}`, exact: true }).click();
    await expect(target).toHaveValue(`Team ${newTeam}`);
    await dialog.getByRole('button', { name: 'Move member' }).click();
    await expectToast(
      page,
      `Ann was moved to Team ${newTeam}; 1 individual answer moved with them.`,
    );
    await expect(dialog).toBeHidden();
    await expect(roster.getByTestId('roster-member').filter({ hasText: 'Ann' })).toContainText(
      `Team ${newTeam}`,
    );
    await expect(
      page.getByRole('region', { name: 'Activity log' }).getByTestId('roster-event').first(),
    ).toContainText(`Ann was moved from Team ${annTeam} to Team ${newTeam}.`);
  });

  await test.step("Ann's answer follows her; the old team's team answer stays with it", async () => {
    const ann = annStudent.page;
    await ann.reload();
    await note(ann, SOLO_NOTE)
      .getByRole('button', { name: `Open the task of Team ${newTeam}` })
      .click();
    const soloPanel = ann.getByRole('dialog', { name: `Individual Submission: Team ${newTeam}` });
    await expect(soloPanel.getByText('Your submission')).toBeVisible();
    await expect(soloPanel.getByRole('link', { name: 'ann-reflection.pdf' }).first()).toBeVisible();
    await ann.keyboard.press('Escape');
    await expect(soloPanel).toBeHidden();
    // Her old team's task is no longer hers to open.
    await expect(
      note(ann, SOLO_NOTE).getByRole('button', { name: `Open the task of Team ${annTeam}` }),
    ).toHaveCount(0);

    // Anew as well: the teacher's page fetched the notes before Lee handed in.
    const owner = teacher.page;
    await owner.goto(`/workspace/${workspaceId}/notes`);
    await note(owner, TEAM_NOTE)
      .getByRole('button', { name: `Open the task of Team ${annTeam}` })
      .click();
    const teamPanel = owner.getByRole('dialog', { name: `Task Submission: Team ${annTeam}` });
    await expect(teamPanel.getByRole('link', { name: 'team-plan.pdf' }).first()).toBeVisible();
    await expect(teamPanel).toContainText(leeStudent.name);
    await owner.keyboard.press('Escape');
    await expect(teamPanel).toBeHidden();
    // The new team has handed in nothing for the team task.
    await expect(
      note(owner, TEAM_NOTE)
        .getByTestId('task-team')
        .filter({ hasText: `Team ${newTeam}` })
        .getByTestId('task-status'),
    ).toHaveText('Pending');
  });

  await test.step('the teacher renames the workspace; it opens at its new name and its old one', async () => {
    const { page } = teacher;
    await sectionLink(page, 'Overview').click();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Team Settings' });
    await settings.getByRole('textbox', { name: 'Team name' }).fill(renamed);
    await settings.getByRole('button', { name: 'Update Title' }).click();
    await expectToast(page, 'Team name updated successfully!');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    const ann = annStudent.page;
    const newPath = `/workspaces/${encodeURIComponent(slugify(renamed))}`;
    await ann.goto(newPath);
    await expect(ann.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await ann.goto(`/workspaces/${encodeURIComponent(slugify(title))}`);
    await expect(ann.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(ann).toHaveURL(new RegExp(`${newPath}$`));
  });
});
