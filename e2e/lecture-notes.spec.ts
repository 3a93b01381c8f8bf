import { expect, test } from '@playwright/test';
import { waitForApp } from './support/prerendered.ts';
import type { Locator, Page } from '@playwright/test';
import { createAccount, toast } from './support/accounts.ts';
import { expectToast } from './support/toasts.ts';
import { sendAs as api } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { courseSnapshot } from './support/workspaces.ts';

// Lecture notes, end to end on the real server (issue 11): the owner writes a note with a team
// task and image attachments and publishes it; a member of Team 1 sees it and moves through the
// gallery with the keyboard; Team 1's leader submits and resubmits; a member who is not the
// leader cannot; two members of Team 2 answer an individual task until 'Team Complete'; a draft
// stays hidden from members, and a stranger gets no file.

interface Detail {
  teams: Array<{ id: string; number: number }>;
  members: Array<{ id: string; name: string }>;
}

interface NoteBody {
  id: string;
  title: string;
  attachments: Array<{ id: string; file: { id: string; name: string } }>;
}

// A 1x1 PNG, the same cut after its header (a PNG by its signature that no browser can draw),
// and small PDFs.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
const brokenPng = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG.subarray(0, 33) });
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`),
});

function note(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

test.describe.serial('lecture notes', () => {
  let owner: Account;
  let leader: Account;
  let member: Account;
  let cat: Account;
  let dan: Account;
  let stranger: Account;
  let workspaceId: string;
  const kickoff = 'Week 1: Kickoff';
  const reading = 'Week 2: Reading';
  const draft = 'Secret draft';

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const labels = ['owner', 'leader', 'member', 'cat', 'dan', 'stranger'] as const;
    const accounts = await Promise.all(
      labels.map((label) => createAccount(browser, baseURL!, label)),
    );
    [owner, leader, member, cat, dan, stranger] = accounts as [
      Account,
      Account,
      Account,
      Account,
      Account,
      Account,
    ];
    const created = (await api(
      owner,
      'post',
      '/api/workspaces',
      { title: `Notes ${Date.now()}`, snapshot: courseSnapshot('notes') },
      201,
    )) as { workspace: { id: string } };
    workspaceId = created.workspace.id;
    const base = `/api/workspaces/${workspaceId}`;
    const detail = (await (await owner.context.request.get(base)).json()) as Detail;
    const team1 = detail.teams.find((team) => team.number === 1)!.id;
    const team2 = detail.teams.find((team) => team.number === 2)!.id;
    const memberId = (name: string) => detail.members.find((m) => m.name === name)!.id;
    // Ann leads Team 1 (the leader account); Ben is the member account; Cat and Dan are Team 2.
    await api(owner, 'put', `${base}/teams/${team1}/leader`, { memberId: memberId('Ann') });
    await api(owner, 'put', `${base}/leader-emails`, {
      entries: [{ teamId: team1, email: leader.email }],
    });
    await api(owner, 'put', `${base}/teams/${team1}/member-emails`, {
      entries: [{ memberId: memberId('Ben'), email: member.email }],
    });
    await api(owner, 'put', `${base}/teams/${team2}/member-emails`, {
      entries: [
        { memberId: memberId('Cat'), email: cat.email },
        { memberId: memberId('Dan'), email: dan.email },
      ],
    });
    // An individual task, published, and a draft that stays one.
    const individual = (await api(
      owner,
      'post',
      `${base}/notes`,
      {
        title: reading,
        description: 'Read chapter 2.',
        week: 2,
        date: null,
        task: {
          title: 'Reading response',
          description: '',
          deadline: null,
          maxFileSizeMb: 5,
          allowedTypes: ['pdf', 'txt'],
          assignmentType: 'individual',
        },
      },
      201,
    )) as NoteBody;
    await api(owner, 'patch', `${base}/notes/${individual.id}`, { isPublished: true });
    await api(
      owner,
      'post',
      `${base}/notes`,
      { title: draft, description: '', week: 3, date: null, task: null },
      201,
    );
  });

  test.afterAll(async () => {
    await Promise.all(
      [owner, leader, member, cat, dan, stranger].map((account) => account?.context.close()),
    );
  });

  test('owner: creates a note with a team task; mistakes get the API words', async () => {
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}/notes`);
    const section = page.getByRole('region', { name: 'Lecture Notes' });
    await expect(note(page, reading)).toBeVisible();
    await expect(note(page, draft).getByTestId('draft-badge')).toHaveText('Draft');

    await section.getByRole('button', { name: 'Create Lecture Note' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Lecture Note' });
    await expect(modal).toBeVisible();
    // The domain's words, as the API would answer them.
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(modal.getByText('Please enter a title')).toBeVisible();
    await modal.getByRole('textbox', { name: 'Title', exact: true }).fill(kickoff);
    await modal
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Welcome to the course.');
    await expect(modal.getByTestId('note-week')).toHaveText('Week 1: follows the date');
    await modal.getByRole('switch', { name: 'Include a task' }).click({ force: true });
    const taskTitle = modal.getByRole('textbox', { name: 'Task title' });
    await expect(taskTitle).toHaveValue('Task Assignment');
    await taskTitle.fill('');
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(modal.getByText('Please enter a task title')).toBeVisible();
    await taskTitle.fill('Team essay');
    await expect(modal.getByRole('textbox', { name: 'Max file size (MB)' })).toHaveValue('5');
    await expect(
      modal.getByRole('radio', { name: "Team: the team's leader submits" }),
    ).toBeChecked();
    await modal.getByRole('button', { name: 'Create', exact: true }).click();
    await expectToast(page, 'Lecture note created successfully!');
    await expect(modal).toBeHidden();
    const card = note(page, kickoff);
    await expect(card.getByTestId('draft-badge')).toBeVisible();
    await expect(card).toContainText('Task: Team essay');
  });

  test('owner: attaches images and a PDF, then publishes the note', async () => {
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}/notes`);
    const card = note(page, kickoff);
    await expect(card.getByTestId('draft-badge')).toBeVisible();
    await card.getByRole('button', { name: 'Add Attachments' }).click();
    await card
      .locator('input[type="file"]')
      .setInputFiles([png('a.png'), png('b.png'), brokenPng('broken.png'), pdf('slides.pdf')]);
    await expect(card.getByTestId('note-attachment')).toHaveCount(4);
    await expect(card.getByRole('link', { name: 'Open slides.pdf' })).toHaveAttribute(
      'href',
      /^\/api\/files\//,
    );

    await card.getByRole('button', { name: 'Publish' }).click();
    await expectToast(page, 'Lecture note published successfully!');
    await expect(card.getByTestId('draft-badge')).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  });

  test('a member of Team 1 sees it, not the draft, and uses the gallery by keyboard', async () => {
    const { page } = member;
    await page.goto(`/workspace/${workspaceId}/notes`);
    const card = note(page, kickoff);
    await expect(card).toBeVisible();
    await expect(note(page, reading)).toBeVisible();
    await expect(note(page, draft)).toHaveCount(0);
    // Neither the page nor the API shows the draft to a member.
    const listed = (await (
      await member.context.request.get(`/api/workspaces/${workspaceId}/notes`)
    ).json()) as { notes: NoteBody[] };
    expect(listed.notes.map((n) => n.title)).not.toContain(draft);
    // Not the author nor the owner: no Edit, Delete or Publish.
    await expect(card.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Add Attachments' })).toHaveCount(0);

    // The images in the card's order (they were uploaded side by side).
    const buttons = card.getByRole('button', { name: /^Open image / });
    await expect(buttons).toHaveCount(3);
    const names = (await buttons.allTextContents()).map((text) => text.trim());
    const start = names.indexOf('a.png');
    // The page came rendered by the server (decision 0011). Enter pressed on its HTML before the
    // app was here once failed to open the gallery in CI (not yet explained: see the closing
    // note of 2026-11-23); this test is about the gallery, so the app is here first.
    await waitForApp(page);
    await buttons.nth(start).focus();
    await page.keyboard.press('Enter');
    const counter = page.getByTestId('gallery-counter');
    await expect(counter).toHaveText(`${start + 1} / 3`);
    await expect(page.getByRole('dialog', { name: 'a.png' })).toBeVisible();
    const image = page.getByTestId('gallery-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    for (const step of [1, 2, 3]) {
      await page.keyboard.press('ArrowRight');
      const index = (start + step) % 3;
      await expect(counter).toHaveText(`${index + 1} / 3`);
      await expect(page.getByRole('dialog', { name: names[index] })).toBeVisible();
      if (names[index] === 'broken.png') {
        await expect(
          page.getByRole('dialog', { name: 'broken.png' }).getByRole('alert'),
        ).toHaveText('Failed to load image: broken.png');
      }
    }
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText(`${((start + 2) % 3) + 1} / 3`);
    await page.keyboard.press('Escape');
    await expect(counter).toBeHidden();

    // Team 1's panel: its state, but only the leader submits.
    await card.getByRole('button', { name: 'Open the task of Team 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Task Submission: Team 1' });
    await expect(panel.getByTestId('task-status')).toHaveText('Pending');
    await expect(panel.getByText('Only team leader can submit')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Submit Task' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(card.getByRole('button', { name: 'Open the task of Team 2' })).toHaveCount(0);

    // Whatever the browser shows, the server refuses a member who is not the leader.
    const noteId = (listed.notes.find((n) => n.title === kickoff) as NoteBody).id;
    const refused = await member.context.request.post(
      `/api/workspaces/${workspaceId}/notes/${noteId}/submissions`,
      {
        multipart: { description: 'mine', files: pdf('sneaky.pdf') },
        headers: { Origin: member.origin },
      },
    );
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: 'team_leader_only',
      message: 'Only team leader can submit',
    });
  });

  test("Team 1's leader submits two files, then resubmits", async () => {
    const { page } = leader;
    await page.goto(`/workspace/${workspaceId}/notes`);
    const card = note(page, kickoff);
    const row = card.getByTestId('task-team').filter({ hasText: 'Team 1' });
    await expect(row.getByText('Your team')).toBeVisible();
    await row.getByRole('button', { name: 'Open the task of Team 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Task Submission: Team 1' });
    await expect(panel.getByTestId('task-status')).toHaveText('Pending');

    // The leader panel checks before uploading, in its own words.
    const input = panel.locator('input[type="file"]');
    await panel.getByRole('button', { name: 'Submit Task' }).click();
    await expect(panel.getByTestId('upload-refusal')).toHaveText('Please select at least one file');
    await input.setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') },
    ]);
    await expect(panel.getByTestId('upload-refusal')).toHaveText(
      'Some files have invalid types. Allowed types: pdf, doc, docx, jpg, jpeg, png',
    );
    await input.setInputFiles([
      { name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) },
    ]);
    await expect(panel.getByTestId('upload-refusal')).toHaveText(
      'Some files exceed the maximum size of 5MB',
    );

    await input.setInputFiles([pdf('essay.pdf'), png('figure.png')]);
    await expect(panel.getByTestId('upload-item')).toHaveCount(2);
    await panel.getByRole('textbox', { name: 'Description' }).fill('Our first draft.');
    await panel.getByRole('button', { name: 'Submit Task' }).click();
    await expectToast(page, 'Task submitted successfully!');
    const status = panel.getByTestId('task-status');
    await expect(status).toHaveText('Submitted (1)');
    await expect(status).toHaveAttribute('data-color', 'green');
    await expect(panel.getByRole('link', { name: 'essay.pdf' })).toBeVisible();
    await expect(panel.getByText('Our first draft.')).toBeVisible();

    // The first toast goes (2.5 s) before the second can be told apart from it.
    await expect(toast(page, 'Task submitted successfully!')).toHaveCount(0);
    await input.setInputFiles([pdf('essay-v2.pdf')]);
    await panel.getByRole('button', { name: 'Resubmit' }).click();
    await expectToast(page, 'Task submitted successfully!');
    await expect(status).toHaveText('Submitted (2)');
    await expect(status).toHaveAttribute('data-color', 'blue');
    // The replaced attempt stays as history, its files listed without links.
    const history = panel.getByTestId('submission-history');
    await expect(history).toContainText('Submission 1');
    await expect(history).toContainText('essay.pdf');
    await expect(history).toContainText('(file no longer stored)');
    await expect(history.getByRole('link')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(row.getByTestId('task-status')).toHaveText('Submitted (2)');
  });

  test('the owner evaluates Team 1 and sees every team', async () => {
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}/notes`);
    const card = note(page, kickoff);
    await expect(
      card.getByTestId('task-team').filter({ hasText: 'Team 2' }).getByTestId('task-status'),
    ).toHaveText('Pending');
    await card.getByRole('button', { name: 'Open the task of Team 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Task Submission: Team 1' });
    await expect(panel.getByText('Not evaluated yet')).toBeVisible();
    await expect(panel.getByTestId('submission-history')).toContainText('essay.pdf');
    await panel.getByRole('textbox', { name: 'Score (0-100)' }).fill('101');
    await panel.getByRole('button', { name: 'Save Evaluation' }).click();
    await expect(panel.getByText('Score must be between 0 and 100')).toBeVisible();
    await panel.getByRole('textbox', { name: 'Score (0-100)' }).fill('92');
    await panel.getByRole('textbox', { name: 'Feedback' }).fill('Well argued.');
    await panel.getByRole('button', { name: 'Save Evaluation' }).click();
    await expectToast(page, 'Evaluation saved successfully!');
    await expect(panel.getByTestId('task-evaluation')).toContainText('Score: 92 / 100');
  });

  for (const [label, file, count] of [
    ['Cat', 'cat.pdf', 1],
    ['Dan', 'dan.pdf', 2],
  ] as const) {
    test(`individual task: ${label} of Team 2 submits (${count} of 2)`, async () => {
      const { page } = label === 'Cat' ? cat : dan;
      await page.goto(`/workspace/${workspaceId}/notes`);
      const card = note(page, reading);
      await card.getByRole('button', { name: 'Open the task of Team 2' }).click();
      const panel = page.getByRole('dialog', { name: 'Individual Submission: Team 2' });
      await expect(panel.getByTestId('task-progress')).toHaveText(`${count - 1} / 2 submitted`);
      await panel.locator('input[type="file"]').setInputFiles([pdf(file)]);
      await panel.getByRole('button', { name: 'Submit Files' }).click();
      await expectToast(page, 'File submitted successfully!');
      await expect(panel.getByTestId('task-progress')).toHaveText(`${count} / 2 submitted`);
      await expect(panel.getByText('Your submission')).toBeVisible();
      await expect(panel.getByRole('link', { name: file }).first()).toBeVisible();
      if (count === 1) {
        await expect(panel.getByText('Team Complete')).toHaveCount(0);
        await expect(panel.getByTestId('task-progress-bar')).toHaveAttribute(
          'data-color',
          'yellow',
        );
        return;
      }
      // The last member: 'Team Complete', the bar green; members see all the team's submissions.
      await expect(panel.getByText('Team Complete')).toBeVisible();
      await expect(panel.getByTestId('task-progress-bar')).toHaveAttribute('data-color', 'green');
      await expect(panel).toContainText('Cat Person');
      await page.keyboard.press('Escape');
      const row = card.getByTestId('task-team').filter({ hasText: 'Team 2' });
      await expect(row.getByText('Team Complete')).toBeVisible();
    });
  }

  test('owner: edits the draft in manual week mode, removes an attachment, deletes the draft', async () => {
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}/notes`);
    const secret = note(page, draft);
    await secret.getByRole('button', { name: 'Edit' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Lecture Note' });
    // Editing opens in manual week mode, the week field shown.
    await expect(modal.getByTestId('note-week')).toHaveText('Week 3: set by hand');
    await expect(modal.getByRole('textbox', { name: 'Week', exact: true })).toHaveValue('3');
    await modal.getByRole('button', { name: 'Hide Week' }).click();
    await expect(modal.getByRole('textbox', { name: 'Week', exact: true })).toHaveCount(0);
    await modal.getByRole('textbox', { name: 'Title', exact: true }).fill(`${draft} v2`);
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Lecture note updated successfully!');
    const renamed = note(page, `${draft} v2`);
    await expect(renamed).toBeVisible();

    const card = note(page, kickoff);
    await card.getByRole('button', { name: 'Delete attachment broken.png' }).click();
    const confirmFile = page.getByRole('dialog', { name: 'Delete this attachment?' });
    await expect(confirmFile).toContainText('broken.png');
    await confirmFile.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Attachment deleted.');
    await expect(card.getByTestId('note-attachment')).toHaveCount(3);

    await renamed.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirmNote = page.getByRole('dialog', { name: 'Delete this lecture note?' });
    await confirmNote.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmNote).toBeHidden();
    await renamed.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmNote.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Lecture note deleted successfully!');
    await expect(renamed).toHaveCount(0);
  });

  test('a stranger, and a signed-out visitor of the public workspace, get no file', async ({
    browser,
    baseURL,
  }) => {
    const notes = (await (
      await owner.context.request.get(`/api/workspaces/${workspaceId}/notes`)
    ).json()) as { notes: NoteBody[] };
    const attachment = notes.notes.find((n) => n.title === kickoff)!.attachments[0]!;
    const fileUrl = `/api/files/${attachment.file.id}`;
    expect((await owner.context.request.get(fileUrl)).status()).toBe(200);
    expect((await stranger.context.request.get(fileUrl)).status()).toBe(404);
    expect(
      (await stranger.context.request.get(`/api/workspaces/${workspaceId}/notes`)).status(),
    ).toBe(404);

    await api(owner, 'patch', `/api/workspaces/${workspaceId}`, { isPublic: true }, 204);
    const anonymous = await browser.newContext({ baseURL: baseURL!, locale: 'en-US' });
    const visitor = await anonymous.newPage();
    await visitor.goto(`/workspace/${workspaceId}/notes`);
    const card = note(visitor, kickoff);
    await expect(card.getByText('Login to submit task')).toBeVisible();
    await expect(card.getByRole('button', { name: /Open the task of/ })).toHaveCount(0);
    await expect(note(visitor, draft)).toHaveCount(0);
    expect((await anonymous.request.get(fileUrl)).status()).toBe(404);
    await anonymous.close();
  });
});
