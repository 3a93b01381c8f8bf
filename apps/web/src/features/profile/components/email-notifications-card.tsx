import { Alert, Button, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { usePreferences } from '../api/get-preferences';
import { useUpdateEmailNotifications } from '../api/update-email-notifications';

/**
 * The profile's e-mail choice (issue 13): also receive new assignments and deadline reminders by
 * e-mail, off by default.
 */
export function EmailNotificationsCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const query = usePreferences();
  const update = useUpdateEmailNotifications();
  // While a change is on its way, the switch shows the choice being made.
  const isChecked = update.isPending ? update.variables : (query.data?.emailNotifications ?? false);

  const change = (isEnabled: boolean) => {
    // One change at a time (the switch stays focusable for keyboard users meanwhile).
    if (update.isPending) return;
    update.mutate(isEnabled, {
      onSuccess: () =>
        notify.success(t(isEnabled ? 'notifications.email.on' : 'notifications.email.off')),
      onError: () => notify.error(t('notifications.email.failed')),
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('notifications.email.title')}
        </Title>
        {query.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              {t('notifications.email.loading')}
            </Text>
          </Group>
        ) : query.isError ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          >
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('notifications.email.loadFailed')}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
                {t('common.tryAgain')}
              </Button>
            </Group>
          </Alert>
        ) : (
          <Switch
            checked={isChecked}
            onChange={(event) => change(event.currentTarget.checked)}
            label={t('notifications.email.label')}
            description={t('notifications.email.description', { email })}
          />
        )}
      </Stack>
    </Card>
  );
}
