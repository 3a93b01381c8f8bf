import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Browser, Locator, Page } from '@playwright/test';
import { createAccount as createAnyAccount, toast, uniqueEmail } from './support/accounts.ts';
import { expectToast } from './support/toasts.ts';
import type { Account } from './support/accounts.ts';
import { courseSnapshot, sectionLink } from './support/workspaces.ts';

// Assignments, grading and Team Scores end to end on the real server (issue 12), as new users
// would: the owner is held back until every leader has an e-mail, then creates an assignment;
// Team 1's leader hands in a PDF (and work before and after a window); a member is refused; the
// owner grades Team 1 with 95 and the rest in bulk; Team Scores shows both averages; the ZIP and
// the grade sheet come down through the page's links.

/** Accounts whose pages may download (the grade sheet, the ZIP). */
function createAccount(browser: Browser, baseURL: string, label: string): Promise<Account> {
  return createAnyAccount(browser, baseURL, label, { acceptDownloads: true });
}

const DAY_MS = 24 * 60 * 60 * 1000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n');

interface Detail {
  id: string;
  teams: Array<{ id: string; number: number }>;
  members: Array<{ id: string; name: string }>;
}

/**
 * The owner's workspace through the API (the workspaces spec covers these screens): Ann leads
 * Team 1 and Cat Team 2, and Ben's address is the member account's. No leader has an e-mail yet.
 */
