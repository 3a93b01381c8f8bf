import {
  AppError,
  appError,
  can,
  diffEmails,
  firstDuplicateEmail,
  memberLabel,
  normalizeEmail,
  slugMatches,
  UNKNOWN_SHARED_EMAIL,
  type CourseCalendarSettings,
  type Language,
  type WorkspaceAccessRole,
} from '@teamshuffle/domain';
import { uniqueViolation } from '../../db/errors.ts';
import { KeptAnswers } from '../../db/kept-answers.ts';
import { inviteAddedEmails } from '../invitations/invitations.service.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import type { Db } from '../../plugins/database.ts';
import {
  type Access,
  authorize,
  authorizeSession,
  subjectOf,
} from '../workspace-access/workspace-access.ts';
import {
  deleteWorkspace,
  findOldSlugCandidates,
  findSlugCandidates,
  findTeam,
  findUserIdentity,
  listWorkspaceCards,
  type ListMode,
  loadWorkspaceDetail,
  MEMBER_EMAIL_INDEX,
  setMemberEmails,
  setTeamLeader,
  updateCourseCalendar,
  updateWorkspaceTitle,
  updateWorkspaceVisibility,
  upsertWorkspaceOrder,
  type WorkspaceCardRow,
  type WorkspaceDetailRows,
} from './workspaces.repository.ts';
import { type DetailCache, type PresentedDetail, detailAnswersRoom } from './detail-cache.ts';
import type { SessionWithUser } from '../users/users.repository.ts';

type CardRole = 'creator' | 'leader' | 'member' | 'viewer';

function cardRole(
  row: WorkspaceCardRow,
  listedUserId: string | null,
  membership: 'leader' | 'member' | null,
): CardRole {
  if (listedUserId !== null && row.ownerId === listedUserId) return 'creator';
  return membership ?? 'viewer';
}

/**
 * The list page (spec part 1, sections 2 and 6): my workspaces; a signed-out visitor's public
 * ones; or another user's, limited to those the caller may access (none: 403).
 */
export async function listWorkspaces(
  db: Db,
  viewer: SessionUser | null,
  targetUserId: string | undefined,
) {
  const { verifiedEmail } = subjectOf(viewer);
  let mode: ListMode;
  if (targetUserId !== undefined && targetUserId !== viewer?.id) {
    if (!viewer) throw new AppError('view_teams_forbidden');
    const target = await findUserIdentity(db, targetUserId);
    if (!target) throw new AppError('view_teams_forbidden');
    mode = {
      kind: 'user',
      viewerId: viewer.id,
      viewerEmail: verifiedEmail,
      targetId: target.id,
      targetEmail: target.emailVerified ? target.email : null,
    };
  } else if (viewer) {
    mode = { kind: 'mine', viewerId: viewer.id, viewerEmail: verifiedEmail };
  } else {
    mode = { kind: 'public' };
  }
  const rows = await listWorkspaceCards(db, mode);
  if (mode.kind === 'user' && rows.length === 0) throw new AppError('view_teams_forbidden');
  const listedUserId =
    mode.kind === 'user' ? mode.targetId : mode.kind === 'mine' ? mode.viewerId : null;
  return rows.map((row, index) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    isPublic: row.isPublic,
    role: cardRole(
      row,
      listedUserId,
      mode.kind === 'user' ? row.targetMembership : row.viewerMembership,
    ),
    isOwnedByViewer: viewer !== null && row.ownerId === viewer.id,
    memberCount: row.memberCount,
    leaderCount: row.leaderCount,
    teamCount: row.teamCount,
    joinedAt: new Date(row.createdAt).toISOString(),
    teamNumber: row.teamNumber ?? index + 1,
    displayOrder: row.displayOrder ?? index,
  }));
}

