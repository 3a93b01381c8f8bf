import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { DashboardView } from '@teamshuffle/domain';
import {
  IconAlertCircle,
  IconArrowRight,
  IconBell,
  IconClipboardCheck,
  IconClipboardList,
  IconDeviceFloppy,
  IconFileUpload,
  IconFolders,
  IconNotebook,
  IconSettings,
  IconSparkles,
  IconUsersGroup,
  IconUsersPlus,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { useNow } from '../../../hooks/use-now';
import { useDashboard } from '../api/get-dashboard';
import { activityTimeText } from '../utils/activity-time';
import { DueSoonCard } from './due-soon-card';
import { QUICK_ACTIONS } from '../utils/quick-actions';
import type { QuickAction } from '../utils/quick-actions';
import { useFormatDate } from '../../../lib/dates/use-format-date';

type Stats = DashboardView['stats'];
type Activity = DashboardView['activity'][number];

interface DashboardProps {
  /** The signed-in user's name, shown before the dashboard's answer arrives. */
  name: string;
  /** Renders the latest notifications (the notifications feature's items, composed by the page). */
  renderNotifications: (items: DashboardView['notifications'], label: string) => ReactNode;
}

/**
 * `/` when signed in (spec part 1, section 2; issue 13): welcome, the real figures, what is due
 * soon (issue 26), recent activity in the user's workspaces, the 5 latest notifications and
 * quick actions.
 */
export function Dashboard({ name, renderNotifications }: DashboardProps) {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <Container size="lg" py={{ base: 24, sm: 40 }}>
      <Stack gap="xl">
        <Welcome name={data?.name ?? name} />
        {dashboard.isError && !data ? (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('dashboard.loadFailed')}</Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => void dashboard.refetch()}
              >
                {t('dashboard.retry')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        <StatsGrid stats={data?.stats} />
        <DueSoonCard />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Section title={t('dashboard.activity.title')}>
            {data ? <ActivityList activity={data.activity} /> : <ListSkeleton />}
          </Section>
          <Section
            title={t('dashboard.notifications.title')}
            action={
              <Anchor
                component={Link}
                to="/notifications"
                size="sm"
                aria-label={t('dashboard.notifications.viewAllLabel')}
              >
                {t('dashboard.notifications.viewAll')}
              </Anchor>
            }
          >
            {!data ? (
              <ListSkeleton />
            ) : data.notifications.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('dashboard.notifications.empty')}
              </Text>
            ) : (
              renderNotifications(data.notifications, t('dashboard.notifications.title'))
            )}
          </Section>
        </SimpleGrid>
        <QuickActions />
      </Stack>
    </Container>
  );
}

function Welcome({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Paper
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      style={{
        background:
          'linear-gradient(135deg, var(--mantine-color-indigo-light) 0%, var(--mantine-color-body) 100%)',
      }}
    >
      <Group justify="space-between" align="center" gap="lg">
        <Stack gap={6}>
          <Title order={1}>{t('dashboard.welcome', { name })}</Title>
          <Text c="dimmed">{t('dashboard.intro')}</Text>
        </Stack>
        <Button
          component={Link}
          to="/app"
          size="lg"
          rightSection={<IconArrowRight size={20} aria-hidden="true" />}
        >
          {t('dashboard.launchApp')}
        </Button>
      </Group>
    </Paper>
  );
}

const STATS: readonly { key: keyof Stats; icon: Icon; color: string }[] = [
  { key: 'workspacesCreated', icon: IconUsersPlus, color: 'indigo' },
  { key: 'workspacesJoined', icon: IconUsersGroup, color: 'teal' },
  { key: 'savedResults', icon: IconDeviceFloppy, color: 'grape' },
  { key: 'unreadNotifications', icon: IconBell, color: 'red' },
];

