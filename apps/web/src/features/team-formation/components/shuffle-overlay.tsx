import { Button, Group, Loader, Modal, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { SHUFFLE_STEPS } from '@teamshuffle/domain';
import { IconCheck, IconPlayerSkipForward } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { BalanceRun } from '../hooks/use-balance-run';
import { useStoreValue } from '../hooks/use-store-value';
import type { ShuffleRun } from '../hooks/use-shuffle-animation';
import { phaseIndexAtStep } from '../model/shuffle-phases';
import type { ShufflePhase } from '../model/shuffle-phases';

type ShuffleOverlayProps = {
  run: ShuffleRun | null;
  /** A balancing search: its real progress drives the overlay instead of the clock. */
  live?: BalanceRun | null;
  stepMs: number;
  isReducedMotion: boolean;
  /** The last step is over, or the user skipped (Skip Animation, Escape); for a search: stop. */
  onFinish: () => void;
  /**
   * The overlay has finished closing and focus is not on the page: it fell to the body (the
   * button that started the run is gone), or it is still in the closing overlay, which is about to
   * unmount. The page puts it somewhere useful.
   */
  onFocusLost?: () => void;
};

/** The shuffle progress overlay: the phases in order, the current step, and Skip. */
export function ShuffleOverlay({
  run,
  live = null,
  stepMs,
  isReducedMotion,
  onFinish,
  onFocusLost,
}: ShuffleOverlayProps) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  // Focus can still be in the overlay here: an Escape that comes before Mantine's focus trap has
  // run its first timer closes the overlay, and that timer then focuses the closing dialog itself.
  const handleExited = () => {
    const active = document.activeElement;
    if (!active || active === document.body || rootRef.current?.contains(active)) onFocusLost?.();
  };
  return (
    <Modal
      ref={rootRef}
      opened={run !== null || live !== null}
      onExitTransitionEnd={handleExited}
      onClose={onFinish}
      title={t('teamFormation.shuffle.overlayTitle')}
      withCloseButton={false}
      closeOnClickOutside={false}
      centered
      size="sm"
      transitionProps={isReducedMotion ? { duration: 0 } : { duration: 150 }}
      data-testid="shuffle-overlay"
    >
      {live ? (
        <LiveProgress
          key={`live-${live.id}`}
          live={live}
          isReducedMotion={isReducedMotion}
          onStop={onFinish}
        />
      ) : run ? (
        // Keyed by run: every run counts its steps from 1 again.
        <ShuffleProgress
          key={run.id}
          phases={run.phases}
          stepMs={stepMs}
          isReducedMotion={isReducedMotion}
          onFinish={onFinish}
        />
      ) : null}
    </Modal>
  );
}

type ShuffleProgressProps = {
  phases: ShufflePhase[];
  stepMs: number;
  isReducedMotion: boolean;
  onFinish: () => void;
};

/**
 * Counts SHUFFLE_STEPS steps of `stepMs` against the clock, so slow frames do not stretch the
 * run: the step shown is the one the elapsed time is in, and the run ends on time.
 */
function useStep(stepMs: number, onFinish: () => void): number {
  const [step, setStep] = useState(1);
  useEffect(() => {
    const startedAt = performance.now();
    let timer = 0;
    const tick = () => {
      const elapsed = performance.now() - startedAt;
      if (elapsed >= SHUFFLE_STEPS * stepMs) {
        onFinish();
        return;
      }
      const current = Math.min(SHUFFLE_STEPS, Math.floor(elapsed / stepMs) + 1);
      setStep(current);
      timer = window.setTimeout(tick, current * stepMs - elapsed);
    };
    timer = window.setTimeout(tick, stepMs);
    return () => window.clearTimeout(timer);
  }, [stepMs, onFinish]);
  return step;
}