/** Saves the caller's numbering of workspaces they can access (drag reorder or the '#' button). */
export async function saveWorkspaceOrder(
  db: Db,
  viewer: SessionUser,
  items: ReadonlyArray<{ workspaceId: string; teamNumber: number }>,
) {
  const accessible = new Set((await listWorkspaces(db, viewer, undefined)).map((card) => card.id));
  const unknown = items.find((item) => !accessible.has(item.workspaceId));
  if (unknown) throw new AppError('not_workspace_member');
  await upsertWorkspaceOrder(db, viewer.id, items);
}

/** What the detail page shows from the teams, roster and constraints, in both e-mail variants. */
function presentDetail(detail: WorkspaceDetailRows): PresentedDetail {
  const leaderIds = new Set(
    detail.teamRows.map((team) => team.leaderMemberId).filter((id) => id !== null),
  );
  const lockedById = new Map<string, string[]>();
  for (const row of detail.locked)
    lockedById.set(row.id, [...(lockedById.get(row.id) ?? []), row.memberId]);
  const memberIdsOf = new Map<string, string[]>();
  for (const member of detail.memberRows) {
    if (member.teamId === null) continue;
    memberIdsOf.set(member.teamId, [...(memberIdsOf.get(member.teamId) ?? []), member.id]);
  }
  const parts = (showEmails: boolean) =>
    JSON.stringify({
      teams: detail.teamRows.map((team) => ({
        id: team.id,
        number: team.number,
        leaderMemberId: team.leaderMemberId,
        memberIds: memberIdsOf.get(team.id) ?? [],
      })),
      members: detail.memberRows.map((member) => ({
        id: member.id,
        name: member.name,
        teamId: member.teamId,
        email: showEmails ? member.email : null,
        hasEmail: member.email !== null,
        photoUrl: member.photoUrl,
        isVerified: member.isVerified,
        isLeader: leaderIds.has(member.id),
      })),
      fixedPairs: detail.pairs.map((pair) => ({ id: pair.id, memberIds: [pair.a, pair.b] })),
      keepApart: detail.apart.map((pair) => ({ id: pair.id, memberIds: [pair.a, pair.b] })),
      lockedTeams: [...lockedById].map(([id, memberIds]) => ({ id, memberIds })),
    });
  const tail = (showEmails: boolean) => Buffer.from(`,${parts(showEmails).slice(1)}`);
  return {
    version: detail.version,
    counts: {
      totalMembers: detail.memberRows.length,
      teams: detail.teamRows.length,
      fixedGroups: detail.pairs.length + lockedById.size,
    },
    withEmails: tail(true),
    withoutEmails: tail(false),
  };
}

/** The answers made from the cached details, by their head (db/kept-answers.ts). */
const detailAnswers = new KeptAnswers<PresentedDetail>({ maxBytes: detailAnswersRoom });

/** The detail page's answer, as UTF-8 JSON, once the caller's access is decided. */
async function presentWorkspace(db: Db, cache: DetailCache, access: Access): Promise<Buffer> {
  const { workspace } = access;
  const detail = await cache.get(workspace.id, access.detailVersion, async () =>
    presentDetail(await loadWorkspaceDetail(db, workspace.id)),
  );
  const role: WorkspaceAccessRole = access.role;
  const head = JSON.stringify({
    id: workspace.id,
    slug: workspace.slug,
    title: workspace.title,
    isPublic: workspace.isPublic,
    groupSize: workspace.groupSize,
    createdAt: workspace.createdAt.toISOString(),
    timeZone: workspace.timeZone,
    semesterStart: workspace.semesterStart,
    reminderHoursBefore: workspace.reminderHoursBefore,
    role,
    myMemberId: access.memberId,
    myTeamId: access.memberTeamId,
    counters: { ...detail.counts, groupSize: workspace.groupSize },
    preferences: { lectureNoteSortOrder: access.sortOrder },
  });
  const withEmails = can(role, 'readEmails');
  // Per reader, the answer differs only in its head: kept for the reader's next visit and their
  // class's (issue 22: put together and brotli-compressed on every GET, 5.1x health's CPU as a
  // browser asks, against 2.5x uncompressed).
  return detailAnswers.get(detail, `${withEmails ? 'e' : '-'}${head}`, () =>
    Buffer.concat([
      Buffer.from(head.slice(0, -1)),
      withEmails ? detail.withEmails : detail.withoutEmails,
    ]),
  );
}

