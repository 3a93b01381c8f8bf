import { type AppError, appError } from './errors.ts';
import type { ShuffleSnapshot } from './results.ts';
import { memberLabel } from './member-label.ts';
import { firstDuplicateEmail } from './workspaces.ts';

// One person, one roster entry (issue 23): an e-mail belongs to at most one member of a roster,
// and two members may share a name but are told apart. Save Result, Create Team and the /app
// page check a snapshot with the same function, so the rule and its message are written once.

/** A member name as duplicates are found: NFC, trimmed, runs of spaces as one, lower case. */
export function memberNameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** One of the two members a shared e-mail names: id, name and team number (null in none). */
export type EmailSharer = { id: string; name: string; teamNumber: number | null };

/** An e-mail two members share: the member who has it first and the one who cannot have it too. */
export type SharedEmail = { email: string; holder: EmailSharer; member: EmailSharer };

/** The first e-mail two members of a snapshot share (trimmed, case-insensitive), or null. */
export function snapshotSharedEmail(
  snapshot: Pick<ShuffleSnapshot, 'members' | 'groups'>,
): SharedEmail | null {
  const duplicate = firstDuplicateEmail(snapshot.members);
  if (!duplicate) return null;
  const sharer = (member: { id: string; name: string }): EmailSharer => ({
    id: member.id,
    name: member.name,
    teamNumber:
      snapshot.groups.find((group) => group.memberIds.includes(member.id))?.number ?? null,
  });
  return {
    email: duplicate.email,
    holder: sharer(duplicate.holder),
    member: sharer(duplicate.other),
  };
}

/** The 400 duplicate_member_email for a shared e-mail, naming both members with their teams. */
export function sharedEmailError(shared: SharedEmail, field: string): AppError {
  const label = (sharer: EmailSharer) => memberLabel(sharer.name, sharer.teamNumber);
  return appError(
    'duplicate_member_email',
    { email: shared.email, holder: label(shared.holder), member: label(shared.member) },
    { field },
  );
}

/**
 * Refuses a snapshot that gives one e-mail to two members (Save Result, Create Team), naming
 * both with their teams, before anything is written.
 */
export function assertOneEmailPerMember(
  snapshot: Pick<ShuffleSnapshot, 'members' | 'groups'>,
  field = 'snapshot.members',
): void {
  const shared = snapshotSharedEmail(snapshot);
  if (shared) throw sharedEmailError(shared, field);
}
