/**
 * The web app's pages by address, in React Router's pattern form (`:name` is one segment). The
 * router declares its routes from these, and the server chooses the pages it prerenders or
 * renders for a visitor from them (prerendered-pages.ts), so an address is written once.
 */
export const PAGE_PATHS = {
  landing: '/',
  app: '/app',
  results: '/results',
  workspaces: '/workspaces',
  workspaceBySlug: '/workspaces/:slug',
  workspace: '/workspace/:workspaceId',
  /** The workspace page's sections, each at an address of its own (issue 22). */
  workspaceNotes: '/workspace/:workspaceId/notes',
  workspaceNote: '/workspace/:workspaceId/notes/:noteId',
  workspaceAssignments: '/workspace/:workspaceId/assignments',
  workspaceScores: '/workspace/:workspaceId/scores',
  workspaceMembers: '/workspace/:workspaceId/members',
  /** The owner's gradebook and a member's own grades (issue 25, decision 0024). */
  workspaceGradebook: '/workspace/:workspaceId/gradebook',
  workspaceGrades: '/workspace/:workspaceId/grades',
  /** The teams on large cards, for a printer or a projector (issue 24). */
  workspacePrint: '/workspace/:workspaceId/print',
  /** The owner's join link, code, QR code and requests (issue 24, joining). */
  workspaceJoin: '/workspace/:workspaceId/join',
  /** Peer evaluation: the owner's evaluations and results, a member's form (issue 25). */
  workspacePeerEvaluation: '/workspace/:workspaceId/peer-evaluation',
  /** A student types a join code, or opens a join link (issue 24, joining). */
  join: '/join',
  joinCode: '/join/:code',
  teamChat: '/workspace/:workspaceId/team/:teamId/chat',
  notifications: '/notifications',
  contact: '/contact',
  profile: '/profile',
  resetPassword: '/reset-password',
  /** The Google popup's last page (no shell). */
  authPopupComplete: '/auth/popup-complete',
} as const;

export type PagePath = (typeof PAGE_PATHS)[keyof typeof PAGE_PATHS];

/** The workspace page's sections (issue 22): Overview is the page's own address. */
export const WORKSPACE_TABS = [
  'overview',
  'notes',
  'assignments',
  'scores',
  'members',
  'gradebook',
  'grades',
] as const;

export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];

/** The address of a workspace's section, or of one lecture note in it. */
export function workspaceTabPath(workspaceId: string, tab: WorkspaceTab, noteId?: string): string {
  const base = `/workspace/${encodeURIComponent(workspaceId)}`;
  if (tab === 'overview') return base;
  if (tab === 'notes' && noteId !== undefined) return `${base}/notes/${encodeURIComponent(noteId)}`;
  return `${base}/${tab}`;
}

/** The address of a workspace's print view of its teams (issue 24). */
export function workspacePrintPath(workspaceId: string): string {
  return `/workspace/${encodeURIComponent(workspaceId)}/print`;
}

/**
 * Whether an address's segment is the fixed word `word`, in any case: React Router matches its
 * routes' words regardless of case (`/Workspace/:id/Notes` is the Notes route), so the section an
 * address shows is read the same way. Ids are compared as written.
 */
export function isPathWord(segment: string | undefined, word: string): boolean {
  return segment !== undefined && segment.toLowerCase() === word;
}

/**
 * The section a workspace address shows, and the note it opens, from the path's segments after
 * `/workspace/:workspaceId`; null for an address that is no section (the page's not-found).
 */
export function workspaceTabAt(
  rest: readonly string[],
): { tab: WorkspaceTab; noteId: string | null } | null {
  if (rest.length === 0) return { tab: 'overview', noteId: null };
  const [first, second, ...more] = rest;
  if (isPathWord(first, 'notes') && second !== undefined && second !== '' && more.length === 0) {
    return { tab: 'notes', noteId: second };
  }
  if (rest.length !== 1 || isPathWord(first, 'overview')) return null;
  const tab = WORKSPACE_TABS.find((name) => isPathWord(first, name));
  return tab === undefined ? null : { tab, noteId: null };
}

/**
 * The workspace section an address shows (`/workspace/:workspaceId`, `/notes`, `/notes/:noteId`,
 * ...), with its workspace's id; null for any other address.
 */
export function workspaceSectionAt(
  pathname: string,
): { workspaceId: string; tab: WorkspaceTab; noteId: string | null } | null {
  const [, first, workspaceId, ...rest] = pathname.split('/');
  if (!isPathWord(first, 'workspace') || workspaceId === undefined || workspaceId === '') {
    return null;
  }
  const section = workspaceTabAt(rest.filter(Boolean));
  return section === null ? null : { workspaceId, ...section };
}

/**
 * Which page an address shows, as one key: the Overview and the sections of one workspace
 * (`/workspace/:workspaceId`, `/notes`, `/notes/:noteId`, ...) are one page, every other address
 * a page of its own. The web app keeps a page mounted while its key stays (a section change keeps
 * the header and its open dialog) and starts a new page when it changes.
 */
export function pageKeyOf(pathname: string): string {
  const section = workspaceSectionAt(pathname);
  return section === null ? pathname : `/workspace/${section.workspaceId}`;
}
