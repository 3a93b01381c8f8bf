import { memberLabels } from './draft';
import type { Draft } from './draft';

/** The words of the plain-text export, in the interface language. */
export type TeamsTextWords = {
  /** 'Team 3' for 3. */
  team: (teamNumber: number) => string;
  /** 'Seed: abc' for 'abc'. */
  seed: (seed: string) => string;
};

/**
 * The teams as plain text for the clipboard: one line per team ('Team 1: Ada, Grace'), then the
 * seed that replays them. Members who share a name keep their numbers ('Ada (2)'), as on screen.
 * Empty before the first shuffle.
 */
export function teamsAsText(
  draft: Pick<Draft, 'members' | 'outcome'>,
  words: TeamsTextWords,
): string {
  if (!draft.outcome) return '';
  const names = memberLabels(draft.members);
  const lines = draft.outcome.groups.map(
    (group) =>
      `${words.team(group.number)}: ${group.memberIds.map((id) => names.get(id) ?? '').join(', ')}`,
  );
  return [...lines, '', words.seed(draft.outcome.seed)].join('\n');
}
