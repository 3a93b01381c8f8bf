// The signed-in pages as the server renders them (decision 0011, issue 22): with the page's data
// list, the workspace page asks the API only for its first screen (the session, the workspace)
// and renders once; the sections stay pending, for the browser to load.
import { QueryClient, hydrate } from '@tanstack/react-query';
import type { WorkspaceDetail } from '@teamshuffle/domain';
import { WORKSPACE_TABS, workspaceDetail, workspaceTabPath } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import { renderSignedInPage } from './prerender';
import { workspacePageData } from './routes/workspace.data';

const USER = {
  id: 'u-owner',
  displayName: 'Ada Owner',
  email: 'ada@example.com',
  emailVerified: true,
  phoneNumber: null,
  photoUrl: null,
  createdAt: '2026-09-01T10:00:00.000Z',
  lastLoginAt: '2026-11-25T10:00:00.000Z',
  isVerified: true,
  hasPassword: true,
};

const COUNTS = { total: 3, unread: 2, read: 1 };

const WORKSPACE_ID = '11111111-1111-4111-8111-111111111111';

/** A workspace of `teamCount` teams of four, answered to its owner. */
function detail(teamCount: number): WorkspaceDetail {
  const teams = Array.from({ length: teamCount }, (_, index) => ({
    id: `t${index + 1}`,
    number: index + 1,
    leaderMemberId: `m${index + 1}-1`,
    memberIds: [1, 2, 3, 4].map((n) => `m${index + 1}-${n}`),
  }));
  return workspaceDetail.parse({
    id: WORKSPACE_ID,
    slug: 'data-structures',
    title: 'Data Structures',
    isPublic: false,
    groupSize: teamCount,
    createdAt: '2026-09-01T10:00:00.000Z',
    timeZone: 'Asia/Seoul',
    semesterStart: '2026-08-31',
    reminderHoursBefore: 24,
    role: 'owner',
    myMemberId: null,
    myTeamId: null,
    counters: {
      totalMembers: teamCount * 4,
      teams: teamCount,
      groupSize: teamCount,
      fixedGroups: 0,
    },
    teams,
    members: teams.flatMap((team) =>
      team.memberIds.map((id, index) => ({
        id,
        name: `Student ${id}`,
        teamId: team.id,
        email: `${id}@example.com`,
        hasEmail: true,
        photoUrl: null,
        isVerified: index === 0,
        isLeader: index === 0,
      })),
    ),
    fixedPairs: [],
    keepApart: [],
    lockedTeams: [],
    preferences: { lectureNoteSortOrder: 'week-asc' },
  });
}