function ShuffleProgress({ phases, stepMs, isReducedMotion, onFinish }: ShuffleProgressProps) {
  const step = useStep(stepMs, onFinish);
  const current = phaseIndexAtStep(step, phases.length);
  return (
    <ProgressView
      phases={phases}
      step={step}
      percent={Math.round((step / SHUFFLE_STEPS) * 100)}
      current={current}
      isReducedMotion={isReducedMotion}
      onButton={onFinish}
      isLive={false}
    />
  );
}

type LiveProgressProps = {
  live: BalanceRun;
  isReducedMotion: boolean;
  onStop: () => void;
};

// The drawing of the plain teams is instant, so the phases before 'balancing' are done at once;
// the search's progress fills the steps up to the last, which is 'complete' once it is over.
// It alone reads the search's progress, so a report renders this and nothing else (issue 22).
function LiveProgress({ live: { phases, progress }, isReducedMotion, onStop }: LiveProgressProps) {
  const state = useStoreValue(progress);
  const balancing = Math.max(0, phases.indexOf('balancing'));
  const current = state.isDone ? phases.length - 1 : balancing;
  const step = state.isDone
    ? SHUFFLE_STEPS
    : Math.min(SHUFFLE_STEPS - 1, Math.max(1, Math.ceil(state.progress * (SHUFFLE_STEPS - 1))));
  return (
    <ProgressView
      phases={phases}
      step={step}
      percent={state.isDone ? 100 : Math.round(state.progress * 100)}
      current={current}
      isReducedMotion={isReducedMotion}
      onButton={onStop}
      isLive={!state.isDone}
      triedSteps={state.steps}
    />
  );
}

type ProgressViewProps = {
  phases: ShufflePhase[];
  step: number;
  /** Of the progress bar. */
  percent: number;
  current: number;
  isReducedMotion: boolean;
  onButton: () => void;
  /** A search is running: the button stops it (keeping the best teams so far). */
  isLive: boolean;
  triedSteps?: number;
};

function ProgressView({
  phases,
  step,
  percent,
  current,
  isReducedMotion,
  onButton,
  isLive,
  triedSteps,
}: ProgressViewProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        striped={!isReducedMotion}
        animated={!isReducedMotion}
        transitionDuration={isReducedMotion ? 0 : 300}
        aria-label={t('teamFormation.shuffle.progressLabel')}
      />
      <Group justify="space-between" gap="xs">
        <Text fw={600} aria-live="polite" data-testid="shuffle-phase">
          {phases[current] ? t(`teamFormation.shuffle.phases.${phases[current]}`) : ''}
        </Text>
        <Text size="sm" c="dimmed" data-testid="shuffle-step">
          {t('teamFormation.shuffle.step', { step, total: SHUFFLE_STEPS })}
        </Text>
      </Group>
      <Stack
        component="ol"
        gap={6}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        data-testid="shuffle-phases"
      >
        {phases.map((phase, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'pending';
          return (
            <Group
              key={phase}
              component="li"
              gap="xs"
              wrap="nowrap"
              data-state={state}
              data-phase={phase}
            >
              <ThemeIcon
                size={20}
                radius="xl"
                variant={state === 'pending' ? 'default' : 'light'}
                color={state === 'done' ? 'teal' : 'indigo'}
                aria-hidden="true"
              >
                {state === 'done' ? <IconCheck size={12} /> : null}
                {state === 'current' ? <Loader size={10} /> : null}
              </ThemeIcon>
              <Text
                size="sm"
                c={state === 'pending' ? 'dimmed' : undefined}
                fw={state === 'current' ? 600 : 400}
              >
                {t(`teamFormation.shuffle.phases.${phase}`)}
              </Text>
            </Group>
          );
        })}
      </Stack>
      {triedSteps !== undefined ? (
        <Text size="xs" c="dimmed" data-testid="balance-steps">
          {t('balance.progress.steps', { steps: triedSteps.toLocaleString() })}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button
          variant="light"
          leftSection={<IconPlayerSkipForward size={16} aria-hidden="true" />}
          onClick={onButton}
          data-autofocus
        >
          {isLive ? t('balance.progress.stop') : t('teamFormation.shuffle.skip')}
        </Button>
      </Group>
    </Stack>
  );
}
