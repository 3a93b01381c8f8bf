import { Text } from '@mantine/core';
import type { MantineSize } from '@mantine/core';
import type { SubmitterNow } from '@teamshuffle/domain';
import { useTranslation } from '../lib/i18n';

/**
 * Beside "by Ben" in a submission history (issue 24, decision 0019): "(now in Team 2)" or "(left
 * the course)" when the submitter has since moved or left (read right after the name, so it
 * needs no other label; the whole sentence is its tooltip), and, for team work, who was in the
 * team when it was handed in. Shared by the lecture notes' task panels and the assignment cards,
 * which live in two features. Nothing when the submitter is still in the team (`now` null).
 */
export function SubmitterNowNote({
  name,
  now,
  size = 'xs',
}: {
  /** The submitter's name as the history shows it. */
  name: string;
  now: SubmitterNow | null | undefined;
  size?: MantineSize;
}) {
  const { t } = useTranslation();
  if (!now) return null;
  let short: string;
  let sentence: string;
  switch (now.state) {
    case 'moved':
      short =
        now.teamNumber === null
          ? t('roster.submission.nowNoTeam')
          : t('roster.submission.nowInTeam', { number: now.teamNumber });
      sentence =
        now.teamNumber === null
          ? t('roster.submission.movedNoTeam', { name })
          : t('roster.submission.moved', { name, number: now.teamNumber });
      break;
    case 'left':
      short = t('roster.submission.hasLeft');
      sentence = t('roster.submission.left', { name });
      break;
    default: {
      const unknown: never = now;
      return unknown;
    }
  }
  return (
    <>
      <Text
        size={size}
        c="dimmed"
        title={sentence}
        data-testid="submitter-now"
        data-state={now.state}
      >
        {short}
      </Text>
      {now.teamThen.length > 0 ? (
        <Text size={size} c="dimmed" data-testid="team-then">
          {t('roster.submission.teamThen', { names: now.teamThen.join(', ') })}
        </Text>
      ) : null}
    </>
  );
}
