import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import type { SavedResult } from '@teamshuffle/domain';
import { signUpVerified, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';

// Moving members before saving (issue 24), end to end on the real server: after a shuffle the
// teacher moves a member with the keyboard ("Move to team" menu), sees what the move breaks
// before making it, confirms, undoes with Ctrl+Z, moves again, drags another member onto a team
// with the mouse (the team says what the drop would do), saves, and loads the saved result back
// with the moved members where they were put.

function teamCards(page: Page): Locator {
  return page.getByTestId('team-card');
}

function cardOfTeam(page: Page, number: number): Locator {
  return page.locator(`[data-testid="team-card"][data-team="${number}"]`);
}

function row(page: Page, name: string): Locator {
  return page.getByTestId('team-member').filter({
    has: page.locator('p').getByText(name, { exact: true }),
  });
}

/** The number of the team that holds `name`. */
async function teamOf(page: Page, name: string): Promise<number> {
  const card = teamCards(page).filter({ has: row(page, name) });
  return Number(await card.getAttribute('data-team'));
}

/** Each team's members, by team number. */
async function arrangement(page: Page): Promise<Record<number, string[]>> {
  const teams: Record<number, string[]> = {};
  for (const card of await teamCards(page).all()) {
    const number = Number(await card.getAttribute('data-team'));
    teams[number] = (await card.getByTestId('team-member').locator('p').allTextContents()).sort();
  }
  return teams;
}

test('a member is moved by keyboard and by drag, with the warning first, undone, saved and loaded back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signUpVerified(page, baseURL ?? '', uniqueEmail('moves'));
  // Reduced motion: the shuffle ends by itself in a moment.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Formation' })).toBeVisible();

  // Six people in three teams; Ann and Ben are a fixed pair.
  await page.getByRole('button', { name: 'Bulk Add' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk Add Members' });
  await bulk
    .getByRole('textbox', { name: 'Names, one per line' })
    .fill('Ann\nBen\nCho\nDee\nEli\nFay');
  await bulk.getByRole('button', { name: 'Add Members' }).click();
  await expect(bulk).toBeHidden();
  const teamCount = page.getByRole('textbox', { name: 'Number of teams' });
  await teamCount.fill('3');
  await teamCount.blur();
  await page.getByRole('button', { name: 'Add Fixed Pair' }).click();
  const pairDialog = page.getByRole('dialog', { name: 'Add Fixed Pair' });
  await pairDialog.getByRole('checkbox', { name: 'Ann', exact: true }).check();
  await pairDialog.getByRole('checkbox', { name: 'Ben', exact: true }).check();
  await pairDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(pairDialog).toBeHidden();
  await page.getByRole('button', { name: 'Shuffle', exact: true }).click();
  await expect(teamCards(page)).toHaveCount(3);
  await expect(page.getByRole('dialog', { name: 'Shuffling teams' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo move' })).toBeDisabled();
  await expect(page.getByTestId('hand-adjusted')).toHaveCount(0);

  const drawn = await arrangement(page);
  const home = await teamOf(page, 'Ann');
  expect(await teamOf(page, 'Ben')).toBe(home);
  const target = home === 1 ? 2 : 1;

  // By keyboard: the member's Move button opens the menu of the other teams, each saying what
  // moving there would break, before anything is moved.
  const moveAnn = page.getByRole('button', { name: 'Move Ann to another team' });
  await moveAnn.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByText('Move Ann to', { exact: true })).toBeVisible();
  const item = menu.getByRole('menuitem', { name: new RegExp(`^Team ${target}`) });
  await expect(item.getByTestId('move-warning')).toHaveText([
    'Splits the fixed pair with Ben',
    'Team sizes would differ by 2',
  ]);
  await expect(menu.getByRole('menuitem')).toHaveCount(2);
  await item.focus();
  await page.keyboard.press('Enter');

  // The confirmation says what breaks and what becomes of it; nothing has moved yet.
  const confirm = page.getByRole('dialog', { name: `Move Ann to Team ${target}?` });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('move-confirm-breaks').getByRole('listitem')).toHaveText([
    'The fixed pair of Ann and Ben: the pair is removed.',
    'Even sizes: team sizes would differ by 2 (now 0).',
  ]);
  expect(await arrangement(page)).toEqual(drawn);
  await expectNoSeriousA11yViolations(page, '/app, confirming a move that breaks a fixed pair');
  await confirm.getByRole('button', { name: 'Move anyway' }).click();
  await expect(confirm).toBeHidden();

  await expect.poll(() => teamOf(page, 'Ann')).toBe(target);
  await expect(page.getByTestId('move-announcement')).toHaveText(`Ann moved to Team ${target}.`);
  await expect(page.getByTestId('hand-adjusted')).toHaveText('Adjusted by hand');
  // The pair is gone from the constraints and from Ben's markers; focus followed Ann.
  await expect(page.getByTestId('constraint-fixedPair')).toHaveCount(0);
  await expect(row(page, 'Ben').locator('[data-marker]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Move Ann to another team' })).toBeFocused();
  await expect(page.getByTestId('uneven-reason')).toHaveText(
    'After the moves by hand, team sizes differ by more than one.',
  );

  // Ctrl+Z undoes it: the teams, the pair and the marks come back.
  await page.keyboard.press('Control+z');
  await expect.poll(() => arrangement(page)).toEqual(drawn);
  await expect(page.getByTestId('move-announcement')).toHaveText(
    `Move undone: Ann is back in Team ${home}.`,
  );
  await expect(page.getByTestId('constraint-fixedPair')).toHaveText(['Ann + Ben']);
  await expect(page.getByTestId('hand-adjusted')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo move' })).toBeDisabled();

  // Again, confirmed: Ann in the target team (three there now, one left with Ben).
  await page.getByRole('button', { name: 'Move Ann to another team' }).focus();
  await page.keyboard.press('Enter');
  await menu.getByRole('menuitem', { name: new RegExp(`^Team ${target}`) }).focus();
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Move anyway' }).click();
  await expect.poll(() => teamOf(page, 'Ann')).toBe(target);

  // By drag: one of Ann's new teammates onto Ben's team. While over it, the card says what the
  // drop would do (sizes even again: nothing breaks), and the drop moves at once.
  const mover = (await arrangement(page))[target]!.find((name) => name !== 'Ann')!;
  const source = row(page, mover).locator('p');
  const hint = cardOfTeam(page, home).getByTestId('move-drop-hint');
  // The warning above the cards comes with the confirmed move and shifts them down: the boxes
  // are measured once it is there, and again on each try. On a loaded machine a drag has missed
  // its card (CI, 2026-11-26): a try that does not reach it is cancelled (Escape) and made again.
  await expect(page.getByTestId('uneven-reason')).toBeVisible();
  await expect(async () => {
    const from = (await source.boundingBox())!;
    const to = (await cardOfTeam(page, home).boundingBox())!;
    await page.mouse.move(from.x + 10, from.y + from.height / 2);
    await page.mouse.down();
    try {
      await page.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 5 });
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
      // dnd-kit finds the card under the pointer on a move: one more once the drag has started.
      await page.mouse.move(to.x + to.width / 2 + 4, to.y + to.height / 2, { steps: 2 });
      await expect(hint).toHaveText(`Move ${mover} here`, { timeout: 5_000 });
    } catch (error) {
      await page.keyboard.press('Escape');
      await page.mouse.up();
      throw error;
    }
  }).toPass({ timeout: 60_000 });
  await page.mouse.up();
  await expect.poll(() => teamOf(page, mover)).toBe(home);
  await expect(page.getByTestId('move-announcement')).toHaveText(`${mover} moved to Team ${home}.`);
  await expect(page.getByTestId('uneven-reason')).toHaveCount(0);
  const moved = await arrangement(page);
  expect(Object.values(moved).map((names) => names.length)).toEqual([2, 2, 2]);
  await expectNoSeriousA11yViolations(page, '/app after moves by hand');

  // Save Result sends the moved teams, marked as adjusted by hand; the server keeps them.
  await page.getByRole('button', { name: 'Save Result' }).click();
  const save = page.getByRole('dialog', { name: 'Save Result' });
  await save.getByRole('textbox', { name: 'Result name' }).fill('Moved by hand');
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/results',
  );
  await save.getByRole('button', { name: 'Save', exact: true }).click();
  const response = await saved;
  expect(response.status()).toBe(201);
  const body = (await response.json()) as SavedResult;
  expect(body.snapshot.isHandAdjusted).toBe(true);
  expect(body.snapshot.fixedPairs).toEqual([]);
  await expect(save).toBeHidden();
  await expect(page.getByTestId('saved-as')).toHaveText('Saved as "Moved by hand"');

  // A new shuffle forgets the moves; loading the saved result brings them back.
  await page.getByRole('button', { name: 'Re-shuffle' }).click();
  await expect(page.getByTestId('hand-adjusted')).toHaveCount(0);
  await page.goto('/results');
  await page
    .getByRole('article', { name: 'Moved by hand', exact: true })
    .getByRole('button', { name: 'Load Result' })
    .click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId('saved-as')).toHaveText('Saved as "Moved by hand"');
  await expect(page.getByTestId('hand-adjusted')).toHaveText('Adjusted by hand');
  await expect.poll(() => arrangement(page)).toEqual(moved);
  expect(await teamOf(page, 'Ann')).toBe(target);
  expect(await teamOf(page, mover)).toBe(home);
});
