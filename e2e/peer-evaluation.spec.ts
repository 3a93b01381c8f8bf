import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { PEER_DIMENSIONS } from '@teamshuffle/domain';
import { createAccount } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { expectToast } from './support/toasts.ts';
import { createCourseWorkspace, setCourseAccounts } from './support/workspaces.ts';

// Peer evaluation (issue 25, decision 0026), as a teacher and two students would meet it: the
// teacher opens one on Team 1 (Ann, who leads it, Ben and Eve, who has no account); Ann answers
// by keyboard, Ben on a phone with a comment for the teacher; the teacher sees the results and
// the comment and releases them; each student then sees only their own aggregate, never who gave
// which rating, and never the other's comment.

const TITLE = 'Midterm peer review';
const COMMENT = 'Eve missed two meetings.';

/** The rating form's radio of a level, for a teammate (by the start of their name) and dimension. */
function radio(page: Page, who: string, dimension: number, level: number) {
  return (
    page
      .getByTestId('peer-ratee')
      // By the card's heading: the level descriptions hold names' letters too ("every" has "Eve").
      .filter({ has: page.getByRole('heading', { name: new RegExp(`^${who}( \\(you\\))?$`) }) })
      .getByRole('radiogroup')
      .nth(dimension)
      .getByRole('radio', { name: new RegExp(`: ${level}: `) })
  );
}

test.describe.serial('peer evaluation', () => {
  let owner: Account;
  let leader: Account;
  let member: Account;
  let workspaceId: string;

  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    [owner, leader, member] = await Promise.all([
      createAccount(browser, baseURL!, 'owner'),
      createAccount(browser, baseURL!, 'leader'),
      // Ben answers on a phone.
      createAccount(browser, baseURL!, 'member', {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      }),
    ]);
    workspaceId = (await createCourseWorkspace(owner, 'Peer review course', 'e2e-peer')).id;
    await setCourseAccounts(owner, workspaceId, { leader, member });
  });

  test.afterAll(async () => {
    await Promise.all([owner, leader, member].map((account) => account?.context.close()));
  });

  test('the teacher opens an evaluation on Team 1 from the workspace', async () => {
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}`);
    await page.getByRole('link', { name: 'Peer evaluation' }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/peer-evaluation$`));
    const create = page.getByRole('form', { name: 'New peer evaluation' });
    await create.getByLabel('Title').fill(TITLE);
    await create.getByRole('checkbox', { name: 'Team 2' }).uncheck();
    await create.getByRole('button', { name: 'Open the evaluation' }).click();
    await expectToast(page, 'The peer evaluation is open.');
    const summary = page.getByTestId('peer-summary').filter({ hasText: TITLE });
    await expect(summary).toContainText('0 of 3 answered');
    await expect(summary).toContainText('Open');
  });

  test('Ann rates herself and her teammates by keyboard', async () => {
    const { page } = leader;
    await page.goto(`/workspace/${workspaceId}/peer-evaluation`);
    await expect(
      page.getByRole('heading', { name: 'Rate yourself and your teammates' }),
    ).toBeVisible();
    await expect(page.getByTestId('peer-ratee')).toHaveCount(3);
    await expect(page.getByTestId('peer-ratee').first()).toContainText('(you)');
    // In each radio group: Space picks level 1, each arrow moves the choice one level up.
    for (const [who, level] of [
      ['Ann', 4],
      ['Ben', 4],
      ['Eve', 2],
    ] as const) {
      for (let d = 0; d < PEER_DIMENSIONS.length; d += 1) {
        const first = radio(page, who, d, 1);
        await first.focus();
        await page.keyboard.press('Space');
        for (let step = 1; step < level; step += 1) await page.keyboard.press('ArrowRight');
        await expect(radio(page, who, d, level)).toBeChecked();
      }
    }
    await page.getByRole('button', { name: 'Submit my ratings' }).click();
    await expectToast(page, 'Your ratings are saved.');
  });

  test('Ben answers on a phone, with a comment for the teacher', async () => {
    const { page } = member;
    await page.goto(`/workspace/${workspaceId}/peer-evaluation`);
    await expect(page.getByTestId('peer-ratee')).toHaveCount(3);
    for (const [who, level] of [
      ['Ben', 4],
      ['Ann', 5],
      ['Eve', 2],
    ] as const) {
      for (let d = 0; d < PEER_DIMENSIONS.length; d += 1) {
        await radio(page, who, d, level).check();
      }
    }
    await page.getByLabel('Comment for your teacher (optional)').fill(COMMENT);
    await page.getByRole('button', { name: 'Submit my ratings' }).click();
    await expectToast(page, 'Your ratings are saved.');
    // Nothing is wider than the phone's screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
  });

  test('the teacher sees the results and the comment, and releases them', async () => {
    const { page } = owner;
    await page.reload();
    const results = page.getByTestId('peer-results');
    await expect(results).toContainText(TITLE);
    await expect(page.getByTestId('peer-summary').filter({ hasText: TITLE })).toContainText(
      '2 of 3 answered',
    );
    // Ann: rated 5 by Ben, 4 by herself; Eve: 2 by both; the factor capped at 1.05.
    const ann = results.getByTestId('peer-result-row').filter({ hasText: 'Ann' });
    await expect(ann.getByRole('cell').nth(0)).toHaveText('5');
    await expect(ann.getByRole('cell').nth(1)).toHaveText('4');
    await expect(ann.getByRole('cell').nth(3)).toHaveText('1.05');
    await expect(results.getByTestId('peer-comment')).toContainText(COMMENT);
    await results.getByRole('button', { name: 'Release to students' }).click();
    await expectToast(page, 'The results are released.');
    await expect(results.getByRole('button', { name: 'Released' })).toBeDisabled();
  });

  test('each student sees only their own aggregate, never who rated what or the other comment', async () => {
    const { page } = leader;
    await page.reload();
    const mine = page.getByTestId('peer-my-result');
    await expect(mine).toContainText('Average rating by your teammates: 5');
    await expect(mine).toContainText('Rated by 1 teammates');
    await expect(page.getByText(COMMENT)).toHaveCount(0);
    // Ann's form holds her own ratings only: Ben's 5s for her are nowhere in it.
    await expect(radio(page, 'Ben', 0, 4)).toBeChecked();

    const ben = member.page;
    await ben.reload();
    await expect(ben.getByTestId('peer-my-result')).toContainText(
      'Average rating by your teammates: 4',
    );
    // His own comment is his to see; nobody else's appears.
    await expect(ben.getByLabel('Comment for your teacher (optional)')).toHaveValue(COMMENT);
  });
});
