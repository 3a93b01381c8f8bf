import { Badge, Group } from '@mantine/core';
import type { GradebookFlag } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';

const MARK: Record<GradebookFlag, { short: string; color: string }> = {
  late: { short: 'L', color: 'orange' },
  missing: { short: 'M', color: 'red' },
  excused: { short: 'E', color: 'gray' },
  overridden: { short: 'O', color: 'violet' },
  peer_adjusted: { short: 'P', color: 'cyan' },
};

/** A cell's marks (late, missing, excused, overridden, peer-adjusted) as small badges. */
export function GradebookCellMarks({
  flags,
  long = false,
}: {
  flags: readonly GradebookFlag[];
  long?: boolean;
}) {
  const { t } = useTranslation();
  if (flags.length === 0) return null;
  return (
    <Group gap={2} wrap="nowrap" component="span">
      {flags.map((flag) => (
        <Badge
          key={flag}
          size="xs"
          variant="light"
          color={MARK[flag].color}
          title={t(`gradebook.flags.${flag}`)}
          aria-label={t(`gradebook.flags.${flag}`)}
          data-flag={flag}
          px={4}
        >
          {long ? t(`gradebook.flags.${flag}`) : MARK[flag].short}
        </Badge>
      ))}
    </Group>
  );
}
