import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** The notes answer on its way (the Lecture Notes section, and this week's note on the Overview). */
export function NotesLoading() {
  const { t } = useTranslation();
  return (
    <Group gap="sm" role="status" aria-live="polite" aria-busy="true">
      <Loader size="sm" />
      <Text size="sm" c="dimmed">
        {t('lectureNotes.loading')}
      </Text>
    </Group>
  );
}
