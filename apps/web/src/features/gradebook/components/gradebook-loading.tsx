import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/**
 * The grades on their way (the Gradebook and My grades). A busy status: a page the server rendered
 * with this section left to the app (issue 22) starts the app right after its first paint when
 * it shows one (public/after-paint.js), instead of waiting for the visitor to reach for the page.
 */
export function GradebookLoading() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" role="status" aria-live="polite" aria-busy="true">
      <Loader size="sm" />
      <Text size="sm">{t('gradebook.loading')}</Text>
    </Group>
  );
}
