import { shuffleSnapshot } from '@teamshuffle/domain';
import { z } from 'zod';
import type { SavedResultForDraft } from './draft-storage';

/**
 * What /app accepts as navigation state (spec part 1, section 2): a saved result to load, and
 * optionally the flag that opens Create Team for it. /results sends it.
 */
export type TeamFormationNavigationState = {
  loadResult: SavedResultForDraft;
  openCreateTeam?: boolean;
};

const navigationState = z.object({
  loadResult: z.object({
    id: z.string().min(1),
    title: z.string().min(1),
    snapshot: shuffleSnapshot,
  }),
  openCreateTeam: z.boolean().optional(),
});

/** The state /app was opened with, or null when it carries no (valid) saved result. */
export function parseNavigationState(state: unknown): TeamFormationNavigationState | null {
  const parsed = navigationState.safeParse(state);
  if (!parsed.success) return null;
  const { loadResult, openCreateTeam } = parsed.data;
  return {
    loadResult: { id: loadResult.id, title: loadResult.title, snapshot: loadResult.snapshot },
    openCreateTeam: openCreateTeam ?? false,
  };
}
