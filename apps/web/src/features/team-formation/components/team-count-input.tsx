import { NumberInput } from '@mantine/core';
import { TEAM_COUNT_MAX, TEAM_COUNT_MIN, teamCountFrom } from '@teamshuffle/domain';
import { memo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

type TeamCountInputProps = {
  value: number;
  onChange: (teamCount: number) => void;
  /** Whether what is typed is a number of teams the shuffle can take (the page blocks it if not). */
  onValidityChange?: (isValid: boolean) => void;
};

// What the field holds: a number of teams, something that is not a number (the spec's 4), or a
// number out of range or with decimals, which is kept as typed and named (issue 27).
function readTyped(typed: string | number): 'valid' | 'notANumber' | 'outOfRange' {
  const text = String(typed).trim();
  if (text === '' || text === '-' || !Number.isFinite(Number(text))) return 'notANumber';
  const n = Number(text);
  return Number.isInteger(n) && n >= TEAM_COUNT_MIN && n <= TEAM_COUNT_MAX ? 'valid' : 'outOfRange';
}

/**
 * Number of teams (spec part 1, section 5): 2 to 10, 4 when it is not a number at all
 * (`teamCountFrom`, on leaving the field). A number out of range or with decimals is never
 * changed (issue 27): the field says what is wrong and the shuffle waits.
 */
export const TeamCountInput = memo(function TeamCountInput({
  value,
  onChange,
  onValidityChange,
}: TeamCountInputProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | number>(value);
  const [committed, setCommitted] = useState(value);
  const [isErrorShown, setErrorShown] = useState(false);
  // The draft changed from elsewhere (a loaded result): show its number.
  if (committed !== value) {
    setCommitted(value);
    setTyped(value);
    setErrorShown(false);
  }
  const state = readTyped(typed);

  return (
    <NumberInput
      label={t('teamFormation.teamCount.label')}
      description={t('teamFormation.teamCount.description')}
      error={
        isErrorShown && state === 'outOfRange' ? t('teamFormation.teamCount.outOfRange') : null
      }
      min={TEAM_COUNT_MIN}
      max={TEAM_COUNT_MAX}
      step={1}
      clampBehavior="none"
      value={typed}
      onChange={(next) => {
        setTyped(next);
        const nextState = readTyped(next);
        if (nextState === 'valid') {
          setErrorShown(false);
          onChange(Number(next));
        }
        onValidityChange?.(nextState !== 'outOfRange');
      }}
      onBlur={() => {
        if (state === 'notANumber') {
          const teamCount = teamCountFrom(typed);
          setTyped(teamCount);
          onChange(teamCount);
          onValidityChange?.(true);
        }
        setErrorShown(state === 'outOfRange');
      }}
      w={180}
    />
  );
});
