import { Button, Group, Loader, Modal, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { SHUFFLE_STEPS } from '@teamshuffle/domain';
import { IconCheck, IconPlayerSkipForward } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShuffleRun } from '../hooks/use-shuffle-animation';
import { phaseIndexAtStep } from '../model/shuffle-phases';
import type { ShufflePhase } from '../model/shuffle-phases';

type ShuffleOverlayProps = {
  run: ShuffleRun | null;
  stepMs: number;
  isReducedMotion: boolean;
  /** The last step is over, or the user skipped (Skip Animation, Escape). */
  onFinish: () => void;
};

/** The shuffle progress overlay: the phases in order, the current step, and Skip. */
export function ShuffleOverlay({ run, stepMs, isReducedMotion, onFinish }: ShuffleOverlayProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={run !== null}
      onClose={onFinish}
      title={t('teamFormation.shuffle.overlayTitle')}
      withCloseButton={false}
      closeOnClickOutside={false}
      centered
      size="sm"
      transitionProps={isReducedMotion ? { duration: 0 } : { duration: 150 }}
      data-testid="shuffle-overlay"
    >
      {run ? (
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
  const { t } = useTranslation();
  const step = useStep(stepMs, onFinish);
  const current = phaseIndexAtStep(step, phases.length);
  const percent = Math.round((step / SHUFFLE_STEPS) * 100);

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
      <Group justify="flex-end">
        <Button
          variant="light"
          leftSection={<IconPlayerSkipForward size={16} aria-hidden="true" />}
          onClick={onFinish}
          data-autofocus
        >
          {t('teamFormation.shuffle.skip')}
        </Button>
      </Group>
    </Stack>
  );
}