/**
 * The detail page for a workspace the caller may read. The detail itself is read only when the
 * cache does not hold the version the access query found.
 */
export async function getWorkspace(
  db: Db,
  cache: DetailCache,
  viewer: SessionUser | null,
  workspaceId: string,
): Promise<Buffer> {
  const access = await authorize(db, viewer, workspaceId, 'read', 'forbidden', viewer?.id ?? null);
  return presentWorkspace(db, cache, access);
}

/**
 * GET /api/workspaces/:id on its fast path: the session with its user and the caller's access
 * facts come from one query (`authorizeSession`), so a cached detail costs one round trip in all.
 */
export async function getWorkspaceForSession(
  db: Db,
  cache: DetailCache,
  workspaceId: string,
  sessionToken: string | undefined,
  resolveUser: (found: SessionWithUser) => Promise<SessionUser | null>,
): Promise<{ viewer: SessionUser | null; body: Buffer }> {
  const { viewer, access } = await authorizeSession(
    db,
    workspaceId,
    sessionToken,
    resolveUser,
    'read',
  );
  return { viewer, body: await presentWorkspace(db, cache, access) };
}

/**
 * /workspaces/{name} (spec part 2, section 2): the workspace whose slug equals the name, or whose
 * slug is a prefix of it followed by a dash; among several, the first the caller may read.
 */
