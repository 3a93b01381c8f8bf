import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { PEER_DIMENSIONS } from '@teamshuffle/domain';
import { createAccount } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import {
  createAssignment,
  createGradebookCourse,
  createTaskNote,
  handIn,
  pdf,
  STUDENT_NAMES,
  type StudentName,
} from './support/gradebook-course.ts';
import { expectToast } from './support/toasts.ts';
import { sectionLink } from './support/workspaces.ts';

// Issue 25's "Done when", as a teacher and four students would meet it, each in their own
// browser. Set-up and the students' hand-ins go through the API; everything the issue is about
// goes through the pages: the teacher grades a lecture note's team task (88) and an assignment
// (90), overrides Dev's team-task grade to 50 with a reason in the Gradebook, grades the
// individual task of all four in one bulk save, opens a peer evaluation of Team 1 that all four
// answer, applies its factor to the assignment, exports the grade sheet and releases the results.
// Dev then sees his grades, the override, his peer result and the "graded" notification, and
// none of the others' ratings or comments.
//
// The ratings give round numbers. Each rater gives a teammate the same level on all five
// dimensions; by others: Ann (5, 5, 4) 4.67, Ben and Cho 4, Dev (3, 4, 3) 3.33, so the team's
// average is 4 and the factors are Ann 1.05 (capped from 1.17), Ben and Cho 1, Dev 0.83; Dev
// rates himself 5, which is flagged (self 1.67 above others). The assignment's 90 becomes
// Ann 94.5, Ben and Cho 90, Dev 75.

const TEAM_NOTE = 'Week 1: Kick-off';
const TEAM_TASK = 'Project plan';
const SOLO_NOTE = 'Week 2: Reading';
const SOLO_TASK = 'Reflection';
const ESSAY = 'Team essay';
const PEER = 'Midterm peer review';
const REASON = 'Dev did not take part in the plan.';
const COMMENT = 'Dev missed our last two meetings.';

/** Who rates whom at which level (the same on every dimension); the first is the rater. */
const RATINGS: Record<StudentName, Record<StudentName, number>> = {
  Ann: { Ann: 4, Ben: 4, Cho: 4, Dev: 3 },
  Ben: { Ben: 4, Ann: 5, Cho: 4, Dev: 4 },
  Cho: { Cho: 4, Ann: 5, Ben: 4, Dev: 3 },
  Dev: { Dev: 5, Ann: 4, Ben: 4, Cho: 4 },
};

/** A lecture note's card in the Notes section. */
function note(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

/** The Assignments section's card of an assignment. */
function assignmentCard(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: 'Assignments', exact: true })
    .getByRole('article', { name: title, exact: true });
}

/** A member's row of the owner's gradebook. */
function gradebookRow(page: Page, name: string): Locator {
  return page.locator(`[data-testid="gradebook-row"][data-member="${name}"]`);
}

/** A member's cell of one item (by its label: T1, I1, A1, P1) in the owner's gradebook. */
function gradebookCell(page: Page, name: string, label: string): Locator {
  return gradebookRow(page, name).locator(`[data-testid="gradebook-cell"][data-item="${label}"]`);
}

/** The rating form's radio of a level, for a teammate (by name) and dimension. */
function radio(page: Page, who: string, dimension: number, level: number): Locator {
  return (
    page
      .getByTestId('peer-ratee')
      // By the card's heading: the level descriptions hold names' letters too.
      .filter({ has: page.getByRole('heading', { name: new RegExp(`^${who}( \\(you\\))?$`) }) })
      .getByRole('radiogroup')
      .nth(dimension)
      .getByRole('radio', { name: new RegExp(`: ${level}: `) })
  );
}

