import {
  AppError,
  assertOneEmailPerMember,
  DEFAULT_TIME_ZONE,
  type Language,
  mondayOfWeekInZone,
  type ShuffleSnapshot,
  slugify,
  uniqueSlug,
} from '@teamshuffle/domain';
import { uniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../plugins/database.ts';
import type { CpuPool } from '../../workers/cpu-pool.ts';
import { findResult, insertResult } from '../results/results.repository.ts';
import { assertFaithfulSnapshot } from '../results/results.service.ts';
import { inviteAddedEmails } from '../invitations/invitations.service.ts';
import { insertWorkspace, rosterEmails, takenSlugs } from './workspaces.repository.ts';

export type CreateWorkspaceInput = (
  { title: string; snapshot: ShuffleSnapshot } | { title: string; resultId: string }
) & { timeZone?: string | undefined };

const SLUG_ATTEMPTS = 3;

/**
 * Create Team (spec part 1, section 4): saves the snapshot as a result (or uses one of the user's
 * saved results) and creates the workspace from it, in one transaction, with an invitation mail to
 * each e-mail on its roster in the owner's `language`. The course calendar (issue 26, decision
 * 0029) is the creator's browser zone (Seoul when not given) and the Monday of the current week
 * in that zone, as of `now`. Two creations racing for
 * the same slug: the loser's transaction rolls back and is tried again with the next free slug.
 */
export async function createWorkspace(
  db: Db,
  cpu: CpuPool,
  ownerId: string,
  input: CreateWorkspaceInput,
  language: Language = 'en',
  now: Date = new Date(),
) {
  const timeZone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const semesterStart = mondayOfWeekInZone(now, timeZone);
  if ('snapshot' in input) {
    // One person, one roster entry (issue 23): the rule Save Result applies too.
    assertOneEmailPerMember(input.snapshot);
    await assertFaithfulSnapshot(cpu, input.snapshot);
  }
  const base = slugify(input.title);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        let resultId: string;
        let snapshot: ShuffleSnapshot;
        if ('snapshot' in input) {
          const saved = await insertResult(tx, ownerId, input.title, input.snapshot);
          resultId = saved.id;
          snapshot = saved.snapshot;
        } else {
          const saved = await findResult(tx, ownerId, input.resultId);
          if (!saved) throw new AppError('not_found', { message: 'Result not found' });
          resultId = saved.id;
          snapshot = saved.snapshot;
          // A result saved before this rule may hold a duplicate; nothing is created from it.
          assertOneEmailPerMember(snapshot);
        }
        const taken = await takenSlugs(tx, base);
        const slug = uniqueSlug(input.title, (candidate) => taken.has(candidate));
        const workspace = await insertWorkspace(tx, {
          ownerId,
          title: input.title,
          slug,
          sourceResultId: resultId,
          snapshot,
          timeZone,
          semesterStart,
        });
        // Each e-mail of the result is invited (issue 24, decision 0021), with the workspace.
        await inviteAddedEmails(tx, workspace.id, language, await rosterEmails(tx, workspace.id));
        return {
          resultId,
          workspace: { id: workspace.id, slug: workspace.slug, title: workspace.title },
        };
      });
    } catch (error) {
      if (uniqueViolation(error) === 'workspaces_slug_unique' && attempt < SLUG_ATTEMPTS) continue;
      throw error;
    }
  }
}
