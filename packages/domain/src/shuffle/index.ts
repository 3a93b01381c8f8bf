// Public surface of the team-formation engine (README.md in this folder).
export { formTeams } from './engine.ts';
export {
  createPrng,
  cyrb128,
  newSeed,
  normalizeSeed,
  NEW_SEED_LENGTH,
  SEED_MAX_LENGTH,
  SEED_NUMBER_MAX,
  shuffleInPlace,
} from './prng.ts';
export type { Prng } from './prng.ts';
export {
  MEMBER_NAME_MAX_LENGTH,
  SHUFFLE_CONSTRAINTS_MAX,
  SHUFFLE_ID_MAX_LENGTH,
  SHUFFLE_MEMBERS_MAX,
  shuffleInput,
  shuffleSeed,
} from './schema.ts';
export type { ShuffleInput, ShuffleInputRaw } from './schema.ts';
export { spreadLowerBound } from './placement.ts';
export { applyMove, checkMove, moveChecker, sizeSpread } from './move-check.ts';
export type {
  ArrangedTeam,
  Arrangement,
  MoveBreak,
  MoveBreakKind,
  MoveCheck,
  MoveRefusal,
} from './move-check.ts';
export type * from './types.ts';
export * from './balance/index.ts';