function StatsGrid({ stats }: { stats: Stats | undefined }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      component="section"
      aria-label={t('dashboard.stats.title')}
      cols={{ base: 2, sm: 4 }}
      spacing="md"
    >
      {STATS.map(({ key, icon: StatIcon, color }) => (
        <Paper key={key} withBorder radius="lg" p="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="light" color={color} aria-hidden="true">
              <StatIcon size={22} stroke={1.7} />
            </ThemeIcon>
            <Stack gap={0}>
              {stats ? (
                <Text fz={26} fw={700} lh={1.2} data-testid={`dashboard-stat-${key}`}>
                  {stats[key]}
                </Text>
              ) : (
                <Skeleton h={28} w={36} />
              )}
              <Text size="sm" c="dimmed">
                {t(`dashboard.stats.${key}`)}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title} withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4">
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="xs" aria-hidden="true">
      <Skeleton h={44} />
      <Skeleton h={44} />
      <Skeleton h={44} />
    </Stack>
  );
}

const ACTIVITY_ICONS: Record<Activity['kind'], Icon> = {
  note: IconNotebook,
  assignment: IconClipboardList,
  submission: IconFileUpload,
  evaluation: IconClipboardCheck,
};

function ActivityList({ activity }: { activity: readonly Activity[] }) {
  const { t } = useTranslation();
  const dates = useFormatDate();
  const now = useNow(60_000);
  if (activity.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('dashboard.activity.empty')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-label={t('dashboard.activity.title')}>
      {activity.map((item, index) => {
        const KindIcon = ACTIVITY_ICONS[item.kind];
        const details = [
          item.workspace.title,
          item.teamNumber === null
            ? null
            : t('dashboard.activity.team', { number: item.teamNumber }),
          activityTimeText(t, item.at, now, dates.date),
        ].filter((part) => part !== null);
        return (
          <li key={`${item.kind}-${item.at}-${index}`} style={{ listStyle: 'none' }}>
            <UnstyledButton
              component={Link}
              to={`/workspace/${encodeURIComponent(item.workspace.id)}`}
              p="xs"
              style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={32} radius="xl" aria-hidden="true">
                  <KindIcon size={18} stroke={1.7} />
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} lineClamp={2}>
                    {t(`dashboard.activity.kinds.${item.kind}`)}: {item.title}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {details.join(' · ')}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}

const ACTION_ICONS: Record<QuickAction['key'], Icon> = {
  newTeam: IconSparkles,
  results: IconDeviceFloppy,
  workspaces: IconFolders,
  notifications: IconBell,
  settings: IconSettings,
};

function QuickActions() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="dashboard-actions-title">
      <Title id="dashboard-actions-title" order={2} size="h4">
        {t('dashboard.actions.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
        {QUICK_ACTIONS.map((action) => (
          <QuickActionCard key={action.key} action={action} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function QuickActionCard({ action }: { action: QuickAction }) {
  const { t } = useTranslation();
  const ActionIcon = ACTION_ICONS[action.key];
  const body = (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <ThemeIcon
          size={36}
          radius="md"
          variant="light"
          color={action.to ? 'indigo' : 'gray'}
          aria-hidden="true"
        >
          <ActionIcon size={20} stroke={1.7} />
        </ThemeIcon>
        {action.to ? null : (
          <Badge variant="light" color="gray" size="sm">
            {t('dashboard.actions.comingSoon')}
          </Badge>
        )}
      </Group>
      <Text fw={600}>{t(`dashboard.actions.${action.key}.title`)}</Text>
      <Text size="sm" c="dimmed">
        {t(`dashboard.actions.${action.key}.text`)}
      </Text>
    </Stack>
  );
  if (!action.to) {
    // spec part 1, section 2: the Settings/Configure card is shown disabled.
    return (
      <Paper
        withBorder
        radius="lg"
        p="md"
        role="link"
        aria-disabled="true"
        data-testid="quick-action-settings"
        style={{ opacity: 0.6, cursor: 'not-allowed' }}
      >
        {body}
      </Paper>
    );
  }
  return (
    <Paper
      component={Link}
      to={action.to}
      withBorder
      radius="lg"
      p="md"
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      {body}
    </Paper>
  );
}
