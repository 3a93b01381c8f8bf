import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { PASSWORD, signUpVerified, uniqueEmail } from './support/accounts.ts';
import { expectToast, recordToasts } from './support/toasts.ts';

// Team formation end to end on the real server: the /app draft (members, bulk add, constraints
// through their modals, local storage), the shuffle overlay, the results grid, and the signed-in
// flow /app -> Save Result -> /results -> Load Result -> Create Workspace -> /workspace/{id}.

const SEED = /^[a-z2-9]{12}$/;

/** Stops the page's clock (installed by the test) where it is; `runFor` then moves it. */
async function holdClock(page: Page) {
  // A moment ahead of the page's time, which goes on while the call travels.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
}

function teamCards(page: Page): Locator {
  return page.getByTestId('team-card');
}

async function addMember(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Member name' }).fill(name);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
}

async function bulkAdd(page: Page, text: string) {
  await page.getByRole('button', { name: 'Bulk Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Add Members' });
  await dialog.getByRole('textbox', { name: 'Names, one per line' }).fill(text);
  await dialog.getByRole('button', { name: 'Add Members' }).click();
  await expect(dialog).toBeHidden();
}

async function setTeamCount(page: Page, count: number) {
  const input = page.getByRole('textbox', { name: 'Number of teams' });
  await input.fill(String(count));
  await input.blur();
}

