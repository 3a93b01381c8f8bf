import {
  AppError,
  type RoleSubject,
  can,
  resolveRole,
  type WorkspaceAccessRole,
  type WorkspaceAction,
} from '@teamshuffle/domain';
import type { Db } from '../../plugins/database.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import type { SessionWithUser } from '../users/users.repository.ts';
import { findWorkspaceFacts, type WorkspaceFacts } from './workspace-access.repository.ts';

/** The caller as role resolution sees them: an e-mail counts only once verified. */
export function subjectOf(user: SessionUser | null): {
  subject: RoleSubject;
  verifiedEmail: string | null;
} {
  if (!user) return { subject: null, verifiedEmail: null };
  return { subject: { userId: user.id }, verifiedEmail: user.emailVerified ? user.email : null };
}

export type Access = {
  role: WorkspaceAccessRole;
  workspace: WorkspaceFacts['workspace'];
  /** The caller's own roster entry in this workspace, when their verified e-mail is on it. */
  memberId: string | null;
  memberTeamId: string | null;
  /** The caller's lecture-note sort order; read only when `preferencesOf` is given. */
  sortOrder: string;
  detailVersion: WorkspaceFacts['detailVersion'];
  sectionVersion: WorkspaceFacts['sectionVersion'];
};

/**
 * Resolves the caller's role from facts already read and checks the permission table for the
 * action. A workspace the caller may not see answers exactly like one that does not exist (404);
 * one they may see but not change answers 403 with `forbidden` (or the given catalogue id).
 */
export function decide(
  user: SessionUser | null,
  facts: WorkspaceFacts | undefined,
  action: WorkspaceAction,
  refusal: 'forbidden' | 'visibility_owner_only' = 'forbidden',
): Access {
  const resolution = resolveRole(
    subjectOf(user).subject,
    facts
      ? {
          ownerId: facts.workspace.ownerId,
          isPublic: facts.workspace.isPublic,
          membership: facts.membership,
        }
      : null,
  );
  if ('denied' in resolution || !facts) throw new AppError('not_workspace_member');
  if (!can(resolution.role, action)) throw new AppError(refusal);
  return {
    role: resolution.role,
    workspace: facts.workspace,
    memberId: facts.memberId,
    memberTeamId: facts.memberTeamId,
    sortOrder: facts.sortOrder,
    detailVersion: facts.detailVersion,
    sectionVersion: facts.sectionVersion,
  };
}

/** Reads the facts for the caller (already signed in or not), then `decide`s. */
export async function authorize(
  db: Db,
  user: SessionUser | null,
  workspaceId: string,
  action: WorkspaceAction,
  refusal: 'forbidden' | 'visibility_owner_only' = 'forbidden',
  preferencesOf: string | null = null,
): Promise<Access> {
  const { verifiedEmail } = subjectOf(user);
  const { facts } = await findWorkspaceFacts(db, workspaceId, { verifiedEmail, preferencesOf });
  return decide(user, facts, action, refusal);
}

/**
 * For a read that has no session check in front of it: the session with its user and the
 * caller's access facts come from one query (one round trip in all), then `decide`s. `resolveUser`
 * applies the session rules (expiry, disabled account, renewal: `app.sessionUserOf`) to the row
 * found; an unverified user is refused as everywhere else.
 */
export async function authorizeSession(
  db: Db,
  workspaceId: string,
  sessionToken: string | undefined,
  resolveUser: (found: SessionWithUser) => Promise<SessionUser | null>,
  action: WorkspaceAction,
  refusal: 'forbidden' | 'visibility_owner_only' = 'forbidden',
  isSignInRequired = false,
): Promise<{ viewer: SessionUser | null; access: Access }> {
  const found = await findWorkspaceFacts(db, workspaceId, { sessionToken: sessionToken ?? null });
  const viewer = found.session ? await resolveUser(found.session) : null;
  if (!viewer && isSignInRequired) throw new AppError('unauthenticated');
  if (viewer && !viewer.isVerified) throw new AppError('email_not_verified');
  // The facts were read as the session's user; when that session does not count, read them
  // again as a signed-out visitor's.
  const facts =
    found.session && !viewer
      ? (await findWorkspaceFacts(db, workspaceId, { verifiedEmail: null, preferencesOf: null }))
          .facts
      : found.facts;
  return { viewer, access: decide(viewer, facts, action, refusal) };
}