export async function getWorkspaceBySlug(
  db: Db,
  cache: DetailCache,
  viewer: SessionUser | null,
  name: string,
) {
  const normalized = name.normalize('NFC');
  const candidates = await findSlugCandidates(db, normalized);
  const ordered = candidates
    .filter((candidate) => slugMatches(normalized, candidate.slug))
    .sort(
      (a, b) =>
        Number(b.slug === normalized) - Number(a.slug === normalized) ||
        b.slug.length - a.slug.length,
    );
  for (const candidate of ordered) {
    try {
      return await getWorkspace(db, cache, viewer, candidate.id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  // A name the workspace had before a rename (issue 24), after every current one: the answer
  // carries the current slug, and the page moves to it. Refused exactly as a name never used.
  const old = (await findOldSlugCandidates(db, normalized))
    .filter((candidate) => slugMatches(normalized, candidate.slug))
    .sort(
      (a, b) =>
        Number(b.slug === normalized) - Number(a.slug === normalized) ||
        b.slug.length - a.slug.length,
    );
  const tried = new Set(ordered.map((candidate) => candidate.id));
  for (const candidate of old) {
    if (tried.has(candidate.id)) continue;
    tried.add(candidate.id);
    try {
      return await getWorkspace(db, cache, viewer, candidate.id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  throw new AppError('workspace_not_found');
}

/** Settings: rename (owner; non-empty and different from the current name). */
export async function renameWorkspace(db: Db, access: Access, title: string) {
  if (title === access.workspace.title) {
    throw new AppError('rule_broken', {
      message: 'The new name must be different from the current one.',
      field: 'title',
    });
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await updateWorkspaceTitle(db, access.workspace.id, title);
    } catch (error) {
      // Another rename or creation took the same slug first: the next free one is chosen again.
      if (uniqueViolation(error) === 'workspaces_slug_unique' && attempt < 3) continue;
      throw error;
    }
  }
}

/** Settings: Public Access (owner; others get the spec's message). */
export async function setVisibility(db: Db, access: Access, isPublic: boolean) {
  await updateWorkspaceVisibility(db, access.workspace.id, isPublic);
}

/**
 * Settings, Course calendar (owner; issue 26, decision 0029): the semester's first day, the
 * course's time zone and the reminder lead time; answers the calendar as it now is. The detail
 * page reads these from the workspace row on every request, so the next read shows them.
 */
export async function setCourseCalendar(
  db: Db,
  access: Access,
  changes: Partial<CourseCalendarSettings>,
): Promise<CourseCalendarSettings> {
  const saved = await updateCourseCalendar(db, access.workspace.id, changes);
  if (!saved) throw new AppError('workspace_not_found');
  return saved;
}

/** Settings: Delete Team (owner); everything of the workspace goes. */
export async function removeWorkspace(db: Db, access: Access) {
  await deleteWorkspace(db, access.workspace.id);
}

/** The leader selector (owner): a member of that team, or null to remove the leader. */
export async function changeLeader(
  db: Db,
  access: Access,
  teamId: string,
  memberId: string | null,
) {
  const workspaceId = access.workspace.id;
  const team = await findTeam(db, workspaceId, teamId);
  if (!team) throw new AppError('team_not_found');
  const member =
    memberId === null ? null : team.members.find((candidate) => candidate.id === memberId);
  if (memberId !== null && !member) {
    throw new AppError('rule_broken', {
      message: `The new leader must be a member of Team ${team.number}.`,
      field: 'memberId',
    });
  }
  await setTeamLeader(db, workspaceId, teamId, memberId);
  return { teamNumber: team.number, leaderName: member?.name ?? null };
}

/**
 * Settings: Team Leaders (owner). One e-mail per team, written to that team's leader; blanks clear
 * it; added and removed are computed against the current list and nothing is written when
 * nothing changed.
 */
export async function saveLeaderEmails(
  db: Db,
  access: Access,
  entries: ReadonlyArray<{ teamId: string; email: string }>,
  language: Language = 'en',
) {
  const workspaceId = access.workspace.id;
  const detail = await loadWorkspaceDetail(db, workspaceId);
  const byId = new Map(detail.memberRows.map((member) => [member.id, member]));
  const changes: Array<{ memberId: string; email: string | null }> = [];
  const current: string[] = [];
  const wanted: string[] = [];
  for (const team of detail.teamRows) {
    const leader = team.leaderMemberId ? byId.get(team.leaderMemberId) : undefined;
    if (leader?.email) current.push(leader.email);
    const entry = entries.find((candidate) => candidate.teamId === team.id);
    if (!entry) {
      if (leader?.email) wanted.push(leader.email);
      continue;
    }
    const email = entry.email.trim() === '' ? null : normalizeEmail(entry.email);
    if (email && !leader) {
      throw new AppError('rule_broken', {
        message: `Choose a leader for Team ${team.number} first.`,
        field: team.id,
      });
    }
    if (email) wanted.push(email);
    if (leader && (leader.email ? normalizeEmail(leader.email) : null) !== email) {
      changes.push({ memberId: leader.id, email });
    }
  }
  const unknownTeam = entries.find(
    (entry) => !detail.teamRows.some((team) => team.id === entry.teamId),
  );
  if (unknownTeam) throw new AppError('team_not_found');
  const diff = diffEmails(current, wanted);
  await writeMemberEmails(db, access, detail, changes, language);
  return { added: diff.added.length, removed: diff.removed.length, isChanged: changes.length > 0 };
}

/**
 * Manage Team Member Emails (owner for any team; a member or leader for their own team). The
 * leader's e-mail is set in Settings only; blanks clear; only changed rows are written.
 */
export async function saveTeamMemberEmails(
  db: Db,
  access: Access,
  teamId: string,
  entries: ReadonlyArray<{ memberId: string; email: string }>,
  language: Language = 'en',
) {
  const workspaceId = access.workspace.id;
  const team = await findTeam(db, workspaceId, teamId);
  if (!team) throw new AppError('team_not_found');
  if (access.role !== 'owner' && access.memberTeamId !== teamId) throw new AppError('forbidden');
  const changes: Array<{ memberId: string; email: string | null }> = [];
  for (const entry of entries) {
    const member = team.members.find((candidate) => candidate.id === entry.memberId);
    if (!member)
      throw new AppError('rule_broken', {
        message: `That member is not in Team ${team.number}.`,
        field: entry.memberId,
      });
    const email = entry.email.trim() === '' ? null : normalizeEmail(entry.email);
    const before = member.email ? normalizeEmail(member.email) : null;
    if (email === before) continue;
    if (member.id === team.leaderMemberId) {
      throw new AppError('rule_broken', {
        message: 'Leader email set in Settings',
        field: entry.memberId,
      });
    }
    changes.push({ memberId: member.id, email });
  }
  const diff = diffEmails(
    team.members.map((member) => member.email ?? ''),
    team.members.map((member) => {
      const change = changes.find((candidate) => candidate.memberId === member.id);
      return change ? (change.email ?? '') : (member.email ?? '');
    }),
  );
  await writeMemberEmails(
    db,
    access,
    await loadWorkspaceDetail(db, workspaceId),
    changes,
    language,
  );
  return { added: diff.added.length, removed: diff.removed.length, isChanged: changes.length > 0 };
}

type MemberEmailChange = { memberId: string; email: string | null };

/**
 * The refusal for the first e-mail that two members of the workspace would share once `changes`
 * are applied to the roster in `detail` (issue 23: one person, one roster entry), or null. The
 * member that keeps it is the one who has it now, else the first in the request.
 */
function duplicateEmailError(
  detail: WorkspaceDetailRows,
  changes: ReadonlyArray<MemberEmailChange>,
): AppError | null {
  const teamNumber = new Map(detail.teamRows.map((team) => [team.id, team.number]));
  const changed = new Map(changes.map((change) => [change.memberId, change.email]));
  const unchanged = detail.memberRows
    .filter((member) => !changed.has(member.id))
    .map((member) => ({ ...member }));
  const updated = changes.flatMap((change) => {
    const member = detail.memberRows.find((candidate) => candidate.id === change.memberId);
    return member ? [{ ...member, email: change.email }] : [];
  });
  const duplicate = firstDuplicateEmail([...unchanged, ...updated]);
  if (!duplicate) return null;
  const label = (member: { name: string; teamId: string | null }) =>
    memberLabel(member.name, member.teamId ? teamNumber.get(member.teamId) : null);
  return appError(
    'duplicate_member_email',
    { email: duplicate.email, holder: label(duplicate.holder), member: label(duplicate.other) },
    { field: duplicate.other.id },
  );
}

/**
 * Writes e-mail changes after refusing any that would give one e-mail to two members. The unique
 * index (migration 0023) decides between two requests that race: the later one is refused with
 * the same message, read from the roster as it is after the winner's commit. An address the owner
 * puts on the roster that was not on it gets an invitation (issue 24, decision 0021) in the same
 * transaction, in the owner's `language`; a member's additions mail no one (the owner may resend).
 */
async function writeMemberEmails(
  db: Db,
  access: Access,
  detail: WorkspaceDetailRows,
  changes: ReadonlyArray<MemberEmailChange>,
  language: Language,
) {
  const workspaceId = access.workspace.id;
  const refusal = duplicateEmailError(detail, changes);
  if (refusal) throw refusal;
  if (changes.length === 0) return;
  const onRoster = new Set(
    detail.memberRows.flatMap((member) => (member.email ? [normalizeEmail(member.email)] : [])),
  );
  const added = changes.flatMap((change) =>
    change.email !== null && !onRoster.has(change.email)
      ? [{ memberId: change.memberId, email: change.email }]
      : [],
  );
  const invite =
    access.role === 'owner' && added.length > 0
      ? (tx: Db) => inviteAddedEmails(tx, workspaceId, language, added)
      : undefined;
  try {
    await setMemberEmails(db, workspaceId, changes, invite);
  } catch (error) {
    if (uniqueViolation(error) !== MEMBER_EMAIL_INDEX) throw error;
    throw (
      duplicateEmailError(await loadWorkspaceDetail(db, workspaceId), changes) ??
      appError('duplicate_member_email', UNKNOWN_SHARED_EMAIL, { cause: error })
    );
  }
}
