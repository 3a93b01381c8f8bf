import { Card, Radio, Stack, Switch, Title } from '@mantine/core';
import { isReminderMail, REMINDER_MAIL_CHOICES } from '@teamshuffle/domain';
import type { ReminderMail } from '@teamshuffle/domain';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { usePreferences } from '../api/get-preferences';
import { useUpdateEmailNotifications } from '../api/update-email-notifications';
import { useUpdateReminderMail } from '../api/update-reminder-mail';
import { CardLoadFailed, CardLoading } from './card-load-state';

/**
 * The profile's e-mail choices: also receive new assignments by e-mail (issue 13, off by default),
 * and deadline reminders by e-mail at once, in one daily digest, or not at all (issue 26, none by
 * default; decision 0031).
 */
export function EmailNotificationsCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const query = usePreferences();
  const update = useUpdateEmailNotifications();
  // While a change is on its way, the switch shows the choice being made.
  const isChecked = update.isPending ? update.variables : (query.data?.emailNotifications ?? false);
  const reminders = useUpdateReminderMail();
  const reminderMail: ReminderMail = reminders.isPending
    ? reminders.variables
    : (query.data?.reminderMail ?? 'none');

  const changeReminders = (value: string) => {
    if (reminders.isPending || !isReminderMail(value) || value === reminderMail) return;
    reminders.mutate(value, {
      onSuccess: () => notify.success(t(`notifications.email.reminders.saved.${value}`)),
      onError: () => notify.error(t('notifications.email.failed')),
    });
  };

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
          <>
            <Switch
              checked={isChecked}
              onChange={(event) => change(event.currentTarget.checked)}
              label={t('notifications.email.label')}
              description={t('notifications.email.description', { email })}
            />
            <Radio.Group
              value={reminderMail}
              onChange={changeReminders}
              label={t('notifications.email.reminders.label')}
              description={t('notifications.email.reminders.description')}
            >
              <Stack gap={6} mt="xs">
                {REMINDER_MAIL_CHOICES.map((choice) => (
                  <Radio
                    key={choice}
                    value={choice}
                    label={t(`notifications.email.reminders.${choice}`)}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
