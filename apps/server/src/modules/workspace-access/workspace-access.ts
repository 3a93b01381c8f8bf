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
