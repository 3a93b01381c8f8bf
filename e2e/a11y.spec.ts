import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import { expectNoSeriousA11yViolations, settle } from './support/a11y.ts';
import { usePreferences } from './support/preferences.ts';
import type { ColorScheme, Language } from './support/preferences.ts';
import { createCourseWorkspace, sectionLink, setCourseLeaders } from './support/workspaces.ts';

// issue 14: axe on every page and every modal the suite opens, in light and dark mode, in
// English and Korean. One visit per page and combination; the modals are checked on their own.

const WORDS = {
  en: {
    signIn: 'Sign In',
    authTitle: 'Welcome to Teamshuffle',
    signUpTab: 'Sign Up',
    notFound: 'Page not found',
    bulkAdd: 'Bulk Add',
    bulkTitle: 'Bulk Add Members',
    bulkLabel: 'Names, one per line',
    bulkSubmit: 'Add Members',
    addFixedPair: 'Add Fixed Pair',
    addLockedTeam: 'Add Locked Team',
    shuffle: 'Shuffle',
    shuffling: 'Shuffling teams',
    settings: 'Settings',
    settingsTitle: 'Team Settings',
    createNote: 'Create Lecture Note',
    createAssignment: 'Create Assignment',
    notesTab: 'Lecture Notes',
    assignmentsTab: 'Assignments',
    scoresTab: 'Team Scores',
    membersTab: 'Members',
    importRoster: 'Import',
    importTitle: 'Import a Roster',
    saveResult: 'Save Result',
    createTeam: 'Create Team',
  },
  ko: {
    signIn: '로그인',
    authTitle: 'Teamshuffle에 오신 것을 환영합니다',
    signUpTab: '회원가입',
    notFound: '페이지를 찾을 수 없습니다',
    bulkAdd: '일괄 추가',
    bulkTitle: '멤버 일괄 추가',
    bulkLabel: '이름 (한 줄에 한 명)',
    bulkSubmit: '멤버 추가',
    addFixedPair: '고정 페어 추가',
    addLockedTeam: '고정 팀 추가',
    shuffle: '섞기',
    shuffling: '팀을 섞는 중',
    settings: '설정',
    settingsTitle: '팀 설정',
    createNote: '강의 노트 만들기',
    createAssignment: '과제 만들기',
    notesTab: '강의 노트',
    assignmentsTab: '과제',
    scoresTab: '팀 점수',
    membersTab: '멤버',
    importRoster: '가져오기',
    importTitle: '명단 가져오기',
    saveResult: '결과 저장',
    createTeam: '팀 만들기',
  },
} as const satisfies Record<Language, Record<string, string>>;

const COMBINATIONS: Array<{ scheme: ColorScheme; language: Language }> = [
  { scheme: 'light', language: 'en' },
  { scheme: 'dark', language: 'en' },
  { scheme: 'light', language: 'ko' },
  { scheme: 'dark', language: 'ko' },
];

async function newContext(
  browser: Browser,
  baseURL: string,
  scheme: ColorScheme,
  language: Language,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: language === 'ko' ? 'ko-KR' : 'en-US',
  });
  await usePreferences(context, { scheme, language });
  return context;
}

/** Opens `path`, waits for its main heading and a settled page, and runs axe on it. */
async function checkPage(
  page: Page,
  path: string,
  label: string,
  scheme: ColorScheme,
  language: Language,
) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expectNoSeriousA11yViolations(page, `${label} (${scheme}, ${language})`);
}

/** Runs axe on the open modal only (the page behind it has been checked on its own). */
async function checkDialog(page: Page, name: string, label: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await settle(page);
  await expectNoSeriousA11yViolations(page, label, { include: '[role="dialog"]' });
  return dialog;
}

test.describe.configure({ mode: 'parallel' });

