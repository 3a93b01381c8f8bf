import { SHUFFLE_STEPS, SHUFFLE_STEP_MS } from '@teamshuffle/domain';
import { describe, expect, it } from 'vitest';
import {
  REDUCED_MOTION_STEP_MS,
  buildShufflePhases,
  phaseIndexAtStep,
  shuffleStepMs,
} from './shuffle-phases';

describe('buildShufflePhases (spec part 1, section 4)', () => {
  it('lists every phase in order when there are fixed pairs and locked teams', () => {
    expect(buildShufflePhases({ hasFixedPairs: true, hasLockedTeams: true })).toEqual([
      'collecting',
      'firstShuffle',
      'fixedPairs',
      'secondShuffle',
      'lockedTeams',
      'thirdShuffle',
      'balancing',
      'complete',
    ]);
  });

  it('leaves out placing fixed pairs and placing locked teams when there are none', () => {
    expect(buildShufflePhases({ hasFixedPairs: false, hasLockedTeams: false })).toEqual([
      'collecting',
      'firstShuffle',
      'secondShuffle',
      'thirdShuffle',
      'balancing',
      'complete',
    ]);
    expect(buildShufflePhases({ hasFixedPairs: true, hasLockedTeams: false })).toContain(
      'fixedPairs',
    );
    expect(buildShufflePhases({ hasFixedPairs: true, hasLockedTeams: false })).not.toContain(
      'lockedTeams',
    );
    expect(buildShufflePhases({ hasFixedPairs: false, hasLockedTeams: true })).toEqual([
      'collecting',
      'firstShuffle',
      'secondShuffle',
      'lockedTeams',
      'thirdShuffle',
      'balancing',
      'complete',
    ]);
  });
});

describe('phaseIndexAtStep', () => {
  it.each([6, 7, 8])(
    'walks through all %i phases in order over the 15 steps, complete on the last',
    (count) => {
      const indices = Array.from({ length: SHUFFLE_STEPS }, (_, i) =>
        phaseIndexAtStep(i + 1, count),
      );
      expect(indices[0]).toBe(0);
      expect(indices[SHUFFLE_STEPS - 1]).toBe(count - 1);
      expect(indices.slice(0, -1)).not.toContain(count - 1);
      for (let i = 1; i < indices.length; i++) {
        expect(indices[i]! - indices[i - 1]!).toBeGreaterThanOrEqual(0);
        expect(indices[i]! - indices[i - 1]!).toBeLessThanOrEqual(1);
      }
      expect(new Set(indices).size).toBe(count);
    },
  );

  it('clamps steps outside the run', () => {
    expect(phaseIndexAtStep(0, 8)).toBe(0);
    expect(phaseIndexAtStep(99, 8)).toBe(7);
    expect(phaseIndexAtStep(5, 1)).toBe(0);
  });
});

describe('shuffleStepMs', () => {
  it('is 400 ms, and much shorter under prefers-reduced-motion', () => {
    expect(shuffleStepMs(false)).toBe(SHUFFLE_STEP_MS);
    expect(SHUFFLE_STEP_MS).toBe(400);
    expect(SHUFFLE_STEPS).toBe(15);
    expect(shuffleStepMs(true)).toBe(REDUCED_MOTION_STEP_MS);
    expect(REDUCED_MOTION_STEP_MS * SHUFFLE_STEPS).toBeLessThanOrEqual(1000);
  });
});