async function createWorkspace(owner: Account, title: string, memberEmail: string) {
  const { request } = owner.context;
  const headers = { Origin: owner.origin };
  const created = await request.post('/api/workspaces', {
    data: { title, snapshot: courseSnapshot('e2e-assignments') },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { workspace } = (await created.json()) as { workspace: { id: string } };
  const detail = (await (await request.get(`/api/workspaces/${workspace.id}`)).json()) as Detail;
  const teamId = (number: number) => detail.teams.find((team) => team.number === number)!.id;
  const memberId = (name: string) => detail.members.find((member) => member.name === name)!.id;
  for (const [number, leader] of [
    [1, 'Ann'],
    [2, 'Cat'],
  ] as const) {
    const response = await request.put(
      `/api/workspaces/${workspace.id}/teams/${teamId(number)}/leader`,
      { data: { memberId: memberId(leader) }, headers },
    );
    expect(response.ok(), await response.text()).toBe(true);
  }
  const emails = await request.put(
    `/api/workspaces/${workspace.id}/teams/${teamId(1)}/member-emails`,
    { data: { entries: [{ memberId: memberId('Ben'), email: memberEmail }] }, headers },
  );
  expect(emails.ok(), await emails.text()).toBe(true);
  return workspace.id;
}

function section(page: Page): Locator {
  return page.getByRole('region', { name: 'Assignments', exact: true });
}

function card(page: Page, title: string): Locator {
  return section(page).getByRole('article', { name: title, exact: true });
}

/** A card's team row, the card expanded first (only the newest starts expanded). */
async function teamRow(page: Page, title: string, number: number): Promise<Locator> {
  const toggle = card(page, title).getByRole('button', { name: `details of ${title}` });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const row = card(page, title).getByTestId(`assignment-team-${number}`);
  await expect(row).toBeVisible();
  return row;
}

/** The file names inside a ZIP, from its central directory (found through the end record). */
function zipEntries(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

test.describe.serial('assignments, grading and team scores', () => {
  let owner: Account;
  let leader: Account;
  let member: Account;
  let workspaceId: string;
  const title = `Essay ${Date.now()}`;
  const upcoming = `Upcoming ${Date.now()}`;
  const overdue = `Overdue ${Date.now()}`;
  const teamTwoEmail = uniqueEmail('cat');

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    [owner, leader, member] = await Promise.all([
      createAccount(browser, baseURL!, 'owner'),
      createAccount(browser, baseURL!, 'leader'),
      createAccount(browser, baseURL!, 'member'),
    ]);
    workspaceId = await createWorkspace(owner, `Course ${Date.now()}`, member.email);
  });

  test.afterAll(async () => {
    await Promise.all([owner, leader, member].map((account) => account?.context.close()));
  });

  test('owner: Create waits for the leader e-mails, then creates an assignment', async () => {
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}/assignments`);
    await expect(section(page)).toBeVisible();
    await expect(sectionLink(page, 'Team Scores')).toBeVisible();
    const create = section(page).getByRole('button', { name: 'Create Assignment' });
    await expect(create).toBeDisabled();
    const missing = section(page).getByTestId('missing-leader-emails');
    await expect(missing).toContainText(
      "Some team leaders don't have email addresses set. Please configure them in Settings first.",
    );
    await expect(missing).toContainText('Team 1 · Ann: Email not set in Settings');
    await expect(missing).toContainText('Team 2 · Cat: Email not set in Settings');

    // Settings: the leaders' e-mails; the section follows without a reload.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Team Settings' });
    await settings.getByLabel('Team 1 leader e-mail (Ann)').fill(leader.email);
    await settings.getByLabel('Team 2 leader e-mail (Cat)').fill(teamTwoEmail);
    await settings.getByRole('button', { name: 'Save Team Leader Emails' }).click();
    await expect(create).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await expect(missing).toBeHidden();

    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Create Assignment' });
    await expect(
      dialog.getByText('Set the maximum file size for submissions (1-100 MB)'),
    ).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Maximum file size (MB)' })).toHaveValue('5');
    // The default window, today 00:00 to tomorrow 23:59 in the workspace's zone, in English in the
    // English interface (issue 26, decision 0029).
    await expect(dialog.getByRole('button', { name: 'Start' })).toContainText('12:00 AM');
    await expect(dialog.getByRole('button', { name: 'End' })).toContainText('11:59 PM');
    const submit = dialog.getByRole('button', { name: 'Create', exact: true });
    await expect(submit).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(`  ${title}  `);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Two pages on team work.');
    await dialog.getByRole('textbox', { name: 'Maximum file size (MB)' }).fill('10');
    await submit.click();
    await expectToast(page, 'Assignment created successfully!');
    await expect(dialog).toBeHidden();

    const essay = card(page, title);
    await expect(essay.getByTestId('assignment-number')).toHaveText('#1');
    await expect(essay.getByTestId('assignment-phase')).toHaveText('Open');
    await expect(essay).toContainText('Two pages on team work.');
    await expect(essay).toContainText('Allowed types: PDF · up to 10 MB per file');
    await expect(essay.getByTestId('submitted-count')).toHaveText('0 of 2 teams submitted');
    for (const number of [1, 2]) {
      const row = essay.getByTestId(`assignment-team-${number}`);
      await expect(row.getByTestId('team-status')).toHaveText('Pending');
      await expect(row).toContainText('Not evaluated yet');
    }

    // Two more through the API: one that opens tomorrow, one that ended yesterday.
    const now = Date.now();
    for (const [name, startAt, endAt] of [
      [upcoming, now + DAY_MS, now + 2 * DAY_MS],
      [overdue, now - 2 * DAY_MS, now - DAY_MS],
    ] as const) {
      const response = await owner.context.request.post(
        `/api/workspaces/${workspaceId}/assignments`,
        {
          data: {
            title: name,
            description: '',
            startAt: new Date(startAt).toISOString(),
            endAt: new Date(endAt).toISOString(),
            maxFileSizeMb: 5,
            allowedTypes: ['pdf'],
          },
          headers: { Origin: owner.origin },
        },
      );
      expect(response.status(), await response.text()).toBe(201);
    }
  });

  test('member: only the leader submits', async () => {
    const { page } = member;
    await page.goto(`/workspace/${workspaceId}/assignments`);
    await expect(page.getByText('Your role: Member')).toBeVisible();
    await expect(section(page).getByRole('button', { name: 'Create Assignment' })).toHaveCount(0);
    await expect(sectionLink(page, 'Team Scores')).toHaveCount(0);
    // Newest first: by creation order #3, #2, #1.
    await expect(section(page).getByTestId('assignment-number')).toHaveText(['#3', '#2', '#1']);

    // Another team's work: refused at once.
    await (await teamRow(page, title, 2)).getByTestId('open-team').click();
    await expectToast(page, 'Only team leaders can submit assignments.');
    await expect(page.getByRole('dialog', { name: 'Assignment Submission' })).toHaveCount(0);
    // The own team's: its work to read, the same refusal in place of the hand-in.
    const row = await teamRow(page, title, 1);
    await expect(row).toContainText('Only team leader can submit');
    await row.getByTestId('open-team').click();
    const dialog = page.getByRole('dialog', { name: 'Assignment Submission' });
    await expect(dialog.getByText('Only team leaders can submit assignments.')).toBeVisible();
    await expect(dialog).toContainText('Nothing submitted yet.');
    await expect(dialog.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await expect(dialog.locator('input[type="file"]')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The server refuses it too.
    const listed = (await (
      await member.context.request.get(`/api/workspaces/${workspaceId}/assignments`)
    ).json()) as { assignments: Array<{ id: string; title: string }> };
    const essayId = listed.assignments.find((item) => item.title === title)!.id;
    const refused = await member.context.request.post(
      `/api/workspaces/${workspaceId}/assignments/${essayId}/submissions`,
      {
        multipart: {
          notes: '',
          files: { name: 'x.pdf', mimeType: 'application/pdf', buffer: PDF },
        },
        headers: { Origin: member.origin },
      },
    );
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe('Only team leaders can submit assignments.');
  });

  test('leader: hands in a PDF; refused before the window, late after it', async () => {
    const { page } = leader;
    await page.goto(`/workspace/${workspaceId}/assignments`);
    await expect(page.getByText('Your role: Leader')).toBeVisible();

    // Before the start: the panel says so and offers nothing to send.
    await (await teamRow(page, upcoming, 1)).getByTestId('open-team').click();
    let dialog = page.getByRole('dialog', { name: 'Assignment Submission' });
    await expect(
      dialog.getByText('This assignment is not open for submissions yet.', { exact: false }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();

    // The window is open: a PDF and notes, with the counter.
    await (await teamRow(page, title, 1)).getByTestId('open-team').click();
    dialog = page.getByRole('dialog', { name: 'Assignment Submission' });
    await expect(dialog).toContainText('Nothing submitted yet.');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('plain text'),
    });
    await expect(dialog.getByTestId('upload-refusal')).toHaveText(
      'notes.txt: Only PDF files are allowed',
    );
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('textbox', { name: 'Additional notes' }).fill('Late night work');
    await expect(dialog.getByTestId('notes-counter')).toHaveText('15/500');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectToast(page, 'File submitted successfully!');
    await expect(dialog.getByTestId('current-work')).toContainText('Attempt 1');
    await expect(
      dialog.getByTestId('current-work').getByRole('link', { name: 'report.pdf' }),
    ).toBeVisible();
    await expect(dialog.getByTestId('current-work')).toContainText('Late night work');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    const row = await teamRow(page, title, 1);
    await expect(row.getByTestId('team-status')).toHaveText('Submitted');
    await expect(row.getByTestId('team-status')).toHaveAttribute('data-color', 'green');
    await expect(row).toContainText('Submitted Assignment:');

    // After the end: taken, and marked late; the badge is grey.
    await (await teamRow(page, overdue, 1)).getByTestId('open-team').click();
    dialog = page.getByRole('dialog', { name: 'Assignment Submission' });
    await expect(dialog.getByTestId('late-warning')).toContainText('will be marked late');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'late.pdf', mimeType: 'application/pdf', buffer: PDF });
    // The first toast has gone (2.5 s), so the next one is this submission's.
    await expect(toast(page, 'File submitted successfully!')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectToast(page, 'File submitted successfully!');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    const lateRow = await teamRow(page, overdue, 1);
    await expect(lateRow.getByTestId('late-badge')).toHaveText('Late');
    await expect(lateRow.getByTestId('team-status')).toHaveAttribute('data-color', 'gray');
  });

  test('owner: evaluates Team 1 with 95 (A, green), the rest in bulk; Team Scores', async () => {
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}/assignments`);
    const row1 = await teamRow(page, title, 1);
    await expect(row1.getByTestId('team-status')).toHaveText('Submitted');

    // The owner opens any team's panel: the work, the notes.
    await row1.getByTestId('open-team').click();
    const panel = page.getByRole('dialog', { name: 'Assignment Submission' });
    await expect(panel.getByTestId('current-work')).toContainText('Late night work');
    await expect(panel.getByTestId('not-evaluated')).toHaveText('Not evaluated yet');
    await panel.getByRole('button', { name: 'Evaluate', exact: true }).click();

    const evaluate = page.getByRole('dialog', { name: 'Evaluate Submission' });
    await expect(evaluate.getByTestId('evaluation-target')).toContainText('Grading attempt 1');
    const score = evaluate.getByRole('textbox', { name: 'Score (0-100)' });
    await score.fill('150');
    await evaluate.getByRole('button', { name: 'Save Evaluation' }).click();
    await expect(evaluate.getByText('Score must be between 0 and 100')).toBeVisible();
    await score.fill('95');
    await evaluate.getByRole('textbox', { name: 'Feedback' }).fill('Well argued.');
    await evaluate.getByRole('button', { name: 'Save Evaluation' }).click();
    await expect(evaluate.getByText('Evaluation saved successfully!')).toBeVisible();
    // spec: the dialog closes by itself after 2 s
    await expect(evaluate).toBeHidden();
    const grade1 = row1.getByTestId('grade-badge');
    await expect(grade1).toHaveAttribute('data-grade', 'A');
    await expect(grade1).toHaveAttribute('data-color', 'green');
    await expect(row1.getByTestId('evaluation-score')).toHaveText('95 / 100');

    // Bulk: every team, on a maximum of 50 (remembered); Team 1's grade follows the scale.
    await card(page, title)
      .getByRole('button', { name: `Evaluate all teams: ${title}` })
      .click();
    const bulk = page.getByRole('dialog', { name: 'Bulk Evaluation' });
    await bulk.getByRole('button', { name: 'Save Evaluations' }).waitFor();
    const max = bulk.getByRole('textbox', { name: 'Maximum score' });
    await expect(max).toHaveValue('100');
    await expect(bulk.getByRole('textbox', { name: 'Score for Team 1' })).toHaveValue('95');
    await max.fill('50');
    await expect(bulk.getByRole('textbox', { name: 'Score for Team 1' })).toHaveValue('47.5');
    const team2 = bulk.getByRole('textbox', { name: 'Score for Team 2' });
    // Team 2 handed nothing in: no grade unless the owner says so on purpose (issue 25).
    await expect(team2).toBeDisabled();
    await bulk.getByRole('switch', { name: 'Grade Team 2 as "No submission"' }).check();
    await team2.fill('70');
    await team2.blur();
    // issue 25: a score out of 0..max is never clamped; it is its row's error and nothing is sent
    await expect(team2).toHaveValue('70');
    await bulk.getByRole('button', { name: 'Save Evaluations' }).click();
    await expect(bulk.getByText('Score must be between 0 and 50')).toBeVisible();
    await team2.fill('40');
    await bulk.getByRole('textbox', { name: 'Feedback for Team 2' }).fill('Nothing was handed in.');
    await bulk.getByRole('button', { name: 'Save Evaluations' }).click();
    await expect(bulk.getByText('Evaluations saved successfully!')).toBeVisible();
    await expect(bulk).toBeHidden();
    expect(
      await page.evaluate(() =>
        Object.entries(window.localStorage).filter(([key]) => key.startsWith('bulkMaxScore_')),
      ),
    ).toContainEqual([expect.stringMatching(/^bulkMaxScore_/), '50']);

    // Team 2 handed nothing in: graded as "no submission", 40 of 50 = 80 % (B, blue).
    const row2 = await teamRow(page, title, 2);
    await expect(row2.getByTestId('team-status')).toHaveText('Pending');
    await expect(row2).toContainText('Graded as no submission');
    await expect(row2.getByTestId('grade-badge')).toHaveAttribute('data-grade', 'B');
    await expect(row2.getByTestId('grade-badge')).toHaveAttribute('data-color', 'blue');
    await expect(row2.getByTestId('evaluation-score')).toHaveText('40 / 50');
    // Team 1 was unchanged, so it was not graded again.
    await expect(row1.getByTestId('evaluation-score')).toHaveText('95 / 100');

    // Team Scores: three assignments, one evaluated; both averages with 2 decimals.
    await sectionLink(page, 'Team Scores').click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/scores$`));
    const scores = page.getByRole('region', { name: 'Team Scores' });
    const team1 = scores.getByTestId('team-score-1');
    await expect(team1.getByTestId('average-evaluated')).toHaveText('95.00');
    await expect(team1.getByTestId('average-with-missing')).toHaveText('31.67');
    await expect(team1.getByTestId('score-counts')).toHaveText('Assignments: 3 · Evaluated: 1');
    await expect(team1.getByTestId('grade-badge')).toHaveAttribute('data-grade', 'A');
    await expect(team1.getByTestId('grade-badge')).toHaveAttribute('data-color', 'green');
    await expect(team1.locator('.recharts-surface')).toBeVisible();
    const team2Scores = scores.getByTestId('team-score-2');
    await expect(team2Scores.getByTestId('average-evaluated')).toHaveText('80.00');
    await expect(team2Scores.getByTestId('average-with-missing')).toHaveText('26.67');
    await expect(team2Scores.getByTestId('grade-badge')).toHaveAttribute('data-grade', 'B');
    await scores.getByRole('button', { name: 'Refresh Scores' }).click();
    await expect(team1.getByTestId('average-evaluated')).toHaveText('95.00');
  });

  test('the team sees its own grade only; a member reads the work and can download it', async () => {
    const { page: memberPage } = member;
    await memberPage.goto(`/workspace/${workspaceId}/assignments`);
    await (await teamRow(memberPage, title, 1)).getByTestId('open-team').click();
    const dialog = memberPage.getByRole('dialog', { name: 'Assignment Submission' });
    const current = dialog.getByTestId('current-work');
    await expect(current).toContainText('report.pdf');
    // issue 25: every member of the team downloads what their leader handed in.
    await expect(current.getByRole('link', { name: 'report.pdf' })).toHaveCount(1);
    await expect(current.getByTestId('grade-badge')).toHaveAttribute('data-grade', 'A');
    await expect(current).toContainText('Well argued.');
    await memberPage.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // In Korean, the same section.
    await memberPage.getByText('한국어').click();
    const korean = memberPage.getByRole('region', { name: '과제', exact: true });
    const koreanRow = korean
      .getByRole('article', { name: title, exact: true })
      .getByTestId('assignment-team-1');
    await expect(koreanRow.getByTestId('team-status')).toHaveText('제출 완료');
    await expect(koreanRow).toContainText('팀 리더만 제출할 수 있습니다');
    await koreanRow.getByTestId('open-team').click();
    await expect(memberPage.getByRole('dialog', { name: '과제 제출' })).toContainText(
      '팀 리더만 과제를 제출할 수 있습니다.',
    );

    const { page } = leader;
    await page.goto(`/workspace/${workspaceId}/assignments`);
    const row1 = await teamRow(page, title, 1);
    await expect(row1.getByTestId('grade-badge')).toHaveAttribute('data-grade', 'A');
    const row2 = await teamRow(page, title, 2);
    await expect(row2.getByTestId('grade-badge')).toHaveCount(0);
    await expect(sectionLink(page, 'Team Scores')).toHaveCount(0);
  });

  test('owner: the ZIP and the grade sheet through the links; then Delete', async () => {
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}/assignments`);
    await teamRow(page, title, 1);

    const [zipDownload] = await Promise.all([
      page.waitForEvent('download'),
      card(page, title).getByRole('link', { name: 'Download all (ZIP)' }).click(),
    ]);
    expect(zipDownload.suggestedFilename()).toMatch(/^Assignment 1 - Essay .*\.zip$/);
    const entries = zipEntries(await readFile(await zipDownload.path()));
    expect(entries).toContain('Team 1/report.pdf');
    expect(entries).toContain('manifest.csv');
    expect(entries.filter((name) => name.startsWith('Team 2/'))).toEqual([]);

    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      section(page).getByRole('link', { name: 'Grades CSV' }).click(),
    ]);
    const csv = (await readFile(await csvDownload.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    // The gradebook's sheet (issue 25): every item, the categories, the final grade, and the
    // team's two averages as before.
    // Items in course order (by deadline: the overdue one first), each with its label.
    expect(header).toBe(
      `name,email,team,A3: ${overdue},A1: ${title},A2: ${upcoming},assignments %,tasks %,peer evaluation %,final %,letter,team average (evaluated),team average (missing = 0)`,
    );
    const ann = rows.find((line) => line.startsWith('Ann,')) ?? '';
    expect(ann.startsWith(`Ann,${leader.email},Team 1,,95,,`)).toBe(true);
    expect(ann.endsWith(',95,31.67')).toBe(true);
    const cat = rows.find((line) => line.startsWith('Cat,')) ?? '';
    expect(cat.startsWith(`Cat,${teamTwoEmail},Team 2,,80,,`)).toBe(true);
    expect(cat.endsWith(',80,26.67')).toBe(true);
    expect(rows).toHaveLength(5);

    // Delete (confirmed) takes every submitted file with it.
    await card(page, overdue)
      .getByRole('button', { name: `Delete ${overdue}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete this assignment?' });
    await expect(confirm).toContainText(overdue);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Assignment and all submitted files deleted successfully!');
    await expect(card(page, overdue)).toHaveCount(0);
    await sectionLink(page, 'Team Scores').click();
    await expect(
      page
        .getByRole('region', { name: 'Team Scores' })
        .getByTestId('team-score-1')
        .getByTestId('score-counts'),
    ).toHaveText('Assignments: 2 · Evaluated: 1');
  });
});
