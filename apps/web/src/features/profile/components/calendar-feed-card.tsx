import {
  Button,
  Card,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useDeleteCalendarFeed } from '../api/delete-calendar-feed';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { CardLoadFailed, CardLoading } from './card-load-state';
import { useFormatDate } from '../../../lib/dates/use-format-date';

type Confirming = 'regenerate' | 'turnOff' | null;

/**
 * The personal calendar feed (issue 26, decision 0027): make its secret address, copy it (shown
 * once: the server keeps only its hash), make a new one (the old stops working, so it asks
 * first) or turn it off. Google Calendar and Outlook subscribe to the address.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const query = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const remove = useDeleteCalendarFeed();
  const [confirming, setConfirming] = useState<Confirming>(null);
  // The address of the feed made on this page; it is never shown again once the page is left.
  const [url, setUrl] = useState<string | null>(null);
  const isBusy = create.isPending || remove.isPending;

  const makeAddress = () => {
    setConfirming(null);
    create.mutate(undefined, {
      onSuccess: (created) => {
        setUrl(created.url);
        notify.success(t('myDeadlines.feed.created'));
      },
      onError: () => notify.error(t('myDeadlines.feed.failed')),
    });
  };
  const turnOff = () => {
    setConfirming(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        notify.success(t('myDeadlines.feed.turnedOff'));
      },
      onError: () => notify.error(t('myDeadlines.feed.failed')),
    });
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="calendar-feed">
      <Stack gap="sm">
        <Group gap="xs">
          <IconCalendarEvent size={20} aria-hidden="true" />
          <Title order={2} size="h4" id="calendar-feed">
            {t('myDeadlines.feed.title')}
          </Title>
        </Group>
        <Text size="sm">{t('myDeadlines.feed.explanation')}</Text>
        <Text size="sm" c="dimmed">
          {t('myDeadlines.feed.secret')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('myDeadlines.feed.language')}
        </Text>
        {query.isPending ? (
          <CardLoading text={t('myDeadlines.feed.loading')} />
        ) : query.isError ? (
          <CardLoadFailed
            text={t('myDeadlines.feed.loadFailed')}
            onRetry={() => void query.refetch()}
          />
        ) : !query.data.isActive ? (
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {t('myDeadlines.feed.off')}
            </Text>
            <Button onClick={makeAddress} loading={create.isPending} disabled={isBusy}>
              {t('myDeadlines.feed.create')}
            </Button>
          </Group>
        ) : (
          <Stack gap="sm">
            {query.data.createdAt ? (
              <Text size="sm">
                {t('myDeadlines.feed.on', {
                  date: dates.dateTime(query.data.createdAt),
                })}
              </Text>
            ) : null}
            {url ? <FeedAddress url={url} /> : null}
            <Group gap="sm">
              <Button
                variant="default"
                onClick={() => setConfirming('regenerate')}
                loading={create.isPending}
                disabled={isBusy}
              >
                {t('myDeadlines.feed.regenerate')}
              </Button>
              <Button
                variant="light"
                color="red"
                onClick={() => setConfirming('turnOff')}
                loading={remove.isPending}
                disabled={isBusy}
              >
                {t('myDeadlines.feed.turnOff')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t(
          confirming === 'turnOff'
            ? 'myDeadlines.feed.turnOffTitle'
            : 'myDeadlines.feed.confirmTitle',
        )}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {t(
              confirming === 'turnOff'
                ? 'myDeadlines.feed.turnOffText'
                : 'myDeadlines.feed.confirmText',
            )}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('myDeadlines.feed.cancel')}
            </Button>
            <Button color="red" onClick={confirming === 'turnOff' ? turnOff : makeAddress}>
              {t(
                confirming === 'turnOff'
                  ? 'myDeadlines.feed.turnOffConfirm'
                  : 'myDeadlines.feed.confirm',
              )}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function FeedAddress({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('myDeadlines.feed.urlLabel')}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1, minWidth: 0 }}
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              color={copied ? 'teal' : undefined}
              leftSection={
                copied ? (
                  <IconCheck size={16} aria-hidden="true" />
                ) : (
                  <IconCopy size={16} aria-hidden="true" />
                )
              }
              onClick={copy}
            >
              {copied ? t('myDeadlines.feed.copied') : t('myDeadlines.feed.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" fw={600}>
        {t('myDeadlines.feed.urlOnce')}
      </Text>
    </Stack>
  );
}
