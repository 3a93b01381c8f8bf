import { NumberInput } from '@mantine/core';
import { TEAM_COUNT_MAX, TEAM_COUNT_MIN, teamCountFrom } from '@teamshuffle/domain';
import { memo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

type TeamCountInputProps = {
  value: number;
  onChange: (teamCount: number) => void;
};

/**
 * Number of teams (spec part 1, section 5): 2 to 10. While typing, only whole numbers in range
 * are taken; on leaving the field anything else becomes the nearest allowed number, or 4 when it
 * is not a number at all (`teamCountFrom`).
 */
export const TeamCountInput = memo(function TeamCountInput({
  value,
  onChange,
}: TeamCountInputProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | number>(value);
  const [committed, setCommitted] = useState(value);
  // The draft changed from elsewhere (a loaded result, a clamp): show its number.
  if (committed !== value) {
    setCommitted(value);
    setTyped(value);
  }

  return (
    <NumberInput
      label={t('teamFormation.teamCount.label')}
      description={t('teamFormation.teamCount.description')}
      min={TEAM_COUNT_MIN}
      max={TEAM_COUNT_MAX}
      step={1}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      value={typed}
      onChange={(next) => {
        setTyped(next);
        if (
          typeof next === 'number' &&
          Number.isInteger(next) &&
          next >= TEAM_COUNT_MIN &&
          next <= TEAM_COUNT_MAX
        ) {
          onChange(next);
        }
      }}
      onBlur={() => {
        const teamCount = teamCountFrom(typed);
        setTyped(teamCount);
        onChange(teamCount);
      }}
      w={180}
    />
  );
});
