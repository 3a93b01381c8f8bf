import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { holdAppEntry, recordRequests, waitForApp } from './support/prerendered.ts';
import {
  createCourseWorkspace,
  createOpenAssignment,
  createPublishedNote,
  sectionLink,
  setCourseAccounts,
  waitForUnread,
} from './support/workspaces.ts';

// Issue 22 (decision 0013): a signed-in visit to a workspace page gets its first screen rendered
// by the server (header, section links, and on the Overview the counters and teams; the section's
// own data loading), and the app, once it starts, prefetches the section and renders the whole
// page over it. For each role and each section's address the first screen must read the same
// before and after the takeover, the section fills, and only the section shown is asked for.

/** The sections the server leaves to the browser, by their region's name. */
const SECTIONS = [
  "This week's lecture note",
  'Lecture Notes',
  'Team Scores',
  'Assignments',
] as const;
type SectionName = (typeof SECTIONS)[number];

/** The main area's accessibility tree with each section's contents left out (its place kept). */
function withoutSections(snapshot: string): string {
  const kept: string[] = [];
  let skipDeeperThan: number | null = null;
  for (const line of snapshot.split('\n')) {
    const indent = line.length - line.trimStart().length;
    if (skipDeeperThan !== null && indent > skipDeeperThan) continue;
    skipDeeperThan = null;
    if (SECTIONS.some((name) => line.trimStart().startsWith(`- region "${name}"`))) {
      kept.push(line.replace(/:$/, ''));
      skipDeeperThan = indent;
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n');
}

/** What the first screen shows, region by region, as the visitor reads it (rendered text). */
async function firstScreen(page: Page) {
  const main = page.getByRole('main');
  return {
    banner: await page.getByRole('banner').ariaSnapshot(),
    heading: await main.getByRole('heading', { level: 1 }).innerText(),
    links: await main.getByRole('navigation').allInnerTexts(),
    counters: await main.locator('[data-testid^="counter-"]').allInnerTexts(),
    teams: await main.getByTestId('team-card').allInnerTexts(),
    main: withoutSections(await main.ariaSnapshot()),
  };
}

function section(page: Page, name: SectionName): Locator {
  return page.getByRole('main').getByRole('region', { name, exact: true });
}

/** When each section GET of the workspace started and finished (browser clock, ms). */
function recordSectionTimes(page: Page, workspaceId: string) {
  const times = new Map<string, { start: number; end: number }>();
  const base = `/api/workspaces/${workspaceId}/`;
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith(base)) return;
    const timing = request.timing();
    times.set(pathname.slice(base.length), {
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
    });
  });
  return times;
}

/**
 * Each address of the workspace page: the section it shows (its region, how it reads while
 * loading, and what it shows once filled), and the one section GET it makes.
 */
const ADDRESSES = [
  { path: '', region: "This week's lecture note", get: 'notes', ownerOnly: false },
  { path: '/notes', region: 'Lecture Notes', get: 'notes', ownerOnly: false },
  { path: '/assignments', region: 'Assignments', get: 'assignments', ownerOnly: false },
  { path: '/scores', region: 'Team Scores', get: 'scores', ownerOnly: true },
] as const;

