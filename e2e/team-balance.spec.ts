import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { signUpVerified, uniqueEmail } from './support/accounts.ts';

// Teams balanced by what matters (issue 15), end to end on the real server: a teacher pastes a
// 40-row sheet (name, e-mail, gender, skill), turns on spread for gender with no isolation and
// balance for skill, picks last month's result as history, shuffles, and sees on each team card
// the counts, the mean skill and zero repeats, with the comparison against a plain shuffle;
// Create Team keeps the e-mails. Also: a CSV file with Excel's byte-order mark and Korean
// headings, and the draft keeping attributes across a reload.

/** The class: 40 students (16 women), skills 1..5, e-mails; one repeated name; one nameless row. */
function sheet(): string {
  const rows = ['Name\tE-mail\tGender\tSkill'];
  for (let i = 1; i <= 40; i++) {
    const name = i === 40 ? 'Student 01' : `Student ${String(i).padStart(2, '0')}`;
    const gender = i % 5 < 2 ? 'F' : 'M';
    rows.push(`${name}\tstudent${i}@school.example\t${gender}\t${((i * 7) % 5) + 1}`);
  }
  rows.push('\tnobody@school.example\tM\t3');
  return rows.join('\n');
}

function teamCards(page: Page): Locator {
  return page.getByTestId('team-card');
}

async function setTeamCount(page: Page, count: number) {
  const input = page.getByRole('textbox', { name: 'Number of teams' });
  await input.fill(String(count));
  await input.blur();
}

