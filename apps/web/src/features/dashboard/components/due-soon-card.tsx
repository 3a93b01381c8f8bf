import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { myDeadlinePath } from '@teamshuffle/domain';
import type { MyDeadline, MyDeadlineState } from '@teamshuffle/domain';
import { IconAlertCircle, IconClipboardList, IconNotebook } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useNow } from '../../../hooks/use-now';
import { useTranslation } from '../../../lib/i18n';
import { useMyDeadlines } from '../api/get-my-deadlines';
import { useFormatDate } from '../../../lib/dates/use-format-date';

const STATE_COLORS: Record<MyDeadlineState, string> = {
  not_handed_in: 'gray',
  handed_in: 'teal',
  late: 'orange',
  graded: 'indigo',
};

/**
 * "Due soon" (issue 26, decision 0027): the viewer's deadlines across their workspaces, 7 days
 * back to 60 ahead, each with its course, its deadline in the viewer's own time zone and the
 * interface language's format, and their state (the owner: how many have handed in).
 */
export function DueSoonCard() {
  const { t } = useTranslation();
  const query = useMyDeadlines();
  const title = t('myDeadlines.dueSoon.title');
  return (
    <Card component="section" aria-label={title} withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {query.isPending ? (
          <Stack gap="xs" role="status" aria-label={t('myDeadlines.dueSoon.loading')}>
            <Skeleton h={44} />
            <Skeleton h={44} />
          </Stack>
        ) : query.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('myDeadlines.dueSoon.loadFailed')}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
                {t('common.tryAgain')}
              </Button>
            </Group>
          </Alert>
        ) : query.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('myDeadlines.dueSoon.empty')}
          </Text>
        ) : (
          <DeadlineList items={query.data.items} label={title} />
        )}
      </Stack>
    </Card>
  );
}

function DeadlineList({ items, label }: { items: readonly MyDeadline[]; label: string }) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const now = useNow(60_000);
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-label={label}>
      {items.map((item) => {
        const isPast = new Date(item.deadline).getTime() < now;
        const date = dates.dateTime(item.deadline);
        const KindIcon = item.kind === 'task' ? IconNotebook : IconClipboardList;
        return (
          <li key={`${item.kind}-${item.id}`} style={{ listStyle: 'none' }}>
            <UnstyledButton
              component={Link}
              to={myDeadlinePath(item)}
              p="xs"
              style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start" justify="space-between">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                  <ThemeIcon variant="light" size={32} radius="xl" aria-hidden="true">
                    <KindIcon size={18} stroke={1.7} />
                  </ThemeIcon>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} lineClamp={2}>
                      {t(`myDeadlines.dueSoon.kinds.${item.kind}`)}: {item.title}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {item.workspace.title}
                    </Text>
                    <Text size="xs" c={isPast ? 'red' : 'dimmed'}>
                      <time dateTime={item.deadline}>
                        {t(isPast ? 'myDeadlines.dueSoon.overdue' : 'myDeadlines.dueSoon.due', {
                          date,
                        })}
                      </time>
                    </Text>
                  </Stack>
                </Group>
                <StateBadge item={item} isPast={isPast} />
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}

function StateBadge({ item, isPast }: { item: MyDeadline; isPast: boolean }) {
  const { t } = useTranslation();
  if (item.state === null) {
    return (
      <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
        {t('myDeadlines.dueSoon.handedInCount', {
          handedIn: item.handedIn ?? 0,
          expected: item.expected ?? 0,
        })}
      </Badge>
    );
  }
  // Nothing handed in after the deadline is the one state that needs the student's attention.
  const color = item.state === 'not_handed_in' && isPast ? 'red' : STATE_COLORS[item.state];
  return (
    <Badge variant="light" color={color} style={{ flexShrink: 0 }}>
      {t(`myDeadlines.dueSoon.states.${item.state}`)}
    </Badge>
  );
}
