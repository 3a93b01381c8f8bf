// The shuffle input as the web form and the API route validate it (one schema, CONVENTIONS.md).
// Shapes and references are checked here (status 400); whether the teams can be formed at all
// is the engine's call (status 422).
import { z } from 'zod';
import { TEAM_COUNT_MAX, TEAM_COUNT_MIN } from '../constants.ts';
import { errors } from '../errors.ts';
import { SEED_MAX_LENGTH, SEED_NUMBER_MAX } from './prng.ts';
import { checkReferences } from './validate.ts';

/** Most members one shuffle takes. */
export const SHUFFLE_MEMBERS_MAX = 100_000;
/** Most constraints of each kind one shuffle takes. */
export const SHUFFLE_CONSTRAINTS_MAX = 100_000;
/** Longest member or constraint id. */
export const SHUFFLE_ID_MAX_LENGTH = 64;
/** Longest member name. */
export const MEMBER_NAME_MAX_LENGTH = 100;

const id = z.string().trim().min(1).max(SHUFFLE_ID_MAX_LENGTH);
const memberName = z
  .string()
  .trim()
  .min(1, 'A member needs a name')
  .max(MEMBER_NAME_MAX_LENGTH, `A name can be at most ${MEMBER_NAME_MAX_LENGTH} characters`);
const pair = (message: string) =>
  z.object({ id, memberIds: z.tuple([id, id], { error: message }) });

/** A seed: 1 to 128 characters, or an unsigned 32-bit integer. */
const seedMessage = errors.invalid_seed.message;
export const shuffleSeed = z.union(
  [
    z.string().trim().min(1, seedMessage).max(SEED_MAX_LENGTH, seedMessage),
    z.number().int(seedMessage).min(0, seedMessage).max(SEED_NUMBER_MAX, seedMessage),
  ],
  { error: seedMessage },
);

// The team count must already be 2..10: forms turn what the user typed into a count with
// `teamCountFrom` first (spec part 1, section 5: a non-number falls back to 4). Without a seed the
// caller draws one with `newSeed` before calling `formTeams`.
/** Input of a shuffle, as the web form and the API route validate it. */
export const shuffleInput = z
  .object({
    members: z
      .array(z.object({ id, name: memberName }))
      // spec part 1, section 5: shuffle is blocked with no members
      .min(1, errors.no_members.message)
      .max(SHUFFLE_MEMBERS_MAX, `A shuffle can take at most ${SHUFFLE_MEMBERS_MAX} members`),
    teamCount: z
      .number({ error: errors.invalid_team_count.message })
      .int(errors.invalid_team_count.message)
      .min(TEAM_COUNT_MIN, errors.invalid_team_count.message)
      .max(TEAM_COUNT_MAX, errors.invalid_team_count.message),
    fixedPairs: z
      // spec part 1, section 5: a fixed pair needs exactly two members
      .array(pair('A fixed pair needs exactly two members'))
      .max(SHUFFLE_CONSTRAINTS_MAX)
      .default([]),
    lockedTeams: z
      .array(
        z.object({
          id,
          memberIds: z
            .array(id)
            // spec part 1, section 5: a locked team needs at least one member
            .min(1, 'A locked team needs at least one member')
            .max(SHUFFLE_MEMBERS_MAX),
        }),
      )
      .max(SHUFFLE_CONSTRAINTS_MAX)
      .default([]),
    keepApart: z
      .array(pair('A keep-apart pair needs exactly two members'))
      .max(SHUFFLE_CONSTRAINTS_MAX)
      .default([]),
    seed: shuffleSeed.optional(),
  })
  .superRefine((input, ctx) => {
    for (const problem of checkReferences(input, false).problems) {
      ctx.addIssue({ code: 'custom', message: problem.error.message, path: problem.path });
    }
  });

/** Parsed shuffle input (constraint lists present, seed optional). */
export type ShuffleInput = z.output<typeof shuffleInput>;
/** Shuffle input as a client sends it (constraint lists optional). */
export type ShuffleInputRaw = z.input<typeof shuffleInput>;
