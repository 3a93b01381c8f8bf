import { useReducedMotion } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { shuffleStepMs } from '../model/shuffle-phases';
import type { ShufflePhase } from '../model/shuffle-phases';

/** One run of the shuffle overlay. */
export type ShuffleRun = { id: number; phases: ShufflePhase[] };

export type ShuffleAnimation = {
  /** The run in progress, or null. Its steps are counted by the overlay itself. */
  run: ShuffleRun | null;
  /** Starts a run through `phases`; `onDone` is called once, when it completes or is skipped. */
  start: (phases: ShufflePhase[], onDone: () => void) => void;
  /** Ends the run now: its last step was reached, or the user skipped. */
  finish: () => void;
  /** Length of one step: SHUFFLE_STEP_MS, shortened when the user prefers reduced motion. */
  stepMs: number;
  isReducedMotion: boolean;
};

/**
 * The shuffle progress (spec part 1, section 4): SHUFFLE_STEPS steps of SHUFFLE_STEP_MS each,
 * shortened when the user prefers reduced motion, and skippable. Only the start and the end of
 * a run change this state, so the page does not re-render on every step.
 */
export function useShuffleAnimation(): ShuffleAnimation {
  // Read at once, not after the first render: a run may start before an effect would have run.
  const isReducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const [run, setRun] = useState<ShuffleRun | null>(null);
  const onDoneRef = useRef<(() => void) | null>(null);

  const finish = useCallback(() => {
    const onDone = onDoneRef.current;
    onDoneRef.current = null;
    setRun(null);
    onDone?.();
  }, []);

  // A run cut short by leaving the page does not call back into an unmounted page.
  useEffect(() => () => void (onDoneRef.current = null), []);

  const start = useCallback((phases: ShufflePhase[], onDone: () => void) => {
    onDoneRef.current = onDone;
    setRun((previous) => ({ id: (previous?.id ?? 0) + 1, phases }));
  }, []);

  return { run, start, finish, stepMs: shuffleStepMs(isReducedMotion), isReducedMotion };
}