for (const { scheme, language } of COMBINATIONS) {
  const words = WORDS[language];
  const combination = `${scheme}, ${language}`;

  test(`signed out (${combination}): every page, the auth modal and the team-formation modals`, async ({
    browser,
    baseURL,
  }) => {
    // About 26 axe checks: 1.2 min, and over 2 min on a loaded machine (CI, 2026-11-23).
    test.setTimeout(240_000);
    const context = await newContext(browser, baseURL!, scheme, language);
    const page = await context.newPage();
    try {
      await checkPage(page, '/', 'landing', scheme, language);

      await page
        .getByRole('banner')
        .getByRole('button', { name: words.signIn, exact: true })
        .click();
      const auth = await checkDialog(page, words.authTitle, `auth modal, sign in (${combination})`);
      await auth.getByRole('tab', { name: words.signUpTab }).click();
      await expect(auth.getByRole('tab', { name: words.signUpTab })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await checkDialog(page, words.authTitle, `auth modal, sign up (${combination})`);
      await page.keyboard.press('Escape');
      await expect(auth).toBeHidden();

      await checkPage(page, '/contact', 'contact', scheme, language);
      await checkPage(page, '/results', 'results, signed out', scheme, language);
      await checkPage(page, '/workspaces', 'workspaces, signed out', scheme, language);
      await checkPage(page, '/notifications', 'notifications, signed out', scheme, language);
      await checkPage(page, '/profile', 'profile, signed out', scheme, language);
      await checkPage(page, '/no/such/page', '404', scheme, language);
      await expect(page.getByRole('heading', { level: 1, name: words.notFound })).toBeVisible();

      // The team-formation tool: empty, each modal, the shuffle overlay and the results.
      await checkPage(page, '/app', 'team formation, empty', scheme, language);
      await page.getByRole('button', { name: words.bulkAdd, exact: true }).click();
      const bulk = page.getByRole('dialog', { name: words.bulkTitle });
      await bulk
        .getByRole('textbox', { name: words.bulkLabel })
        .fill('Ann\nBen\nCat\nDan\nEve\nFay');
      await checkDialog(page, words.bulkTitle, `bulk add (${combination})`);
      await bulk.getByRole('button', { name: words.bulkSubmit }).click();
      await expect(bulk).toBeHidden();
      for (const [opener, name] of [
        [words.addFixedPair, words.addFixedPair],
        [words.addLockedTeam, words.addLockedTeam],
        [words.importRoster, words.importTitle],
      ] as const) {
        await page.getByRole('button', { name: opener, exact: true }).click();
        const dialog = await checkDialog(page, name, `${name} (${combination})`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      await page.getByRole('button', { name: words.shuffle, exact: true }).click();
      const overlay = page.getByRole('dialog', { name: words.shuffling });
      await expect(overlay).toBeVisible();
      // Escape ends the run (and does nothing if a loaded machine let the 6 s run end first).
      await page.keyboard.press('Escape');
      await expect(overlay).toBeHidden();
      await expect(page.getByTestId('team-card').first()).toBeVisible();
      await settle(page);
      await expectNoSeriousA11yViolations(page, `team formation with teams (${combination})`);
    } finally {
      await context.close();
    }
  });

  test(`signed in (${combination}): dashboard, lists, a workspace and its modals`, async ({
    browser,
    baseURL,
  }) => {
    // About 26 axe checks: 1.2 min, and over 2 min on a loaded machine (CI, 2026-11-23).
    test.setTimeout(240_000);
    const owner = await createAccount(browser, baseURL!, 'a11y', {
      locale: language === 'ko' ? 'ko-KR' : 'en-US',
    });
    await usePreferences(owner.context, { scheme, language });
    const title = `Accessible course ${Date.now()}`;
    const workspace = await createCourseWorkspace(owner, title);
    // With leader e-mails, so that Create Assignment is enabled.
    await setCourseLeaders(owner, workspace.id, { withEmails: true });
    const { page } = owner;
    try {
      await checkPage(page, '/', 'dashboard', scheme, language);
      await checkPage(page, '/workspaces', 'workspaces', scheme, language);
      await checkPage(page, '/results', 'results', scheme, language);
      await checkPage(page, '/notifications', 'notifications', scheme, language);
      await checkPage(page, '/profile', 'profile', scheme, language);

      // The team-formation tool's modals that need an account: Save Result and Create Team.
      await page.goto('/app');
      await page.getByRole('button', { name: words.bulkAdd, exact: true }).click();
      const bulk = page.getByRole('dialog', { name: words.bulkTitle });
      await bulk.getByRole('textbox', { name: words.bulkLabel }).fill('Ann\nBen\nCat\nDan');
      await bulk.getByRole('button', { name: words.bulkSubmit }).click();
      await expect(bulk).toBeHidden();
      await page.getByRole('button', { name: words.shuffle, exact: true }).click();
      const overlay = page.getByRole('dialog', { name: words.shuffling });
      await page.keyboard.press('Escape');
      await expect(overlay).toBeHidden();
      for (const name of [words.saveResult, words.createTeam]) {
        await page.getByRole('button', { name, exact: true }).click();
        const dialog = await checkDialog(page, name, `${name} (${combination})`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }

      await page.goto(`/workspace/${workspace.id}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await settle(page);
      await expectNoSeriousA11yViolations(page, `workspace (${combination})`);
      await page.getByRole('button', { name: words.settings, exact: true }).click();
      const settings = await checkDialog(page, words.settingsTitle, `settings (${combination})`);
      await page.keyboard.press('Escape');
      await expect(settings).toBeHidden();

      // Each section of the workspace page at its own address (issue 22), reached by its link.
      for (const [tab, opener] of [
        [words.notesTab, words.createNote],
        [words.assignmentsTab, words.createAssignment],
        [words.scoresTab, null],
        [words.membersTab, null],
      ] as const) {
        await sectionLink(page, tab).click();
        await expect(sectionLink(page, tab)).toHaveAttribute('aria-current', 'page');
        if (opener !== null) {
          await expect(page.getByRole('button', { name: opener, exact: true })).toBeEnabled();
        }
        await settle(page);
        await expectNoSeriousA11yViolations(page, `workspace, ${tab} (${combination})`);
        if (opener === null) continue;
        await page.getByRole('button', { name: opener, exact: true }).click();
        const dialog = await checkDialog(page, opener, `${opener} (${combination})`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    } finally {
      await owner.context.close();
    }
  });
}

// Joining (issue 24): the student's /join and /join/{code} (the name picker, its confirmation and
// the waiting request), the owner's join page and the Members tab with each member's join status,
// in light and dark, at desktop and at phone width (375 px: nothing scrolls sideways).
for (const scheme of ['light', 'dark'] as const) {
  test(`joining (${scheme}): /join, the name picker, the owner's join page, at 1280 and 375 px`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const owner = await createAccount(browser, baseURL!, 'a11y-owner');
    const student = await createAccount(browser, baseURL!, 'a11y-student');
    for (const account of [owner, student]) {
      await usePreferences(account.context, { scheme, language: 'en' });
    }
    const title = `Accessible joining ${Date.now()}`;
    const workspace = await createCourseWorkspace(owner, title);
    const turnedOn = await owner.context.request.patch(`/api/workspaces/${workspace.id}/join`, {
      data: { isEnabled: true },
      headers: { Origin: owner.origin },
    });
    expect(turnedOn.status(), await turnedOn.text()).toBe(200);
    const code = ((await turnedOn.json()) as { link: { code: string } }).link.code;
    try {
      for (const width of [1280, 375]) {
        const at = `${scheme}, ${width} px`;
        for (const { page } of [owner, student]) {
          await page.setViewportSize({ width, height: width === 375 ? 667 : 900 });
        }
        await checkPage(
          owner.page,
          `/workspace/${workspace.id}/join`,
          `owner's join page (${at})`,
          scheme,
          'en',
        );
        await expect(owner.page.getByTestId('join-code')).toBeVisible();
        await expectNoSideways(owner.page, `owner's join page (${at})`);
        await owner.page.getByRole('button', { name: 'New code' }).click();
        await checkDialog(owner.page, 'Make a new code?', `new code dialog (${at})`);
        await owner.page.keyboard.press('Escape');
        await expect(owner.page.getByRole('dialog')).toBeHidden();

        await checkPage(student.page, '/join', `join form (${at})`, scheme, 'en');
        await expectNoSideways(student.page, `join form (${at})`);
        await checkPage(student.page, `/join/${code}`, `name picker (${at})`, scheme, 'en');
        await expect(student.page.getByRole('button', { name: 'I am Eve' })).toBeVisible();
        await expectNoSideways(student.page, `name picker (${at})`);
        await student.page.getByRole('button', { name: 'I am Eve' }).click();
        await checkDialog(student.page, 'Are you Eve?', `name confirmation (${at})`);
        await student.page.getByRole('button', { name: 'Yes, I am Eve' }).click();
        await expect(student.page.getByTestId('join-pending')).toBeVisible();
        await expectNoSeriousA11yViolations(student.page, `waiting request (${at})`);
        await expectNoSideways(student.page, `waiting request (${at})`);

        // The owner's Members tab: each member's status as a badge in words (Eve: Requested).
        await owner.page.goto(`/workspace/${workspace.id}/members`);
        const statuses = owner.page.getByTestId('member-join-status');
        await expect(statuses.filter({ hasText: 'Requested' })).toHaveCount(1);
        await expectNoSeriousA11yViolations(owner.page, `members tab with join statuses (${at})`);
        await expectNoSideways(owner.page, `members tab (${at})`);

        // Withdrawn again, so the next width starts from the name picker.
        await student.page.getByRole('button', { name: 'Withdraw my request' }).click();
        await expect(student.page.getByRole('button', { name: 'I am Eve' })).toBeVisible();
      }
    } finally {
      await owner.context.close();
      await student.context.close();
    }
  });
}

/** Nothing on the page scrolls sideways (a phone's width holds it; tables scroll in their card). */
// Issue 27: dark mode at phone width (375 px) for the main pages, signed in, in both languages;
// the language stays reachable from the header; and disabled controls, which axe leaves out of
// its contrast check (WCAG exempts them), reach 4.5:1 all the same (Add Fixed Pair on /app).
for (const language of ['en', 'ko'] as const) {
  test(`dark at 375 px (${language}): dashboard, team formation, lists, a workspace, profile`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const words = WORDS[language];
    const owner = await createAccount(browser, baseURL!, 'a11y-phone', {
      locale: language === 'ko' ? 'ko-KR' : 'en-US',
    });
    await usePreferences(owner.context, { scheme: 'dark', language });
    const title = `Phone course ${Date.now()}`;
    const workspace = await createCourseWorkspace(owner, title);
    const { page } = owner;
    await page.setViewportSize({ width: 375, height: 667 });
    const at = `dark, ${language}, 375 px`;
    try {
      for (const [path, label] of [
        ['/', 'dashboard'],
        ['/app', 'team formation'],
        ['/results', 'results'],
        ['/workspaces', 'workspaces'],
        [`/workspace/${workspace.id}`, 'workspace'],
        ['/profile', 'profile'],
      ] as const) {
        await checkPage(page, path, `${label} (${at})`, 'dark', language);
        await expectNoSideways(page, `${label} (${at})`);
        await expect(
          page.getByRole('banner').getByRole('button', { name: LANGUAGE_MENU[language] }),
        ).toBeVisible();
        if (path !== '/app') continue;
        const disabled = page.getByRole('button', { name: words.addFixedPair, exact: true });
        await expect(disabled).toBeDisabled();
        expect(
          await contrastOf(disabled),
          `disabled ${words.addFixedPair} (${at})`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    } finally {
      await owner.context.close();
    }
  });
}

const LANGUAGE_MENU = { en: 'Language: EN', ko: '언어: 한국어' } as const;

/** The contrast of an element's text on its own background (both opaque rgb colours). */
async function contrastOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (color: string) => {
      const [r, g, b] = channels(color).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [hi, lo] = [luminance(style.color), luminance(style.backgroundColor)].sort(
      (a, b) => b - a,
    );
    return (hi! + 0.05) / (lo! + 0.05);
  });
}

async function expectNoSideways(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect.soft(overflow, `${label} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

test('every page names itself in the tab title, and <html lang> follows the language', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const [path, title] of [
    ['/', 'Teamshuffle'],
    ['/app', 'Team Formation · Teamshuffle'],
    ['/results', 'Saved Results · Teamshuffle'],
    ['/workspaces', 'Workspaces · Teamshuffle'],
    ['/notifications', 'Notifications · Teamshuffle'],
    ['/contact', 'Contact · Teamshuffle'],
    ['/profile', 'Profile · Teamshuffle'],
    ['/workspace/ws-1/team/1/chat', 'Team Chat · Teamshuffle'],
    ['/no/such/page', 'Page not found · Teamshuffle'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
  // Switched in the page: the language, the title and <html lang> change together.
  await page.goto('/app');
  await page.getByRole('banner').getByText('한국어').click();
  await expect(page.getByRole('heading', { level: 1, name: '팀 구성' })).toBeVisible();
  await expect(page).toHaveTitle('팀 구성 · Teamshuffle');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await page.getByRole('banner').getByText('EN', { exact: true }).click();
  await expect(page).toHaveTitle('Team Formation · Teamshuffle');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