/** An API on the visitor's behalf that answers the session and the workspace, and notes each ask. */
function api(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const transport = async (path: string) => {
    asked.push(path);
    const body = answers[path];
    if (body === undefined) return new Response('{"error":"not_found"}', { status: 404 });
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { asked, transport };
}

describe('the workspace page rendered on the server', () => {
  it('asks only for its first screen, renders once, and leaves the sections to the browser', async () => {
    const { asked, transport } = api({
      '/api/me': { user: USER },
      '/api/notifications/counts': COUNTS,
      [`/api/workspaces/${WORKSPACE_ID}`]: detail(10),
    });
    const page = await renderSignedInPage(`/workspace/${WORKSPACE_ID}`, 'en', transport);
    expect(page).not.toBeNull();
    expect(page?.renders).toBe(1);
    expect(asked.sort()).toEqual([
      '/api/me',
      '/api/notifications/counts',
      `/api/workspaces/${WORKSPACE_ID}`,
    ]);
    // The first screen: the title and every team's members.
    expect(page?.markup).toContain('Data Structures');
    expect(page?.markup).toContain('Student m10-4');
    // The Overview's lecture note is on the page, loading (the browser fills it).
    expect(page?.markup).toContain('This week&#x27;s lecture note');
    expect(page?.markup).toContain('aria-busy="true"');
    // The data the app starts from: the two answers, not the sections'.
    const keys = page?.queries.queries.map((query) => query.queryKey[0]);
    expect(keys?.sort()).toEqual(['me', 'notifications', 'workspaces']);
  });

  it('renders each section at its own address from the same first-screen answers', async () => {
    const answers = {
      '/api/me': { user: USER },
      '/api/notifications/counts': COUNTS,
      [`/api/workspaces/${WORKSPACE_ID}`]: detail(10),
    };
    const shown: Record<string, string> = {};
    // Members as a member of the course sees it: the owner's Members tab also holds the join
    // statuses, invitations and the roster's log (issue 24), which load their own data; that tab
    // is handed to the app (null, checked below).
    const asMember = {
      ...answers,
      [`/api/workspaces/${WORKSPACE_ID}`]: {
        ...detail(10),
        role: 'member',
        myMemberId: 'm1-2',
        myTeamId: 't1',
      },
    };
    for (const section of ['notes', 'notes/note-1', 'assignments', 'scores', 'members']) {
      const { asked, transport } = api(section === 'members' ? asMember : answers);
      const page = await renderSignedInPage(
        `/workspace/${WORKSPACE_ID}/${section}`,
        'en',
        transport,
      );
      expect(page?.renders).toBe(1);
      expect(asked).toHaveLength(3);
      shown[section] = page?.markup ?? '';
    }
    // The section links, the one shown marked as the page (aria-current).
    const current = (markup: string) =>
      /<a[^>]*workspace-tabs__tab[^>]*aria-current="page"[^>]*>([^<]*)</.exec(markup)?.[1];
    expect(current(shown['members'] ?? '')).toBe('Members');
    expect(current(shown['notes/note-1'] ?? '')).toBe('Lecture Notes');
    expect(current(shown['scores'] ?? '')).toBe('Team Scores');
    // An address's words in any case show the same section, as the router matches them.
    const mixedCase = await renderSignedInPage(
      `/Workspace/${WORKSPACE_ID}/Scores`,
      'en',
      api(answers).transport,
    );
    expect(current(mixedCase?.markup ?? '')).toBe('Team Scores');
    // Only the section shown is rendered: the roster table on Members, no team cards there.
    expect(shown['members']).toContain('Student m10-4');
    expect(shown['members']).not.toContain('data-testid="team-card"');
    expect(shown['assignments']).not.toContain('Student m10-4');
    const ownersMembers = await renderSignedInPage(
      `/workspace/${WORKSPACE_ID}/members`,
      'en',
      api(answers).transport,
    );
    expect(ownersMembers).toBeNull();
  });

  it('shows a busy status wherever it leaves a section to the browser, for every role and section', async () => {
    // public/after-paint.js starts the app right after the first paint only on a page that shows
    // one ([aria-busy="true"] or [role="status"]); otherwise the app waits for the visitor's
    // first interaction (decision 0011), and the section kept saying "Loading" (the owner's Team
    // Scores did, 2026-11-27).
    const owner = detail(10);
    const viewers = {
      owner,
      leader: { ...owner, role: 'leader', myMemberId: 'm1-1', myTeamId: 't1' },
      member: { ...owner, role: 'member', myMemberId: 'm1-2', myTeamId: 't1' },
    } as const;
    const checked: string[] = [];
    for (const [viewer, answer] of Object.entries(viewers)) {
      for (const tab of WORKSPACE_TABS) {
        const { transport } = api({
          '/api/me': { user: USER },
          '/api/notifications/counts': COUNTS,
          [`/api/workspaces/${WORKSPACE_ID}`]: answer,
        });
        const page = await renderSignedInPage(workspaceTabPath(WORKSPACE_ID, tab), 'en', transport);
        // Handed to the app (the owner's Members): the app renders it, with its own loaders.
        if (!page) continue;
        const client = new QueryClient();
        hydrate(client, page.queries);
        const { rest } = workspacePageData({ kind: 'id', id: WORKSPACE_ID }, tab)(client);
        if (rest.length === 0) continue;
        checked.push(`${viewer} ${tab}`);
        expect(/aria-busy="true"|role="status"/.test(page.markup), `${viewer} on ${tab}`).toBe(
          true,
        );
      }
    }
    // The sections left to the browser: the notes (Overview and Lecture Notes) and Assignments
    // for everyone, My grades for those on the roster, the owner's Team Scores and Gradebook (the
    // owner, on no team, is not asked for My grades: it would be refused). The owner's Members
    // is handed to the app.
    const everyone = (viewer: string) =>
      ['overview', 'notes', 'assignments'].map((tab) => `${viewer} ${tab}`);
    expect(checked.sort()).toEqual(
      [
        ...everyone('owner'),
        'owner scores',
        'owner gradebook',
        ...everyone('leader'),
        'leader grades',
        ...everyone('member'),
        'member grades',
      ].sort(),
    );
  });

  it('says which sections a member is not shown, each in its own words', async () => {
    const render = async (tab: 'scores' | 'gradebook') =>
      (
        await renderSignedInPage(
          workspaceTabPath(WORKSPACE_ID, tab),
          'en',
          api({
            '/api/me': { user: USER },
            '/api/notifications/counts': COUNTS,
            [`/api/workspaces/${WORKSPACE_ID}`]: {
              ...detail(2),
              role: 'member',
              myMemberId: 'm1-2',
              myTeamId: 't1',
            },
          }).transport,
        )
      )?.markup;
    expect(await render('scores')).toContain(
      'Team Scores are shown to the workspace owner once teams have leaders.',
    );
    // The Gradebook's address said the Team Scores' words before (2026-11-27).
    const gradebook = await render('gradebook');
    expect(gradebook).toContain('The Gradebook is shown to the workspace owner.');
    expect(gradebook).not.toContain('Team Scores are shown');
  });

  it('says My grades is for the roster to an owner on no team, and leaves nothing to load', async () => {
    // Before 2026-11-27 the owner's /grades asked for My grades twice, was refused (403) and
    // showed the refusal; the page now knows from the workspace that the owner is on no team.
    const { transport } = api({
      '/api/me': { user: USER },
      '/api/notifications/counts': COUNTS,
      [`/api/workspaces/${WORKSPACE_ID}`]: detail(2),
    });
    const page = await renderSignedInPage(
      workspaceTabPath(WORKSPACE_ID, 'grades'),
      'en',
      transport,
    );
    expect(page?.markup).toContain(
      'My grades is only for members on the roster of this workspace.',
    );
    expect(page?.markup).not.toMatch(/aria-busy="true"/);
    const client = new QueryClient();
    hydrate(client, page!.queries);
    expect(workspacePageData({ kind: 'id', id: WORKSPACE_ID }, 'grades')(client).rest).toEqual([]);
  });

  it('grows with the roster (the sections are never part of it)', async () => {
    const render = async (teamCount: number) => {
      const { transport } = api({
        '/api/me': { user: USER },
        '/api/notifications/counts': COUNTS,
        [`/api/workspaces/${WORKSPACE_ID}`]: detail(teamCount),
      });
      return (await renderSignedInPage(`/workspace/${WORKSPACE_ID}`, 'en', transport))?.markup;
    };
    const small = await render(2);
    const large = await render(10);
    expect(small).toBeDefined();
    expect(large?.length).toBeGreaterThan(small?.length ?? Infinity);
  });

  it("writes the workspace's dates in its zone and the page's language, not the server's (issue 26)", async () => {
    // 02:00 UTC on 1 September is 31 August in New York, 1 September in Seoul and on this server.
    const render = async (timeZone: string, language: 'en' | 'ko') => {
      const { transport } = api({
        '/api/me': { user: USER },
        '/api/notifications/counts': COUNTS,
        [`/api/workspaces/${WORKSPACE_ID}`]: {
          ...detail(2),
          createdAt: '2026-09-01T02:00:00.000Z',
          timeZone,
        },
      });
      return (await renderSignedInPage(`/workspace/${WORKSPACE_ID}`, language, transport))?.markup;
    };
    expect(await render('America/New_York', 'en')).toContain('Created Aug 31, 2026');
    // The server does not know the visitor's zone: it names none (the browser's render does).
    expect(await render('America/New_York', 'en')).not.toContain('Times in');
    expect(await render('Asia/Seoul', 'en')).toContain('Created Sep 1, 2026');
    expect(await render('Asia/Seoul', 'ko')).toContain('생성일 2026. 9. 1.');
  });

  it('hands the page to the app (null) when the workspace cannot be read', async () => {
    const { transport } = api({ '/api/me': { user: USER }, '/api/notifications/counts': COUNTS });
    expect(await renderSignedInPage(`/workspace/${WORKSPACE_ID}`, 'en', transport)).toBeNull();
  });
});