test.describe('balanced teams', () => {
  test('paste a sheet, balance gender, skill and last month’s teammates, and keep the e-mails', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await signUpVerified(page, baseURL ?? '', uniqueEmail('balance'));
    await page.goto('/app');

    // Import: pasted cells, columns detected and guessed, the nameless row left out.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import a Roster' });
    await importDialog.getByRole('textbox', { name: 'Spreadsheet cells' }).fill(sheet());
    await expect(importDialog.getByTestId('import-column')).toHaveCount(4);
    await expect(importDialog.getByRole('combobox', { name: 'Use of column Name' })).toHaveValue(
      'name',
    );
    await expect(importDialog.getByRole('combobox', { name: 'Use of column E-mail' })).toHaveValue(
      'email',
    );
    await expect(importDialog.getByRole('combobox', { name: 'Use of column Gender' })).toHaveValue(
      'categorical',
    );
    await expect(importDialog.getByRole('combobox', { name: 'Use of column Skill' })).toHaveValue(
      'numeric',
    );
    const summary = importDialog.getByTestId('import-summary');
    await expect(summary).toContainText('Members to import: 40');
    await expect(summary).toContainText('Rows without a name, left out: 1');
    await importDialog.getByRole('button', { name: 'Import Members' }).click();
    await expect(importDialog).toBeHidden();
    await expect(page.getByTestId('member-count')).toHaveText('Members: 40');
    // The repeated name is two people.
    await expect(page.getByTestId('member-name').filter({ hasText: /^Student 01$/ })).toHaveCount(
      2,
    );

    // The draft keeps e-mails and attributes across a reload.
    await page.reload();
    await expect(page.getByTestId('member-count')).toHaveText('Members: 40');
    await expect(page.getByTestId('member-details').first()).toHaveText(
      'student1@school.example · Gender F · Skill 3',
    );

    // Last month: a plain shuffle into 8 teams, saved.
    await setTeamCount(page, 8);
    await page.getByRole('button', { name: 'Shuffle', exact: true }).click();
    const overlay = page.getByRole('dialog', { name: 'Shuffling teams' });
    await overlay.getByRole('button', { name: 'Skip Animation' }).click();
    await expect(overlay).toBeHidden();
    await expect(teamCards(page)).toHaveCount(8);
    await expect(page.getByTestId('team-figures')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save Result' }).click();
    const save = page.getByRole('dialog', { name: 'Save Result' });
    await save.getByRole('textbox', { name: 'Result name' }).fill('Last month');
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(save).toBeHidden();

    // Balance: gender spread with no woman alone, even skill, and last month as history.
    const card = page.getByRole('region', { name: 'Balance Teams' });
    await card.getByRole('switch', { name: 'Spread Gender evenly' }).check();
    await card
      .getByRole('group', { name: 'Never alone in a team: Gender' })
      .getByRole('checkbox', { name: 'F', exact: true })
      .check();
    await card.getByRole('switch', { name: 'Even out the mean Skill' }).check();
    await card.getByRole('button', { name: 'Choose Earlier Rounds' }).click();
    const history = page.getByRole('dialog', { name: 'Choose Earlier Rounds' });
    await history.getByRole('checkbox', { name: 'Last month' }).check();
    await history.getByRole('button', { name: 'Use Selected' }).click();
    await expect(history).toBeHidden();
    await expect(card.getByTestId('earlier-round')).toHaveCount(1);
    await expect(card.getByTestId('earlier-round')).toContainText('Last month');
    await expect(card.getByTestId('earlier-round')).toContainText('40 of 40 found in this list');

    // The balanced shuffle: the overlay follows the search in the worker, then the teams.
    await page.getByRole('button', { name: 'Re-shuffle' }).click();
    await expect(overlay).toBeVisible();
    await expect(overlay.getByTestId('shuffle-phase')).toBeVisible();
    await expect(overlay).toBeHidden({ timeout: 30_000 });
    await expect(teamCards(page)).toHaveCount(8);

    // Every card: two women and three men, a mean skill, no repeat teammates.
    const figures = page.getByTestId('team-figures');
    await expect(figures).toHaveCount(8);
    for (let k = 0; k < 8; k++) {
      const team = figures.nth(k);
      await expect(team.locator('[data-figure="counts:Gender"]')).toHaveText('Gender: F 2 · M 3');
      await expect(team.locator('[data-figure="mean:Skill"]')).toHaveText(
        /^Mean Skill: \d(\.\d{1,2})?$/,
      );
      await expect(team.locator('[data-figure="repeats"]')).toHaveText('Repeat teammates: 0');
    }
    // The report: each objective against the plain shuffle of the same seed.
    const report = page.getByTestId('balance-report');
    const repeats = report.locator('[data-objective="repeats"]');
    await expect(repeats.locator('[data-cell="achieved"]')).toHaveText('0');
    await expect(repeats.locator('[data-cell="bound"]')).toHaveText('0');
    expect(Number(await repeats.locator('[data-cell="plain"]').textContent())).toBeGreaterThan(0);
    const spread = report.locator('[data-objective="spread-Gender"]');
    await expect(spread.locator('[data-cell="achieved"]')).toHaveText('0');
    await expect(spread.locator('[data-cell="bound"]')).toHaveText('0');
    const isolation = report.locator('[data-objective="isolation-Gender"]');
    await expect(isolation.locator('[data-cell="achieved"]')).toHaveText('0');
    const skill = report.locator('[data-objective="numeric-Skill"]');
    const achieved = Number(await skill.locator('[data-cell="achieved"]').textContent());
    const plain = Number(await skill.locator('[data-cell="plain"]').textContent());
    expect(achieved).toBeLessThanOrEqual(plain);
    // No individual's value on the cards.
    await expect(teamCards(page).first()).not.toContainText('school.example');

    // Create Team: the workspace keeps the e-mails; nobody's attributes are on its page.
    await page.getByRole('button', { name: 'Create Team', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Create Team' });
    await create.getByRole('textbox', { name: 'Team name' }).fill('Balanced class');
    await create.getByRole('button', { name: 'Create Team' }).click();
    await expect(page).toHaveURL(/\/workspace\/[\w-]+$/);
    const workspaceId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const detail = await page.request.get(`/api/workspaces/${workspaceId}`);
    expect(detail.ok()).toBe(true);
    const body = (await detail.json()) as { members: { name: string; email: string | null }[] };
    expect(body.members).toHaveLength(40);
    expect(body.members.find((member) => member.name === 'Student 02')?.email).toBe(
      'student2@school.example',
    );
    expect(body.members.every((member) => member.email?.endsWith('@school.example'))).toBe(true);
    expect(JSON.stringify(body)).not.toContain('Skill');

    // The saved copy keeps e-mails, attributes and what it was balanced for.
    const results = (await (await page.request.get('/api/results')).json()) as {
      id: string;
      title: string;
    }[];
    const saved = results.find((result) => result.title === 'Balanced class');
    const snapshot = (
      (await (await page.request.get(`/api/results/${saved?.id ?? ''}`)).json()) as {
        snapshot: {
          members: { email?: string; attributes?: Record<string, string | number> }[];
          balance?: { spread: string[]; numeric: string[]; earlierRounds: string[][][] };
        };
      }
    ).snapshot;
    expect(snapshot.members[0]).toMatchObject({
      email: 'student1@school.example',
      attributes: { Gender: 'F', Skill: 3 },
    });
    expect(snapshot.balance).toMatchObject({ spread: ['Gender'], numeric: ['Skill'] });
    expect(snapshot.balance?.earlierRounds).toHaveLength(1);
  });

  test('reads a CSV file with Excel’s byte-order mark and Korean headings', async ({ page }) => {
    await page.goto('/app');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import a Roster' });
    await importDialog.getByRole('tab', { name: 'File' }).click();
    const csv =
      '\ufeff이름,이메일,성별,실력\r\n김민지,minji@example.com,여,4\r\n박서준,,남,3\r\n이수아,sua@example.com,여,5\r\n';
    const chooser = page.waitForEvent('filechooser');
    await importDialog.getByRole('button', { name: 'Choose a CSV or TSV File' }).click();
    await (
      await chooser
    ).setFiles({
      name: '명단.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    await expect(importDialog.getByTestId('import-file-name')).toHaveText('File: 명단.csv');
    await expect(importDialog.getByRole('combobox', { name: 'Use of column 이름' })).toHaveValue(
      'name',
    );
    await expect(importDialog.getByRole('combobox', { name: 'Use of column 이메일' })).toHaveValue(
      'email',
    );
    await expect(importDialog.getByRole('combobox', { name: 'Use of column 실력' })).toHaveValue(
      'numeric',
    );
    await importDialog
      .getByRole('combobox', { name: 'Use of column 성별' })
      .selectOption('categorical');
    await expect(importDialog.getByTestId('import-summary')).toContainText('Members to import: 3');
    await importDialog.getByRole('button', { name: 'Import Members' }).click();
    await expect(importDialog).toBeHidden();
    await expect(page.getByTestId('member-name')).toHaveText(['김민지', '박서준', '이수아']);
    await expect(page.getByTestId('member-details').first()).toHaveText(
      'minji@example.com · 성별 여 · 실력 4',
    );
    // A balanced shuffle of the imported roster, signed out: no history, gender spread.
    await setTeamCount(page, 2);
    const card = page.getByRole('region', { name: 'Balance Teams' });
    await card.getByRole('switch', { name: 'Spread 성별 evenly' }).check();
    await expect(card.getByText('Sign in to choose earlier rounds')).toBeVisible();
    await page.getByRole('button', { name: 'Shuffle', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Shuffling teams' })).toBeHidden({
      timeout: 30_000,
    });
    await expect(page.getByTestId('team-figures')).toHaveCount(2);
    // 여 2, 남 1 over teams of 2 and 1: 여 one each; 남's single member makes the bound 1.
    const spread = page.getByTestId('balance-report').locator('[data-objective="spread-성별"]');
    await expect(spread.locator('[data-cell="bound"]')).toHaveText('1');
    await expect(spread.locator('[data-cell="achieved"]')).toHaveText('1');
  });
});
