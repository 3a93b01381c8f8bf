import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { createAccount } from './support/accounts.ts';
import type { Account } from './support/accounts.ts';
import { holdAppEntry, recordRequests, waitForApp } from './support/prerendered.ts';
import {
  createCourseWorkspace,
  createOpenAssignment,
  createPublishedNote,
  setCourseAccounts,
} from './support/workspaces.ts';

// Issue 22 (decision 0013): a signed-in visit to a workspace page gets its first screen rendered
// by the server (header, counters, teams, members; the sections loading), and the app, once it
// starts, prefetches the sections side by side and renders the whole page over it. For each role
// the first screen must read the same before and after the takeover, and the sections fill.

/** The sections the server leaves to the browser, in the page's order. */
const SECTIONS = ['Lecture Notes', 'Team Scores', 'Assignments'] as const;

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
    counters: await main.locator('[data-testid^="counter-"]').allInnerTexts(),
    teams: await main.getByTestId('team-card').allInnerTexts(),
    members: await main.getByRole('region', { name: 'All Members', exact: true }).innerText(),
    main: withoutSections(await main.ariaSnapshot()),
  };
}

function section(page: Page, name: (typeof SECTIONS)[number]): Locator {
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
      ['owner', 'leader', 'member'].map((label) => createAccount(browser, baseURL!, label)),
    )) as [Account, Account, Account];
    ({ id: workspaceId } = await createCourseWorkspace(owner, title));
    await setCourseAccounts(owner, workspaceId, { leader, member });
    await createPublishedNote(owner, workspaceId, noteTitle);
    await createOpenAssignment(owner, workspaceId, assignmentTitle);
  });

  test.afterAll(async () => {
    await Promise.all([owner, leader, member].map((account) => account?.context.close()));
  });

  for (const role of ['Owner', 'Leader', 'Member'] as const) {
    test(`${role.toLowerCase()}: the app takes over with the same first screen and the sections filled, asked for side by side`, async () => {
      const { page } = { Owner: owner, Leader: leader, Member: member }[role];
      const isOwner = role === 'Owner';
      const { apiCalls } = recordRequests(page);
      const sectionTimes = recordSectionTimes(page, workspaceId);
      const release = await holdAppEntry(page);

      // 1. The server's HTML, the app held back: the first screen, no API call, sections loading.
      await page.goto(`/workspace/${workspaceId}`, { waitUntil: 'domcontentloaded' });
      await expect(page.locator('#root[data-signed-in] .prerendered-page')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByTestId('workspace-role')).toHaveText(`Your role: ${role}`);
      await expect(section(page, 'Lecture Notes').getByRole('status')).toHaveText(
        'Loading lecture notes…',
      );
      await expect(
        section(page, 'Assignments').getByRole('status', { name: 'Loading assignments...' }),
      ).toBeVisible();
      if (isOwner) {
        await expect(section(page, 'Team Scores').getByText('Loading scores...')).toBeVisible();
      } else {
        await expect(section(page, 'Team Scores')).toHaveCount(0);
      }
      const html = await firstScreen(page);
      expect(html.teams).toHaveLength(2);
      expect(html.teams[0]).toContain('Team 1');
      expect(html.teams[0]).toContain('Ann');
      expect(html.teams[1]).toContain('Team 2');
      expect(html.teams[1]).toContain('Cat');
      await expect(page.getByText(noteTitle)).toHaveCount(0);
      expect(apiCalls).toEqual([]);

      // 2. The app takes over: the sections fill, the first screen reads exactly as before.
      const liveEvents = page.waitForRequest(
        (request) => new URL(request.url()).pathname === '/api/events',
      );
      release();
      await waitForApp(page);
      await expect(
        section(page, 'Lecture Notes').getByRole('article', { name: noteTitle, exact: true }),
      ).toBeVisible();
      await expect(
        section(page, 'Assignments').getByRole('article', { name: assignmentTitle, exact: true }),
      ).toBeVisible();
      if (isOwner) {
        await expect(section(page, 'Team Scores').getByTestId('team-score-1')).toContainText('Ann');
        await expect(section(page, 'Team Scores').getByTestId('team-score-2')).toContainText('Cat');
      } else {
        await expect(section(page, 'Team Scores')).toHaveCount(0);
      }
      await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
      expect(await firstScreen(page)).toEqual(html);

      // 3. The takeover asked for the sections side by side and for nothing it had.
      await liveEvents;
      const sections = isOwner ? ['notes', 'assignments', 'scores'] : ['notes', 'assignments'];
      await expect.poll(() => [...sectionTimes.keys()].sort()).toEqual([...sections].sort());
      const times = [...sectionTimes.values()];
      const lastStart = Math.max(...times.map((time) => time.start));
      const firstEnd = Math.min(...times.map((time) => time.end));
      expect(lastStart, JSON.stringify(Object.fromEntries(sectionTimes))).toBeLessThan(firstEnd);
      const calls = apiCalls.filter((path) => path !== '/api/events');
      expect(calls).not.toContain('/api/me');
      expect(calls).not.toContain(`/api/workspaces/${workspaceId}`);
      expect([...calls].sort(), calls.join(' ')).toEqual(
        sections.map((name) => `/api/workspaces/${workspaceId}/${name}`).sort(),
      );
    });
  }
});
