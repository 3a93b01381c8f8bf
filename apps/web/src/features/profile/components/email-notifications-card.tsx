import { Card, Stack, Switch, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { usePreferences } from '../api/get-preferences';
import { useUpdateEmailNotifications } from '../api/update-email-notifications';
import { CardLoadFailed, CardLoading } from './card-load-state';

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
          <CardLoading text={t('notifications.email.loading')} />
        ) : query.isError ? (
          <CardLoadFailed
            text={t('notifications.email.loadFailed')}
            onRetry={() => void query.refetch()}
          />
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