test.describe('workspace page: the server-rendered first screen and the app over it', () => {
  // Four accounts and a course with a note and an assignment on a loaded 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  let owner: Account;
  let leader: Account;
  let member: Account;
  let workspaceId: string;
  const stamp = Date.now();
  const title = `First Screen ${stamp}`;
  const noteTitle = `Week 1: Welcome ${stamp}`;
  const assignmentTitle = `Essay ${stamp}`;

  test.beforeAll(async ({ browser, baseURL }) => {
    [owner, leader, member] = (await Promise.all(
      // In the course's own time zone (Seoul, the API's default): the server cannot know a
      // visitor's zone, so for a visitor elsewhere the app adds a line naming the course's zone
      // when it takes over (decision 0029); here the first screen must read exactly the same.
      ['owner', 'leader', 'member'].map((label) =>
        createAccount(browser, baseURL!, label, { timezoneId: 'Asia/Seoul' }),
      ),
    )) as [Account, Account, Account];
    ({ id: workspaceId } = await createCourseWorkspace(owner, title));
    await setCourseAccounts(owner, workspaceId, { leader, member });
    await createPublishedNote(owner, workspaceId, noteTitle);
    await createOpenAssignment(owner, workspaceId, assignmentTitle);
    // Their e-mails on the roster invited their accounts (issue 24) and the new assignment tells
    // them (the note has no task); the bell must read the same before and after the takeover, so
    // both have arrived before the visits.
    await Promise.all([waitForUnread(leader, 2), waitForUnread(member, 2)]);
  });

  test.afterAll(async () => {
    await Promise.all([owner, leader, member].map((account) => account?.context.close()));
  });

  for (const role of ['Owner', 'Leader', 'Member'] as const) {
    for (const address of ADDRESSES) {
      if (address.ownerOnly && role !== 'Owner') continue;
      test(`${role.toLowerCase()} at '${address.path || '/'}': the app takes over with the same first screen and the section filled`, async () => {
        const { page } = { Owner: owner, Leader: leader, Member: member }[role];
        const { apiCalls } = recordRequests(page);
        const sectionTimes = recordSectionTimes(page, workspaceId);
        const release = await holdAppEntry(page);
        const filled = (): Locator => {
          const region = section(page, address.region);
          if (address.get === 'assignments') {
            return region.getByRole('article', { name: assignmentTitle, exact: true });
          }
          if (address.get === 'scores') return region.getByTestId('team-score-1');
          return region.getByRole('article', { name: noteTitle, exact: true });
        };

        // 1. The server's HTML, the app held back: the first screen, no API call, the section loading.
        await page.goto(`/workspace/${workspaceId}${address.path}`, {
          waitUntil: 'domcontentloaded',
        });
        await expect(page.locator('#root[data-signed-in] .prerendered-page')).toBeVisible();
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        await expect(page.getByTestId('workspace-role')).toHaveText(`Your role: ${role}`);
        await expect(
          section(page, address.region).locator('[aria-busy="true"], .mantine-Loader-root').first(),
        ).toBeVisible();
        const others = SECTIONS.filter((name) => name !== address.region);
        for (const other of others) await expect(section(page, other)).toHaveCount(0);
        const html = await firstScreen(page);
        expect(html.links.join(' ')).toContain(role === 'Owner' ? 'Team Scores' : 'Members');
        if (address.path === '') {
          expect(html.teams).toHaveLength(2);
          expect(html.teams[0]).toContain('Team 1');
          expect(html.teams[0]).toContain('Ann');
          expect(html.teams[1]).toContain('Team 2');
          expect(html.teams[1]).toContain('Cat');
        } else {
          expect(html.teams).toHaveLength(0);
        }
        await expect(page.getByText(noteTitle)).toHaveCount(0);
        expect(apiCalls).toEqual([]);

        // 2. The app takes over: the section fills, the first screen reads exactly as before.
        const liveEvents = page.waitForRequest(
          (request) => new URL(request.url()).pathname === '/api/events',
        );
        release();
        await waitForApp(page);
        await expect(filled()).toBeVisible();
        if (address.get === 'scores') await expect(filled()).toContainText('Ann');
        await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
        expect(await firstScreen(page)).toEqual(html);

        // 3. The takeover asked for the section shown, and for nothing it had.
        await liveEvents;
        await expect.poll(() => [...sectionTimes.keys()]).toEqual([address.get]);
        const calls = apiCalls.filter((path) => path !== '/api/events');
        expect(calls).not.toContain('/api/me');
        expect(calls).not.toContain(`/api/workspaces/${workspaceId}`);
        expect(calls, calls.join(' ')).toEqual([`/api/workspaces/${workspaceId}/${address.get}`]);
      });
    }
  }

  test('the sections by their links and keys: back and forward, one note at its own address, old links', async () => {
    const { page } = member;
    await page.goto(`/workspace/${workspaceId}`);
    const links = page.getByRole('navigation', { name: 'Workspace sections' });
    await expect(links.getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The Overview keeps this week's note in front; its title is the note's own address.
    const current = section(page, "This week's lecture note");
    await current.getByRole('link', { name: noteTitle }).click();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/notes/[^/]+$`));
    await expect(section(page, 'Lecture Notes').getByRole('article')).toHaveCount(1);
    await expect(links.getByRole('link', { name: 'Lecture Notes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const noteAddress = page.url();
    // Back to every note, by the keyboard.
    await page.getByRole('link', { name: 'All lecture notes' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/notes$`));
    await links.getByRole('link', { name: 'Assignments' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      section(page, 'Assignments').getByRole('article', { name: assignmentTitle }),
    ).toBeVisible();
    await expect(section(page, 'Lecture Notes')).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/workspace/${workspaceId}/notes$`));
    await links.getByRole('link', { name: 'Members' }).click();
    await expect(page.getByRole('region', { name: 'All Members' })).toContainText('Ann');
    // A note's address opened afresh (a link sent to the class), and one that is no more.
    await page.goto(noteAddress);
    await expect(
      section(page, 'Lecture Notes').getByRole('article', { name: noteTitle }),
    ).toBeVisible();
    await page.goto(`/workspace/${workspaceId}/notes/00000000-0000-4000-8000-000000000000`);
    await expect(page.getByText('This lecture note is not here')).toBeVisible();
    await page.goto(`/workspace/${workspaceId}/nothing`);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    // In Korean, the same links.
    await page.goto(`/workspace/${workspaceId}`);
    await page.getByText('한국어').click();
    await expect(
      page
        .getByRole('navigation', { name: '워크스페이스 섹션' })
        .getByRole('link', { name: '개요' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('a click on the header while the next section is still rendering is made: Settings opens', async () => {
    // A section change renders in a transition, the old section on screen meanwhile. A click on
    // the header then must reach the page that stays, not one about to be replaced (CI,
    // 2026-11-27: the Settings dialog never opened). The CPU is slowed so the render is long.
    const { page } = owner;
    await page.goto(`/workspace/${workspaceId}/notes`);
    await waitForApp(page);
    await expect(section(page, 'Lecture Notes').getByRole('article')).toHaveCount(1);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 30 });
    try {
      await sectionLink(page, 'Overview').click();
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.detach();
    }
    await expect(section(page, "This week's lecture note")).toBeVisible();
    const settings = page.getByRole('dialog', { name: 'Team Settings' });
    await expect(settings.getByRole('textbox', { name: 'Team name' })).toHaveValue(title);
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
  });
});
