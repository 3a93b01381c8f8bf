import type { WorkspaceAccessRole } from './constants.ts';

/** Why a caller may not see a workspace (spec part 2, section 8: the access reasons). */
export type AccessDenial =
  'Workspace not found' | 'User not logged in' | 'User is not a member of this workspace';

/** Who is asking: nobody, or a signed-in user (e-mail matches count only when verified). */
export type RoleSubject = { userId: string } | null;

/** What the database knows about the workspace and the caller's place in its roster. */
export type RoleFacts = {
  ownerId: string;
  isPublic: boolean;
  /** The caller's roster entry, matched by verified e-mail; 'leader' when that member leads a team. */
  membership: 'leader' | 'member' | null;
} | null;

/** The outcome of access resolution: a role, or a denial with the spec's reason. */
export type RoleResolution = { role: WorkspaceAccessRole } | { denied: AccessDenial };

/**
 * Resolves a caller's role, in the spec's order (part 2, section 4) with one change from
 * ARCHITECTURE.md: a member of a public workspace keeps the member or leader role.
 */
export function resolveRole(subject: RoleSubject, facts: RoleFacts): RoleResolution {
  if (!facts) return { denied: 'Workspace not found' };
  if (!subject) return facts.isPublic ? { role: 'viewer' } : { denied: 'User not logged in' };
  if (subject.userId === facts.ownerId) return { role: 'owner' };
  if (facts.membership === 'leader') return { role: 'leader' };
  if (facts.membership === 'member') return { role: 'member' };
  if (facts.isPublic) return { role: 'viewer' };
  return { denied: 'User is not a member of this workspace' };
}

/** Every action on a workspace, with the roles allowed to take it. One table, checked by every endpoint. */
export const WORKSPACE_PERMISSIONS = {
  read: ['owner', 'leader', 'member', 'viewer'],
  /** See e-mail addresses (viewers and signed-out visitors never receive them). */
  readEmails: ['owner', 'leader', 'member'],
  rename: ['owner'],
  changeVisibility: ['owner'],
  /** The course calendar: semester start, time zone, reminder lead time (issue 26). */
  setCourseCalendar: ['owner'],
  delete: ['owner'],
  changeLeader: ['owner'],
  setLeaderEmails: ['owner'],
  /** Set member e-mails of a team: the owner for any team, others only for their own team. */
  setTeamMemberEmails: ['owner', 'leader', 'member'],
  setOwnSortOrder: ['owner', 'leader', 'member', 'viewer'],
  /** Create Lecture Note (spec part 2, section 6: the owner, or a member who is not a viewer). */
  createNote: ['owner', 'leader', 'member'],
  /** Edit, publish, delete any note and its attachments; authors may do so to their own. */
  manageAnyNote: ['owner'],
  /** Answer a task: a team's leader for a team task, every member for an individual one. */
  submitTask: ['leader', 'member'],
  /** Create, edit and delete assignments, evaluate, see Team Scores, export (the owner). */
  manageAssignments: ['owner'],
  /** Download the teams with their e-mails as CSV (issue 24, "Export the teams"). */
  exportTeams: ['owner'],
  /** Add, remove, move and rename members in a running workspace, and read the activity log (issue 24). */
  manageRoster: ['owner'],
  /** Turn the join link on or off, make a new code, answer join requests, undo claims (issue 24). */
  manageJoining: ['owner'],
} as const satisfies Record<string, readonly WorkspaceAccessRole[]>;

/** An action on a workspace. */
export type WorkspaceAction = keyof typeof WORKSPACE_PERMISSIONS;

/** Whether a role may take an action. */
export function can(role: WorkspaceAccessRole, action: WorkspaceAction): boolean {
  return (WORKSPACE_PERMISSIONS[action] as readonly WorkspaceAccessRole[]).includes(role);
}

/** E-mails compare trimmed and case-insensitively (spec part 2, section 5). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Added and removed entries between the current and the wanted list of e-mails (spec part 1,
 * section 4: saved only if changed); blanks are ignored, comparison is normalised.
 */
export function diffEmails(current: readonly string[], wanted: readonly string[]) {
  const before = new Set(current.map(normalizeEmail).filter(Boolean));
  const after = new Set(wanted.map(normalizeEmail).filter(Boolean));
  const added = [...after].filter((email) => !before.has(email));
  const removed = [...before].filter((email) => !after.has(email));
  return { added, removed, isChanged: added.length > 0 || removed.length > 0 };
}
