// How messages name a roster entry (issue 23). A module without imports: the web app's error
// messages read labels back on every page (the landing page included), and importing them from
// workspaces.ts would bring that module's schemas into the landing page's code.

/**
 * How a message names a roster entry: its name with its team ('Ann (Team 1)'), or '(no team)'.
 * One e-mail per member (issue 23) names both members this way.
 */
export function memberLabel(name: string, teamNumber: number | null | undefined): string {
  return teamNumber == null ? `${name} (no team)` : `${name} (Team ${teamNumber})`;
}

/**
 * A `memberLabel` read back into its name and team number (null for '(no team)'), so a message
 * can name the member in another language; null when the text is not such a label.
 */
export function parseMemberLabel(
  label: string,
): { name: string; teamNumber: number | null } | null {
  const inTeam = /^([\s\S]+) \(Team (\d+)\)$/.exec(label);
  if (inTeam) return { name: inTeam[1]!, teamNumber: Number(inTeam[2]) };
  const noTeam = /^([\s\S]+) \(no team\)$/.exec(label);
  return noTeam ? { name: noTeam[1]!, teamNumber: null } : null;
}

/**
 * The words the server uses in duplicate_member_email when it cannot tell who holds the e-mail
 * (a race lost at the unique index whose winner is gone again); the web app translates them.
 */
export const UNKNOWN_SHARED_EMAIL = {
  email: 'This e-mail',
  holder: 'another member',
  member: 'this member',
} as const;