test.describe.serial('the gradebook, end to end (issue 25)', () => {
  let teacher: Account;
  const students = {} as Record<StudentName, Account>;
  let workspaceId: string;
  let evaluationId: string;

  test.beforeAll(async ({ browser, baseURL }) => {
    // Five accounts and a course with three graded items through the API on a loaded machine.
    test.setTimeout(180_000);
    const [owner, ...accounts] = await Promise.all([
      // The teacher downloads the grade sheet.
      createAccount(browser, baseURL!, 'teacher', { acceptDownloads: true }),
      ...STUDENT_NAMES.map((name) => createAccount(browser, baseURL!, name.toLowerCase())),
    ]);
    teacher = owner!;
    STUDENT_NAMES.forEach((name, index) => {
      students[name] = accounts[index]!;
    });
    ({ workspaceId } = await createGradebookCourse(teacher, 'Team projects', students));
    const base = `/api/workspaces/${workspaceId}`;
    const teamNote = await createTaskNote(teacher, workspaceId, {
      title: TEAM_NOTE,
      taskTitle: TEAM_TASK,
      kind: 'team',
    });
    const soloNote = await createTaskNote(teacher, workspaceId, {
      title: SOLO_NOTE,
      taskTitle: SOLO_TASK,
      kind: 'individual',
    });
    // Due in 5 days: before the peer evaluation's default end (7 days), so the columns' course
    // order is T1, I1, A1, P1.
    const essay = await createAssignment(teacher, workspaceId, ESSAY, 5);
    // Ann leads Team 1: she hands in the team task and the essay; each student their reflection.
    await handIn(students.Ann, `${base}/notes/${teamNote}/submissions`, pdf('plan.pdf'));
    await handIn(students.Ann, `${base}/assignments/${essay}/submissions`, pdf('essay.pdf'));
    for (const name of STUDENT_NAMES) {
      await handIn(
        students[name],
        `${base}/notes/${soloNote}/submissions`,
        pdf(`${name.toLowerCase()}-reflection.pdf`),
      );
    }
  });

  test.afterAll(async () => {
    await Promise.allSettled(
      [teacher, ...Object.values(students)].map((account) => account?.context.close()),
    );
  });

  test("the teacher grades the note's team task and the assignment", async () => {
    test.setTimeout(180_000);
    const { page } = teacher;
    await page.goto(`/workspace/${workspaceId}/notes`);
    await note(page, TEAM_NOTE).getByRole('button', { name: 'Open the task of Team 1' }).click();
    const panel = page.getByRole('dialog', { name: 'Task Submission: Team 1' });
    await expect(panel.getByRole('link', { name: 'plan.pdf', exact: true })).toBeVisible();
    await panel.getByRole('textbox', { name: 'Score (0-100)' }).fill('88');
    await panel.getByRole('textbox', { name: 'Feedback' }).fill('A clear plan.');
    await panel.getByRole('button', { name: 'Save Evaluation' }).click();
    await expectToast(page, 'Evaluation saved successfully!');
    await expect(panel.getByTestId('task-evaluation')).toContainText('Score: 88 / 100');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await sectionLink(page, 'Assignments').click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/assignments$`));
    const row = assignmentCard(page, ESSAY).getByTestId('assignment-team-1');
    await expect(row.getByTestId('team-status')).toHaveText('Submitted');
    await row.getByTestId('open-team').click();
    const submission = page.getByRole('dialog', { name: 'Assignment Submission' });
    await expect(submission.getByTestId('current-work')).toContainText('essay.pdf');
    await submission.getByRole('button', { name: 'Evaluate', exact: true }).click();
    const evaluate = page.getByRole('dialog', { name: 'Evaluate Submission' });
    await evaluate.getByRole('textbox', { name: 'Score (0-100)' }).fill('90');
    await evaluate.getByRole('textbox', { name: 'Feedback' }).fill('Well argued.');
    await evaluate.getByRole('button', { name: 'Save Evaluation' }).click();
    await expect(evaluate.getByText('Evaluation saved successfully!')).toBeVisible();
    await expect(evaluate).toBeHidden();
    await expect(row.getByTestId('evaluation-score')).toHaveText('90 / 100');
    await expect(row.getByTestId('grade-badge')).toHaveAttribute('data-grade', 'A');
  });

  test("the teacher overrides Dev's team-task grade in the Gradebook, with a reason", async () => {
    test.setTimeout(180_000);
    const { page } = teacher;
    await sectionLink(page, 'Gradebook').click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/gradebook$`));
    const table = page.getByTestId('gradebook-table');
    // Columns in course order: the two tasks (no deadline: by creation), then the essay.
    await expect(table.locator('thead').getByRole('columnheader')).toHaveText([
      'Member',
      `T1${TEAM_TASK}`,
      `I1${SOLO_TASK}`,
      `A1${ESSAY}`,
      'Final',
    ]);
    // The team's grades reach each of its four members.
    for (const name of STUDENT_NAMES) {
      await expect(gradebookCell(page, name, 'T1').getByTestId('gradebook-score')).toHaveText('88');
      await expect(gradebookCell(page, name, 'A1').getByTestId('gradebook-score')).toHaveText('90');
    }
    // Team 2 handed nothing in.
    await expect(gradebookCell(page, 'Eli', 'A1').getByTestId('gradebook-score')).toHaveText('–');

    const dev = gradebookCell(page, 'Dev', 'T1');
    await dev.click();
    const details = page.getByTestId('gradebook-details');
    await expect(details).toContainText(`Selected cell: Dev, T1 ${TEAM_TASK}`);
    await expect(details).toContainText('Handed in by Team 1');
    await expect(details).toContainText('Feedback: A clear plan.');
    await details.getByRole('button', { name: 'Override for this member' }).click();
    const dialog = page.getByRole('dialog', { name: `Override Dev on T1 ${TEAM_TASK}` });
    await expect(dialog).toContainText('Graded score: 88');
    await dialog.getByRole('textbox', { name: 'Score (0-100)' }).fill('50');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    await dialog.getByRole('button', { name: 'Save override' }).click();
    await expectToast(page, 'Override saved');
    await expect(dialog).toBeHidden();

    // The cell shows the override and its mark; the others keep the team's grade.
    await expect(dev.getByTestId('gradebook-score')).toHaveText('50');
    await expect(dev.locator('[data-flag="overridden"]')).toHaveAttribute(
      'aria-label',
      'Overridden',
    );
    await expect(details).toContainText(`Reason: ${REASON}`);
    await expect(details).toContainText('Graded score: 88');
    await expect(gradebookCell(page, 'Cho', 'T1').locator('[data-flag="overridden"]')).toHaveCount(
      0,
    );
    await expect(gradebookCell(page, 'Cho', 'T1').getByTestId('gradebook-score')).toHaveText('88');
  });

  test('the teacher grades the individual task of all four in one bulk save', async () => {
    test.setTimeout(180_000);
    const { page } = teacher;
    await sectionLink(page, 'Lecture Notes').click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/notes$`));
    await note(page, SOLO_NOTE)
      .getByRole('button', { name: `Grade all answers to ${SOLO_TASK}` })
      .click();
    const bulk = page.getByRole('dialog', { name: 'Grade all' });
    const scores: Record<StudentName, string> = { Ann: '95', Ben: '85', Cho: '75', Dev: '65' };
    for (const name of STUDENT_NAMES) {
      await bulk
        .getByRole('textbox', { name: `Score for ${students[name].name}` })
        .fill(scores[name]);
    }
    await bulk
      .getByRole('textbox', { name: `Feedback for ${students.Dev.name}` })
      .fill('Too short.');
    await bulk.getByRole('button', { name: 'Save all' }).click();
    await expect(bulk.getByText('Grades saved.')).toBeVisible();
    await expect(bulk).toBeHidden();

    // The gradebook has each member's own grade. A fresh load, not the section link: grading a
    // note's task refreshes only the Notes section's data (features/lecture-notes/api/
    // note-cache.ts), so a gradebook this page fetched less than 30 s ago would still show the
    // reflection ungraded (reported to the lecture notes' owner, issue 25).
    await page.goto(`/workspace/${workspaceId}/gradebook`);
    for (const name of STUDENT_NAMES) {
      await expect(gradebookCell(page, name, 'I1').getByTestId('gradebook-score')).toHaveText(
        scores[name],
      );
    }
  });

  test('the teacher opens a peer evaluation of Team 1', async () => {
    test.setTimeout(180_000);
    const { page } = teacher;
    await page.getByRole('link', { name: 'Peer evaluation' }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/peer-evaluation$`));
    const create = page.getByRole('form', { name: 'New peer evaluation' });
    await create.getByLabel('Title').fill(PEER);
    await create.getByRole('checkbox', { name: 'Team 2' }).uncheck();
    await create.getByRole('button', { name: 'Open the evaluation' }).click();
    await expectToast(page, 'The peer evaluation is open.');
    const summary = page.getByTestId('peer-summary').filter({ hasText: PEER });
    await expect(summary).toContainText('0 of 4 answered');
    await expect(summary).toContainText('Open');

    const listed = (await (
      await teacher.context.request.get(`/api/workspaces/${workspaceId}/peer-evaluations`)
    ).json()) as { items: Array<{ id: string; title: string }> };
    evaluationId = listed.items.find((item) => item.title === PEER)!.id;
  });

  for (const rater of STUDENT_NAMES) {
    test(`${rater} rates themselves and each teammate`, async () => {
      test.setTimeout(180_000);
      const { page } = students[rater];
      await page.goto(`/workspace/${workspaceId}`);
      await page.getByRole('link', { name: 'Peer evaluation' }).click();
      await expect(
        page.getByRole('heading', { name: 'Rate yourself and your teammates' }),
      ).toBeVisible();
      await expect(page.getByTestId('peer-ratee')).toHaveCount(4);
      await expect(page.getByTestId('peer-ratee').first()).toContainText(`${rater} (you)`);
      for (const [ratee, level] of Object.entries(RATINGS[rater])) {
        for (let d = 0; d < PEER_DIMENSIONS.length; d += 1) {
          await radio(page, ratee, d, level).check();
        }
      }
      if (rater === 'Ben') {
        await page.getByLabel('Comment for your teacher (optional)').fill(COMMENT);
      }
      await page.getByRole('button', { name: 'Submit my ratings' }).click();
      await expectToast(page, 'Your ratings are saved.');
      await expect(page.getByText('Your teacher has not released the results yet.')).toBeVisible();
    });
  }

  test('the teacher sees the results, applies the factor to the essay, and exports the CSV', async () => {
    test.setTimeout(180_000);
    const { page } = teacher;
    // The gradebook has the peer evaluation's column: each member's average by others, of 5.
    await page.goto(`/workspace/${workspaceId}/gradebook`);
    for (const [name, peer] of [
      ['Ann', '93.33'],
      ['Ben', '80'],
      ['Cho', '80'],
      ['Dev', '66.67'],
    ] as const) {
      await expect(gradebookCell(page, name, 'P1').getByTestId('gradebook-score')).toHaveText(peer);
      await expect(gradebookCell(page, name, 'A1').getByTestId('gradebook-score')).toHaveText('90');
    }

    await page.getByRole('link', { name: 'Peer evaluation' }).click();
    await expect(page.getByTestId('peer-summary').filter({ hasText: PEER })).toContainText(
      '4 of 4 answered',
    );
    const results = page.getByTestId('peer-results');
    await expect(results).toContainText(`Results: ${PEER}`);
    await expect(results).toContainText('Team 1: average 4');
    // By others, self, raters, factor, flags.
    for (const [name, cells] of [
      ['Ann', ['4.67', '4', '3', '1.05', '']],
      ['Ben', ['4', '4', '3', '1', '']],
      ['Cho', ['4', '4', '3', '1', '']],
      ['Dev', ['3.33', '5', '3', '0.83', 'Rates self far above others']],
    ] as const) {
      const row = results
        .getByTestId('peer-result-row')
        .filter({ hasText: new RegExp(`^${name}`) });
      await expect(row.getByRole('cell')).toHaveText([...cells]);
    }
    await expect(results.getByTestId('peer-comment')).toHaveText(`Ben: ${COMMENT}`);

    // Applied to the essay's team grade; the gradebook shows each adjusted grade.
    const apply = results.getByRole('checkbox', { name: `Assignment: ${ESSAY}` });
    await expect(
      results.getByRole('checkbox', { name: `Team task: ${TEAM_TASK}` }),
    ).not.toBeChecked();
    // Checked once the server has applied it (the box shows the server's answer, so a click
    // rather than check(), which wants the state at once).
    await apply.click();
    await expect(apply).toBeChecked();
    await expect(apply).toBeEnabled();

    await page.getByRole('link', { name: 'Back to the workspace' }).click();
    await sectionLink(page, 'Gradebook').click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/gradebook$`));
    for (const [name, essay, peer, final] of [
      ['Ann', '94.5', '93.33', '93.11% A'],
      ['Ben', '90', '80', '85.5% B'],
      ['Cho', '90', '80', '83.83% B'],
      ['Dev', '75', '66.67', '66.39% D'],
    ] as const) {
      const cell = gradebookCell(page, name, 'A1');
      await expect(cell.getByTestId('gradebook-score')).toHaveText(essay);
      await expect(cell.locator('[data-flag="peer_adjusted"]')).toHaveCount(1);
      await expect(gradebookCell(page, name, 'P1').getByTestId('gradebook-score')).toHaveText(peer);
      await expect(gradebookRow(page, name).getByTestId('gradebook-final')).toHaveText(final);
    }
    // The adjusted cell keeps the team's grade as the original.
    await gradebookCell(page, 'Dev', 'A1').click();
    await expect(page.getByTestId('gradebook-details')).toContainText('Graded score: 90');
    await expect(page.getByTestId('gradebook-details')).toContainText('Peer-adjusted');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export grades (CSV)' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split('\r\n');
    // Every graded item in course order, the categories, the final percentage and letter.
    expect(header).toBe(
      [
        'name',
        'email',
        'team',
        `T1: ${TEAM_TASK}`,
        `I1: ${SOLO_TASK}`,
        `A1: ${ESSAY}`,
        `P1: ${PEER}`,
        'assignments %',
        'tasks %',
        'peer evaluation %',
        'final %',
        'letter',
        'team average (evaluated)',
        'team average (missing = 0)',
      ].join(','),
    );
    expect(lines).toHaveLength(8);
    // Team 1's averages over its four items: 88, the members' 80 on the reflection, 90, and
    // the members' 80 on the peer evaluation.
    const expected: Record<StudentName, string> = {
      Ann: '88,95,94.5,93.33,94.5,91.5,93.33,93.11,A,84.5,84.5',
      Ben: '88,85,90,80,90,86.5,80,85.5,B,84.5,84.5',
      Cho: '88,75,90,80,90,81.5,80,83.83,B,84.5,84.5',
      Dev: '50,65,75,66.67,75,57.5,66.67,66.39,D,84.5,84.5',
    };
    for (const name of STUDENT_NAMES) {
      expect(lines).toContain(`${name},${students[name].email},Team 1,${expected[name]}`);
    }
    // A name that starts with "=" is text to a spreadsheet, not a formula.
    expect(lines).toContain("'=Fay,,Team 2,,,,,,,,,,,0");
    expect(lines.some((line) => line.startsWith('='))).toBe(false);
  });

  test('the teacher releases the results', async () => {
    test.setTimeout(180_000);
    const { page } = teacher;
    await page.getByRole('link', { name: 'Peer evaluation' }).click();
    const results = page.getByTestId('peer-results');
    await results.getByRole('button', { name: 'Release to students' }).click();
    await expectToast(page, 'The results are released.');
    await expect(results.getByRole('button', { name: 'Released' })).toBeDisabled();
  });

  test('Dev sees his grades, the override, his peer result and the notification; nobody else’s ratings', async () => {
    test.setTimeout(180_000);
    const { page, context } = students.Dev;
    await page.goto(`/workspace/${workspaceId}`);
    await sectionLink(page, 'My grades').click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/grades$`));
    await expect(page.getByRole('heading', { name: 'My grades' })).toBeVisible();
    const row = (label: string) =>
      page.locator(`[data-testid="my-grades-row"][data-item="${label}"]`);
    await expect(page.getByTestId('my-grades-row')).toHaveCount(4);
    // Item, score (with letter and marks), the team's grade, feedback.
    const teamTask = row('T1').getByRole('cell');
    await expect(teamTask.nth(0)).toContainText(`T1 ${TEAM_TASK}`);
    await expect(teamTask.nth(1)).toContainText('50');
    await expect(teamTask.nth(1).getByTestId('grade-badge')).toHaveAttribute('data-grade', 'F');
    await expect(teamTask.nth(1)).toContainText('Overridden');
    await expect(teamTask.nth(1)).toContainText(`Changed by your teacher: ${REASON}`);
    await expect(teamTask.nth(2)).toHaveText('88');
    await expect(teamTask.nth(3)).toHaveText('A clear plan.');
    const solo = row('I1').getByRole('cell');
    await expect(solo.nth(1)).toContainText('65');
    await expect(solo.nth(1).getByTestId('grade-badge')).toHaveAttribute('data-grade', 'D');
    await expect(solo.nth(3)).toHaveText('Too short.');
    const essay = row('A1').getByRole('cell');
    await expect(essay.nth(1)).toContainText('75');
    await expect(essay.nth(1)).toContainText('Peer-adjusted');
    await expect(essay.nth(2)).toHaveText('90');
    await expect(essay.nth(3)).toHaveText('Well argued.');
    // The released peer evaluation: his average by others (3.33 of 5) as a percent.
    const peer = row('P1').getByRole('cell');
    await expect(peer.nth(0)).toContainText(`P1 ${PEER}`);
    await expect(peer.nth(1)).toContainText('66.67');
    const final = page.getByTestId('my-grades-final');
    await expect(final).toContainText('66.39%');
    await expect(final.getByTestId('grade-badge')).toHaveAttribute('data-grade', 'D');
    // His own row only: no teammate's name, rating or comment on the page.
    const table = page.getByTestId('my-grades-table');
    for (const other of ['Ann', 'Ben', 'Cho']) await expect(table).not.toContainText(other);
    await expect(page.getByText(COMMENT)).toHaveCount(0);

    // The peer result: his aggregate, never who gave which rating, never Ben's comment.
    await page.getByRole('link', { name: 'Peer evaluation' }).click();
    const mine = page.getByTestId('peer-my-result');
    await expect(mine).toContainText('Average rating by your teammates: 3.33');
    await expect(mine).toContainText('Rated by 3 teammates');
    await expect(mine).toContainText('Your adjustment factor: 0.83');
    await expect(mine).toContainText('Your own rating: 5');
    await expect(page.getByTestId('peer-result-row')).toHaveCount(0);
    await expect(page.getByTestId('peer-comment')).toHaveCount(0);
    await expect(page.getByText(COMMENT)).toHaveCount(0);
    await expect(page.getByLabel('Comment for your teacher (optional)')).toHaveValue('');
    // The form holds his own ratings of Ann (4), not Ben's or Cho's (5).
    await expect(radio(page, 'Ann', 0, 4)).toBeChecked();
    await expect(radio(page, 'Ann', 0, 5)).not.toBeChecked();

    // The API agrees: the owner's results, with the ratings and comments, are not his to read.
    const api = `/api/workspaces/${workspaceId}`;
    const refused = await context.request.get(`${api}/peer-evaluations/${evaluationId}/results`);
    expect([403, 404]).toContain(refused.status());
    expect(await refused.text()).not.toContain(COMMENT);
    const gradebook = await context.request.get(`${api}/gradebook`);
    expect([403, 404]).toContain(gradebook.status());
    const form = await context.request.get(`${api}/peer-evaluations/${evaluationId}/form`);
    expect(form.status()).toBe(200);
    expect(await form.text()).not.toContain(COMMENT);

    // The bell: the essay's grade, which opens the Assignments section.
    await page.goto(`/workspace/${workspaceId}`);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications, \d+ unread$/ })
      .click();
    const bell = page.getByRole('dialog', { name: 'Notifications' });
    const graded = bell.getByTestId('notification-item').filter({ hasText: `Graded: ${ESSAY}` });
    await expect(graded).toHaveCount(1);
    await expect(graded).toContainText(`Team 1's work for ${ESSAY} was graded.`);
    await expect(graded.locator('[data-kind="submission_graded"]')).toHaveCount(1);
    await expect(
      bell.getByTestId('notification-item').filter({ hasText: `Graded: ${SOLO_TASK}` }),
    ).toContainText(`Your work for ${SOLO_TASK} was graded.`);
    await graded.getByRole('button', { name: new RegExp(`Graded: ${ESSAY}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/assignments$`));
  });

  test("Ann's grades carry no override; the team's grade and her factor are hers", async () => {
    test.setTimeout(180_000);
    const { page } = students.Ann;
    await page.goto(`/workspace/${workspaceId}/grades`);
    const row = (label: string) =>
      page.locator(`[data-testid="my-grades-row"][data-item="${label}"]`);
    await expect(row('T1').getByRole('cell').nth(1)).toContainText('88');
    await expect(row('T1')).not.toContainText('Overridden');
    await expect(row('A1').getByRole('cell').nth(1)).toContainText('94.5');
    await expect(page.getByTestId('my-grades-final')).toContainText('93.11%');
    await expect(page.getByText(REASON)).toHaveCount(0);
  });
});
