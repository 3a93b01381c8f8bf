import { SHUFFLE_STEPS, SHUFFLE_STEP_MS } from '@teamshuffle/domain';

/** Every phase the shuffle overlay can show, in the spec's order. */
export const SHUFFLE_PHASES = [
  'collecting',
  'firstShuffle',
  'fixedPairs',
  'secondShuffle',
  'lockedTeams',
  'thirdShuffle',
  'balancing',
  'complete',
] as const;
export type ShufflePhase = (typeof SHUFFLE_PHASES)[number];

/** Length of one step when the user prefers reduced motion: the whole run takes 0.6 s. */
export const REDUCED_MOTION_STEP_MS = 40;

/**
 * The phases of one shuffle (spec part 1, section 4): collecting members, first shuffling,
 * placing fixed pairs (only if any), second shuffling, placing locked teams (only if any), third
 * shuffling, optimizing group balance, complete.
 */
export function buildShufflePhases(options: {
  hasFixedPairs: boolean;
  hasLockedTeams: boolean;
}): ShufflePhase[] {
  return SHUFFLE_PHASES.filter(
    (phase) =>
      (phase !== 'fixedPairs' || options.hasFixedPairs) &&
      (phase !== 'lockedTeams' || options.hasLockedTeams),
  );
}

/**
 * Index of the phase shown at `step` (1..totalSteps) of a run through `phaseCount` phases: the
 * steps are shared out evenly in order, the first step shows the first phase and the last step
 * the last one ('complete'). Steps outside the range are clamped.
 */
export function phaseIndexAtStep(
  step: number,
  phaseCount: number,
  totalSteps: number = SHUFFLE_STEPS,
): number {
  if (phaseCount <= 1 || totalSteps <= 1) return 0;
  const clamped = Math.min(totalSteps, Math.max(1, Math.floor(step)));
  if (clamped === totalSteps) return phaseCount - 1;
  return Math.min(phaseCount - 2, Math.floor(((clamped - 1) * phaseCount) / totalSteps));
}

/** Length of one progress step: 400 ms (spec part 1, section 9), shortened for reduced motion. */
export function shuffleStepMs(prefersReducedMotion: boolean): number {
  return prefersReducedMotion ? REDUCED_MOTION_STEP_MS : SHUFFLE_STEP_MS;
}
