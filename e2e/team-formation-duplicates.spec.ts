import { expect, test } from '@playwright/test';
import type { Locator, Page, Request } from '@playwright/test';
import type { SavedResult } from '@teamshuffle/domain';
import { signUpVerified, uniqueEmail } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { usePreferences } from './support/preferences.ts';

// One person, one roster entry (issue 23) on /app, end to end on the real server: a name already
// on the list is warned about when it is added (one by one, Bulk Add, Import) and still added,
// numbered apart in the list and the teams; two members with one e-mail are marked, and Save
// Result says so, naming both with their teams, instead of sending; once one of them gives the
// e-mail up the teams are saved, both people of one name kept apart.

function teamCards(page: Page): Locator {
  return page.getByTestId('team-card');
}

/** The number of the team that holds the member whose name is exactly `name`. */
async function teamOf(page: Page, name: string): Promise<number> {
  const card = teamCards(page).filter({
    has: page.getByTestId('team-member').locator('p').getByText(name, { exact: true }),
  });
  const heading = await card.getByRole('heading', { level: 3 }).textContent();
  // 'Team 2' in English, '2팀' in Korean.
  return Number(/\d+/.exec(heading ?? '')?.[0]);
}

test('a repeated name is warned about and numbered apart; a shared e-mail blocks Save Result until one member gives it up', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const saves: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/results') {
      saves.push(request);
    }
  });
  await signUpVerified(page, baseURL ?? '', uniqueEmail('duplicates'));
  // Reduced motion: the shuffle ends by itself in a moment, nothing to skip on a loaded machine.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/app');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Formation' })).toBeVisible();

  // One by one: the warning shows while the name is typed (any case, any spaces) and the second
  // Ann Lee is added all the same.
  const nameField = page.getByRole('textbox', { name: 'Member name' });
  await nameField.fill('Ann Lee');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('member-name')).toHaveText(['Ann Lee']);
  await expect(page.getByTestId('name-on-list')).toHaveCount(0);
  await nameField.fill('  ANN lee ');
  await expect(page.getByTestId('name-on-list')).toHaveText(
    'ANN lee is already on the list. Adding it again adds another person of that name, numbered to tell them apart.',
  );
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByTestId('member-name')).toHaveText(['Ann Lee', 'ANN lee']);
  await expect(page.getByTestId('name-on-list')).toHaveCount(0);
  await expect(page.getByTestId('member-same-name')).toHaveText(['(1)', '(2)']);
  await expect(page.getByTestId('shared-names-note')).toHaveText(
    'There are 2 members named Ann Lee: they are numbered to tell them apart.',
  );
  await expect(page.getByRole('button', { name: 'Remove ANN lee (2)' })).toBeVisible();

  // Bulk Add: a name the list has and one given twice are named before adding; all are added.
  await page.getByRole('button', { name: 'Bulk Add' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk Add Members' });
  await bulk.getByRole('textbox', { name: 'Names, one per line' }).fill('Ben\nann lee\nCy\ncy');
  await expect(bulk.getByTestId('add-repeats-names')).toHaveText(
    'Already on the list or given twice: ann lee, cy. Each line is added as a different person.',
  );
  await bulk.getByRole('button', { name: 'Add Members' }).click();
  await expect(bulk).toBeHidden();
  await expect(page.getByTestId('member-count')).toHaveText('Members: 6');
  await expect(page.getByTestId('shared-names-note')).toHaveText(
    '2 names belong to more than one member: Ann Lee, Cy. They are numbered to tell them apart.',
  );

  // Import: an e-mail given to two rows is warned about; the rows are imported all the same.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import a Roster' });
  await importDialog
    .getByRole('textbox', { name: 'Spreadsheet cells' })
    .fill('Name\tE-mail\nDee\tdee@example.com\nEve\tDEE@example.com\nFay\tfay@example.com');
  await expect(importDialog.getByTestId('import-summary')).toContainText('Members to import: 3');
  await expect(importDialog.getByTestId('add-repeats-emails')).toHaveText(
    'E-mails already on the list or given twice: dee@example.com. Two members cannot share an e-mail: the teams cannot be saved until only one of them has it.',
  );
  await importDialog.getByRole('button', { name: 'Import Members' }).click();
  await expect(importDialog).toBeHidden();
  await expect(page.getByTestId('member-count')).toHaveText('Members: 9');
  await expect(page.getByTestId('shared-email-note')).toHaveText(
    'dee@example.com is the e-mail of Dee, Eve. Two members cannot share an e-mail: remove it from all but one before saving.',
  );
  await expect(page.getByTestId('member-shared-email')).toHaveCount(2);

  // The teams: the two of a name keep their numbers.
  const teamCount = page.getByRole('textbox', { name: 'Number of teams' });
  await teamCount.fill('3');
  await teamCount.blur();
  await page.getByRole('button', { name: 'Shuffle', exact: true }).click();
  await expect(teamCards(page)).toHaveCount(3);
  await expect(page.getByRole('dialog', { name: 'Shuffling teams' })).toHaveCount(0);
  // Ann Lee (1) to (3) and Cy (1), (2), wherever the draw put them.
  const numbers = await page.getByTestId('team-member').allTextContents();
  expect(numbers.filter((text) => /^ann lee\(\d\)/i.test(text)).sort()).toEqual([
    'ANN lee(2)',
    'Ann Lee(1)',
    'ann lee(3)',
  ]);
  expect(numbers.filter((text) => /^cy\(\d\)/i.test(text)).sort()).toEqual(['Cy(1)', 'cy(2)']);
  await expectNoSeriousA11yViolations(page, '/app with repeated names and a shared e-mail (light)');
  const dee = await teamOf(page, 'Dee');
  const eve = await teamOf(page, 'Eve');

  // Save Result: the API's words, naming both with their teams, and nothing is sent.
  await page.getByRole('button', { name: 'Save Result' }).click();
  const save = page.getByRole('dialog', { name: 'Save Result' });
  await expect(save.getByTestId('save-blocked-message')).toHaveText(
    `dee@example.com is already the e-mail of Dee (Team ${dee}); Eve (Team ${eve}) cannot have it too.`,
  );
  await save.getByRole('textbox', { name: 'Result name' }).fill('Week 1');
  await expect(save.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await save.getByRole('textbox', { name: 'Result name' }).press('Enter');
  await expect(save.getByTestId('save-blocked')).toBeVisible();
  expect(saves).toHaveLength(0);
  await save.getByRole('button', { name: 'Cancel' }).click();
  await expect(save).toBeHidden();

  // Eve gives the e-mail up: the marks go, the teams stay, and the result is saved.
  await page.getByRole('button', { name: 'Remove the e-mail of Eve' }).click();
  await expect(page.getByTestId('member-shared-email')).toHaveCount(0);
  await expect(page.getByTestId('shared-email-note')).toHaveCount(0);
  await expect(teamCards(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Save Result' }).click();
  await expect(save.getByTestId('save-blocked')).toHaveCount(0);
  await save.getByRole('textbox', { name: 'Result name' }).fill('Week 1');
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/results',
  );
  await save.getByRole('button', { name: 'Save', exact: true }).click();
  const response = await saved;
  expect(response.status()).toBe(201);
  await expect(save).toBeHidden();
  const result = (await response.json()) as SavedResult;
  const anns = result.snapshot.members.filter((member) => /^ann lee$/i.test(member.name));
  expect(anns.map((member) => member.name)).toEqual(['Ann Lee', 'ANN lee', 'ann lee']);
  expect(new Set(anns.map((member) => member.id)).size).toBe(3);
  expect(result.snapshot.members.find((member) => member.name === 'Eve')?.email).toBeUndefined();
  expect(result.snapshot.members.find((member) => member.name === 'Dee')?.email).toBe(
    'dee@example.com',
  );
  // Each Ann Lee is in the saved teams, once.
  const placed = result.snapshot.groups.flatMap((group) => group.memberIds);
  for (const ann of anns) expect(placed.filter((id) => id === ann.id)).toHaveLength(1);
});

test('in Korean (dark), the warnings, the marks and the blocked save name members in Korean and pass axe', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await usePreferences(page, { scheme: 'dark', language: 'ko' });
  await signUpVerified(page, baseURL ?? '', uniqueEmail('duplicates-ko'));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/app');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');

  await page.getByRole('button', { name: '일괄 추가', exact: true }).click();
  const bulk = page.getByRole('dialog', { name: '멤버 일괄 추가' });
  await bulk.getByRole('textbox', { name: '이름 (한 줄에 한 명)' }).fill('김민지\n박서준\n김민지');
  await expect(bulk.getByTestId('add-repeats-names')).toHaveText(
    '이미 목록에 있거나 두 번 입력된 이름: 김민지. 각 줄은 서로 다른 사람으로 추가됩니다.',
  );
  await bulk.getByRole('button', { name: '멤버 추가' }).click();
  await expect(bulk).toBeHidden();

  await page.getByRole('button', { name: '가져오기', exact: true }).click();
  const importDialog = page.getByRole('dialog', { name: '명단 가져오기' });
  await importDialog
    .getByRole('textbox', { name: '스프레드시트 셀' })
    .fill('이름\t이메일\n이수아\tsua@example.com\n최지우\tSUA@example.com');
  await expect(importDialog.getByTestId('add-repeats-emails')).toContainText('sua@example.com');
  await importDialog.getByRole('button', { name: '멤버 가져오기' }).click();
  await expect(importDialog).toBeHidden();
  await expect(page.getByTestId('shared-names-note')).toHaveText(
    '이름이 김민지인 멤버가 2명 있습니다. 번호로 구분해 표시합니다.',
  );
  await expect(page.getByTestId('member-shared-email')).toHaveText(['중복 이메일', '중복 이메일']);

  const teamCount = page.getByRole('textbox', { name: '팀 수' });
  await teamCount.fill('2');
  await teamCount.blur();
  await page.getByRole('button', { name: '섞기', exact: true }).click();
  await expect(teamCards(page)).toHaveCount(2);
  await expect(page.getByRole('dialog', { name: '팀을 섞는 중' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/app with repeated names and a shared e-mail');

  const holder = await teamOf(page, '이수아');
  const member = await teamOf(page, '최지우');
  await page.getByRole('button', { name: '결과 저장', exact: true }).click();
  const save = page.getByRole('dialog', { name: '결과 저장' });
  await expect(save.getByTestId('save-blocked-message')).toHaveText(
    `sua@example.com은(는) 이미 이수아 (${holder}팀)의 이메일입니다. 최지우 (${member}팀)에게 같은 이메일을 지정할 수 없습니다.`,
  );
  await expect(save.getByRole('button', { name: '저장', exact: true })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'Save Result blocked by a shared e-mail', {
    include: '[role="dialog"]',
  });
});
