import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';

/** A profile card's data on its way: a small spinner and what is loading, as a status. */
export function CardLoading({ text }: { text: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="xs" aria-hidden="true" />
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

/** A profile card's data that did not load: what failed, as an alert, and Try again. */
export function CardLoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={18} aria-hidden="true" />}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{text}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </Group>
    </Alert>
  );
}