async function addConstraint(
  page: Page,
  kind: 'Fixed Pair' | 'Locked Team' | 'Keep-Apart Pair',
  names: string[],
) {
  await page.getByRole('button', { name: `Add ${kind}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${kind}` });
  for (const name of names) {
    await dialog.getByRole('checkbox', { name, exact: true }).check();
  }
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Shuffles and skips the animation; returns the seed shown with the teams. With `holdsClock` (a
 * test that installed the page's clock), the 6 s run is held until Skip, so a loaded machine
 * cannot let it end before the click; `whileRunning` checks the overlay meanwhile (and holds it).
 */
async function shuffleAndSkip(
  page: Page,
  button = 'Shuffle',
  {
    holdsClock = false,
    whileRunning,
  }: { holdsClock?: boolean; whileRunning?: (overlay: Locator) => Promise<void> } = {},
): Promise<string> {
  const held = holdsClock || whileRunning !== undefined;
  if (held) await holdClock(page);
  await page.getByRole('button', { name: button, exact: true }).click();
  const overlay = page.getByRole('dialog', { name: 'Shuffling teams' });
  if (held) await page.clock.runFor(100);
  await expect(overlay).toBeVisible();
  await whileRunning?.(overlay);
  await overlay.getByRole('button', { name: 'Skip Animation' }).click();
  if (held) await page.clock.resume();
  await expect(overlay).toBeHidden();
  const seed = page.getByTestId('shuffle-seed');
  await expect(seed).toHaveText(SEED);
  return (await seed.textContent()) ?? '';
}

/** The card of the team that holds `name`. */
function cardOf(page: Page, name: string): Locator {
  return teamCards(page).filter({
    has: page.getByTestId('team-member').filter({ hasText: new RegExp(`^${name}`) }),
  });
}

function memberInTeams(page: Page, name: string): Locator {
  return page.getByTestId('team-member').filter({ hasText: new RegExp(`^${name}`) });
}

async function namesInTeams(page: Page): Promise<string[]> {
  const texts = await page.getByTestId('team-member').locator('p').allTextContents();
  return texts.sort();
}

function resultCard(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

test.describe('team formation, signed out', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('members, bulk add, constraints through their modals, shuffle, and a draft that survives a reload', async ({
    page,
  }) => {
    // Long, and its first click waits for the app over the prerendered page (16 s once in CI).
    test.setTimeout(180_000);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    // The page's clock runs as usual until the shuffle, where the test holds it (below).
    await page.clock.install();
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: 'Team Formation' })).toBeVisible();
    await expect(page.getByText('Add at least one member before shuffling.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Shuffle', exact: true })).toBeDisabled();

    // One by one: Enter or the Add button; a blank name is refused with the API's member-name
    // rule and its words.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('A member needs a name', { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Member name' }).fill('Ada');
    await page.keyboard.press('Enter');
    await addMember(page, 'Grace');

    // Bulk add: one name per line, blank lines dropped, a repeated name is a second person.
    await page.getByRole('button', { name: 'Bulk Add' }).click();
    const bulk = page.getByRole('dialog', { name: 'Bulk Add Members' });
    await bulk
      .getByRole('textbox', { name: 'Names, one per line' })
      .fill('Alan\n\n   Edsger  \nBarbara\n\nAda\n');
    await expect(bulk.getByTestId('bulk-preview')).toHaveText('Names to add: 4');
    await bulk.getByRole('button', { name: 'Add Members' }).click();
    await expect(bulk).toBeHidden();
    await expect(page.getByTestId('member-count')).toHaveText('Members: 6');
    await expect(page.getByTestId('member-name')).toHaveText([
      'Ada',
      'Grace',
      'Alan',
      'Edsger',
      'Barbara',
      'Ada',
    ]);

    // Inline edit; the two Adas are told apart in labels.
    await page.getByRole('button', { name: 'Edit Barbara' }).click();
    await page.getByRole('textbox', { name: 'New name for Barbara' }).fill('Barbara L.');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('member-name').nth(4)).toHaveText('Barbara L.');
    await expect(page.getByRole('button', { name: 'Remove Ada (2)' })).toBeVisible();

    await setTeamCount(page, 3);

    // A fixed pair needs exactly two members.
    await page.getByRole('button', { name: 'Add Fixed Pair' }).click();
    const pairDialog = page.getByRole('dialog', { name: 'Add Fixed Pair' });
    await pairDialog.getByRole('checkbox', { name: 'Grace', exact: true }).check();
    await pairDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(pairDialog.getByText('Please choose exactly two members.')).toBeVisible();
    await pairDialog.getByRole('checkbox', { name: 'Alan', exact: true }).check();
    await pairDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(pairDialog).toBeHidden();
    await expect(page.getByTestId('constraint-fixedPair')).toHaveText(['Grace + Alan']);

    // The locked-team picker shows who is already constrained.
    await page.getByRole('button', { name: 'Add Locked Team' }).click();
    const lockDialog = page.getByRole('dialog', { name: 'Add Locked Team' });
    await expect(lockDialog.getByText('in a fixed pair')).toHaveCount(2);
    await lockDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(lockDialog.getByText('Please choose at least one member.')).toBeVisible();
    await lockDialog.getByRole('checkbox', { name: 'Edsger', exact: true }).check();
    await lockDialog.getByRole('checkbox', { name: 'Barbara L.', exact: true }).check();
    await lockDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(lockDialog).toBeHidden();
    await expect(page.getByTestId('constraint-lockedTeam')).toHaveText(['Edsger, Barbara L.']);

    // The overlay: the spec's phases in order, fixed pairs and locked teams included. The
    // clock is held, so the 6 s run cannot end while a loaded machine checks the overlay.
    const seed = await shuffleAndSkip(page, 'Shuffle', {
      whileRunning: async (overlay) => {
        await expect(overlay.getByTestId('shuffle-phases').locator('li')).toHaveText([
          'Collecting members',
          'First shuffling',
          'Placing fixed pairs',
          'Second shuffling',
          'Placing locked teams',
          'Third shuffling',
          'Optimizing group balance',
          'Complete',
        ]);
        await expect(overlay.getByTestId('shuffle-step')).toContainText('of 15');
        // 15 steps of 400 ms: still running a second in.
        await page.clock.runFor(1000);
        await expect(overlay).toBeVisible();
        await expect(overlay.getByTestId('shuffle-phase')).not.toHaveText('Complete');
      },
    });

    // Team 1 to Team 3, everyone placed once, markers on the constrained members.
    await expect(teamCards(page)).toHaveCount(3);
    await expect(teamCards(page).getByRole('heading', { level: 3 })).toHaveText([
      'Team 1',
      'Team 2',
      'Team 3',
    ]);
    expect(await namesInTeams(page)).toEqual(
      ['Ada', 'Ada', 'Alan', 'Barbara L.', 'Edsger', 'Grace'].sort(),
    );
    await expect(cardOf(page, 'Grace').getByTestId('team-member')).toContainText(['Alan']);
    await expect(memberInTeams(page, 'Grace').locator('[data-marker="fixedPair"]')).toHaveText(
      'Fixed pair',
    );
    await expect(memberInTeams(page, 'Alan').locator('[data-marker="fixedPair"]')).toBeVisible();
    await expect(cardOf(page, 'Edsger').getByTestId('team-member')).toContainText(['Barbara L.']);
    await expect(
      memberInTeams(page, 'Barbara L.').locator('[data-marker="lockedTeam"]'),
    ).toHaveText('Locked team');
    await expect(memberInTeams(page, 'Ada').first().locator('[data-marker]')).toHaveCount(0);

    // Copy as text.
    await page.getByRole('button', { name: 'Copy as Text' }).click();
    await expect(page.getByText('Teams copied!')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^Team 1: .+\nTeam 2: .+\nTeam 3: .+\n\nSeed: [a-z2-9]{12}$/);
    expect(copied).toContain(seed);

    // A reload keeps members, constraints and teams.
    await page.reload();
    await expect(page.getByTestId('member-name')).toHaveCount(6);
    await expect(page.getByTestId('constraint-fixedPair')).toHaveText(['Grace + Alan']);
    await expect(page.getByTestId('constraint-lockedTeam')).toHaveText(['Edsger, Barbara L.']);
    await expect(teamCards(page)).toHaveCount(3);
    await expect(page.getByTestId('shuffle-seed')).toHaveText(seed);
    await expect(page.getByRole('textbox', { name: 'Number of teams' })).toHaveValue('3');

    // A rename shows in the constraints and the teams; a removal takes the member out of both.
    await page.getByRole('button', { name: 'Edit Alan' }).click();
    await page.getByRole('textbox', { name: 'New name for Alan' }).fill('Alan T.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('constraint-fixedPair')).toHaveText(['Grace + Alan T.']);
    await expect(cardOf(page, 'Grace').getByTestId('team-member')).toContainText(['Alan T.']);
    await page.getByRole('button', { name: 'Remove Grace' }).click();
    await expect(page.getByTestId('constraint-fixedPair')).toHaveCount(0);
    await expect(page.getByText('No fixed pairs.')).toBeVisible();
    await expect(teamCards(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove Barbara L.' }).click();
    await expect(page.getByTestId('constraint-lockedTeam')).toHaveText(['Edsger']);

    // Without fixed pairs the overlay leaves their phase out (the clock held again).
    await shuffleAndSkip(page, 'Shuffle', {
      whileRunning: (overlay) =>
        expect(overlay.getByTestId('shuffle-phases').locator('li')).toHaveText([
          'Collecting members',
          'First shuffling',
          'Second shuffling',
          'Placing locked teams',
          'Third shuffling',
          'Optimizing group balance',
          'Complete',
        ]),
    });
    await expect(teamCards(page)).toHaveCount(3);
    expect(await namesInTeams(page)).toEqual(['Ada', 'Ada', 'Alan T.', 'Edsger'].sort());
    const reshuffledSeed = await shuffleAndSkip(page, 'Re-shuffle', { holdsClock: true });
    expect(reshuffledSeed).toMatch(SEED);

    // Signed out, the button reads 'Login to Create Team' and opens sign-in; the draft stays.
    await page.getByRole('button', { name: 'Login to Create Team' }).click();
    const signIn = page.getByRole('dialog', { name: 'Welcome to Teamshuffle' });
    await expect(signIn).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(signIn).toBeHidden();
    await expect(page.getByTestId('member-name')).toHaveText(['Ada', 'Alan T.', 'Edsger', 'Ada']);
    await expect(teamCards(page)).toHaveCount(3);
    await page.reload();
    await expect(page.getByTestId('member-name')).toHaveCount(4);
    await expect(page.getByTestId('shuffle-seed')).toHaveText(reshuffledSeed);

    expect(consoleErrors).toEqual([]);
  });

  test("3 members in 5 teams: 'Cannot create 5 teams with only 3 members...'", async ({ page }) => {
    await page.goto('/app');
    await bulkAdd(page, 'Ann\nBen\nCho');
    await setTeamCount(page, 5);
    await page.getByRole('button', { name: 'Shuffle', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Cannot create' })).toHaveText(
      'Cannot create 5 teams with only 3 members. Please reduce the number of teams or add more members.',
    );
    await expect(page.getByRole('dialog', { name: 'Shuffling teams' })).toHaveCount(0);
    await expect(teamCards(page)).toHaveCount(0);

    // The message goes with the change that fixes it. An out-of-range count is kept as typed and
    // named next to the field, and the shuffle waits (issue 27).
    await setTeamCount(page, 3);
    await expect(page.getByTestId('shuffle-error')).toHaveCount(0);
    await setTeamCount(page, 12);
    await expect(page.getByRole('textbox', { name: 'Number of teams' })).toHaveValue('12');
    await expect(
      page.getByRole('textbox', { name: 'Number of teams' }),
    ).toHaveAccessibleDescription(/Enter a whole number between 2 and 10\./);
    await expect(page.getByRole('button', { name: 'Shuffle', exact: true })).toBeDisabled();
    await page.getByRole('textbox', { name: 'Number of teams' }).fill('');
    await page.getByRole('textbox', { name: 'Number of teams' }).blur();
    await expect(page.getByRole('textbox', { name: 'Number of teams' })).toHaveValue('4');
  });

  test('under prefers-reduced-motion the shuffle finishes by itself in a fraction of the 6 s', async ({
    page,
  }) => {
    // The page's clock is driven by the test, so the check does not depend on the machine's speed.
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/app');
    await bulkAdd(page, 'Ann\nBen\nCho\nDan');
    await setTeamCount(page, 2);
    await page.getByRole('button', { name: 'Shuffle', exact: true }).click();
    // The full run is 15 x 400 ms = 6 s; reduced, it is 15 x 40 ms.
    await page.clock.runFor(1000);
    await expect(teamCards(page)).toHaveCount(2);
    await expect(page.getByRole('dialog', { name: 'Shuffling teams' })).toHaveCount(0);
  });

  test('without reduced motion the shuffle overlay is still running after the same 1 s', async ({
    page,
  }) => {
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/app');
    await bulkAdd(page, 'Ann\nBen\nCho\nDan');
    await setTeamCount(page, 2);
    await holdClock(page);
    await page.getByRole('button', { name: 'Shuffle', exact: true }).click();
    await page.clock.runFor(1000);
    await expect(page.getByRole('dialog', { name: 'Shuffling teams' })).toBeVisible();
    await page.clock.runFor(6000);
    await expect(teamCards(page)).toHaveCount(2);
  });

  test('/results signed out asks to sign in', async ({ page }) => {
    await page.goto('/results');
    await expect(page.getByRole('heading', { level: 1, name: 'Please sign in' })).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome to Teamshuffle' })).toBeVisible();
  });
});

test.describe('team formation, signed in and verified', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
  test.beforeEach(async ({ context }) => {
    await recordToasts(context);
  });

  test('/app -> Save Result -> /results -> Load Result -> Create Workspace -> the new workspace', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signUpVerified(page, baseURL ?? '', uniqueEmail('teams'));

    // A new user has no saved results yet.
    await page.goto('/results');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved Results' })).toBeVisible();
    await expect(page.getByText('No saved results yet')).toBeVisible();
    await page.getByRole('link', { name: 'Create New Result' }).first().click();
    await expect(page).toHaveURL(/\/app$/);

    await bulkAdd(page, 'Ada\nGrace\nAlan\nEdsger\nBarbara\nKen\nDennis');
    await setTeamCount(page, 3);
    await addConstraint(page, 'Fixed Pair', ['Ada', 'Grace']);
    await addConstraint(page, 'Locked Team', ['Ken']);
    await addConstraint(page, 'Keep-Apart Pair', ['Alan', 'Edsger']);
    const seed = await shuffleAndSkip(page);
    const teamsBefore = await teamCards(page).allTextContents();

    // Save Result: a name is required (trimmed).
    await page.getByRole('button', { name: 'Save Result' }).click();
    const save = page.getByRole('dialog', { name: 'Save Result' });
    await save.getByRole('textbox', { name: 'Result name' }).fill('   ');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(save.getByText('Please enter a name', { exact: true })).toBeVisible();
    await save.getByRole('textbox', { name: 'Result name' }).fill('  Week 1 Teams  ');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToast(page, 'Result saved successfully!');
    await expect(save).toBeHidden();
    await expect(page.getByTestId('saved-as')).toHaveText('Saved as "Week 1 Teams"');

    // Another shuffle, and the same title again (other case, spaces around): refused inline.
    await shuffleAndSkip(page, 'Re-shuffle');
    await page.getByRole('button', { name: 'Save Result' }).click();
    await save.getByRole('textbox', { name: 'Result name' }).fill(' week 1 TEAMS ');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      save.getByText('A result with the same title already exists. Please use a different title.'),
    ).toBeVisible();
    await expect(save.getByTestId('title-note')).toBeVisible();
    await save.getByRole('textbox', { name: 'Result name' }).fill('Week 2 Teams');
    await expect(
      save.getByText('A result with the same title already exists. Please use a different title.'),
    ).toHaveCount(0);
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(save).toBeHidden();

    // Create Team with a title already among the saved results: the same refusal.
    await shuffleAndSkip(page, 'Re-shuffle');
    await page.getByRole('button', { name: 'Create Team', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Create Team' });
    await create.getByRole('textbox', { name: 'Team name' }).fill('Week 2 Teams');
    await create.getByRole('button', { name: 'Create Team' }).click();
    await expect(
      create.getByText(
        'A result with the same title already exists. Please use a different title.',
      ),
    ).toBeVisible();
    await create.getByRole('button', { name: 'Cancel' }).click();
    await expect(create).toBeHidden();

    // /results: newest first, with the right counts.
    await page.goto('/results');
    await expect(page.getByTestId('result-card')).toHaveCount(2);
    await expect(page.getByTestId('result-card').getByRole('heading')).toHaveText([
      'Week 2 Teams',
      'Week 1 Teams',
    ]);
    const week1 = resultCard(page, 'Week 1 Teams');
    await expect(week1.getByTestId('result-stat-members')).toHaveText('7');
    await expect(week1.getByTestId('result-stat-teams')).toHaveText('3');
    await expect(week1.getByTestId('result-stat-group-size')).toHaveText('3');
    await expect(week1.getByTestId('result-stat-fixed-pairs')).toHaveText('1');
    await expect(week1.getByTestId('result-stat-locked-teams')).toHaveText('1');
    await expect(week1.getByTestId('result-stat-keep-apart')).toHaveText('1');
    await expect(week1.getByTestId('result-saved')).toHaveText('Just now');

    // Load Result: back to /app with exactly those teams.
    await week1.getByRole('button', { name: 'Load Result' }).click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByTestId('shuffle-seed')).toHaveText(seed);
    await expect(page.getByTestId('saved-as')).toHaveText('Saved as "Week 1 Teams"');
    expect(await teamCards(page).allTextContents()).toEqual(teamsBefore);
    await expect(page.getByTestId('constraint-keepApart')).toHaveText(['Alan + Edsger']);
    // The handed-over result is applied once: a reload shows the draft, not a second load.
    await page.getByRole('button', { name: 'Remove Dennis' }).click();
    await page.reload();
    await expect(page.getByTestId('member-name')).toHaveCount(6);

    // Create Workspace from /results opens Create Team for that result, and creates it.
    await page.goto('/results');
    await resultCard(page, 'Week 1 Teams')
      .getByRole('button', { name: 'Create Workspace' })
      .click();
    await expect(page).toHaveURL(/\/app$/);
    await expect(create).toBeVisible();
    // Issue 27: the dialog opens empty; the saved title is reused by choosing it.
    await expect(create.getByRole('textbox', { name: 'Team name' })).toHaveValue('');
    await create.getByRole('button', { name: 'Use the saved title "Week 1 Teams"' }).click();
    await expect(create.getByRole('textbox', { name: 'Team name' })).toHaveValue('Week 1 Teams');
    await expect(page.getByTestId('shuffle-seed')).toHaveText(seed);
    await create.getByRole('button', { name: 'Create Team' }).click();
    await expectToast(page, 'Team created successfully!');
    await expect(page).toHaveURL(/\/workspace\/[\w-]+$/);
    const workspaceId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const link = page.getByTestId('workspace-link');
    await expect(link).toHaveText(new RegExp(`/workspace/${workspaceId}$`));
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expect(page.getByText('Link copied!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/workspace/${workspaceId}$`),
    );

    // From a saved result: no second saved copy.
    const results = (await (await page.request.get('/api/results')).json()) as { title: string }[];
    expect(results.map((result) => result.title)).toEqual(['Week 2 Teams', 'Week 1 Teams']);

    // Delete, confirmed.
    await page.goto('/results');
    await resultCard(page, 'Week 2 Teams').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Result' });
    await expect(confirm).toContainText('Week 2 Teams');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('result-card')).toHaveCount(2);
    await resultCard(page, 'Week 2 Teams').getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Result deleted successfully!');
    await expect(page.getByTestId('result-card')).toHaveCount(1);
    await expect(resultCard(page, 'Week 2 Teams')).toHaveCount(0);
  });

  test('signed out, Login to Create Team signs in and opens Create Team on the same draft; it lands on the workspace', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('create');
    await signUpVerified(page, baseURL ?? '', email);
    await page.context().clearCookies();
    await page.goto('/app');
    await bulkAdd(page, 'Mina\nJun\nSora\nHana');
    await setTeamCount(page, 2);
    const seed = await shuffleAndSkip(page);

    await page.getByRole('button', { name: 'Login to Create Team' }).click();
    const signIn = page.getByRole('dialog', { name: 'Welcome to Teamshuffle' });
    const panel = signIn.getByRole('tabpanel', { name: 'Sign In' });
    await panel.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await panel.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await panel.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(signIn).toBeHidden();

    // Signed in and verified: Create Team opens by itself, over the same draft.
    const create = page.getByRole('dialog', { name: 'Create Team' });
    await expect(create).toBeVisible();
    await expect(page.getByTestId('member-name')).toHaveText(['Mina', 'Jun', 'Sora', 'Hana']);
    await expect(page.getByTestId('shuffle-seed')).toHaveText(seed);
    await create.getByRole('button', { name: 'Create Team' }).click();
    await expect(create.getByText('Please enter a name', { exact: true })).toBeVisible();
    await create.getByRole('textbox', { name: 'Team name' }).fill('  Study Group A ');
    await create.getByRole('button', { name: 'Create Team' }).click();
    await expectToast(page, 'Team created successfully!');
    await expect(page).toHaveURL(/\/workspace\/[\w-]+$/);
    // Create Team stored the snapshot as a saved result too, under the trimmed name.
    const results = (await (await page.request.get('/api/results')).json()) as {
      title: string;
      membersCount: number;
    }[];
    expect(results).toMatchObject([{ title: 'Study Group A', membersCount: 4 }]);
  });
});
