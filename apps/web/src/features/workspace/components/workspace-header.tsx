import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import { IconEye, IconInfoCircle, IconSettings } from '@tabler/icons-react';
import { formatDate } from '@teamshuffle/domain';
import { useTranslation } from 'react-i18next';
import type { WorkspaceDetail, WorkspaceRole } from '../api/get-workspace';

const ROLE_COLORS: Record<WorkspaceRole, MantineColor> = {
  owner: 'violet',
  leader: 'yellow',
  member: 'teal',
  viewer: 'gray',
};

interface WorkspaceHeaderProps {
  detail: WorkspaceDetail;
  onOpenSettings: () => void;
}

/**
 * Title, created date, the caller's role, Settings (owner only), 'View Only Mode' (viewer) and
 * the shared-team notice for everyone but the owner (spec part 2, section 2).
 */
export function WorkspaceHeader({ detail, onOpenSettings }: WorkspaceHeaderProps) {
  const { t } = useTranslation();
  const isOwner = detail.role === 'owner';
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={6}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {detail.title}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('workspace.created', { date: formatDate(detail.createdAt) })}
            </Text>
            <Badge variant="light" color={detail.isPublic ? 'blue' : 'gray'}>
              {detail.isPublic ? t('workspace.public') : t('workspace.private')}
            </Badge>
            {detail.role === 'viewer' ? (
              <Badge
                color="gray"
                variant="outline"
                leftSection={<IconEye size={12} aria-hidden="true" />}
              >
                {t('workspace.viewOnly')}
              </Badge>
            ) : (
              <Badge color={ROLE_COLORS[detail.role]} data-testid="workspace-role">
                {t('workspace.yourRole', { role: t(`workspace.roles.${detail.role}`) })}
              </Badge>
            )}
          </Group>
        </Stack>
        {isOwner ? (
          <Button
            variant="default"
            leftSection={<IconSettings size={18} aria-hidden="true" />}
            onClick={onOpenSettings}
          >
            {t('workspace.settings')}
          </Button>
        ) : null}
      </Group>
      {isOwner ? null : (
        <Alert
          variant="light"
          color={detail.role === 'viewer' ? 'gray' : 'blue'}
          icon={<IconInfoCircle size={18} aria-hidden="true" />}
        >
          {detail.role === 'viewer' ? t('workspace.viewerNotice') : t('workspace.sharedNotice')}
        </Alert>
      )}
    </Stack>
  );
}
